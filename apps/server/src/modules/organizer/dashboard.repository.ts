import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, payments, requests } from '../../db/schema/index';

/** Unpaid invoices of one currency, amounts in minor units. */
export interface UnpaidRow {
  currency: string;
  count: number;
  amount_minor: number;
}

/** What succeeded payments of one currency brought in one week (its index among the bounds). */
export interface RevenueRow {
  week: number;
  currency: string;
  amount_minor: number;
}

/** Payments that brought money (a later refund does not undo that they were paid). */
const PAID_STATUSES = ['succeeded', 'refunded'];

/**
 * The bucket (0 … bounds.length − 2) of an instant among week bounds [b0, b1, …, bn):
 * width_bucket over the inner bounds, the outer ones being the query's range.
 */
const weekOf = (column: SQL | typeof requests.created_at, bounds: readonly Date[]): SQL<number> => {
  const inner = bounds.slice(1, -1).map((b) => sql`${b.toISOString()}::timestamptz`);
  return inner.length ? sql<number>`width_bucket(${column}, array[${sql.join(inner, sql`, `)}])::int` : sql<number>`0`;
};

/** The dashboard's figures of an organizer: its requests, invoices and payments, read only. */
export const createDashboardRepository = (db: Db) => ({
  /** Requests waiting for the provider's confirmation (status 1). */
  newRequests: async (organizerId: number): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(requests)
        .where(and(eq(requests.organizer_id, organizerId), eq(requests.status, 1)))
    )[0]?.n ?? 0,

  /** Invoices issued and not paid (status 1), per currency, by currency. */
  unpaidInvoices: async (organizerId: number): Promise<UnpaidRow[]> =>
    (
      await db
        .select({
          currency: invoices.currency,
          count: sql<number>`count(*)::int`,
          amount: sql<string>`sum(${invoices.amount_minor})`,
        })
        .from(invoices)
        .where(and(eq(invoices.organizer_id, organizerId), eq(invoices.status, 1)))
        .groupBy(invoices.currency)
        .orderBy(asc(invoices.currency))
    ).map((r) => ({ currency: r.currency, count: Number(r.count), amount_minor: Number(r.amount) })),

  /** Requests made in each week of `bounds` (n + 1 instants for n weeks): n counts. */
  requestsPerWeek: async (organizerId: number, bounds: readonly Date[]): Promise<number[]> => {
    const week = weekOf(requests.created_at, bounds);
    const rows = await db
      .select({ week, n: sql<number>`count(*)::int` })
      .from(requests)
      .where(
        and(
          eq(requests.organizer_id, organizerId),
          gte(requests.created_at, bounds[0]!),
          lt(requests.created_at, bounds.at(-1)!),
        ),
      )
      // by position: the bucket's bounds are parameters, and a second copy would not be the same expression
      .groupBy(sql`1`);
    const out = new Array<number>(bounds.length - 1).fill(0);
    for (const r of rows) out[Number(r.week)] = Number(r.n);
    return out;
  },

  /** What succeeded payments brought in each week of `bounds`, per currency (only where there was some). */
  revenuePerWeek: async (organizerId: number, bounds: readonly Date[]): Promise<RevenueRow[]> => {
    const week = weekOf(sql`${payments.paid_at}`, bounds);
    const rows = await db
      .select({ week, currency: payments.currency, amount: sql<string>`sum(${payments.amount_minor})` })
      .from(payments)
      .where(
        and(
          eq(payments.organizer_id, organizerId),
          inArray(payments.status, PAID_STATUSES),
          gte(payments.paid_at, bounds[0]!),
          lt(payments.paid_at, bounds.at(-1)!),
        ),
      )
      .groupBy(sql`1`, payments.currency)
      .orderBy(asc(payments.currency));
    return rows.map((r) => ({ week: Number(r.week), currency: r.currency, amount_minor: Number(r.amount) }));
  },
});
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
