import { and, asc, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contractTemplates,
  invoices,
  organizers,
  paymentNotifications,
  paymentRefunds,
  payments,
  requests,
  requestTourists,
  tourDates,
  tours,
  users,
} from '../../db/schema/index';

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

/** Payment statuses credited to their invoice (and to the request's paid_minor). */
export const CREDITED: readonly string[] = ['succeeded', 'refunded'];

/** What an invoice needs of its request. */
export interface RequestMoney {
  id: number;
  organizer_id: number;
  status: number;
  currency: string;
  total_minor: number;
  paid_minor: number;
  tourists_count: number;
  unit_price_minor: number;
  tour_date_id: number | null;
}

/** The filters of the payments screen, the period as instants (the organizer's days turned into UTC). */
export interface InvoiceFilter {
  organizerId: number;
  from: Date | null;
  /** exclusive */
  to: Date | null;
  tourId?: number;
  method?: string;
  status?: number;
}

/** An invoice found by its public token, with what its payment page shows. */
export interface InvoiceByToken {
  invoice: InvoiceRow;
  request: {
    id: number;
    status: number;
    total_minor: number;
    paid_minor: number;
    date_start: string | null;
    date_end: string | null;
  };
  tour_name: string;
  organizer: { id: number; name: string; email: string; phone: string; timezone: string | null };
  full_payment_days: number | null;
}

const LIVE = [1, 2];

