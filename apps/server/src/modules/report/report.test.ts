import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CancellationsReport,
  InvoiceListResponse,
  LedgerReport,
  OccupancyReport,
  RequestListResponse,
  RevenueReport,
  SalesReport,
} from '@tourdesk/contract';
import { agents, invoices, organizerAgents, payments, requests, tourDates } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, day, moneySnapshot, tenant, tourWithDeparture, type Who } from '../payment/payment.fixtures';

let t: TestApp;
let anna: Who;
let boris: Who;
let tourA: { tourId: number; dateId: number; dateStart: string };
let tourB: { tourId: number; dateId: number; dateStart: string };
let pastDateId: number;
let agentId: number;
let borisTour: { tourId: number; dateId: number; dateStart: string };

const R = '/crm/api/report';
const get = <T>(path: string, who: Who, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  call(
    t,
    'GET',
    `${R}/${path}?${new URLSearchParams({ organizer_id: String(who.organizerId), ...params })}`,
    who,
    undefined,
    headers,
  ).then((r) => ({ ...r, body: r.body as unknown as T & { errors?: Record<string, string[]> } }));
const PERIOD = { date_from: '2026-01-01', date_to: '2026-03-31' };

/** A request row as the request core leaves it, created at `createdAt`, with its invoice and payment. */
const seedRequest = async (
  who: Who,
  d: { tourId: number; dateId: number; dateStart: string },
  r: {
    createdAt: string;
    source: string;
    status: number;
    tourists: number;
    unitMinor: number;
    currency?: string;
    paidMinor: number;
    seats?: number;
    hold?: boolean;
    penaltyMinor?: number;
    agentId?: number;
    thirdParty?: { name: string; commission_minor: number };
    invoice?: { amountMinor: number; status: number; paymentMinor?: number; refundedMinor?: number };
  },
) => {
  const seats = r.seats ?? (r.status >= 5 ? 0 : r.tourists);
  const [row] = await t.database.db
    .insert(requests)
    .values({
      organizer_id: who.organizerId,
      tour_id: d.tourId,
      tour_date_id: d.dateId,
      status: r.status,
      source: r.source,
      agent_id: r.agentId ?? null,
      third_party_agent: r.thirdParty ? { ...r.thirdParty, email: '', phone: '' } : null,
      currency: r.currency ?? 'RUB',
      tourists_count: r.tourists,
      unit_price_minor: r.unitMinor,
      total_minor: r.unitMinor * r.tourists,
      paid_minor: r.paidMinor,
      penalty_minor: r.penaltyMinor ?? null,
      seats_taken: seats,
      hold_expires_at: r.hold ? new Date(Date.now() + 3_600_000) : null,
      customer_name: 'Ivan Petrov',
      date_start: d.dateStart,
      date_end: d.dateStart,
      created_at: new Date(r.createdAt),
    })
    .returning({ id: requests.id });
  const [date] = await t.database.db.select().from(tourDates).where(eq(tourDates.id, d.dateId));
  await t.database.db
    .update(tourDates)
    .set({ number_of_free_seats: date!.number_of_free_seats - seats })
    .where(eq(tourDates.id, d.dateId));
  if (r.invoice) {
    const [inv] = await t.database.db
      .insert(invoices)
      .values({
        request_id: row!.id,
        organizer_id: who.organizerId,
        status: r.invoice.status,
        amount_minor: r.invoice.amountMinor,
        currency: r.currency ?? 'RUB',
        public_token: `tok${row!.id}`.padEnd(43, 'x'),
        created_at: new Date(r.createdAt),
      })
      .returning({ id: invoices.id });
    if (r.invoice.paymentMinor)
      await t.database.db.insert(payments).values({
        invoice_id: inv!.id,
        organizer_id: who.organizerId,
        provider: 'sandbox',
        idempotency_key: `pay-${row!.id}`,
        amount_minor: r.invoice.paymentMinor,
        refunded_minor: r.invoice.refundedMinor ?? 0,
        currency: r.currency ?? 'RUB',
        method: 'card',
        status: 'succeeded',
        created_at: new Date(r.createdAt),
      });
  }
  return row!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  anna = await tenant(t, 'anna@reports.example', 'Altai Trails');
  boris = await tenant(t, 'boris@reports.example', 'Kamchatka Tours');
  tourA = await tourWithDeparture(t, anna, { name: 'Altai ridge', price: 10000, seats: 20, startIn: 40 });
  tourB = await tourWithDeparture(t, anna, {
    name: 'Lake Teletskoye',
    currency: 'EUR',
    price: 500,
    seats: 10,
    startIn: 70,
  });
  borisTour = await tourWithDeparture(t, boris, { name: 'Volcanoes', price: 90000, seats: 8, startIn: 50 });
  const past = await call(t, 'POST', '/crm/api/tour/save-date', anna, {
    tour_id: tourA.tourId,
    date_start: day(-10),
    date_end: day(-8),
    price: 10000,
    number_of_seats: 5,
    prepayment_type: 'percent',
    prepayment_size: 0,
  });
  pastDateId = past.body.id as number;
  const [agent] = await t.database.db.insert(agents).values({ name: 'Sputnik Travel' }).returning({ id: agents.id });
  agentId = agent!.id;
  await t.database.db
    .insert(organizerAgents)
    .values({ organizer_id: anna.organizerId, agent_id: agentId, commission_percent: '10' });

  // January: two bookings in RUB
  await seedRequest(anna, tourA, {
    createdAt: '2026-01-10T10:00:00Z',
    source: 'own',
    status: 3,
    tourists: 2,
    unitMinor: 1_000_000,
    paidMinor: 600_000,
    invoice: { amountMinor: 600_000, status: 2, paymentMinor: 600_000 },
  });
  await seedRequest(anna, tourA, {
    createdAt: '2026-01-20T10:00:00Z',
    source: 'marketplace',
    status: 4,
    tourists: 3,
    unitMinor: 1_000_000,
    paidMinor: 2_500_000,
    invoice: { amountMinor: 3_000_000, status: 2, paymentMinor: 3_000_000, refundedMinor: 500_000 },
  });
  // February: an agent's booking, a tourist's cancellation with a penalty, a EUR booking of a
  // third-party agent, a system cancellation whose invoice was withdrawn
  await seedRequest(anna, tourA, {
    createdAt: '2026-02-05T10:00:00Z',
    source: 'agent',
    agentId,
    status: 2,
    tourists: 1,
    unitMinor: 1_000_000,
    paidMinor: 0,
    invoice: { amountMinor: 1_000_000, status: 1 },
  });
  await seedRequest(anna, tourA, {
    createdAt: '2026-02-10T10:00:00Z',
    source: 'own',
    status: 5,
    tourists: 2,
    unitMinor: 1_000_000,
    paidMinor: 300_000,
    penaltyMinor: 300_000,
    invoice: { amountMinor: 800_000, status: 2, paymentMinor: 800_000, refundedMinor: 500_000 },
  });
  await seedRequest(anna, tourB, {
    createdAt: '2026-02-15T10:00:00Z',
    source: 'third_party_agent',
    thirdParty: { name: 'Globus', commission_minor: 5_000 },
    status: 3,
    tourists: 2,
    unitMinor: 50_000,
    currency: 'EUR',
    paidMinor: 30_000,
    invoice: { amountMinor: 30_000, status: 2, paymentMinor: 30_000 },
  });
  await seedRequest(anna, tourA, {
    createdAt: '2026-02-20T10:00:00Z',
    source: 'direct_sales',
    status: 7,
    tourists: 1,
    unitMinor: 1_000_000,
    paidMinor: 0,
    invoice: { amountMinor: 300_000, status: 3 },
  });
  // March: a new request holding two seats
  await seedRequest(anna, tourA, {
    createdAt: '2026-03-01T10:00:00Z',
    source: 'own',
    status: 1,
    tourists: 2,
    unitMinor: 1_000_000,
    paidMinor: 0,
    hold: true,
  });
  // Boris's booking in the same period: never in Anna's figures
  await seedRequest(boris, borisTour, {
    createdAt: '2026-01-15T10:00:00Z',
    source: 'own',
    status: 3,
    tourists: 4,
    unitMinor: 9_000_000,
    paidMinor: 9_000_000,
    invoice: { amountMinor: 9_000_000, status: 2, paymentMinor: 9_000_000, refundedMinor: 1_000_000 },
  });
});
afterAll(() => t.close());

