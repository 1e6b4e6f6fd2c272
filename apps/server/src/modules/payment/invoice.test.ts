import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceListResponse, RequestInvoices } from '@tourdesk/contract';
import { contractTemplates, domainEvents, invoices } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  insertRequest,
  invoiceRow,
  moneySnapshot,
  payOnPage,
  requestRow,
  tenant,
  tourWithDeparture,
  type Who,
} from './payment.fixtures';

let t: TestApp;
let anna: Who;
let boris: Who;
let departure: { tourId: number; dateId: number; dateStart: string };
const P = '/crm/api/invoice';
const post = (path: string, who: Who | null, payload: unknown) => call(t, 'POST', `${P}/${path}`, who, payload);
const get = (path: string, who: Who | null) => call(t, 'GET', `${P}/${path}`, who);
const invoiceCount = async () => (await t.database.db.select({ n: count() }).from(invoices))[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tourdesk.example' });
  anna = await tenant(t, 'anna@invoices.example', 'Altai Trails');
  boris = await tenant(t, 'boris@invoices.example', 'Kamchatka Tours');
  departure = await tourWithDeparture(t, anna, { price: 10000, seats: 500 });
});
afterAll(() => t.close());

/** A request of Anna's: 2 tourists × 10 000.00 RUB = 20 000.00, waiting for its prepayment. */
const newRequest = (opts: Parameters<typeof insertRequest>[3] = {}) => insertRequest(t, anna, departure, opts);
const invoiceBody = (requestId: number, extra: Record<string, unknown> = {}) => ({
  request_id: requestId,
  amount: 6000,
  title: 'Prepayment 30 %',
  message: 'Please pay within three days',
  payment_type: 'prepayment',
  prepayment_percent: 30,
  ...extra,
});

describe('create-payment', () => {
  it('makes an invoice of the request with a 256-bit payment link; amounts in major units', async () => {
    const requestId = await newRequest();
    const res = await post('create-payment', anna, invoiceBody(requestId));
    expect(res.status).toBe(200);
    const token = (await invoiceRow(t, res.body.id as number)).public_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).toEqual({
      id: expect.any(Number),
      request_id: requestId,
      status: 1,
      payment_type: 'prepayment',
      title: 'Prepayment 30 %',
      message: 'Please pay within three days',
      amount: 6000,
      currency: 'RUB',
      contract_id: null,
      prepayment_percent: 30,
      payment_url: `https://tourdesk.example/pay/${token}`,
      payments: [],
      created_at: expect.any(String),
      paid_at: null,
      canceled_at: null,
    });
    expect((await invoiceRow(t, res.body.id as number)).amount_minor).toBe(600_000);
    // issued: a domain event of the same transaction, for reports and webhooks (lib/domain-events.ts)
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'invoice.issued'), eq(domainEvents.aggregate_id, res.body.id as number)));
    expect(events).toMatchObject([
      {
        organizer_id: anna.organizerId,
        actor_type: 'user',
        payload: { request_id: requestId, invoice_id: res.body.id, amount_minor: 600_000, currency: 'RUB' },
      },
    ]);
  });

  it('a prepayment invoice without a percent gets the share of the price it asks', async () => {
    const requestId = await newRequest();
    const res = await post('create-payment', anna, invoiceBody(requestId, { amount: 5000, prepayment_percent: null }));
    expect(res.body.prepayment_percent).toBe(25);
  });

  it('refuses a zero or negative amount, more than is left to pay, a second prepayment, another organizer’s contract — writing nothing', async () => {
    const requestId = await newRequest();
    expect((await post('create-payment', anna, invoiceBody(requestId))).status).toBe(200);
    const [borisContract] = await t.database.db
      .insert(contractTemplates)
      .values({ organizer_id: boris.organizerId, name: 'Boris contract', content: '<p>x</p>' })
      .returning();
    const before = await moneySnapshot(t);
    const cases: [Record<string, unknown>, string, string, Record<string, unknown>?][] = [
      [{ amount: 0, payment_type: 'payment' }, 'amount', 'amount_positive'],
      [{ amount: -5, payment_type: 'payment' }, 'amount', 'amount_positive'],
      // 20 000 − 6 000 asked by the open prepayment invoice = 14 000 left
      [{ amount: 14000.01, payment_type: 'payment' }, 'amount', 'invoice_over_balance', { balance: '14000.00 RUB' }],
      [{ amount: 100 }, 'payment_type', 'invoice_prepayment_exists'],
      [{ amount: 100, payment_type: 'payment', contract_id: borisContract!.id }, 'contract_id', 'incorrect_value'],
      [{ amount: 1.005, payment_type: 'payment' }, 'amount', 'incorrect_value'],
      [{ amount: 100, payment_type: 'deposit' }, 'payment_type', 'incorrect_value'],
      [{ amount: 100, prepayment_percent: 101, payment_type: 'payment' }, 'prepayment_percent', 'max_value'],
    ];
    for (const [extra, field, code, params] of cases) {
      const res = await post('create-payment', anna, invoiceBody(requestId, extra));
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(extra)).toEqual([field]);
      expect(res.body.codes?.[field]?.[0], JSON.stringify(extra)).toEqual(
        params ? { code, params } : expect.objectContaining({ code }),
      );
    }
    expect(await moneySnapshot(t)).toBe(before);
  });

  it('exactly what is left to pay is fine; then nothing is left (request_nothing_to_pay)', async () => {
    const requestId = await newRequest();
    expect(
      (await post('create-payment', anna, invoiceBody(requestId, { amount: 20000, payment_type: 'full' }))).status,
    ).toBe(200);
    const res = await post('create-payment', anna, invoiceBody(requestId, { amount: 1, payment_type: 'payment' }));
    expect(res.status).toBe(422);
    expect(res.body.codes?.amount?.[0]?.code).toBe('request_nothing_to_pay');
  });

  it('refuses a canceled or completed request (invoice_request_closed)', async () => {
    for (const status of [4, 5, 6, 7, 8]) {
      const requestId = await newRequest({ status });
      const res = await post('create-payment', anna, invoiceBody(requestId));
      expect(res.status, String(status)).toBe(422);
      expect(res.body.code).toBe('invoice_request_closed');
    }
  });

  it('another tenant’s request is 404, nothing written; without a token 401', async () => {
    const requestId = await newRequest();
    const before = await invoiceCount();
    const res = await post('create-payment', boris, invoiceBody(requestId));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Request not found', code: 'request_not_found' });
    expect((await post('create-payment', null, invoiceBody(requestId))).status).toBe(401);
    expect(await invoiceCount()).toBe(before);
  });
});

