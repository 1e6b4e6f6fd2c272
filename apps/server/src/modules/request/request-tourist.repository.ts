import type { NewDomainEvent } from '@tourdesk/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StoredTravellerLine } from '../../db/schema/bookings';
import { organizers, requests, requestTourists, tourDates, tours } from '../../db/schema/index';
import { requestSearchText } from './request-search';
import { lockRequest } from './request-seats';
import { recordEvent } from '../../lib/domain-events';

export type TouristRow = typeof requestTourists.$inferSelect;
/** What a save writes of a tourist (full_name is derived when answered, never stored). */
export type TouristValues = Partial<
  Pick<
    TouristRow,
    | 'first_name'
    | 'last_name'
    | 'middle_name'
    | 'birthday'
    | 'passport'
    | 'email'
    | 'phone'
    | 'food_restriction'
    | 'is_contact_person'
    | 'is_child'
    | 'needs_transfer'
    | 'is_questionnaire_filled'
    | 'category_id'
  >
>;

/** The request as the tourist routes need it. */
export interface TouristsRequest {
  id: number;
  organizer_id: number;
  status: number;
  tourists_count: number;
}

/** What the questionnaire link shows of a request: the trip, the tour's texts and the organizer. */
export interface QuestionnaireRequestRow extends TouristsRequest {
  uuid: string;
  date_start: string | null;
  date_end: string | null;
  tour_name: string | null;
  tour_type: number | null;
  gathering_place: string | null;
  in_price: string | null;
  not_in_price: string | null;
  tour_duration: number | null;
  tour_duration_hours: string | null;
  time_start: string | null;
  departure_days: number | null;
  organizer_name: string;
  organizer_contacts: Record<string, unknown> | null;
  travellers: StoredTravellerLine[] | null;
}

const requestColumns = {
  id: requests.id,
  organizer_id: requests.organizer_id,
  status: requests.status,
  tourists_count: requests.tourists_count,
};

const queries = (db: Db) => ({
  findRequest: async (id: number): Promise<TouristsRequest | null> =>
    (await db.select(requestColumns).from(requests).where(eq(requests.id, id)).limit(1))[0] ?? null,

  /** `uuid` must be a well-formed uuid (the column's type refuses anything else with an error). */
  findByUuid: async (uuid: string): Promise<QuestionnaireRequestRow | null> =>
    (
      await db
        .select({
          ...requestColumns,
          uuid: requests.uuid,
          travellers: requests.travellers,
          date_start: requests.date_start,
          date_end: requests.date_end,
          tour_name: tours.name,
          tour_type: tours.type,
          gathering_place: tours.gathering_place,
          in_price: tours.in_price,
          not_in_price: tours.not_in_price,
          tour_duration: tours.duration,
          tour_duration_hours: tours.duration_hours,
          time_start: tourDates.time_start,
          departure_days: tourDates.days,
          organizer_name: organizers.name,
          organizer_contacts: sql<Record<string, unknown> | null>`${organizers.profile} -> 'contacts'`,
        })
        .from(requests)
        .innerJoin(organizers, eq(organizers.id, requests.organizer_id))
        .leftJoin(tours, eq(tours.id, requests.tour_id))
        .leftJoin(tourDates, eq(tourDates.id, requests.tour_date_id))
        .where(eq(requests.uuid, uuid))
        .limit(1)
    )[0] ?? null,

  /** The request's row locked for the rest of the transaction (request-seats.ts: always the request first). */
  lockRequest: (id: number) => lockRequest(db, id),
  /** Records a domain event in this transaction (lib/domain-events.ts). */
  record: (event: NewDomainEvent) => recordEvent(db, event),

  findTourist: async (id: number): Promise<TouristRow | null> =>
    (await db.select().from(requestTourists).where(eq(requestTourists.id, id)).limit(1))[0] ?? null,

  listTourists: (requestId: number): Promise<TouristRow[]> =>
    db
      .select()
      .from(requestTourists)
      .where(eq(requestTourists.request_id, requestId))
      .orderBy(asc(requestTourists.position), asc(requestTourists.id)),

  /** The booking's travellers per category (issue 26): what its tourists' categories must be. */
  travellers: async (requestId: number) =>
    (await db.select({ travellers: requests.travellers }).from(requests).where(eq(requests.id, requestId)))[0]
      ?.travellers ?? null,

  /** Adds tourists after the request's last one in the order given (or at the positions given). */
  insertTourists: async (requestId: number, rows: (TouristValues & { position?: number })[]): Promise<TouristRow[]> => {
    if (rows.length === 0) return [];
    const [last] = await db
      .select({ position: sql<number>`coalesce(max(${requestTourists.position}), -1)` })
      .from(requestTourists)
      .where(eq(requestTourists.request_id, requestId));
    const start = Number(last?.position ?? -1) + 1;
    return db
      .insert(requestTourists)
      .values(rows.map((row, i) => ({ ...row, request_id: requestId, position: row.position ?? start + i })))
      .returning();
  },

  updateTourist: async (
    requestId: number,
    id: number,
    values: TouristValues & { position?: number },
  ): Promise<TouristRow | null> =>
    (
      await db
        .update(requestTourists)
        .set({ ...values, updated_at: sql`now()` })
        .where(and(eq(requestTourists.id, id), eq(requestTourists.request_id, requestId)))
        .returning()
    )[0] ?? null,

  removeTourists: async (requestId: number, ids: number[]): Promise<void> => {
    if (ids.length === 0) return;
    await db
      .delete(requestTourists)
      .where(and(eq(requestTourists.request_id, requestId), inArray(requestTourists.id, ids)));
  },

  /** The request list finds a request by its tourists' names, e-mails and phones: its words follow them. */
  /** The language the request's travellers are written to: the one of the page they answered on. */
  setLanguage: async (requestId: number, language: string): Promise<void> => {
    await db.update(requests).set({ language }).where(eq(requests.id, requestId));
  },

  refreshSearchText: async (requestId: number): Promise<void> => {
    const [request] = await db
      .select({
        customer_name: requests.customer_name,
        customer_email: requests.customer_email,
        customer_phone: requests.customer_phone,
      })
      .from(requests)
      .where(eq(requests.id, requestId));
    if (!request) return;
    const tourists = await db
      .select({
        first_name: requestTourists.first_name,
        last_name: requestTourists.last_name,
        middle_name: requestTourists.middle_name,
        email: requestTourists.email,
        phone: requestTourists.phone,
      })
      .from(requestTourists)
      .where(eq(requestTourists.request_id, requestId));
    await db
      .update(requests)
      .set({ search_text: requestSearchText({ ...request, tourists }) })
      .where(eq(requests.id, requestId));
  },
});
export type RequestTouristQueries = ReturnType<typeof queries>;

export const createRequestTouristRepository = (db: Db) => ({
  ...queries(db),
  /** Runs fn with the queries bound to one transaction: every write of a call, or none. */
  transaction: <T>(fn: (q: RequestTouristQueries) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(queries(tx as unknown as Db))),
});
export type RequestTouristRepository = ReturnType<typeof createRequestTouristRepository>;