/** Queries of invoices and payments; each takes the Db or a transaction. */
export const invoiceQueries = (db: Db) => ({
  db,
  transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db)),

  requestMoney: async (requestId: number): Promise<RequestMoney | null> => {
    const [row] = await db
      .select({
        id: requests.id,
        organizer_id: requests.organizer_id,
        status: requests.status,
        currency: requests.currency,
        total_minor: requests.total_minor,
        paid_minor: requests.paid_minor,
        tourists_count: requests.tourists_count,
        unit_price_minor: requests.unit_price_minor,
        tour_date_id: requests.tour_date_id,
      })
      .from(requests)
      .where(eq(requests.id, requestId));
    return row ?? null;
  },

  /** What new (status 1) invoices of the request ask, but `exceptId`'s. */
  openInvoicesMinor: async (requestId: number, exceptId?: number): Promise<number> => {
    const [row] = await db
      .select({ sum: sql<string | null>`sum(${invoices.amount_minor})` })
      .from(invoices)
      .where(
        and(
          eq(invoices.request_id, requestId),
          eq(invoices.status, 1),
          exceptId ? ne(invoices.id, exceptId) : undefined,
        ),
      );
    return Number(row?.sum ?? 0);
  },

  /** The request's live (new or paid) prepayment invoice, but `exceptId`; null when none. */
  livePrepaymentInvoice: async (requestId: number, exceptId?: number): Promise<InvoiceRow | null> => {
    const [row] = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.request_id, requestId),
          eq(invoices.payment_type, 'prepayment'),
          inArray(invoices.status, LIVE),
          exceptId ? ne(invoices.id, exceptId) : undefined,
        ),
      )
      .orderBy(desc(invoices.id))
      .limit(1);
    return row ?? null;
  },

  contractOfOrganizer: async (contractId: number, organizerId: number): Promise<boolean> =>
    (
      await db
        .select({ id: contractTemplates.id })
        .from(contractTemplates)
        .where(and(eq(contractTemplates.id, contractId), eq(contractTemplates.organizer_id, organizerId)))
    ).length === 1,

  insertInvoice: async (values: typeof invoices.$inferInsert): Promise<InvoiceRow> =>
    (await db.insert(invoices).values(values).returning())[0]!,

  updateInvoice: async (id: number, values: Partial<typeof invoices.$inferInsert>): Promise<void> => {
    await db
      .update(invoices)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(invoices.id, id));
  },

  invoice: async (id: number): Promise<InvoiceRow | null> =>
    (await db.select().from(invoices).where(eq(invoices.id, id)))[0] ?? null,

  invoicesOfRequest: async (requestId: number): Promise<InvoiceRow[]> =>
    db.select().from(invoices).where(eq(invoices.request_id, requestId)).orderBy(asc(invoices.id)),

  /** Cancels the request's new invoices (a canceled request takes no money). */
  cancelOpenInvoices: async (requestId: number): Promise<void> => {
    await db
      .update(invoices)
      .set({ status: 3, canceled_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(invoices.request_id, requestId), eq(invoices.status, 1)));
  },

  byToken: async (token: string): Promise<InvoiceByToken | null> => {
    const [row] = await db
      .select({
        invoice: invoices,
        request: {
          id: requests.id,
          status: requests.status,
          total_minor: requests.total_minor,
          paid_minor: requests.paid_minor,
          date_start: requests.date_start,
          date_end: requests.date_end,
        },
        tour_name: sql<string | null>`${tours.name}`,
        organizer: {
          id: organizers.id,
          name: organizers.name,
          email: sql<string | null>`${organizers.profile} -> 'contacts' ->> 'email'`,
          phone: sql<string | null>`${organizers.profile} -> 'contacts' ->> 'phone'`,
          timezone: sql<string | null>`${organizers.profile} ->> 'timezone'`,
        },
        full_payment_days: tourDates.full_payment_days,
      })
      .from(invoices)
      .innerJoin(requests, eq(requests.id, invoices.request_id))
      .innerJoin(organizers, eq(organizers.id, invoices.organizer_id))
      .leftJoin(tours, eq(tours.id, requests.tour_id))
      .leftJoin(tourDates, eq(tourDates.id, requests.tour_date_id))
      .where(eq(invoices.public_token, token));
    if (!row) return null;
    return {
      invoice: row.invoice,
      request: row.request,
      tour_name: row.tour_name ?? '',
      organizer: {
        id: row.organizer.id,
        name: row.organizer.name,
        email: row.organizer.email ?? '',
        phone: row.organizer.phone ?? '',
        timezone: row.organizer.timezone,
      },
      full_payment_days: row.full_payment_days ?? null,
    };
  },

  paymentsOf: async (invoiceIds: number[]): Promise<PaymentRow[]> =>
    invoiceIds.length
      ? db.select().from(payments).where(inArray(payments.invoice_id, invoiceIds)).orderBy(asc(payments.id))
      : [],

  payment: async (id: number): Promise<PaymentRow | null> =>
    (await db.select().from(payments).where(eq(payments.id, id)))[0] ?? null,

  paymentByKey: async (key: string): Promise<PaymentRow | null> =>
    (await db.select().from(payments).where(eq(payments.idempotency_key, key)))[0] ?? null,

  paymentByProviderId: async (provider: string, providerPaymentId: string): Promise<PaymentRow | null> =>
    (
      await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.provider_payment_id, providerPaymentId)))
    )[0] ?? null,

  /** A new pending attempt, or the one already made under the same key (a retried click). */
  insertPayment: async (values: typeof payments.$inferInsert): Promise<PaymentRow> => {
    await db.insert(payments).values(values).onConflictDoNothing({ target: payments.idempotency_key });
    return (await db.select().from(payments).where(eq(payments.idempotency_key, values.idempotency_key)))[0]!;
  },

  updatePayment: async (id: number, values: Partial<typeof payments.$inferInsert>): Promise<void> => {
    await db
      .update(payments)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(payments.id, id));
  },

  /** The refunds asked of a payment, oldest first. */
  refundsOf: async (paymentId: number): Promise<RefundRow[]> =>
    db.select().from(paymentRefunds).where(eq(paymentRefunds.payment_id, paymentId)).orderBy(asc(paymentRefunds.id)),

  /** Records a refund the provider answered (or its new status); one row per provider refund. */
  saveRefund: async (values: typeof paymentRefunds.$inferInsert): Promise<void> => {
    await db
      .insert(paymentRefunds)
      .values(values)
      .onConflictDoUpdate({
        target: [paymentRefunds.provider, paymentRefunds.provider_refund_id],
        set: { status: values.status, updated_at: sql`now()` },
      });
  },

  refundByProviderId: async (provider: string, providerRefundId: string): Promise<RefundRow | null> =>
    (
      await db
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.provider_refund_id, providerRefundId)))
    )[0] ?? null,

  /** Pending payments of a request's invoices (to ask the provider about). */
  pendingPaymentsOfRequest: async (requestId: number): Promise<PaymentRow[]> =>
    db
      .select({ p: payments })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoice_id))
      .where(and(eq(invoices.request_id, requestId), eq(payments.status, 'pending')))
      .then((rows) => rows.map((r) => r.p)),

  /**
   * Records that an event was applied; false when it already was (a replay). The caller's
   * transaction rolls the record back with everything else when it fails.
   */
  claimEvent: async (provider: string, eventKey: string): Promise<boolean> =>
    (
      await db
        .insert(paymentNotifications)
        .values({ provider, event_key: eventKey })
        .onConflictDoNothing()
        .returning({ key: paymentNotifications.event_key })
    ).length === 1,

  addPaid: async (requestId: number, deltaMinor: number): Promise<void> => {
    await db
      .update(requests)
      .set({ paid_minor: sql`GREATEST(${requests.paid_minor} + ${deltaMinor}, 0)`, updated_at: sql`now()` })
      .where(eq(requests.id, requestId));
  },

  /** The request as the prepayment rule reads it (inside the transaction holding its lock). */
  requestForPrepayment: async (requestId: number) => {
    const [row] = await db
      .select({
        id: requests.id,
        organizer_id: requests.organizer_id,
        status: requests.status,
        total_minor: requests.total_minor,
        paid_minor: requests.paid_minor,
        unit_price_minor: requests.unit_price_minor,
        tourists_count: requests.tourists_count,
        prepayment_type: tourDates.prepayment_type,
        prepayment_size: tourDates.prepayment_size,
      })
      .from(requests)
      .leftJoin(tourDates, eq(tourDates.id, requests.tour_date_id))
      .where(eq(requests.id, requestId));
    return row ?? null;
  },

  tourOfOrganizer: async (tourId: number, organizerId: number): Promise<boolean> =>
    (
      await db
        .select({ id: tours.id })
        .from(tours)
        .where(and(eq(tours.id, tourId), eq(tours.organizer_id, organizerId)))
    ).length === 1,

  organizerTimezone: async (organizerId: number): Promise<string | null> => {
    const [row] = await db
      .select({ tz: sql<string | null>`${organizers.profile} ->> 'timezone'` })
      .from(organizers)
      .where(eq(organizers.id, organizerId));
    return row?.tz ?? null;
  },

  // ─── The payments screen ───

  listPage: async (f: InvoiceFilter, limit: number, offset: number) => {
    const where = filterSql(f);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .innerJoin(requests, eq(requests.id, invoices.request_id))
      .where(where);
    const rows = await listSelect(db)
      .where(where)
      .orderBy(desc(invoices.created_at), desc(invoices.id))
      .limit(limit)
      .offset(offset);
    return { total: count?.n ?? 0, rows };
  },

  listAll: async (f: InvoiceFilter, max: number) =>
    listSelect(db).where(filterSql(f)).orderBy(desc(invoices.created_at), desc(invoices.id)).limit(max),

  totals: async (f: InvoiceFilter) => {
    const paid = db
      .select({
        invoice_id: payments.invoice_id,
        paid: sql<string>`coalesce(sum(${payments.amount_minor}) filter (where ${payments.status} in ('succeeded', 'refunded')), 0)`.as(
          'paid',
        ),
        refunded:
          sql<string>`coalesce(sum(${payments.refunded_minor}) filter (where ${payments.status} in ('succeeded', 'refunded')), 0)`.as(
            'refunded',
          ),
      })
      .from(payments)
      .groupBy(payments.invoice_id)
      .as('paid_per_invoice');
    return db
      .select({
        currency: invoices.currency,
        invoiced: sql<string>`coalesce(sum(${invoices.amount_minor}) filter (where ${invoices.status} <> 3), 0)`,
        paid: sql<string>`coalesce(sum(${paid.paid}), 0)`,
        refunded: sql<string>`coalesce(sum(${paid.refunded}), 0)`,
      })
      .from(invoices)
      .innerJoin(requests, eq(requests.id, invoices.request_id))
      .leftJoin(paid, eq(paid.invoice_id, invoices.id))
      .where(filterSql(f))
      .groupBy(invoices.currency)
      .orderBy(asc(invoices.currency));
  },

  // ─── Sweeps ───

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
export type InvoiceQueries = ReturnType<typeof invoiceQueries>;

const listSelect = (db: Db) =>
  db
    .select({
      invoice: invoices,
      customer_name: requests.customer_name,
      request_status: requests.status,
      tour_id: requests.tour_id,
      tour_name: sql<string | null>`${tours.name}`,
      date_start: requests.date_start,
    })
    .from(invoices)
    .innerJoin(requests, eq(requests.id, invoices.request_id))
    .leftJoin(tours, eq(tours.id, requests.tour_id))
    .$dynamic();

const filterSql = (f: InvoiceFilter): SQL | undefined =>
  and(
    eq(invoices.organizer_id, f.organizerId),
    f.from ? gte(invoices.created_at, f.from) : undefined,
    f.to ? lt(invoices.created_at, f.to) : undefined,
    f.tourId ? eq(requests.tour_id, f.tourId) : undefined,
    f.status ? eq(invoices.status, f.status) : undefined,
    f.method
      ? sql`exists (select 1 from ${payments} where ${payments.invoice_id} = ${invoices.id} and ${payments.method} = ${f.method})`
      : undefined,
  );