describe('update-invoice and cancel-invoice', () => {
  it('changes a new invoice; its payment link stays', async () => {
    const requestId = await newRequest();
    const made = (await post('create-payment', anna, invoiceBody(requestId))).body as unknown as Invoice;
    const res = await post('update-invoice', anna, {
      ...invoiceBody(requestId, { amount: 8000, title: 'Deposit', prepayment_percent: 40 }),
      id: made.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, amount: 8000, title: 'Deposit', prepayment_percent: 40 });
    expect(res.body.payment_url).toBe(made.payment_url);
    // its own amount does not count against what is left: 20 000 in all
    expect(
      (await post('update-invoice', anna, { ...invoiceBody(requestId, { amount: 20000 }), id: made.id })).status,
    ).toBe(200);
    expect(
      (await post('update-invoice', anna, { ...invoiceBody(requestId, { amount: 20000.01 }), id: made.id })).status,
    ).toBe(422);
  });

  it('a paid or canceled invoice cannot be changed (invoice_not_editable); another tenant 404; bad input 422', async () => {
    const requestId = await newRequest();
    const paid = (await post('create-payment', anna, invoiceBody(requestId))).body as unknown as Invoice;
    await payOnPage(t, paid.payment_url!.split('/pay/')[1]!);
    const other = await newRequest();
    const before = await moneySnapshot(t);
    const res = await post('update-invoice', anna, { ...invoiceBody(requestId), id: paid.id });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('invoice_not_editable');
    expect((await post('cancel-invoice', anna, { id: paid.id })).body.code).toBe('invoice_not_editable');
    expect((await post('update-invoice', boris, { ...invoiceBody(requestId), id: paid.id })).status).toBe(404);
    expect((await post('update-invoice', anna, { ...invoiceBody(requestId), id: paid.id, amount: 'x' })).status).toBe(
      422,
    );
    expect((await post('update-invoice', null, { ...invoiceBody(requestId), id: paid.id })).status).toBe(401);
    // request_id, when sent, must be the invoice's own
    expect((await post('update-invoice', anna, { ...invoiceBody(other), id: paid.id })).status).toBe(404);
    expect(await moneySnapshot(t)).toBe(before);
  });

  it('cancel-invoice withdraws a new invoice: status 3, its page stops taking money', async () => {
    const requestId = await newRequest();
    const made = (await post('create-payment', anna, invoiceBody(requestId))).body as unknown as Invoice;
    expect((await post('cancel-invoice', boris, { id: made.id })).status).toBe(404);
    expect((await post('cancel-invoice', null, { id: made.id })).status).toBe(401);
    const res = await post('cancel-invoice', anna, { id: made.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 3, canceled_at: expect.any(String) });
    const token = made.payment_url!.split('/pay/')[1]!;
    const page = await t.app.inject({ method: 'GET', url: `/pay/${token}?lang=en`, headers: { accept: 'text/html' } });
    expect(page.body).toContain('withdrawn');
    expect(page.body).not.toContain('<form');
    // a new prepayment invoice may be made once the old one is canceled
    expect((await post('create-payment', anna, invoiceBody(requestId))).status).toBe(200);
  });
});

