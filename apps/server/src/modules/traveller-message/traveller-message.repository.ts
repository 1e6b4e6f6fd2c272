import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { REVIEW_DEFAULT_DELAY_HOURS } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import {
  invoices,
  organizerMembers,
  organizers,
  outboxMessages,
  payments,
  requestMeetDataSends,
  requestTourists,
  requests,
  reviewSettings,
  tourDates,
  tours,
  travellerMessageSettings,
  travellerMessages,
  users,
} from '../../db/schema/index';

export type TravellerMessageRow = typeof travellerMessages.$inferSelect;
export type NewTravellerMessage = typeof travellerMessages.$inferInsert;
export type SettingsRow = typeof travellerMessageSettings.$inferSelect;

/** What the traveller messages read and write; each query runs on `q` (a transaction's, or the database). */
export const travellerMessageQueries = (q: Db) => ({
  /** The request as the messages need it: who to write to, its state, its departure and organizer. */
  request: async (id: number) => {
    const [row] = await q
      .select({
        id: requests.id,
        uuid: requests.uuid,
        organizer_id: requests.organizer_id,
        status: requests.status,
        source: requests.source,
        language: requests.language,
        customer_name: requests.customer_name,
        customer_email: requests.customer_email,
        tourists_count: requests.tourists_count,
        total_minor: requests.total_minor,
        paid_minor: requests.paid_minor,
        penalty_minor: requests.penalty_minor,
        currency: requests.currency,
        cancel_message: requests.cancel_message,
        confirmed_at: requests.confirmed_at,
        tour_date_id: requests.tour_date_id,
        date_start: sql<string | null>`coalesce(${tourDates.date_start}, ${requests.date_start})`,
        full_payment_days: tourDates.full_payment_days,
        tour_name: sql<string | null>`${tours.name}`,
        gathering_place: sql<string | null>`${tours.gathering_place}`,
        organizer_name: organizers.name,
        organizer_profile: organizers.profile,
      })
      .from(requests)
      .innerJoin(organizers, eq(organizers.id, requests.organizer_id))
      .leftJoin(tourDates, eq(tourDates.id, requests.tour_date_id))
      .leftJoin(tours, eq(tours.id, requests.tour_id))
      .where(eq(requests.id, id));
    return row ?? null;
  },

  /** The request's tourists with an e-mail, the contact person first. */
  touristEmails: (requestId: number) =>
    q
      .select({
        email: requestTourists.email,
        first_name: requestTourists.first_name,
        last_name: requestTourists.last_name,
        is_contact_person: requestTourists.is_contact_person,
      })
      .from(requestTourists)
      .where(and(eq(requestTourists.request_id, requestId), ne(requestTourists.email, '')))
      .orderBy(desc(requestTourists.is_contact_person), asc(requestTourists.position)),

  /** How many of the request's tourists have a name (the questionnaire link goes while some have none). */
  namedTourists: async (requestId: number): Promise<number> => {
    const [row] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(requestTourists)
      .where(and(eq(requestTourists.request_id, requestId), ne(requestTourists.last_name, '')));
    return row?.n ?? 0;
  },

  organizer: async (id: number) => {
    const [row] = await q
      .select({ name: organizers.name, profile: organizers.profile })
      .from(organizers)
      .where(eq(organizers.id, id));
    return row ?? null;
  },

  settings: async (organizerId: number): Promise<SettingsRow | null> => {
    const [row] = await q
      .select()
      .from(travellerMessageSettings)
      .where(eq(travellerMessageSettings.organizer_id, organizerId));
    return row ?? null;
  },

  /** How many hours after the trip the organizer's review request goes (the review module's setting). */
  reviewDelayHours: async (organizerId: number): Promise<number> => {
    const [row] = await q
      .select({ hours: reviewSettings.delay_hours })
      .from(reviewSettings)
      .where(eq(reviewSettings.organizer_id, organizerId));
    return row?.hours ?? REVIEW_DEFAULT_DELAY_HOURS;
  },

  saveSettings: async (row: Omit<SettingsRow, 'updated_at'>): Promise<void> => {
    await q
      .insert(travellerMessageSettings)
      .values(row)
      .onConflictDoUpdate({
        target: travellerMessageSettings.organizer_id,
        set: {
          default_language: row.default_language,
          attach_contract: row.attach_contract,
          kinds: row.kinds,
          updated_at: sql`now()`,
        },
      });
  },

  /** The organizer's first member (its owner): their language is the default, their access opens the contract. */
  owner: async (organizerId: number) => {
    const [row] = await q
      .select({ id: users.id, language: users.language })
      .from(organizerMembers)
      .innerJoin(users, eq(users.id, organizerMembers.user_id))
      .where(eq(organizerMembers.organizer_id, organizerId))
      .orderBy(asc(organizerMembers.created_at), asc(organizerMembers.user_id))
      .limit(1);
    return row ?? null;
  },

  invoice: async (id: number) => {
    const [row] = await q.select().from(invoices).where(eq(invoices.id, id));
    return row ?? null;
  },
  /** The request's newest invoice still to pay (of a type, when given). */
  openInvoice: async (requestId: number, type?: string) => {
    const [row] = await q
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.request_id, requestId),
          eq(invoices.status, 1),
          ...(type ? [eq(invoices.payment_type, type)] : []),
        ),
      )
      .orderBy(desc(invoices.id))
      .limit(1);
    return row ?? null;
  },
  payment: async (id: number) => {
    const [row] = await q.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  },
  /** The request's newest succeeded payment (refunded in part or not), or with a refund. */
  lastPayment: async (requestId: number, refunded: boolean) => {
    const [row] = await q
      .select({
        id: payments.id,
        amount_minor: payments.amount_minor,
        refunded_minor: payments.refunded_minor,
        currency: payments.currency,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoice_id))
      .where(
        and(
          eq(invoices.request_id, requestId),
          refunded ? sql`${payments.refunded_minor} > 0` : inArray(payments.status, ['succeeded', 'refunded']),
        ),
      )
      .orderBy(desc(payments.id))
      .limit(1);
    return row ?? null;
  },

  meetDataSend: async (id: number) => {
    const [row] = await q.select().from(requestMeetDataSends).where(eq(requestMeetDataSends.id, id));
    return row ?? null;
  },
  lastMeetDataSend: async (requestId: number) => {
    const [row] = await q
      .select()
      .from(requestMeetDataSends)
      .where(eq(requestMeetDataSends.request_id, requestId))
      .orderBy(desc(requestMeetDataSends.id))
      .limit(1);
    return row ?? null;
  },

  /** Plans messages; one already planned for the same request, kind, key, channel and recipient is left as it is. */
  plan: async (rows: NewTravellerMessage[]): Promise<number[]> => {
    if (rows.length === 0) return [];
    const out = await q
      .insert(travellerMessages)
      .values(rows)
      .onConflictDoNothing({
        target: [
          travellerMessages.request_id,
          travellerMessages.kind,
          travellerMessages.dedupe_key,
          travellerMessages.channel,
          travellerMessages.recipient,
        ],
      })
      .returning({ id: travellerMessages.id });
    return out.map((r) => r.id);
  },

  /**
   * Claims up to `limit` messages to render (pending, or composing with a lapsed lease): each
   * becomes composing until `leaseUntil`; rows another node holds locked are skipped.
   */
  claim: (now: Date, leaseUntil: Date, limit: number): Promise<TravellerMessageRow[]> =>
    q.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const due = await tx
        .select({ id: travellerMessages.id })
        .from(travellerMessages)
        .where(
          and(
            or(
              eq(travellerMessages.state, 'pending'),
              and(eq(travellerMessages.state, 'composing'), lte(travellerMessages.lease_until, now)),
            ),
            // a message planned for later (the review request) waits for its time
            or(isNull(travellerMessages.send_after), lte(travellerMessages.send_after, now)),
          ),
        )
        .orderBy(asc(travellerMessages.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(travellerMessages)
        .set({ state: 'composing', lease_until: leaseUntil })
        .where(
          inArray(
            travellerMessages.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    }),

  /** The claimed message is rendered: what it says, and its outbox row. Null when another node took it over. */
  composed: async (
    id: number,
    leaseUntil: Date,
    values: { subject: string; html: string; text: string; outbox_id: number | null },
  ): Promise<boolean> => {
    const out = await q
      .update(travellerMessages)
      .set({ ...values, state: 'composed', lease_until: null })
      .where(
        and(
          eq(travellerMessages.id, id),
          eq(travellerMessages.state, 'composing'),
          eq(travellerMessages.lease_until, leaseUntil),
        ),
      )
      .returning({ id: travellerMessages.id });
    return out.length > 0;
  },
  skip: async (id: number, reason: string): Promise<void> => {
    await q
      .update(travellerMessages)
      .set({ state: 'skipped', error: reason, lease_until: null })
      .where(eq(travellerMessages.id, id));
  },

  /** A request's messages (not the skipped ones) with their outbox rows, newest first. */
  ofRequest: (requestId: number, ids?: number[]) =>
    q
      .select({
        message: travellerMessages,
        outbox_status: outboxMessages.status,
        next_attempt_at: outboxMessages.next_attempt_at,
        last_error: outboxMessages.last_error,
        sent_at: outboxMessages.sent_at,
        sent_by_name: sql<string | null>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`,
      })
      .from(travellerMessages)
      .leftJoin(outboxMessages, eq(outboxMessages.id, travellerMessages.outbox_id))
      .leftJoin(users, eq(users.id, travellerMessages.sent_by_user_id))
      .where(
        and(
          eq(travellerMessages.request_id, requestId),
          ne(travellerMessages.state, 'skipped'),
          ...(ids ? [inArray(travellerMessages.id, ids.length ? ids : [0])] : []),
        ),
      )
      .orderBy(desc(travellerMessages.id)),

  byId: async (id: number) => {
    const [row] = await q.select().from(travellerMessages).where(eq(travellerMessages.id, id));
    return row ?? null;
  },

  markOpened: async (token: string): Promise<void> => {
    await q
      .update(travellerMessages)
      .set({ opened_at: sql`coalesce(${travellerMessages.opened_at}, now())` })
      .where(eq(travellerMessages.open_token, token));
  },

  setLanguage: async (requestId: number, language: string): Promise<void> => {
    await q.update(requests).set({ language }).where(eq(requests.id, requestId));
  },

  /**
   * Confirmed requests (2, 3) whose departure starts on one of `days`: the departure reminder's
   * candidates (the sweep checks each organizer's own tomorrow).
   */
  startingOn: (days: string[]) =>
    q
      .select({
        id: requests.id,
        organizer_id: requests.organizer_id,
        date_start: sql<string>`coalesce(${tourDates.date_start}, ${requests.date_start})`,
        timezone: sql<string | null>`${organizers.profile} ->> 'timezone'`,
      })
      .from(requests)
      .innerJoin(organizers, eq(organizers.id, requests.organizer_id))
      .leftJoin(tourDates, eq(tourDates.id, requests.tour_date_id))
      .where(
        and(
          inArray(requests.status, [2, 3]),
          inArray(sql`coalesce(${tourDates.date_start}, ${requests.date_start})`, days),
        ),
      ),
});
export type TravellerMessageQueries = ReturnType<typeof travellerMessageQueries>;
