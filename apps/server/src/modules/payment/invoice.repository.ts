import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type {
  StoredAdjustment,
  StoredExtraLine,
  StoredRequestDiscount,
  StoredRequestPromo,
  StoredTravellerLine,
} from '../../db/schema/bookings';
import {
  contractTemplates,
  invoices,
  organizers,
  paymentRefunds,
  payments,
  requests,
  tourDates,
  tours,
} from '../../db/schema/index';
import { invoiceListQueries } from './invoice-list.repository';
import { paymentRecordQueries } from './payment-record.repository';
import { paymentSweepQueries } from './payment-sweeps.repository';

export type { InvoiceFilter } from './invoice-list.repository';

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
    /** what the booking's price is made of (the payment page lists it) */
    travellers: StoredTravellerLine[] | null;
    tourists_count: number;
    unit_price_minor: number;
    extras: StoredExtraLine[];
    adjustments: StoredAdjustment[];
    discount: StoredRequestDiscount | null;
    promo: StoredRequestPromo | null;
  };
  tour_name: string;
  organizer: { id: number; name: string; email: string; phone: string; timezone: string | null };
  full_payment_days: number | null;
}

const LIVE = [1, 2];

/** Queries of invoices and payments; each takes the Db or a transaction. */
export const invoiceQueries = (db: Db) => ({
  db,
  ...paymentRecordQueries(db),
  ...invoiceListQueries(db),
  ...paymentSweepQueries(db),
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

  /** The request's oldest new (status 1) invoice; null when none. */
  oldestOpenInvoice: async (requestId: number): Promise<InvoiceRow | null> =>
    (
      await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.request_id, requestId), eq(invoices.status, 1)))
        .orderBy(asc(invoices.id))
        .limit(1)
    )[0] ?? null,

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
          travellers: requests.travellers,
          tourists_count: requests.tourists_count,
          unit_price_minor: requests.unit_price_minor,
          extras: requests.extras,
          adjustments: requests.adjustments,
          discount: requests.discount,
          promo: requests.promo,
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
});
export type InvoiceQueries = ReturnType<typeof invoiceQueries>;