describe('calculate-prepayment', () => {
  it('answers the prepayment of a price for a number of tourists, in the request’s currency', async () => {
    const requestId = await newRequest();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      // 30 % of 3 × 1 000.05 = 900.045 → 900.05
      [
        { tourists_count: 3, price: 1000.05, prepayment_type: 'percent', prepayment_size: 30 },
        { prepayment: 900.05, total: 3000.15, prepayment_percent: 30 },
      ],
      // 2 500 per tourist × 4 of 10 000 = 10 000 of 40 000
      [
        { tourists_count: 4, price: 10000, prepayment_type: 'currency', prepayment_size: 2500 },
        { prepayment: 10000, total: 40000, prepayment_percent: 25 },
      ],
      [
        { tourists_count: 1, price: 0, prepayment_type: 'percent', prepayment_size: 50 },
        { prepayment: 0, total: 0, prepayment_percent: null },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await post('calculate-prepayment', anna, { request_id: requestId, ...body });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...expected, currency: 'RUB' });
    }
  });

  it('a prepayment over 100 % or over the price of a place is max_value; another tenant 404', async () => {
    const requestId = await newRequest();
    const base = { request_id: requestId, tourists_count: 2, price: 100 };
    const over = await post('calculate-prepayment', anna, {
      ...base,
      prepayment_type: 'percent',
      prepayment_size: 100.5,
    });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ prepayment_size: ['Maximum 100'] });
    const fixed = await post('calculate-prepayment', anna, {
      ...base,
      prepayment_type: 'currency',
      prepayment_size: 150,
    });
    expect(fixed.body.codes).toEqual({ prepayment_size: [{ code: 'max_value', params: { max: 100 } }] });
    const zero = await post('calculate-prepayment', anna, {
      ...base,
      tourists_count: 0,
      prepayment_type: 'percent',
      prepayment_size: 1,
    });
    expect(Object.keys(zero.body.errors ?? {})).toEqual(['tourists_count']);
    expect(
      (await post('calculate-prepayment', boris, { ...base, prepayment_type: 'percent', prepayment_size: 30 })).status,
    ).toBe(404);
    expect(
      (await post('calculate-prepayment', null, { ...base, prepayment_type: 'percent', prepayment_size: 30 })).status,
    ).toBe(401);
  });
});

describe('by-request (the request page’s invoices)', () => {
  it('the live prepayment invoice apart, every other invoice in order, each with its payments', async () => {
    const requestId = await newRequest();
    const first = (await post('create-payment', anna, invoiceBody(requestId))).body as unknown as Invoice;
    await post('cancel-invoice', anna, { id: first.id });
    const prepayment = (await post('create-payment', anna, invoiceBody(requestId))).body as unknown as Invoice;
    const extra = (
      await post('create-payment', anna, invoiceBody(requestId, { amount: 1000, payment_type: 'payment' }))
    ).body as unknown as Invoice;
    await payOnPage(t, prepayment.payment_url!.split('/pay/')[1]!);
    const res = await get(`by-request?request_id=${requestId}`, anna);
    expect(res.status).toBe(200);
    const body = res.body as unknown as RequestInvoices;
    expect(body.prepayment_invoice).toMatchObject({ id: prepayment.id, status: 2 });
    expect(body.prepayment_invoice!.payments).toEqual([
      expect.objectContaining({ status: 'succeeded', amount: 6000, method: 'card', provider: 'sandbox' }),
    ]);
    expect(body.additional_invoices.map((i) => [i.id, i.status])).toEqual([
      [first.id, 3],
      [extra.id, 1],
    ]);
    expect((await get(`by-request?request_id=${requestId}`, boris)).status).toBe(404);
    expect((await get(`by-request?request_id=${requestId}`, null)).status).toBe(401);
  });
});

