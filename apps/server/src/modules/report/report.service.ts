import {
  REPORT_MAX_BUCKETS,
  REPORT_MAX_DEPARTURES,
  type ReportGranularity,
  type CancellationsReport,
  type Currency,
  type LedgerReport,
  type OccupancyReport,
  type ReportQuery,
  type RequestSource,
  type RevenueReport,
  type SalesReport,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import { calendarDayIn } from '../../lib/calendar-day';
import type { ServiceContext } from '../../lib/context';
import { percentOf, toMajor } from '../../lib/money';
import { dateFormat } from '../../lib/intl';
import type { Tenancy } from '../../lib/tenancy';
import { startOfDayIn } from '../payment/index';
import type { ReportBuckets, ReportFilter, ReportRepository } from './report.repository';

const num = (v: unknown): number => Number(v ?? 0);
const text = (v: unknown): string => String(v ?? '');

/** A time zone the database knows (any IANA name Intl knows); UTC for none or an unknown one. */
const validZone = (tz: string | null): string => (tz && dateFormat('en', { timeZone: tz }) ? tz : 'UTC');

const DAY_MS = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The first day of the bucket a calendar day falls in: itself, its week's Monday, its month's 1st. */
export const bucketStartOf = (day: string, g: ReportGranularity): string => {
  if (g === 'day') return day;
  if (g === 'month') return `${day.slice(0, 8)}01`;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return isoDay(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
};
const nextBucket = (start: string, g: ReportGranularity): string => {
  if (g === 'month') {
    const [y, m] = start.split('-').map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return isoDay(Date.parse(`${start}T00:00:00Z`) + (g === 'week' ? 7 : 1) * DAY_MS);
};

/** Sums figures (minor units) per currency, in the currencies' order of first appearance sorted by name. */
const totalsByCurrency = <K extends string>(
  rows: readonly ({ currency: string } & Record<K, number>)[],
  keys: readonly K[],
): ({ currency: string } & Record<K, number>)[] => {
  const by = new Map<string, { currency: string } & Record<K, number>>();
  for (const row of rows) {
    let t = by.get(row.currency);
    if (!t) {
      t = { currency: row.currency, ...Object.fromEntries(keys.map((k) => [k, 0])) } as { currency: string } & Record<
        K,
        number
      >;
      by.set(row.currency, t);
    }
    for (const k of keys) (t as Record<K, number>)[k] += row[k];
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
};

const majorOf = <T extends Record<string, unknown>>(row: T, moneyKeys: readonly (keyof T)[]): T => {
  const out = { ...row };
  for (const k of moneyKeys) out[k] = toMajor(row[k] as number) as T[keyof T];
  return out;
};

/**
 * The reports of an organizer (issue 28): each reads the organizer's requests, departures,
 * invoices and payments with one or two aggregate queries; figures stay per currency.
 */
export const createReportService = (deps: { repo: ReportRepository; tenancy: Tenancy; now?: () => Date }) => {
  const { repo, tenancy } = deps;
  const now = deps.now ?? (() => new Date());

  /** Checks the caller and the tours (another organizer's or an unknown tour: 422 on tour_ids) and resolves the period. */
  const filterOf = async (ctx: ServiceContext, q: ReportQuery): Promise<ReportFilter> => {
    await tenancy.assertMember(ctx.userId, q.organizer_id, 'reports');
    const tourIds = [...new Set(q.tour_ids ?? [])];
    if (tourIds.length > 0) {
      const known = new Set(await repo.toursOfOrganizer(q.organizer_id, tourIds));
      const bad = (q.tour_ids ?? []).findIndex((id) => !known.has(id));
      if (bad >= 0) throw AppError.validation({ [`tour_ids.${bad}`]: ['tour_not_found'] });
    }
    const timeZone = validZone(await repo.organizerTimezone(q.organizer_id));
    return {
      organizerId: q.organizer_id,
      basis: q.basis,
      granularity: q.granularity,
      timeZone,
      dayFrom: q.date_from ?? null,
      dayTo: q.date_to ?? null,
      from: q.date_from ? startOfDayIn(timeZone, q.date_from, 0) : null,
      to: q.date_to ? startOfDayIn(timeZone, q.date_to, 1) : null,
      tourIds,
      sources: [...new Set(q.sources ?? [])],
    };
  };

  /**
   * The buckets of a report over time: from the period's first day (or the first row's) to its last
   * (or the last row's); null when there is nothing in it. More than REPORT_MAX_BUCKETS: 422.
   */
  const bucketsOf = async (f: ReportFilter, of: 'requests' | 'invoices'): Promise<ReportBuckets | null> => {
    let first = f.dayFrom;
    let last = f.dayTo;
    if (!first || !last) {
      const span = await repo.span(f.organizerId, f.basis, of);
      if (!span.first || !span.last) return null;
      const dayOf = (v: string) => (f.basis === 'booking' ? calendarDayIn(f.timeZone, new Date(v)) : v);
      first ??= dayOf(span.first);
      last ??= dayOf(span.last);
    }
    if (first > last) return null;
    const starts: string[] = [];
    for (let d = bucketStartOf(first, f.granularity); d <= last; d = nextBucket(d, f.granularity)) {
      starts.push(d);
      if (starts.length > REPORT_MAX_BUCKETS) throw AppError.validation({ granularity: ['incorrect_value'] });
    }
    return {
      starts,
      bounds: f.basis === 'booking' ? starts.map((d) => startOfDayIn(f.timeZone, d, 0).toISOString()) : starts,
    };
  };
  /** The first day of a row's bucket (width_bucket's 1-based index). */
  const periodOf = (buckets: ReportBuckets, bucket: unknown): string => buckets.starts[num(bucket) - 1] ?? '';

  const revenue = async (f: ReportFilter): Promise<RevenueReport> => {
    const keys = ['bookings', 'canceled', 'tourists', 'sold', 'paid', 'refunded', 'outstanding'] as const;
    const money = ['sold', 'paid', 'refunded', 'outstanding'] as const;
    const buckets = await bucketsOf(f, 'requests');
    const read = buckets ? await repo.revenue(f, buckets) : { rows: [], refunds: [] };
    const refunded = new Map(read.refunds.map((r) => [`${num(r.bucket)}:${text(r.currency)}`, num(r.refunded)]));
    const rows = read.rows.map((r) => {
      const back = refunded.get(`${num(r.bucket)}:${text(r.currency)}`) ?? 0;
      return {
        period: periodOf(buckets!, r.bucket),
        currency: text(r.currency),
        bookings: num(r.bookings),
        canceled: num(r.canceled),
        tourists: num(r.tourists),
        sold: num(r.sold),
        // what came in, refunds not taken off: the requests' paid_minor is net of them
        paid: num(r.paid_net) + back,
        refunded: back,
        outstanding: num(r.outstanding),
      };
    });
    return {
      rows: rows.map((r) => majorOf({ ...r, currency: r.currency as Currency }, money)),
      totals: totalsByCurrency(rows, keys).map((t) => majorOf({ ...t, currency: t.currency as Currency }, money)),
    };
  };

  const sales = async (f: ReportFilter): Promise<SalesReport> => {
    const raw = await repo.sales(f);
    const marketplacePercent = await repo.marketplacePercent(f.organizerId);
    const agentIds = [...new Set(raw.map((r) => r.agent_id).filter((id) => id !== null))].map(Number);
    const agents = new Map((await repo.agentsOf(f.organizerId, agentIds)).map((a) => [num(a.id), a]));
    type Figures = {
      source: string;
      currency: string;
      bookings: number;
      tourists: number;
      sold: number;
      paid: number;
      marketplace_commission: number;
      agent_commission: number;
    };
    const bySource = new Map<string, Figures>();
    const byAgent = new Map<string, SalesReport['agents'][number] & { soldMinor: number; commissionMinor: number }>();
    for (const r of raw) {
      const source = text(r.source);
      const currency = text(r.currency);
      const sold = num(r.sold);
      let agentCommission = 0;
      if (source === 'agent' && r.agent_id !== null) {
        const agent = agents.get(num(r.agent_id));
        const percent = agent?.commission_percent !== null && agent ? Number(agent.commission_percent) : 0;
        agentCommission = percentOf(sold, percent);
        const key = `a${num(r.agent_id)}:${currency}`;
        const a = byAgent.get(key) ?? {
          agent_id: num(r.agent_id),
          name: text(agent?.name),
          currency: currency as Currency,
          bookings: 0,
          sold: 0,
          commission_percent: percent,
          commission: 0,
          soldMinor: 0,
          commissionMinor: 0,
        };
        a.bookings += num(r.bookings);
        a.soldMinor += sold;
        a.commissionMinor += agentCommission;
        byAgent.set(key, a);
      } else if (source === 'third_party_agent') {
        agentCommission = num(r.third_party_commission);
        const name = text(r.third_party_name);
        const key = `t${name}:${currency}`;
        const a = byAgent.get(key) ?? {
          agent_id: null,
          name,
          currency: currency as Currency,
          bookings: 0,
          sold: 0,
          commission_percent: null,
          commission: 0,
          soldMinor: 0,
          commissionMinor: 0,
        };
        a.bookings += num(r.bookings);
        a.soldMinor += sold;
        a.commissionMinor += agentCommission;
        byAgent.set(key, a);
      }
      const key = `${source}:${currency}`;
      const s = bySource.get(key) ?? {
        source,
        currency,
        bookings: 0,
        tourists: 0,
        sold: 0,
        paid: 0,
        marketplace_commission: 0,
        agent_commission: 0,
      };
      s.bookings += num(r.bookings);
      s.tourists += num(r.tourists);
      s.sold += sold;
      s.paid += num(r.paid);
      s.agent_commission += agentCommission;
      bySource.set(key, s);
    }
    const rows = [...bySource.values()].map((s) => ({
      ...s,
      marketplace_commission: s.source === 'marketplace' ? percentOf(s.sold, marketplacePercent) : 0,
    }));
    const money = ['sold', 'paid', 'marketplace_commission', 'agent_commission'] as const;
    const keys = ['bookings', 'tourists', ...money] as const;
    return {
      rows: rows.map((r) =>
        majorOf({ ...r, source: r.source as RequestSource, currency: r.currency as Currency }, money),
      ),
      agents: [...byAgent.values()]
        .sort((a, b) => b.commissionMinor - a.commissionMinor || a.name.localeCompare(b.name))
        .map(({ soldMinor, commissionMinor, ...a }) => ({
          ...a,
          sold: toMajor(soldMinor),
          commission: toMajor(commissionMinor),
        })),
      extras: (await repo.salesExtras(f)).map((e) => ({
        name_en: text(e.name_en),
        name_ru: text(e.name_ru),
        currency: text(e.currency) as Currency,
        bookings: num(e.bookings),
        quantity: num(e.quantity),
        amount: toMajor(num(e.amount)),
      })),
      totals: totalsByCurrency(rows, keys).map((t) => majorOf({ ...t, currency: t.currency as Currency }, money)),
      marketplace_commission_percent: marketplacePercent,
      checkout_recovery: await repo.checkoutRecovery(f),
    };
  };

  const occupancy = async (f: ReportFilter): Promise<OccupancyReport> => {
    const { rows, totals } = await repo.occupancy(f, calendarDayIn(f.timeZone, now()), REPORT_MAX_DEPARTURES);
    const seatsOf = (capacity: number, free: number, held: number) => ({
      capacity,
      held,
      free,
      sold: Math.max(0, capacity - free - held),
    });
    const t = seatsOf(num(totals.capacity), num(totals.free), num(totals.held));
    return {
      rows: rows.slice(0, REPORT_MAX_DEPARTURES).map((r) => {
        const s = seatsOf(num(r.capacity), num(r.free), num(r.held));
        return {
          tour_date_id: num(r.id),
          tour_id: num(r.tour_id),
          tour_name: text(r.tour_name),
          date_start: text(r.date_start),
          date_end: text(r.date_end),
          tour_variant: text(r.tour_variant),
          ...s,
          percent_full: s.capacity > 0 ? Math.round(((s.sold + s.held) / s.capacity) * 1000) / 10 : 0,
          is_upcoming: [true, 't', 'true'].includes(r.is_upcoming as string | boolean),
        };
      }),
      totals: { departures: num(totals.departures), ...t },
      is_truncated: rows.length > REPORT_MAX_DEPARTURES,
    };
  };

  const cancellations = async (f: ReportFilter): Promise<CancellationsReport> => {
    const keys = ['requests', 'tourists', 'value', 'penalties', 'paid', 'refunded', 'kept'] as const;
    const money = ['value', 'penalties', 'paid', 'refunded', 'kept'] as const;
    const rows = (await repo.cancellations(f)).map((r) => ({
      status: num(r.status),
      currency: text(r.currency),
      requests: num(r.requests),
      tourists: num(r.tourists),
      value: num(r.value),
      penalties: num(r.penalties),
      paid: num(r.paid),
      refunded: num(r.refunded),
      kept: num(r.paid) - num(r.refunded),
    }));
    return {
      rows: rows.map((r) => majorOf({ ...r, currency: r.currency as Currency }, money)),
      totals: totalsByCurrency(rows, keys).map((t) => majorOf({ ...t, currency: t.currency as Currency }, money)),
    };
  };

  const ledger = async (f: ReportFilter): Promise<LedgerReport> => {
    const keys = ['invoices', 'invoiced', 'paid', 'refunded', 'net'] as const;
    const money = ['invoiced', 'paid', 'refunded', 'net'] as const;
    const buckets = await bucketsOf(f, 'invoices');
    const rows = (buckets ? await repo.ledger(f, buckets) : []).map((r) => ({
      period: periodOf(buckets!, r.bucket),
      currency: text(r.currency),
      invoices: num(r.invoices),
      invoiced: num(r.invoiced),
      paid: num(r.paid),
      refunded: num(r.refunded),
      net: num(r.paid) - num(r.refunded),
    }));
    return {
      rows: rows.map((r) => majorOf({ ...r, currency: r.currency as Currency }, money)),
      totals: totalsByCurrency(rows, keys).map((t) => majorOf({ ...t, currency: t.currency as Currency }, money)),
    };
  };

  const reports = { revenue, sales, occupancy, cancellations, ledger };
  return {
    revenue: async (ctx: ServiceContext, q: ReportQuery) => revenue(await filterOf(ctx, q)),
    sales: async (ctx: ServiceContext, q: ReportQuery) => sales(await filterOf(ctx, q)),
    occupancy: async (ctx: ServiceContext, q: ReportQuery) => occupancy(await filterOf(ctx, q)),
    cancellations: async (ctx: ServiceContext, q: ReportQuery) => cancellations(await filterOf(ctx, q)),
    ledger: async (ctx: ServiceContext, q: ReportQuery) => ledger(await filterOf(ctx, q)),
    /** any report by its kind (the export) */
    byKind: async <K extends keyof typeof reports>(ctx: ServiceContext, kind: K, q: ReportQuery) =>
      (await reports[kind](await filterOf(ctx, q))) as Awaited<ReturnType<(typeof reports)[K]>>,
  };
};
export type ReportService = ReturnType<typeof createReportService>;
