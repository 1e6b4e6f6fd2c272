import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizers, requestTourists, requests, tourDates, tours, users } from '../../db/schema/index';

/** What the payment sweeps (the unpaid request's cancellation, the balance reminder) read and write. */
export const paymentSweepQueries = (db: Db) => ({
  /** Requests waiting for their prepayment (status 2) confirmed before `confirmedBefore` or starting by `startsBy`. */
  unpaidCandidates: async (confirmedBefore: Date, startsBy: string): Promise<number[]> =>
    (
      await db
        .select({ id: requests.id })
        .from(requests)
        .where(
          and(
            eq(requests.status, 2),
            sql`(${requests.confirmed_at} <= ${confirmedBefore.toISOString()} OR ${requests.date_start} <= ${startsBy})`,
          ),
        )
        .orderBy(asc(requests.id))
    ).map((r) => r.id),

  /** What the system-cancel sweep re-reads under the request's lock. */
  unpaidState: async (requestId: number) => {
    const [row] = await db
      .select({
        status: requests.status,
        confirmed_at: requests.confirmed_at,
        date_start: requests.date_start,
        organizer_id: requests.organizer_id,
        timezone: sql<string | null>`${organizers.profile} ->> 'timezone'`,
      })
      .from(requests)
      .innerJoin(organizers, eq(organizers.id, requests.organizer_id))
      .where(eq(requests.id, requestId));
    return row ?? null;
  },

  /**
   * Prepaid requests (status 3) with a balance, no reminder yet, and a departure with
   * full_payment_days whose reminder day (start − full_payment_days − daysBefore) is by `by`,
   * not started before `notBefore`.
   */
  reminderCandidates: async (daysBefore: number, by: string, notBefore: string): Promise<number[]> =>
    (
      await db
        .select({ id: requests.id })
        .from(requests)
        .innerJoin(tourDates, eq(tourDates.id, requests.tour_date_id))
        .where(
          and(
            eq(requests.status, 3),
            sql`${requests.balance_reminder_sent_at} IS NULL`,
            sql`${requests.total_minor} > ${requests.paid_minor}`,
            sql`${tourDates.full_payment_days} IS NOT NULL`,
            sql`${tourDates.date_start} - ${tourDates.full_payment_days} - ${daysBefore}::int <= ${by}::date`,
            gte(tourDates.date_start, notBefore),
          ),
        )
        .orderBy(asc(requests.id))
    ).map((r) => r.id),

  /** What the reminder sweep re-reads under the request's lock. */
  reminderState: async (requestId: number) => {
    const [row] = await db
      .select({
        id: requests.id,
        status: requests.status,
        organizer_id: requests.organizer_id,
        currency: requests.currency,
        total_minor: requests.total_minor,
        paid_minor: requests.paid_minor,
        balance_reminder_sent_at: requests.balance_reminder_sent_at,
        customer_email: requests.customer_email,
        customer_name: requests.customer_name,
        date_start: tourDates.date_start,
        full_payment_days: tourDates.full_payment_days,
        tour_name: sql<string | null>`${tours.name}`,
        organizer_name: organizers.name,
        timezone: sql<string | null>`${organizers.profile} ->> 'timezone'`,
        language: sql<string | null>`${users.language}`,
        request_language: requests.language,
      })
      .from(requests)
      .innerJoin(organizers, eq(organizers.id, requests.organizer_id))
      .leftJoin(tourDates, eq(tourDates.id, requests.tour_date_id))
      .leftJoin(tours, eq(tours.id, requests.tour_id))
      .leftJoin(users, eq(users.id, requests.created_by_user_id))
      .where(eq(requests.id, requestId));
    return row ?? null;
  },

  /** The e-mail of the request's contact tourist, else of its first tourist with one; '' when none. */
  touristEmail: async (requestId: number): Promise<string> => {
    const [row] = await db
      .select({ email: requestTourists.email })
      .from(requestTourists)
      .where(and(eq(requestTourists.request_id, requestId), ne(requestTourists.email, '')))
      .orderBy(desc(requestTourists.is_contact_person), asc(requestTourists.position))
      .limit(1);
    return row?.email ?? '';
  },

  setReminderSent: async (requestId: number, at: Date | null): Promise<void> => {
    await db.update(requests).set({ balance_reminder_sent_at: at }).where(eq(requests.id, requestId));
  },
});