describe('refund', () => {
  it('partial refunds lower what the request has paid, never past what was paid (refund_over_paid)', async () => {
    const requestId = await newRequest();
    const inv = (await post('create-payment', anna, invoiceBody(requestId))).body as unknown as Invoice;
    await payOnPage(t, inv.payment_url!.split('/pay/')[1]!);
    const paymentId = ((await get(`by-request?request_id=${requestId}`, anna)).body as unknown as RequestInvoices)
      .prepayment_invoice!.payments[0]!.id;
    expect((await requestRow(t, requestId)).paid_minor).toBe(600_000);

    const first = await post('refund', anna, { payment_id: paymentId, amount: 1000.5 });
    expect(first.status).toBe(200);
    expect((first.body as unknown as Invoice).payments[0]).toMatchObject({
      status: 'succeeded',
      refunded_amount: 1000.5,
    });
    expect((await requestRow(t, requestId)).paid_minor).toBe(499_950);

    const before = await moneySnapshot(t);
    const over = await post('refund', anna, { payment_id: paymentId, amount: 4999.51 });
    expect(over.status).toBe(422);
    expect(over.body.codes).toEqual({ amount: [{ code: 'refund_over_paid', params: { amount: '4999.50 RUB' } }] });
    expect((await post('refund', anna, { payment_id: paymentId, amount: 0 })).body.codes?.amount?.[0]?.code).toBe(
      'amount_positive',
    );
    expect((await post('refund', boris, { payment_id: paymentId, amount: 1 })).status).toBe(404);
    expect((await post('refund', null, { payment_id: paymentId, amount: 1 })).status).toBe(401);
    expect(await moneySnapshot(t)).toBe(before);

    const rest = await post('refund', anna, { payment_id: paymentId, amount: 4999.5 });
    expect((rest.body as unknown as Invoice).payments[0]).toMatchObject({ status: 'refunded', refunded_amount: 6000 });
    expect((await requestRow(t, requestId)).paid_minor).toBe(0);
    // the invoice stays paid; the request stays where the prepayment took it
    expect((rest.body as unknown as Invoice).status).toBe(2);
    expect((await requestRow(t, requestId)).status).toBe(3);
    const again = await post('refund', anna, { payment_id: paymentId, amount: 1 });
    expect(again.body.codes?.payment_id?.[0]?.code).toBe('payment_not_refundable');
  });
});

