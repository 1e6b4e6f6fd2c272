import {
  BOOKING_STATUS,
  isDepartureScoped,
  userActor,
  type CheckinBody,
  type CheckinResult,
  type Manifest,
  type ManifestCheckin,
  type ManifestRequest,
  type MemberRole,
  type RoomingListRow,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { recordEvent } from '../../lib/domain-events';
import type { Tenancy } from '../../lib/tenancy';
import type { Services } from '../../lib/modules';
import { lockRequest } from '../request';
import type { CheckinRow, ManifestRepository } from './manifest.repository';

const toCheckin = (c: CheckinRow | null): ManifestCheckin | null =>
  c
    ? {
        status: c.status as ManifestCheckin['status'],
        by_user_id: c.by_user_id,
        by_name: c.by_name,
        at: c.at.toISOString(),
      }
    : null;

/** The statuses a traveller can be checked in on: confirmed, prepaid and (after the start) complete. */
const CHECKIN_REQUEST_STATUSES: readonly number[] = [
  BOOKING_STATUS.pending_prepayment,
  BOOKING_STATUS.made_prepayment,
  BOOKING_STATUS.tour_complete,
];
const CANCELED: readonly number[] = [
  BOOKING_STATUS.canceled_by_tourist,
  BOOKING_STATUS.canceled_by_author,
  BOOKING_STATUS.canceled_by_system,
  BOOKING_STATUS.canceled_by_admin,
];

/**
 * The manifest of a departure on the guide's phone (issue 29): the rooming list's travellers
 * grouped by request, with what is left to pay and each traveller's check-in; and the check-in.
 *
 * Access: a member whose role reads departures; a guide (isDepartureScoped) only the departures they
 * are assigned to — any other departure, like another tenant's, is not found (404).
 *
 * A check-in is written under the request's row lock, so two at once for one traveller leave one
 * row (the UNIQUE (request, place) backs it), and a client_key seen on the row answers the same
 * and changes nothing (the phone's offline queue may send an action twice).
 */
export const createManifestService = (deps: {
  repo: ManifestRepository;
  tenancy: Tenancy;
  /** the request module's rooming list: the travellers this manifest shows */
  roomingLists: Services['roomingLists'];
}) => {
  const { repo, tenancy, roomingLists } = deps;

  /** The departure's organizer and the caller's role there; 404 when the caller may not see it. */
  const reach = async (
    ctx: ServiceContext,
    tourDateId: number,
    capability: 'departures.read' | 'checkin',
  ): Promise<{ organizerId: number; role: MemberRole }> => {
    const organizerId = await repo.organizerOf(tourDateId);
    if (organizerId === null || !(await tenancy.isMember(ctx.userId, organizerId)))
      throw AppError.notFound('tour_date_not_found');
    const role = await tenancy.assertMember(ctx.userId, organizerId, capability);
    if (isDepartureScoped(role) && !(await tenancy.assignedDepartureIds(ctx.userId, organizerId)).includes(tourDateId))
      throw AppError.notFound('tour_date_not_found');
    return { organizerId, role };
  };

  return {
    get: async (ctx: ServiceContext, tourDateId: number): Promise<Manifest> => {
      await reach(ctx, tourDateId, 'departures.read');
      const list = await roomingLists.get(ctx, tourDateId);
      const ids = [...new Set(list.rows.map((r) => r.request_id))];
      const [money, checkins, guides] = await Promise.all([
        repo.money(ids),
        repo.checkins(tourDateId),
        repo.guides(tourDateId),
      ]);
      const moneyOf = new Map(money.map((m) => [m.id, m]));
      const checkinOf = new Map(checkins.map((c) => [`${c.request_id}:${c.place}`, c]));
      const byRequest = new Map<number, RoomingListRow[]>();
      for (const row of list.rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
      const requests: ManifestRequest[] = ids.map((id) => {
        const rows = byRequest.get(id)!;
        const first = rows[0]!;
        const m = moneyOf.get(id);
        return {
          request_id: id,
          status: first.request_status,
          contact_name: first.contact_name,
          contact_phone: first.contact_phone,
          balance_due_minor: m ? Math.max(0, m.total - m.paid) : 0,
          currency: m?.currency ?? 'RUB',
          travellers: rows.map((r) => ({
            place: r.position,
            tourist_id: r.tourist_id,
            full_name: r.full_name,
            // the lead traveller without a phone of their own is reached on the request contact's
            phone: r.phone.trim() || (r.is_contact_person ? r.contact_phone : ''),
            is_lead: r.is_contact_person,
            category: r.category,
            birthday: r.birthday,
            age: r.age,
            food_restriction: r.food_restriction,
            is_child: r.is_child,
            needs_transfer: r.needs_transfer,
            checkin: toCheckin(checkinOf.get(`${id}:${r.position}`) ?? null),
          })),
        };
      });
      const all = requests.flatMap((r) => r.travellers);
      return {
        departure: {
          id: list.departure.id,
          tour_id: list.departure.tour_id,
          tour_name: list.departure.tour_name,
          organizer_id: list.departure.tour_organizer_id,
          date_start: list.departure.date_start,
          date_end: list.departure.date_end,
          time_start: list.departure.time_start,
          number_of_seats: list.departure.number_of_seats,
        },
        guides: guides.map((g) => ({ id: g.id, name: [g.first_name, g.last_name].filter(Boolean).join(' ') })),
        requests,
        totals: {
          travellers: all.length,
          checked_in: all.filter((t) => t.checkin?.status === 'checked_in').length,
          no_show: all.filter((t) => t.checkin?.status === 'no_show').length,
        },
      };
    },

    checkin: async (ctx: ServiceContext, body: CheckinBody): Promise<CheckinResult> => {
      const { organizerId } = await reach(ctx, body.tour_date_id, 'checkin');
      const key = body.client_key.trim();
      return repo.transaction(async (tx, q) => {
        const request = await lockRequest(tx, body.request_id);
        if (!request || request.tour_date_id !== body.tour_date_id || request.organizer_id !== organizerId)
          throw AppError.validation({ request_id: ['checkin_place_not_found'] }, 'checkin_place_not_found');
        const existing = await q.checkinOf(request.id, body.place);
        const same = (): CheckinResult => ({
          request_id: request.id,
          place: body.place,
          checkin: toCheckin(existing),
          replayed: true,
        });
        // a replay of an action already applied answers what is there, whatever happened since
        if (existing && existing.client_key === key) return same();
        if (CANCELED.includes(request.status))
          throw AppError.validation({ request_id: ['checkin_request_canceled'] }, 'checkin_request_canceled');
        if (!CHECKIN_REQUEST_STATUSES.includes(request.status) || body.place > request.tourists_count)
          throw AppError.validation({ place: ['checkin_place_not_found'] }, 'checkin_place_not_found');
        // no double check-in: the state already so keeps who set it and when
        if ((existing?.status ?? null) === body.status) return same();
        if (body.status === null) await q.clear(request.id, body.place);
        else
          await q.upsert({
            tour_date_id: body.tour_date_id,
            request_id: request.id,
            place: body.place,
            status: body.status,
            by_user_id: ctx.userId,
            at: new Date(),
            client_key: key,
          });
        await recordEvent(tx, {
          type: 'departure.changed',
          aggregateId: body.tour_date_id,
          organizerId,
          actor: userActor(ctx.userId),
          payload: { tour_date_id: body.tour_date_id, change: 'checkin' },
        });
        const now = body.status === null ? null : await q.checkinOf(request.id, body.place);
        return { request_id: request.id, place: body.place, checkin: toCheckin(now), replayed: false };
      });
    },
  };
};
export type ManifestService = ReturnType<typeof createManifestService>;
