import {
  ROOMING_LIST_STATUSES,
  type BookingStatus,
  type RoomingList,
  type RoomingListRow,
  type RoomingListTotals,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { RoomingListRepository } from './rooming-list.repository';
import { placeCategories } from './traveller-categories';

/** Whole years from a birthday to a day (both yyyy-MM-dd); null without a birthday or when born after it. */
export const ageOn = (birthday: string | null, day: string): number | null => {
  if (!birthday) return null;
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age >= 0 ? age : null;
};

/** A person's name as a manifest lists it: surname first. */
export const manifestName = (p: { last_name: string; first_name: string; middle_name: string }): string =>
  [p.last_name, p.first_name, p.middle_name]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');

const totalsOf = (rows: RoomingListRow[], requests: number): RoomingListTotals => {
  const n = (f: (r: RoomingListRow) => boolean) => rows.filter(f).length;
  return {
    requests,
    tourists: rows.length,
    children: n((r) => r.is_child),
    needs_transfer: n((r) => r.needs_transfer),
    with_food_restriction: n((r) => r.food_restriction !== ''),
    missing_name: n((r) => r.missing.name),
    missing_passport: n((r) => r.missing.passport),
    missing_birthday: n((r) => r.missing.birthday),
    missing_phone: n((r) => r.missing.phone),
    with_missing_data: n((r) => Object.values(r.missing).some(Boolean)),
  };
};

/**
 * The rooming list (manifest) of a departure, beyond the SPEC: every traveller of its confirmed
 * requests (ROOMING_LIST_STATUSES: 2, 3 and, after the trip, 4; pending and canceled ones are not
 * going) with what a guide needs, what is missing flagged. A request for more tourists than it
 * names adds a row per unnamed place, so the list always counts every traveller.
 */
export const createRoomingListService = (deps: { repo: RoomingListRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;
  return {
    get: async (ctx: ServiceContext, tourDateId: number): Promise<RoomingList> => {
      const departure = await repo.departure(tourDateId);
      // another tenant's departure does not exist for this caller
      if (!departure || !(await tenancy.reaches(ctx.userId, departure.organizer_id, 'departures.read', tourDateId)))
        throw AppError.notFound('tour_date_not_found');
      const reqs = await repo.requests(tourDateId, ROOMING_LIST_STATUSES);
      const tourists = await repo.tourists(reqs.map((r) => r.id));
      const byRequest = new Map<number, typeof tourists>();
      for (const t of tourists) {
        const list = byRequest.get(t.request_id);
        if (list) list.push(t);
        else byRequest.set(t.request_id, [t]);
      }
      const rows: RoomingListRow[] = [];
      for (const req of reqs) {
        const contact = {
          contact_name: req.customer_name,
          contact_phone: req.customer_phone,
          contact_email: req.customer_email,
          request_id: req.id,
          request_status: req.status as BookingStatus,
        };
        const named = byRequest.get(req.id) ?? [];
        const categories = placeCategories(req.travellers ?? [], named, Math.max(0, req.tourists_count - named.length));
        named.forEach((t, i) => {
          const full = manifestName(t);
          rows.push({
            tourist_id: t.id,
            ...contact,
            position: i + 1,
            full_name: full,
            first_name: t.first_name,
            last_name: t.last_name,
            middle_name: t.middle_name,
            birthday: t.birthday,
            age: ageOn(t.birthday, departure.date_start),
            passport: t.passport,
            phone: t.phone,
            email: t.email,
            food_restriction: t.food_restriction,
            is_contact_person: t.is_contact_person,
            is_child: t.is_child,
            needs_transfer: t.needs_transfer,
            category: categories.named[i] ?? null,
            missing: {
              name: full === '',
              passport: t.passport.trim() === '',
              birthday: t.birthday === null,
              // a child travels on a grown-up's phone
              phone: t.phone.trim() === '' && !t.is_child,
            },
          });
        });
        for (let place = named.length + 1; place <= req.tourists_count; place++)
          rows.push({
            tourist_id: null,
            ...contact,
            position: place,
            full_name: '',
            first_name: '',
            last_name: '',
            middle_name: '',
            birthday: null,
            age: null,
            passport: '',
            phone: '',
            email: '',
            food_restriction: '',
            is_contact_person: false,
            is_child: false,
            needs_transfer: false,
            category: categories.unnamed[place - named.length - 1] ?? null,
            missing: { name: true, passport: true, birthday: true, phone: true },
          });
      }
      return {
        departure: {
          id: departure.id,
          tour_id: departure.tour_id,
          tour_name: departure.tour_name,
          tour_organizer_id: departure.organizer_id,
          date_start: departure.date_start,
          date_end: departure.date_end,
          time_start: departure.time_start,
          tour_variant: departure.tour_variant,
          number_of_seats: departure.number_of_seats,
          number_of_free_seats: departure.number_of_free_seats,
        },
        rows,
        totals: totalsOf(rows, reqs.length),
      };
    },
  };
};
export type RoomingListService = ReturnType<typeof createRoomingListService>;