describe('list and export-csv (the payments screen)', () => {
  let carla: Who;
  beforeAll(async () => {
    carla = await tenant(t, 'carla@invoices.example', 'Baikal Ways');
    const rub = await tourWithDeparture(t, carla, { name: 'Baikal ice', price: 10000 });
    const eur = await tourWithDeparture(t, carla, { name: '=Olkhon "island"', currency: 'EUR', price: 500 });
    const r1 = await insertRequest(t, carla, rub, { tourists: 2, unitPriceMinor: 1_000_000 });
    const r2 = await insertRequest(t, carla, eur, { tourists: 1, unitPriceMinor: 50_000, currency: 'EUR' });
    const mk = async (requestId: number, amount: number, type = 'payment') =>
      (await post('create-payment', carla, { request_id: requestId, amount, payment_type: type, title: 'Счёт' }))
        .body as unknown as Invoice;
    const a = await mk(r1, 6000, 'prepayment');
    await payOnPage(t, a.payment_url!.split('/pay/')[1]!, { method: 'sbp' });
    const b = await mk(r1, 4000);
    await payOnPage(t, b.payment_url!.split('/pay/')[1]!, { outcome: 'fail' });
    const c = await mk(r2, 200);
    await payOnPage(t, c.payment_url!.split('/pay/')[1]!);
    const d = await mk(r2, 100);
    await post('cancel-invoice', carla, { id: d.id });
    const refundId = ((await get(`by-request?request_id=${r2}`, carla)).body as unknown as RequestInvoices)
      .additional_invoices[0]!.payments[0]!.id;
    await post('refund', carla, { payment_id: refundId, amount: 50 });
  });

  it('lists every invoice, newest first, with its request, tour and payments; totals per currency of all pages', async () => {
    const res = await get(`list?organizer_id=${carla.organizerId}&limit=2`, carla);
    expect(res.status).toBe(200);
    const body = res.body as unknown as InvoiceListResponse;
    expect(body.total).toBe(4);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({ amount: 100, currency: 'EUR', status: 3, customer_name: 'Ivan Petrov' });
    expect(body.items[1]).toMatchObject({ amount: 200, status: 2, paid_amount: 200, refunded_amount: 50 });
    expect(body.items[1]!.tour).toEqual({ id: expect.any(Number), name: '=Olkhon "island"' });
    expect(body.totals).toEqual([
      { currency: 'EUR', invoiced: 200, paid: 200, refunded: 50 },
      { currency: 'RUB', invoiced: 10000, paid: 6000, refunded: 0 },
    ]);
  });

  it('filters by method, status, tour and period; another tenant 404; bad filters 422', async () => {
    const q = (s: string) => get(`list?organizer_id=${carla.organizerId}&${s}`, carla);
    const items = async (s: string) => ((await q(s)).body as unknown as InvoiceListResponse).items.map((i) => i.amount);
    expect(await items('method=sbp')).toEqual([6000]);
    expect(await items('method=card')).toEqual([200, 4000]);
    expect(await items('status=1')).toEqual([4000]);
    const eurTour = ((await q('status=3')).body as unknown as InvoiceListResponse).items[0]!.tour!.id;
    expect(await items(`tour_id=${eurTour}`)).toEqual([100, 200]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await items(`date_from=${today}&date_to=${today}`)).toHaveLength(4);
    expect(await items('date_from=2000-01-01&date_to=2000-01-31')).toEqual([]);
    const bad = await q('date_from=2020-02-01&date_to=2020-01-01');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['date_to']);
    // another organizer's tour is no tour of hers
    expect((await q(`tour_id=${departure.tourId}`)).status).toBe(404);
    expect((await q('method=cash')).status).toBe(422);
    expect((await q('status=9')).status).toBe(422);
    expect((await get(`list?organizer_id=${carla.organizerId}`, boris)).status).toBe(404);
    expect((await get(`list?organizer_id=${carla.organizerId}`, null)).status).toBe(401);
    // Boris's own list shows none of Carla's
    expect(
      ((await get(`list?organizer_id=${boris.organizerId}`, boris)).body as unknown as InvoiceListResponse).total,
    ).toBe(0);
  });

  it('export-csv: UTF-8 with BOM, headers in the caller’s language, cells quoted, formulas defused', async () => {
    const en = await t.app.inject({
      method: 'GET',
      url: `${P}/export-csv?organizer_id=${carla.organizerId}`,
      headers: { 'x-authorization': `Bearer ${carla.token}`, 'x-language': 'en' },
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(en.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d+\.csv"; filename\*=UTF-8''payments-\d+\.csv$/,
    );
    const bytes = en.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = en.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Invoice,Created,Request,Customer,Tour,Departure,Type,Title,Status,Amount,Paid,Refunded,Currency,Methods,Paid at,Payment page',
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.includes('EUR') && l.includes(',Paid,'))).toContain(`,"'=Olkhon ""island""",`);
    expect(lines.find((l) => l.includes('EUR') && l.includes(',Paid,'))).toContain(',200.00,200.00,50.00,EUR,Card,');

    const ru = await t.app.inject({
      method: 'GET',
      url: `${P}/export-csv?organizer_id=${carla.organizerId}&method=sbp`,
      headers: { 'x-authorization': `Bearer ${carla.token}`, 'x-language': 'ru' },
    });
    const ruLines = ru.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(ruLines[0]!.startsWith('Счёт;Создан;Заявка;Клиент;Тур')).toBe(true);
    expect(ruLines).toHaveLength(2);
    expect(ruLines[1]).toContain(';Предоплата;Счёт;Оплачен;6000,00;6000,00;0,00;RUB;СБП;');

    expect((await get(`export-csv?organizer_id=${carla.organizerId}`, boris)).status).toBe(404);
    expect((await get(`export-csv?organizer_id=${carla.organizerId}`, null)).status).toBe(401);
  });
});

describe('poll-payment', () => {
  it('answers the invoice of a payment; another tenant 404', async () => {
    const requestId = await newRequest();
    const inv = (await post('create-payment', anna, invoiceBody(requestId))).body as unknown as Invoice;
    await payOnPage(t, inv.payment_url!.split('/pay/')[1]!);
    const paymentId = ((await get(`by-request?request_id=${requestId}`, anna)).body as unknown as RequestInvoices)
      .prepayment_invoice!.payments[0]!.id;
    const res = await post('poll-payment', anna, { payment_id: paymentId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: inv.id, status: 2 });
    expect((await post('poll-payment', boris, { payment_id: paymentId })).status).toBe(404);
    expect((await post('poll-payment', null, { payment_id: paymentId })).status).toBe(401);
  });
});
