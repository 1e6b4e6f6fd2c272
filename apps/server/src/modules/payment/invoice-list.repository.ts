import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, payments, requests, tours } from '../../db/schema/index';

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

/** The payments screen: a page of invoices by its filters, all of them (the export), the totals. */
export const invoiceListQueries = (db: Db) => ({
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
});

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