describe('revenue', () => {
  it('answers bookings, sold, paid, refunded and outstanding per month and currency, and the totals', async () => {
    const res = await get<RevenueReport>('revenue', anna, { ...PERIOD, granularity: 'month' });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      {
        period: '2026-01-01',
        currency: 'RUB',
        bookings: 2,
        canceled: 0,
        tourists: 5,
        sold: 50000,
        paid: 36000,
        refunded: 5000,
        outstanding: 19000,
      },
      {
        period: '2026-02-01',
        currency: 'EUR',
        bookings: 1,
        canceled: 0,
        tourists: 2,
        sold: 1000,
        paid: 300,
        refunded: 0,
        outstanding: 700,
      },
      {
        period: '2026-02-01',
        currency: 'RUB',
        bookings: 1,
        canceled: 2,
        tourists: 1,
        sold: 10000,
        paid: 8000,
        refunded: 5000,
        outstanding: 10000,
      },
      {
        period: '2026-03-01',
        currency: 'RUB',
        bookings: 1,
        canceled: 0,
        tourists: 2,
        sold: 20000,
        paid: 0,
        refunded: 0,
        outstanding: 20000,
      },
    ]);
    expect(res.body.totals).toEqual([
      { currency: 'EUR', bookings: 1, canceled: 0, tourists: 2, sold: 1000, paid: 300, refunded: 0, outstanding: 700 },
      {
        currency: 'RUB',
        bookings: 4,
        canceled: 2,
        tourists: 8,
        sold: 80000,
        paid: 44000,
        refunded: 10000,
        outstanding: 49000,
      },
    ]);
  });

  it('buckets by week (Monday) and filters by period, tour and source', async () => {
    const res = await get<RevenueReport>('revenue', anna, {
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      granularity: 'week',
      tour_ids: String(tourA.tourId),
      sources: 'marketplace,agent',
    });
    expect(res.body.rows).toEqual([
      {
        period: '2026-01-19',
        currency: 'RUB',
        bookings: 1,
        canceled: 0,
        tourists: 3,
        sold: 30000,
        paid: 30000,
        refunded: 5000,
        outstanding: 5000,
      },
    ]);
    const eur = await get<RevenueReport>('revenue', anna, { ...PERIOD, tour_ids: String(tourB.tourId) });
    expect(eur.body.totals.map((x) => x.currency)).toEqual(['EUR']);
  });

  it('by departure date puts every booking on its departure', async () => {
    const res = await get<RevenueReport>('revenue', anna, { basis: 'departure', granularity: 'day' });
    expect(res.body.rows.map((r) => [r.period, r.currency, r.bookings, r.canceled])).toEqual([
      [tourA.dateStart, 'RUB', 4, 2],
      [tourB.dateStart, 'EUR', 1, 0],
    ]);
  });
});

