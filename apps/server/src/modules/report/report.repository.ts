import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ReportBasis, ReportGranularity } from '@tourdesk/contract';

/**
 * The reports' filters, resolved: the period as the basis needs it (instants of the organizer's
 * days for the booking date, calendar days for the departure), the tours and sources (empty: all).
 */
export interface ReportFilter {
  organizerId: number;
  basis: ReportBasis;
  granularity: ReportGranularity;
  /** the organizer's time zone (a valid IANA name; UTC when it has none) */
  timeZone: string;
  dayFrom: string | null;
  /** included */
  dayTo: string | null;
  /** the organizer's days as instants: from, and the start of the day after date_to */
  from: Date | null;
  to: Date | null;
  tourIds: number[];
  sources: string[];
}

type Row = Record<string, string | number | boolean | null>;
const rowsOf = async (db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** ids as a SQL list (validated integers) */
const idList = (ids: number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The requests the filters match (alias r), by the request's creation or its departure's start. */
const requestWhere = (f: ReportFilter): SQL => {
  const parts: SQL[] = [sql`r.organizer_id = ${f.organizerId}`];
  if (f.basis === 'booking') {
    if (f.from) parts.push(sql`r.created_at >= ${f.from.toISOString()}::timestamptz`);
    if (f.to) parts.push(sql`r.created_at < ${f.to.toISOString()}::timestamptz`);
  } else {
    parts.push(sql`r.date_start IS NOT NULL`);
    if (f.dayFrom) parts.push(sql`r.date_start >= ${f.dayFrom}::date`);
    if (f.dayTo) parts.push(sql`r.date_start <= ${f.dayTo}::date`);
  }
  if (f.tourIds.length > 0) parts.push(sql`r.tour_id IN (${idList(f.tourIds)})`);
  if (f.sources.length > 0)
    parts.push(
      sql`r.source IN (${sql.join(
        f.sources.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  return sql.join(parts, sql` AND `);
};

/**
 * The buckets of a report over time: each one's first calendar day, and where each begins in the
 * column it groups (an instant of the organizer's day for a creation date, the day itself for a
 * departure's start). width_bucket() places a row with a binary search over these: no time-zone
 * conversion per row (which PGlite does slowly), and a bucket begins at the organizer's midnight.
 */
export interface ReportBuckets {
  starts: string[];
  bounds: string[];
}

/** A PostgreSQL array literal of ISO dates or instants (no commas, quotes or braces in them). */
const arrayOf = (items: string[], type: 'date' | 'timestamptz'): SQL =>
  sql`${`{${items.join(',')}}`}::${sql.raw(type)}[]`;

/** The 1-based bucket of a row by its column (`expr`): the filters keep every row inside the buckets. */
const bucketOf = (expr: SQL, f: ReportFilter, buckets: ReportBuckets): SQL =>
  sql`width_bucket(${expr}, ${arrayOf(buckets.bounds, f.basis === 'booking' ? 'timestamptz' : 'date')})`;

/**
 * What was refunded per request of the organizer: the refunds of its credited payments. Few
 * payments are refunded, and the partial index payments_org_refunded_idx finds just those.
 */
const refundsPerRequest = (organizerId: number): SQL => sql`(
  SELECT i.request_id, SUM(p.refunded_minor) AS refunded
  FROM payments p JOIN invoices i ON i.id = p.invoice_id
  WHERE p.organizer_id = ${organizerId} AND p.refunded_minor > 0 AND p.status IN ('succeeded', 'refunded')
  GROUP BY i.request_id
)`;

const NOT_CANCELED = sql`r.status < 5`;

export const createReportRepository = (db: Db) => ({
  organizerTimezone: async (organizerId: number): Promise<string | null> => {
    const [row] = await rowsOf(db, sql`SELECT profile ->> 'timezone' AS tz FROM organizers WHERE id = ${organizerId}`);
    return (row?.tz as string | null | undefined) ?? null;
  },

  /** the ids among `ids` that are the organizer's tours */
  toursOfOrganizer: async (organizerId: number, ids: number[]): Promise<number[]> =>
    ids.length === 0
      ? []
      : (
          await rowsOf(db, sql`SELECT id FROM tours WHERE organizer_id = ${organizerId} AND id IN (${idList(ids)})`)
        ).map((r) => Number(r.id)),

  marketplacePercent: async (organizerId: number): Promise<number> => {
    const [row] = await rowsOf(db, sql`SELECT commission_percent AS p FROM organizers WHERE id = ${organizerId}`);
    return Number(row?.p ?? 0);
  },

  /**
   * The first and last day the report's rows fall on (for the buckets of a report without a
   * period): the requests' (or invoices') creation instants, or their departures' days.
   */
  span: async (organizerId: number, basis: ReportBasis, of: 'requests' | 'invoices') => {
    const [row] = await rowsOf(
      db,
      basis === 'booking'
        ? sql`SELECT extract(epoch FROM min(created_at))::float8 AS first, extract(epoch FROM max(created_at))::float8 AS last
            FROM ${sql.raw(of)} WHERE organizer_id = ${organizerId}`
        : of === 'requests'
          ? sql`SELECT min(date_start)::text AS first, max(date_start)::text AS last FROM requests
              WHERE organizer_id = ${organizerId}`
          : sql`SELECT min(r.date_start)::text AS first, max(r.date_start)::text AS last
              FROM invoices i JOIN requests r ON r.id = i.request_id WHERE i.organizer_id = ${organizerId}`,
    );
    const at = (v: unknown): string | null =>
      v === null || v === undefined ? null : basis === 'booking' ? new Date(Number(v) * 1000).toISOString() : String(v);
    /** instants (ISO) for the booking date, days for the departure */
    return { first: at(row?.first), last: at(row?.last) };
  },

  /**
   * Revenue per bucket and currency, in two reads: the requests' own figures (`paid_net` is their
   * paid_minor, refunds taken off), then the refunds of the few refunded payments of those requests
   * (payments_org_refunded_idx), so the scan of the requests joins nothing.
   */
  revenue: async (f: ReportFilter, buckets: ReportBuckets) => {
    const bucket = bucketOf(f.basis === 'booking' ? sql`r.created_at` : sql`r.date_start`, f, buckets);
    const rows = await rowsOf(
      db,
      sql`SELECT ${bucket} AS bucket, r.currency,
          COUNT(*) FILTER (WHERE ${NOT_CANCELED}) AS bookings,
          COUNT(*) FILTER (WHERE NOT ${NOT_CANCELED}) AS canceled,
          COALESCE(SUM(r.tourists_count) FILTER (WHERE ${NOT_CANCELED}), 0) AS tourists,
          COALESCE(SUM(r.total_minor) FILTER (WHERE ${NOT_CANCELED}), 0) AS sold,
          COALESCE(SUM(r.paid_minor), 0) AS paid_net,
          COALESCE(SUM(GREATEST(r.total_minor - r.paid_minor, 0)) FILTER (WHERE ${NOT_CANCELED}), 0) AS outstanding
        FROM requests r
        WHERE ${requestWhere(f)}
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const refunds = await rowsOf(
      db,
      sql`SELECT ${bucket} AS bucket, r.currency, SUM(p.refunded_minor) AS refunded
        FROM payments p JOIN invoices i ON i.id = p.invoice_id JOIN requests r ON r.id = i.request_id
        WHERE p.organizer_id = ${f.organizerId} AND p.refunded_minor > 0 AND p.status IN ('succeeded', 'refunded')
          AND ${requestWhere(f)}
        GROUP BY 1, 2`,
    );
    return { rows, refunds };
  },

  /** requests not canceled by source, currency and agent (a third-party agent by its name) */
  sales: (f: ReportFilter) =>
    rowsOf(
      db,
      sql`SELECT r.source, r.currency, r.agent_id,
          CASE WHEN r.source = 'third_party_agent' THEN COALESCE(r.third_party_agent ->> 'name', '') END AS third_party_name,
          COUNT(*) AS bookings,
          COALESCE(SUM(r.tourists_count), 0) AS tourists,
          COALESCE(SUM(r.total_minor), 0) AS sold,
          COALESCE(SUM(r.paid_minor), 0) AS paid,
          COALESCE(SUM((r.third_party_agent ->> 'commission_minor')::bigint), 0) AS third_party_commission
        FROM requests r
        WHERE ${requestWhere(f)} AND ${NOT_CANCELED}
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    ),

  /** abandoned checkouts' reminders sent in the period, and the bookings their links made (issue 27) */
  checkoutRecovery: async (f: ReportFilter): Promise<{ sent: number; recovered: number }> => {
    const sentWhere: SQL[] = [sql`cs.organizer_id = ${f.organizerId}`, sql`cs.recovery_token_hash IS NOT NULL`];
    if (f.from) sentWhere.push(sql`cs.recovery_decided_at >= ${f.from.toISOString()}::timestamptz`);
    if (f.to) sentWhere.push(sql`cs.recovery_decided_at < ${f.to.toISOString()}::timestamptz`);
    if (f.tourIds.length > 0) sentWhere.push(sql`cs.tour_id IN (${idList(f.tourIds)})`);
    const [row] = await rowsOf(
      db,
      sql`SELECT
          (SELECT COUNT(*) FROM checkout_sessions cs WHERE ${sql.join(sentWhere, sql` AND `)}) AS sent,
          (SELECT COUNT(*) FROM checkout_sessions cs JOIN requests r ON r.id = cs.request_id
            WHERE cs.recovered_from IS NOT NULL AND ${requestWhere(f)} AND ${NOT_CANCELED}) AS recovered`,
    );
    return { sent: Number(row?.sent ?? 0), recovered: Number(row?.recovered ?? 0) };
  },

  /** the extras on requests not canceled, by extra (its name when it is gone from the tour) and currency */
  salesExtras: (f: ReportFilter) =>
    rowsOf(
      db,
      sql`SELECT MIN(e ->> 'name_en') AS name_en, MIN(e ->> 'name_ru') AS name_ru, r.currency,
          COUNT(DISTINCT r.id) AS bookings,
          COALESCE(SUM((e ->> 'quantity')::int), 0) AS quantity,
          COALESCE(SUM((e ->> 'quantity')::bigint * (e ->> 'unit_minor')::bigint), 0) AS amount
        FROM requests r, jsonb_array_elements(r.extras) e
        WHERE ${requestWhere(f)} AND ${NOT_CANCELED}
        GROUP BY COALESCE(e ->> 'extra_id', e ->> 'name_en'), r.currency
        ORDER BY amount DESC, name_en`,
    ),

  /** the organizer's terms and names of the agents given */
  agentsOf: async (organizerId: number, agentIds: number[]) =>
    agentIds.length === 0
      ? []
      : rowsOf(
          db,
          sql`SELECT a.id, a.name, oa.commission_percent
            FROM agents a LEFT JOIN organizer_agents oa ON oa.agent_id = a.id AND oa.organizer_id = ${organizerId}
            WHERE a.id IN (${idList(agentIds)})`,
        ),

  /** the departures of the organizer's tours by their start (always the departure's date), upcoming first */
  occupancy: async (f: ReportFilter, today: string, limit: number) => {
    const where: SQL[] = [sql`t.organizer_id = ${f.organizerId}`];
    if (f.dayFrom) where.push(sql`d.date_start >= ${f.dayFrom}::date`);
    if (f.dayTo) where.push(sql`d.date_start <= ${f.dayTo}::date`);
    if (f.tourIds.length > 0) where.push(sql`d.tour_id IN (${idList(f.tourIds)})`);
    const w = sql.join(where, sql` AND `);
    const rows = await rowsOf(
      db,
      sql`SELECT d.id, d.tour_id, t.name AS tour_name, d.date_start::text AS date_start, d.date_end::text AS date_end,
          d.tour_variant, d.number_of_seats AS capacity, d.number_of_free_seats AS free,
          COALESCE((SELECT SUM(r.seats_taken) FROM requests r
            WHERE r.tour_date_id = d.id AND r.hold_expires_at IS NOT NULL), 0) AS held,
          d.date_start >= ${today}::date AS is_upcoming
        FROM tour_dates d JOIN tours t ON t.id = d.tour_id
        WHERE ${w}
        ORDER BY (d.date_start >= ${today}::date) DESC,
          CASE WHEN d.date_start >= ${today}::date THEN d.date_start END ASC,
          d.date_start DESC, d.id
        LIMIT ${limit + 1}`,
    );
    const [totals] = await rowsOf(
      db,
      sql`SELECT COUNT(*) AS departures, COALESCE(SUM(d.number_of_seats), 0) AS capacity,
          COALESCE(SUM(d.number_of_free_seats), 0) AS free,
          COALESCE((SELECT SUM(r.seats_taken) FROM requests r JOIN tour_dates d ON d.id = r.tour_date_id
            JOIN tours t ON t.id = d.tour_id
            WHERE r.organizer_id = ${f.organizerId} AND r.hold_expires_at IS NOT NULL AND ${w}), 0) AS held
        FROM tour_dates d JOIN tours t ON t.id = d.tour_id
        WHERE ${w}`,
    );
    return { rows, totals: totals ?? {} };
  },

  cancellations: (f: ReportFilter) =>
    rowsOf(
      db,
      sql`SELECT r.status, r.currency,
          COUNT(*) AS requests,
          COALESCE(SUM(r.tourists_count), 0) AS tourists,
          COALESCE(SUM(r.total_minor), 0) AS value,
          COALESCE(SUM(r.penalty_minor), 0) AS penalties,
          COALESCE(SUM(r.paid_minor + COALESCE(rf.refunded, 0)), 0) AS paid,
          COALESCE(SUM(rf.refunded), 0) AS refunded
        FROM requests r LEFT JOIN ${refundsPerRequest(f.organizerId)} rf ON rf.request_id = r.id
        WHERE ${requestWhere(f)} AND NOT ${NOT_CANCELED}
        GROUP BY 1, 2 ORDER BY 1, 2`,
    ),

  /**
   * The invoices of the matched requests, by the day each was issued (booking basis: the payments
   * screen's own period) or by the departure, with what their credited payments brought and gave back.
   */
  ledger: (f: ReportFilter, buckets: ReportBuckets) => {
    const where: SQL[] = [sql`i.organizer_id = ${f.organizerId}`];
    if (f.basis === 'booking') {
      if (f.from) where.push(sql`i.created_at >= ${f.from.toISOString()}::timestamptz`);
      if (f.to) where.push(sql`i.created_at < ${f.to.toISOString()}::timestamptz`);
    } else {
      where.push(sql`r.date_start IS NOT NULL`);
      if (f.dayFrom) where.push(sql`r.date_start >= ${f.dayFrom}::date`);
      if (f.dayTo) where.push(sql`r.date_start <= ${f.dayTo}::date`);
    }
    if (f.tourIds.length > 0) where.push(sql`r.tour_id IN (${idList(f.tourIds)})`);
    if (f.sources.length > 0)
      where.push(
        sql`r.source IN (${sql.join(
          f.sources.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
    const bucket = bucketOf(f.basis === 'booking' ? sql`i.created_at` : sql`r.date_start`, f, buckets);
    return rowsOf(
      db,
      sql`SELECT ${bucket} AS bucket, i.currency,
          COUNT(*) FILTER (WHERE i.status <> 3) AS invoices,
          COALESCE(SUM(i.amount_minor) FILTER (WHERE i.status <> 3), 0) AS invoiced,
          COALESCE(SUM(pp.amount_minor), 0) AS paid,
          COALESCE(SUM(pp.refunded_minor), 0) AS refunded
        FROM invoices i ${
          // the invoice's own date and no tour or source: the requests are not read
          f.basis === 'booking' && f.tourIds.length === 0 && f.sources.length === 0
            ? sql``
            : sql`JOIN requests r ON r.id = i.request_id`
        }
        -- at most one credited payment per invoice (payments_one_credited_uq): a join adds no row
        LEFT JOIN payments pp ON pp.invoice_id = i.id AND pp.status IN ('succeeded', 'refunded')
        WHERE ${sql.join(where, sql` AND `)}
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
  },
});
export type ReportRepository = ReturnType<typeof createReportRepository>;