describe('the organizer’s days', () => {
  it('puts a booking on the day it was made in the organizer’s time zone', async () => {
    const carol = await tenant(t, 'carol@reports.example', 'Novosibirsk Outdoors');
    await t.database.db.execute(
      sql`UPDATE organizers SET profile = profile || '{"timezone": "Asia/Novosibirsk"}'::jsonb WHERE id = ${carol.organizerId}`,
    );
    const d = await tourWithDeparture(t, carol, { name: 'Ob sea', price: 1000, seats: 5 });
    // 20:00 UTC on 31 January is 03:00 on 1 February in Novosibirsk (UTC+7)
    await seedRequest(carol, d, {
      createdAt: '2026-01-31T20:00:00Z',
      source: 'own',
      status: 2,
      tourists: 1,
      unitMinor: 100_000,
      paidMinor: 0,
    });
    const byDay = await get<RevenueReport>('revenue', carol, { granularity: 'day' });
    expect(byDay.body.rows.map((r) => [r.period, r.bookings])).toEqual([['2026-02-01', 1]]);
    const january = await get<RevenueReport>('revenue', carol, { date_from: '2026-01-01', date_to: '2026-01-31' });
    expect(january.body.rows).toEqual([]);
    const february = await get<RevenueReport>('revenue', carol, {
      date_from: '2026-02-01',
      date_to: '2026-02-28',
      granularity: 'week',
    });
    // the week of 1 February 2026 (a Sunday) starts on Monday 26 January
    expect(february.body.rows.map((r) => [r.period, r.bookings])).toEqual([['2026-01-26', 1]]);
  });

  it('answers 422 on granularity for more buckets than a report draws, with or without a period', async () => {
    const res = await get('revenue', anna, { basis: 'departure', date_to: '2040-01-01', granularity: 'day' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['granularity']);
  });
});

describe('sales by source', () => {
  it('answers each source with the marketplace commission (10 %) and what agents keep', async () => {
    const res = await get<SalesReport>('sales', anna, PERIOD);
    expect(res.status).toBe(200);
    expect(res.body.marketplace_commission_percent).toBe(10);
    expect(res.body.rows).toEqual([
      {
        source: 'agent',
        currency: 'RUB',
        bookings: 1,
        tourists: 1,
        sold: 10000,
        paid: 0,
        marketplace_commission: 0,
        agent_commission: 1000,
      },
      {
        source: 'marketplace',
        currency: 'RUB',
        bookings: 1,
        tourists: 3,
        sold: 30000,
        paid: 25000,
        marketplace_commission: 3000,
        agent_commission: 0,
      },
      {
        source: 'own',
        currency: 'RUB',
        bookings: 2,
        tourists: 4,
        sold: 40000,
        paid: 6000,
        marketplace_commission: 0,
        agent_commission: 0,
      },
      {
        source: 'third_party_agent',
        currency: 'EUR',
        bookings: 1,
        tourists: 2,
        sold: 1000,
        paid: 300,
        marketplace_commission: 0,
        agent_commission: 50,
      },
    ]);
    expect(res.body.agents).toEqual([
      {
        agent_id: agentId,
        name: 'Sputnik Travel',
        currency: 'RUB',
        bookings: 1,
        sold: 10000,
        commission_percent: 10,
        commission: 1000,
      },
      {
        agent_id: null,
        name: 'Globus',
        currency: 'EUR',
        bookings: 1,
        sold: 1000,
        commission_percent: null,
        commission: 50,
      },
    ]);
    expect(res.body.totals).toEqual([
      {
        currency: 'EUR',
        bookings: 1,
        tourists: 2,
        sold: 1000,
        paid: 300,
        marketplace_commission: 0,
        agent_commission: 50,
      },
      {
        currency: 'RUB',
        bookings: 4,
        tourists: 8,
        sold: 80000,
        paid: 31000,
        marketplace_commission: 3000,
        agent_commission: 1000,
      },
    ]);
  });
});

describe('extras sold', () => {
  it('answers each extra of the requests not canceled: bookings, quantity and amount, by currency', async () => {
    const mine = await t.database.db
      .select({ id: requests.id, status: requests.status, currency: requests.currency })
      .from(requests)
      .where(eq(requests.organizer_id, anna.organizerId))
      .orderBy(requests.id);
    const inPeriod = (await get<SalesReport>('sales', anna, PERIOD)).body;
    expect(inPeriod.extras).toEqual([]);
    const live = mine.filter((r) => r.status < 5 && r.currency === 'RUB');
    const canceled = mine.find((r) => r.status >= 5)!;
    const line = (extra_id: number | null, name_en: string, quantity: number, unit_minor: number) => ({
      extra_id,
      name_en,
      name_ru: `${name_en} (ru)`,
      per: 'booking' as const,
      is_mandatory: false,
      quantity,
      unit_minor,
    });
    const setExtras = (id: number, extras: ReturnType<typeof line>[]) =>
      t.database.db.update(requests).set({ extras }).where(eq(requests.id, id));
    await setExtras(live[0]!.id, [line(71, 'Single room', 1, 700_050), line(72, 'Transfer', 2, 150_000)]);
    await setExtras(live[1]!.id, [line(71, 'Single room', 2, 700_050)]);
    // a canceled request's extras are not sold
    await setExtras(canceled.id, [line(71, 'Single room', 5, 700_050)]);
    try {
      const res = await get<SalesReport>('sales', anna, {});
      expect(res.status).toBe(200);
      expect(res.body.extras).toEqual([
        {
          name_en: 'Single room',
          name_ru: 'Single room (ru)',
          currency: 'RUB',
          bookings: 2,
          quantity: 3,
          amount: 21001.5,
        },
        { name_en: 'Transfer', name_ru: 'Transfer (ru)', currency: 'RUB', bookings: 1, quantity: 2, amount: 3000 },
      ]);
      // another tenant sees none of them
      expect((await get<SalesReport>('sales', boris, {})).body.extras).toEqual([]);
    } finally {
      for (const r of [live[0]!, live[1]!, canceled]) await setExtras(r.id, []);
    }
  });
});

describe('occupancy', () => {
  it('answers capacity, sold, held, free and % full per departure, upcoming first', async () => {
    const res = await get<OccupancyReport>('occupancy', anna);
    expect(res.status).toBe(200);
    expect(
      res.body.rows.map((r) => [r.tour_date_id, r.capacity, r.sold, r.held, r.free, r.percent_full, r.is_upcoming]),
    ).toEqual([
      [tourA.dateId, 20, 6, 2, 12, 40, true],
      [tourB.dateId, 10, 2, 0, 8, 20, true],
      [pastDateId, 5, 0, 0, 5, 0, false],
    ]);
    expect(res.body.rows[0]).toMatchObject({ tour_name: 'Altai ridge', date_start: tourA.dateStart });
    expect(res.body.totals).toEqual({ departures: 3, capacity: 35, sold: 8, held: 2, free: 25 });
    expect(res.body.is_truncated).toBe(false);
  });

  it('filters by the departure’s period and tour', async () => {
    const res = await get<OccupancyReport>('occupancy', anna, { date_from: day(60), tour_ids: String(tourB.tourId) });
    expect(res.body.rows.map((r) => r.tour_date_id)).toEqual([tourB.dateId]);
    expect(res.body.totals).toEqual({ departures: 1, capacity: 10, sold: 2, held: 0, free: 8 });
  });
});

describe('cancellations', () => {
  it('answers each canceling party with penalties, payments and refunds', async () => {
    const res = await get<CancellationsReport>('cancellations', anna, PERIOD);
    expect(res.body.rows).toEqual([
      {
        status: 5,
        currency: 'RUB',
        requests: 1,
        tourists: 2,
        value: 20000,
        penalties: 3000,
        paid: 8000,
        refunded: 5000,
        kept: 3000,
      },
      {
        status: 7,
        currency: 'RUB',
        requests: 1,
        tourists: 1,
        value: 10000,
        penalties: 0,
        paid: 0,
        refunded: 0,
        kept: 0,
      },
    ]);
    expect(res.body.totals).toEqual([
      {
        currency: 'RUB',
        requests: 2,
        tourists: 3,
        value: 30000,
        penalties: 3000,
        paid: 8000,
        refunded: 5000,
        kept: 3000,
      },
    ]);
  });
});

describe('payments ledger', () => {
  it('answers invoiced, paid, refunded and net per month by the invoice’s date', async () => {
    const res = await get<LedgerReport>('ledger', anna, PERIOD);
    expect(res.body.rows).toEqual([
      { period: '2026-01-01', currency: 'RUB', invoices: 2, invoiced: 36000, paid: 36000, refunded: 5000, net: 31000 },
      { period: '2026-02-01', currency: 'EUR', invoices: 1, invoiced: 300, paid: 300, refunded: 0, net: 300 },
      { period: '2026-02-01', currency: 'RUB', invoices: 2, invoiced: 18000, paid: 8000, refunded: 5000, net: 3000 },
    ]);
    expect(res.body.totals).toEqual([
      { currency: 'EUR', invoices: 1, invoiced: 300, paid: 300, refunded: 0, net: 300 },
      { currency: 'RUB', invoices: 4, invoiced: 54000, paid: 44000, refunded: 10000, net: 34000 },
    ]);
  });
});

describe('the same numbers as the payments screen and the request list', () => {
  it('ledger totals equal the payments screen’s for the same period and tour', async () => {
    for (const filters of [
      PERIOD,
      { ...PERIOD, tour_id: String(tourA.tourId) },
      { date_from: '2026-02-01', date_to: '2026-02-28' },
    ]) {
      const { tour_id, ...rest } = filters as Record<string, string>;
      const ledger = await get<LedgerReport>('ledger', anna, { ...rest, ...(tour_id ? { tour_ids: tour_id } : {}) });
      const screen = await call(
        t,
        'GET',
        `/crm/api/invoice/list?${new URLSearchParams({ organizer_id: String(anna.organizerId), ...filters })}`,
        anna,
      );
      const totals = (screen.body as unknown as InvoiceListResponse).totals;
      expect(totals.length).toBeGreaterThan(0);
      expect(
        ledger.body.totals.map((x) => ({
          currency: x.currency,
          invoiced: x.invoiced,
          paid: x.paid,
          refunded: x.refunded,
        })),
      ).toEqual(totals);
    }
  });

  it('revenue by departure date equals the request list’s prices, payments and balances for the same filters', async () => {
    for (const f of [
      { tour_ids: [tourA.tourId], sources: ['own', 'marketplace'] },
      { tour_ids: [tourA.tourId, tourB.tourId], sources: [] as string[] },
    ]) {
      const filters = {
        date_from: day(0),
        date_to: day(100),
        tour_ids: f.tour_ids,
        ...(f.sources.length ? { sources: f.sources } : {}),
      };
      const list = await call(
        t,
        'GET',
        `/crm/api/request/list-for-org?${new URLSearchParams({ organizer_id: String(anna.organizerId), limit: '100', filters: JSON.stringify(filters) })}`,
        anna,
      );
      expect(list.status).toBe(200);
      const items = (list.body as unknown as RequestListResponse).items;
      const report = await get<RevenueReport>('revenue', anna, {
        basis: 'departure',
        date_from: filters.date_from,
        date_to: filters.date_to,
        tour_ids: f.tour_ids.join(','),
        sources: f.sources.join(','),
      });
      const expected = new Map<string, { bookings: number; sold: number; net: number; outstanding: number }>();
      for (const i of items) {
        const e = expected.get(i.currency) ?? { bookings: 0, sold: 0, net: 0, outstanding: 0 };
        if (i.status < 5) {
          e.bookings += 1;
          e.sold += i.price;
        }
        e.net += i.paid_amount;
        e.outstanding += i.balance;
        expected.set(i.currency, e);
      }
      expect(items.length).toBeGreaterThan(0);
      expect(
        Object.fromEntries(
          report.body.totals.map((x) => [
            x.currency,
            { bookings: x.bookings, sold: x.sold, net: x.paid - x.refunded, outstanding: x.outstanding },
          ]),
        ),
      ).toEqual(Object.fromEntries(expected));
    }
  });
});

describe('tenancy and bad input', () => {
  it('another tenant gets 404 for the organizer and sees none of its figures in its own', async () => {
    for (const kind of ['revenue', 'sales', 'occupancy', 'cancellations', 'ledger']) {
      const res = await call(t, 'GET', `${R}/${kind}?organizer_id=${anna.organizerId}`, boris);
      expect(res.status).toBe(404);
      expect(res.raw).not.toContain('Altai');
    }
    const own = await get<RevenueReport>('revenue', boris, PERIOD);
    expect(own.body.totals).toEqual([
      {
        currency: 'RUB',
        bookings: 1,
        canceled: 0,
        tourists: 4,
        sold: 360000,
        paid: 100000,
        refunded: 10000,
        outstanding: 270000,
      },
    ]);
    const occupancy = await get<OccupancyReport>('occupancy', boris);
    expect(occupancy.body.rows.map((r) => r.tour_date_id)).toEqual([borisTour.dateId]);
    const exported = await call(
      t,
      'GET',
      `${R}/export?organizer_id=${anna.organizerId}&report=revenue&format=csv`,
      boris,
    );
    expect(exported.status).toBe(404);
  });

  it('answers 422 with the field for a period ending before it starts, another organizer’s tour, a bad granularity', async () => {
    const before = await moneySnapshot(t);
    const backwards = await get('revenue', anna, { date_from: '2026-03-01', date_to: '2026-02-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ date_to: ['The end must be later than the start'] });
    const foreign = await get('sales', anna, { tour_ids: `${tourA.tourId},${borisTour.tourId}` });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ 'tour_ids.1': ['Tour not found'] });
    const unknown = await get('occupancy', anna, { tour_ids: '999999' });
    expect(unknown.status).toBe(422);
    const granularity = await get('revenue', anna, { granularity: 'year' });
    expect(granularity.status).toBe(422);
    expect(Object.keys(granularity.body.errors ?? {})).toEqual(['granularity']);
    const tooManyDays = await get('revenue', anna, {
      date_from: '2020-01-01',
      date_to: '2026-01-01',
      granularity: 'day',
    });
    expect(tooManyDays.status).toBe(422);
    for (const bad of [{ sources: 'friends' }, { basis: 'payment' }, { tour_ids: 'abc' }] as Record<string, string>[]) {
      const res = await get('revenue', anna, bad);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})[0]).toMatch(new RegExp(`^${Object.keys(bad)[0]}`));
    }
    const format = await call(t, 'GET', `${R}/export?organizer_id=${anna.organizerId}&report=revenue&format=pdf`, anna);
    expect(format.status).toBe(422);
    expect(await moneySnapshot(t)).toBe(before);
  });
});

/** A CSV file's rows (the BOM dropped; no field of these reports is quoted). */
const csvRows = (raw: string, sep: string) =>
  raw
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(sep));

describe('exports', () => {
  it('CSV and XLSX of each report hold the JSON’s figures', async () => {
    const revenue = (await get<RevenueReport>('revenue', anna, PERIOD)).body;
    const csv = await call(
      t,
      'GET',
      `${R}/export?${new URLSearchParams({ organizer_id: String(anna.organizerId), ...PERIOD, report: 'revenue', format: 'csv' })}`,
      anna,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.headers['content-disposition'])).toContain('report-revenue-2026-01-01_2026-03-31.csv');
    const rows = csvRows(csv.raw, ',');
    expect(rows[0]).toEqual([
      'Period',
      'Currency',
      'Bookings',
      'Canceled',
      'Tourists',
      'Sold',
      'Paid',
      'Refunded',
      'Outstanding',
    ]);
    const fromJson = [
      ...revenue.rows.map((r) => [
        r.period,
        r.currency,
        r.bookings,
        r.canceled,
        r.tourists,
        r.sold,
        r.paid,
        r.refunded,
        r.outstanding,
      ]),
      ...revenue.totals.map((r) => [
        'Total',
        r.currency,
        r.bookings,
        r.canceled,
        r.tourists,
        r.sold,
        r.paid,
        r.refunded,
        r.outstanding,
      ]),
    ];
    expect(rows.slice(1).map((r) => r.map((c, i) => (i < 2 ? c : Number(c))))).toEqual(fromJson);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${R}/export?${new URLSearchParams({ organizer_id: String(anna.organizerId), ...PERIOD, report: 'revenue', format: 'xlsx' })}`,
      headers: { 'x-authorization': `Bearer ${anna.token}`, 'x-language': 'ru' },
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Выручка');
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual([
      'Период',
      'Валюта',
      'Заявки',
      'Отменено',
      'Туристы',
      'Продано',
      'Оплачено',
      'Возвращено',
      'К оплате',
    ]);
    expect(
      values
        .slice(1)
        .map((r) => r.map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : c === 'Итого' ? 'Total' : c))),
    ).toEqual(fromJson);
  });

  it('every report exports in Russian CSV (semicolons, decimal commas) the figures of its table', async () => {
    const sales = (await get<SalesReport>('sales', anna, PERIOD)).body;
    const csv = await call(
      t,
      'GET',
      `${R}/export?${new URLSearchParams({ organizer_id: String(anna.organizerId), ...PERIOD, report: 'sales', format: 'csv' })}`,
      anna,
      undefined,
      { 'x-language': 'ru' },
    );
    const rows = csvRows(csv.raw, ';');
    expect(rows[0]![0]).toBe('Источник');
    expect(rows[2]).toEqual(['Маркетплейс', 'RUB', '1', '3', '30000,00', '25000,00', '3000,00', '0,00']);
    expect(rows.length).toBe(1 + sales.rows.length + sales.totals.length);
    for (const kind of ['occupancy', 'cancellations', 'ledger']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${R}/export?organizer_id=${anna.organizerId}&report=${kind}&format=xlsx`,
        headers: { 'x-authorization': `Bearer ${anna.token}` },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]!.rowCount).toBeGreaterThan(1);
    }
    const occupancy = (await get<OccupancyReport>('occupancy', anna)).body;
    const occCsv = csvRows(
      (await call(t, 'GET', `${R}/export?organizer_id=${anna.organizerId}&report=occupancy&format=csv`, anna)).raw,
      ',',
    );
    expect(occCsv.slice(1).map((r) => r.slice(4).map(Number))).toEqual(
      occupancy.rows.map((r) => [r.capacity, r.sold, r.held, r.free, r.percent_full]),
    );
  });
});
