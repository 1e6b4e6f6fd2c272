import http from 'node:http';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Invoice } from '@tourdesk/contract';
import { requests } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  formOf,
  insertRequest,
  invoiceRow,
  moneySnapshot,
  paymentRows,
  requestRow,
  tenant,
  tourWithDeparture,
  type Who,
} from './payment.fixtures';

/**
 * A local HTTP server that plays YooKassa's API v3 (real HTTP, as the provider sees it): Basic
 * auth, Idempotence-Key on POST (the same key answers the same object), payments that the test
 * moves on (`settle`), refunds. Every request is recorded.
 */
const SHOP = '123456';
const SECRET = 'test_secret_key';
interface MockPayment {
  id: string;
  status: string;
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation?: { type: string; confirmation_url: string; return_url?: string };
  metadata: Record<string, string>;
  payment_method_data?: unknown;
  capture: boolean;
  recipient: { account_id: string; gateway_id: string };
}
const mock = {
  payments: new Map<string, MockPayment>(),
  refunds: new Map<
    string,
    { id: string; payment_id: string; status: string; amount: { value: string; currency: string } }
  >(),
  keys: new Map<string, unknown>(),
  log: [] as { method: string; url: string; auth: string; key: string | undefined; body: unknown }[],
  down: false,
};
let server: http.Server;
let apiUrl = '';

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  const key = req.headers['idempotence-key'] as string | undefined;
  mock.log.push({ method: req.method!, url: req.url!, auth: String(req.headers.authorization), key, body });
  if (mock.down) return send(res, 500, { type: 'error', description: 'internal' });
  if (req.headers.authorization !== `Basic ${Buffer.from(`${SHOP}:${SECRET}`).toString('base64')}`)
    return send(res, 401, { type: 'error', code: 'invalid_credentials' });
  if (req.method === 'POST' && !key) return send(res, 400, { type: 'error', description: 'Idempotence-Key required' });
  if (req.method === 'POST' && mock.keys.has(`${req.url}|${key}`))
    return send(res, 200, mock.keys.get(`${req.url}|${key}`));
  const remember = (v: unknown) => {
    mock.keys.set(`${req.url}|${key}`, v);
    return send(res, 200, v);
  };
  let m: RegExpExecArray | null;
  if (req.method === 'POST' && req.url === '/v3/payments') {
    const id = `2e${crypto.randomBytes(6).toString('hex')}-000f-5000-9000-1b68e7b15f3f`;
    const p: MockPayment = {
      id,
      status: 'pending',
      paid: false,
      amount: body!.amount as MockPayment['amount'],
      confirmation: {
        type: 'redirect',
        confirmation_url: `https://yoomoney.example/checkout/payments/v2/contract?orderId=${id}`,
        return_url: (body!.confirmation as { return_url: string }).return_url,
      },
      metadata: body!.metadata as Record<string, string>,
      payment_method_data: body!.payment_method_data,
      capture: body!.capture as boolean,
      recipient: { account_id: SHOP, gateway_id: '100700' },
    };
    mock.payments.set(id, p);
    return remember(p);
  }
  if (req.method === 'GET' && (m = /^\/v3\/payments\/([\w-]+)$/.exec(req.url!))) {
    const p = mock.payments.get(m[1]!);
    return p ? send(res, 200, p) : send(res, 404, { type: 'error', code: 'not_found' });
  }
  if (req.method === 'POST' && (m = /^\/v3\/payments\/([\w-]+)\/capture$/.exec(req.url!))) {
    const p = mock.payments.get(m[1]!)!;
    if (p.status === 'waiting_for_capture') Object.assign(p, { status: 'succeeded', paid: true });
    return remember(p);
  }
  if (req.method === 'POST' && (m = /^\/v3\/payments\/([\w-]+)\/cancel$/.exec(req.url!))) {
    const p = mock.payments.get(m[1]!)!;
    if (p.status === 'pending' || p.status === 'waiting_for_capture')
      Object.assign(p, { status: 'canceled', paid: false });
    return remember(p);
  }
  if (req.method === 'POST' && req.url === '/v3/refunds') {
    const id = `2f${crypto.randomBytes(6).toString('hex')}-0015-5000-8000-1c7f8b8ba2d7`;
    const r = {
      id,
      payment_id: body!.payment_id as string,
      status: 'pending',
      amount: body!.amount as MockPayment['amount'],
    };
    mock.refunds.set(id, r);
    return remember(r);
  }
  if (req.method === 'GET' && (m = /^\/v3\/refunds\/([\w-]+)$/.exec(req.url!))) {
    const r = mock.refunds.get(m[1]!);
    return r ? send(res, 200, r) : send(res, 404, { type: 'error', code: 'not_found' });
  }
  send(res, 404, { type: 'error' });
};
/** YooKassa's side moves a payment on (the payer paid on its page, or gave up). */
const settle = (id: string, status: 'succeeded' | 'canceled' | 'waiting_for_capture') =>
  Object.assign(mock.payments.get(id)!, { status, paid: status !== 'canceled' });

let t: TestApp;
let anna: Who;
let departure: { tourId: number; dateId: number; dateStart: string };

beforeAll(async () => {
  server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  t = await createTestApp({
    PUBLIC_URL: 'https://tourdesk.example',
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: SHOP,
    YOOKASSA_SECRET_KEY: SECRET,
    YOOKASSA_API_URL: apiUrl,
  });
  anna = await tenant(t, 'anna@yookassa.example', 'Altai Trails');
  departure = await tourWithDeparture(t, anna, { price: 10000, seats: 100 });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mock.down = false;
  mock.log = [];
});

const newInvoice = async (amount = 6000): Promise<Invoice & { token: string; requestId: number }> => {
  const requestId = await insertRequest(t, anna, departure);
  const res = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
    request_id: requestId,
    amount,
    payment_type: 'prepayment',
  });
  const inv = res.body as unknown as Invoice;
  return { ...inv, token: inv.payment_url!.split('/pay/')[1]!, requestId };
};
/** The payer presses Pay on the invoice's page: answers where the browser goes. */
const pressPay = async (token: string, method: 'card' | 'sbp' = 'card') => {
  const html = (await t.app.inject({ method: 'GET', url: `/pay/${token}`, headers: { accept: 'text/html' } })).body;
  const res = await t.app.inject({
    method: 'POST',
    url: `/pay/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: formOf(html, { method }),
  });
  return { status: res.statusCode, location: String(res.headers.location ?? ''), body: res.body, html };
};
/** The page's HTML only (a tab opened), and its form posted: two steps, so several tabs can race. */
const pressPageOnly = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/pay/${token}`, headers: { accept: 'text/html' } })).body;
const postForm = (token: string, form: string) =>
  t.app.inject({
    method: 'POST',
    url: `/pay/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: form,
  });
const notify = (event: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/crm/api/payment/yookassa/notification',
    payload: {
      type: 'notification',
      event,
      object: { id, status: 'succeeded', paid: true, amount: { value: '999999.00' } },
    },
  });

describe('YooKassa', () => {
  it('Pay creates the payment with Basic auth and an Idempotence-Key and sends the payer to YooKassa’s page', async () => {
    const inv = await newInvoice();
    const html = (
      await t.app.inject({ method: 'GET', url: `/pay/${inv.token}?lang=en`, headers: { accept: 'text/html' } })
    ).body;
    expect(html).not.toContain('value="fail"'); // no sandbox buttons with a real provider
    const res = await pressPay(inv.token, 'sbp');
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^https:\/\/yoomoney\.example\/checkout\//);
    const create = mock.log.find((l) => l.method === 'POST' && l.url === '/v3/payments')!;
    expect(create.key).toMatch(/^pay-\d+-[\w-]+$/);
    const [row] = await paymentRows(t, inv.id);
    expect(create.body).toEqual({
      amount: { value: '6000.00', currency: 'RUB' },
      capture: true,
      payment_method_data: { type: 'sbp' },
      confirmation: {
        type: 'redirect',
        return_url: `https://tourdesk.example/pay/${inv.token}/return?payment=${row!.id}&lang=en`,
      },
      description: `Altai ridge #${inv.requestId}`,
      metadata: { payment_id: String(row!.id), invoice_id: String(inv.id), request_id: String(inv.requestId) },
    });
    expect(row).toMatchObject({
      provider: 'yookassa',
      status: 'pending',
      method: 'sbp',
      confirmation_url: res.location,
    });
  });

  it('a retried create (same attempt) is the same payment at YooKassa and one row here', async () => {
    const inv = await newInvoice(1000);
    const html = (await t.app.inject({ method: 'GET', url: `/pay/${inv.token}`, headers: { accept: 'text/html' } }))
      .body;
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/pay/${inv.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formOf(html),
      });
    const a = await post();
    const b = await post();
    expect(a.headers.location).toBe(b.headers.location);
    expect(await paymentRows(t, inv.id)).toHaveLength(1);
    const keys = mock.log.filter((l) => l.url === '/v3/payments').map((l) => l.key);
    expect(new Set(keys).size).toBe(1);
  });

  it('payment.succeeded is read back from the API before anything changes; then applied once', async () => {
    const inv = await newInvoice();
    await pressPay(inv.token);
    const [row] = await paymentRows(t, inv.id);
    const id = row!.provider_payment_id!;

    // a forged notification: YooKassa says the payment is still pending → nothing changes
    const before = await moneySnapshot(t);
    const forged = await notify('payment.succeeded', id);
    expect(forged.statusCode).toBe(200);
    expect(mock.log.some((l) => l.method === 'GET' && l.url === `/v3/payments/${id}`)).toBe(true);
    expect(await moneySnapshot(t)).toBe(before);

    settle(id, 'succeeded');
    expect((await notify('payment.succeeded', id)).json()).toEqual({ success: true });
    expect((await invoiceRow(t, inv.id)).status).toBe(2);
    // the amount is YooKassa's (6 000.00), not the notification's 999 999.00
    expect(await requestRow(t, inv.requestId)).toMatchObject({ status: 3, paid_minor: 600_000 });

    // replayed, and an out-of-order canceled: nothing more
    const after = await moneySnapshot(t);
    await notify('payment.succeeded', id);
    await notify('payment.canceled', id);
    expect(await moneySnapshot(t)).toBe(after);
  });

  it('payment.canceled marks the attempt failed; an unknown payment is ignored with 200', async () => {
    const inv = await newInvoice();
    await pressPay(inv.token);
    const [row] = await paymentRows(t, inv.id);
    settle(row!.provider_payment_id!, 'canceled');
    expect((await notify('payment.canceled', row!.provider_payment_id!)).statusCode).toBe(200);
    expect((await paymentRows(t, inv.id))[0]!.status).toBe('failed');
    expect((await invoiceRow(t, inv.id)).status).toBe(1);
    const before = await moneySnapshot(t);
    expect((await notify('payment.succeeded', 'no-such-payment')).statusCode).toBe(200);
    expect(await moneySnapshot(t)).toBe(before);
  });

  it('an authorised payment (waiting_for_capture) is captured, then applied', async () => {
    const inv = await newInvoice();
    await pressPay(inv.token);
    const [row] = await paymentRows(t, inv.id);
    settle(row!.provider_payment_id!, 'waiting_for_capture');
    await notify('payment.waiting_for_capture', row!.provider_payment_id!);
    const capture = mock.log.find((l) => l.url === `/v3/payments/${row!.provider_payment_id}/capture`)!;
    expect(capture.key).toBe(`capture-${row!.idempotency_key}`);
    expect((await paymentRows(t, inv.id))[0]!.status).toBe('succeeded');
  });

  it('when the API does not answer the notification is refused with 503 (YooKassa sends it again) and nothing changes', async () => {
    const inv = await newInvoice();
    await pressPay(inv.token);
    const [row] = await paymentRows(t, inv.id);
    settle(row!.provider_payment_id!, 'succeeded');
    mock.down = true;
    const before = await moneySnapshot(t);
    const res = await notify('payment.succeeded', row!.provider_payment_id!);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'payment_provider_unavailable' });
    expect(await moneySnapshot(t)).toBe(before);
    mock.down = false;
    expect((await notify('payment.succeeded', row!.provider_payment_id!)).statusCode).toBe(200);
    expect((await invoiceRow(t, inv.id)).status).toBe(2);
  });

  it('a late notification: the payer’s return polls the payment and lands on /org/success', async () => {
    const inv = await newInvoice();
    await pressPay(inv.token);
    const [row] = await paymentRows(t, inv.id);
    settle(row!.provider_payment_id!, 'succeeded');
    const back = await t.app.inject({ method: 'GET', url: `/pay/${inv.token}/return?payment=${row!.id}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/org/success?invoice=${inv.token}`);
    expect((await invoiceRow(t, inv.id)).status).toBe(2);
    // the notification that comes after changes nothing
    const after = await moneySnapshot(t);
    await notify('payment.succeeded', row!.provider_payment_id!);
    expect(await moneySnapshot(t)).toBe(after);
  });

  it('a payer who gave up returns to /org/fail', async () => {
    const inv = await newInvoice();
    await pressPay(inv.token);
    const [row] = await paymentRows(t, inv.id);
    settle(row!.provider_payment_id!, 'canceled');
    const back = await t.app.inject({ method: 'GET', url: `/pay/${inv.token}/return` });
    expect(back.headers.location).toBe(`/org/fail?invoice=${inv.token}`);
  });

  it('a refund goes to /v3/refunds with a key; refund.succeeded is verified, applied once, and lowers what was paid', async () => {
    const inv = await newInvoice();
    await pressPay(inv.token);
    const [row] = await paymentRows(t, inv.id);
    settle(row!.provider_payment_id!, 'succeeded');
    await notify('payment.succeeded', row!.provider_payment_id!);
    const res = await call(t, 'POST', '/crm/api/invoice/refund', anna, { payment_id: row!.id, amount: 1500 });
    expect(res.status).toBe(200);
    const refundCall = mock.log.find((l) => l.url === '/v3/refunds')!;
    expect(refundCall.body).toEqual({
      payment_id: row!.provider_payment_id,
      amount: { value: '1500.00', currency: 'RUB' },
    });
    expect(refundCall.key).toBe(`refund-${row!.id}-0-150000`);
    // YooKassa answered pending: nothing yet
    expect((await requestRow(t, inv.requestId)).paid_minor).toBe(600_000);
    const refundId = [...mock.refunds.values()].find((r) => r.payment_id === row!.provider_payment_id)!.id;
    const forged = await notify('refund.succeeded', refundId);
    expect(forged.statusCode).toBe(200);
    expect((await requestRow(t, inv.requestId)).paid_minor).toBe(600_000);
    mock.refunds.get(refundId)!.status = 'succeeded';
    await notify('refund.succeeded', refundId);
    await notify('refund.succeeded', refundId);
    expect((await requestRow(t, inv.requestId)).paid_minor).toBe(450_000);
    expect((await paymentRows(t, inv.id))[0]).toMatchObject({ refunded_minor: 150_000, status: 'succeeded' });
  });

  it('the provider down on refund is a 503 with nothing changed', async () => {
    const inv = await newInvoice();
    await pressPay(inv.token);
    const [row] = await paymentRows(t, inv.id);
    settle(row!.provider_payment_id!, 'succeeded');
    await notify('payment.succeeded', row!.provider_payment_id!);
    mock.down = true;
    const before = await moneySnapshot(t);
    const res = await call(t, 'POST', '/crm/api/invoice/refund', anna, { payment_id: row!.id, amount: 100 });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('payment_provider_unavailable');
    expect(await moneySnapshot(t)).toBe(before);
  });

  it('Pay while YooKassa is down shows the page again with the error (503), the attempt pending', async () => {
    const inv = await newInvoice();
    mock.down = true;
    const res = await pressPay(inv.token);
    expect(res.status).toBe(503);
    expect(res.body).toContain('did not answer');
    expect(res.body).toContain('<form');
  });

  it('the notification body is checked: not a notification → 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/payment/yookassa/notification',
      payload: { type: 'other', event: 'payment.succeeded', object: { id: 'x' } },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('YooKassa: what is paid is checked before it is credited (issue 23)', () => {
  const paymentOf = async (invoiceId: number) => (await paymentRows(t, invoiceId)).at(-1)!;
  const screenPayment = async (invoiceId: number) => {
    const list = await call(t, 'GET', `/crm/api/invoice/list?organizer_id=${anna.organizerId}&limit=100`, anna);
    const item = (list.body.items as Invoice[]).find((i) => i.id === invoiceId)!;
    return item.payments.at(-1)!;
  };

  it('two tabs both paid at YooKassa: one payment credited, the other refunded in full and never counted (1)', async () => {
    const inv = await newInvoice(6000);
    const pages = await Promise.all([0, 1].map(() => pressPageOnly(inv.token)));
    await Promise.all(pages.map((html) => postForm(inv.token, formOf(html))));
    const rows = await paymentRows(t, inv.id);
    expect(rows).toHaveLength(2);
    for (const r of rows) settle(r.provider_payment_id!, 'succeeded');
    await Promise.all(rows.map((r) => notify('payment.succeeded', r.provider_payment_id!)));
    const after = await paymentRows(t, inv.id);
    expect(after.map((r) => r.status).sort()).toEqual(['returned', 'succeeded']);
    expect(await requestRow(t, inv.requestId)).toMatchObject({ paid_minor: 600_000, status: 3 });
    const returned = after.find((r) => r.status === 'returned')!;
    expect(returned.problem).toBe('duplicate');
    const giveBack = mock.log.find((l) => l.url === '/v3/refunds' && l.key === `return-${returned.id}`)!;
    expect(giveBack.body).toEqual({
      payment_id: returned.provider_payment_id,
      amount: { value: '6000.00', currency: 'RUB' },
    });
    // YooKassa answered the refund pending: its succeeded notification changes nothing that was credited
    const refundId = [...mock.refunds.values()].find((r) => r.payment_id === returned.provider_payment_id)!.id;
    mock.refunds.get(refundId)!.status = 'succeeded';
    await notify('refund.succeeded', refundId);
    expect((await requestRow(t, inv.requestId)).paid_minor).toBe(600_000);
    expect((await paymentRows(t, inv.id)).find((r) => r.id === returned.id)).toMatchObject({
      status: 'returned',
      refunded_minor: 600_000,
    });
  });

  it('two-stage: an authorised payment of a withdrawn invoice is canceled, never captured (3)', async () => {
    const two = await createTestApp(
      {
        PUBLIC_URL: 'https://tourdesk.example',
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: SHOP,
        YOOKASSA_SECRET_KEY: SECRET,
        YOOKASSA_API_URL: apiUrl,
        PAYMENT_TWO_STAGE: 'true',
      },
      undefined,
      { database: t.database },
    );
    try {
      for (const close of ['withdraw', 'cancel-booking'] as const) {
        const inv = await newInvoice(6000);
        const html = (
          await two.app.inject({ method: 'GET', url: `/pay/${inv.token}`, headers: { accept: 'text/html' } })
        ).body;
        await two.app.inject({
          method: 'POST',
          url: `/pay/${inv.token}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: formOf(html),
        });
        const row = await paymentOf(inv.id);
        expect(mock.log.find((l) => l.url === '/v3/payments' && l.key === row.idempotency_key)!.body).toMatchObject({
          capture: false,
        });
        settle(row.provider_payment_id!, 'waiting_for_capture');
        if (close === 'withdraw')
          expect((await call(t, 'POST', '/crm/api/invoice/cancel-invoice', anna, { id: inv.id })).status).toBe(200);
        else await t.database.db.update(requests).set({ status: 6 }).where(eq(requests.id, inv.requestId));
        mock.log = [];
        await two.app.inject({
          method: 'POST',
          url: '/crm/api/payment/yookassa/notification',
          payload: {
            type: 'notification',
            event: 'payment.waiting_for_capture',
            object: { id: row.provider_payment_id },
          },
        });
        const id = row.provider_payment_id!;
        expect(mock.log.some((l) => l.url === `/v3/payments/${id}/capture`)).toBe(false);
        expect(mock.log.find((l) => l.url === `/v3/payments/${id}/cancel`)!.key).toBe(`cancel-${row.idempotency_key}`);
        expect(mock.payments.get(id)!.status).toBe('canceled');
        expect(await paymentOf(inv.id)).toMatchObject({
          status: 'failed',
          problem: close === 'withdraw' ? 'invoice_canceled' : 'request_closed',
        });
        expect((await requestRow(t, inv.requestId)).paid_minor).toBe(0);
        expect((await invoiceRow(t, inv.id)).status).toBe(close === 'withdraw' ? 3 : 1);
      }
    } finally {
      await two.close();
    }
  });

  it('another amount, currency or shop than the invoice’s is not credited: the payment needs attention (4)', async () => {
    const cases = [
      { change: { amount: { value: '5999.00', currency: 'RUB' } }, problem: 'amount_mismatch' },
      { change: { amount: { value: '6000.00', currency: 'EUR' } }, problem: 'currency_mismatch' },
      { change: { recipient: { account_id: '999999', gateway_id: '1' } }, problem: 'recipient_mismatch' },
    ] as const;
    for (const c of cases) {
      const inv = await newInvoice(6000);
      await pressPay(inv.token);
      const row = await paymentOf(inv.id);
      Object.assign(settle(row.provider_payment_id!, 'succeeded'), c.change);
      const before = await requestRow(t, inv.requestId);
      expect((await notify('payment.succeeded', row.provider_payment_id!)).statusCode).toBe(200);
      expect(await paymentOf(inv.id)).toMatchObject({ status: 'attention', problem: c.problem, refunded_minor: 0 });
      expect(await invoiceRow(t, inv.id)).toMatchObject({ status: 1, paid_at: null });
      expect(await requestRow(t, inv.requestId)).toMatchObject({ paid_minor: before.paid_minor, status: 2 });
      // the organizer's payments screen shows it as needing attention, with why
      expect(await screenPayment(inv.id)).toMatchObject({ status: 'attention', problem: c.problem });
      // nothing given back on our own: the provider decides
      expect(mock.log.some((l) => l.url === '/v3/refunds')).toBe(false);
    }
  });

  it('refunds still pending at YooKassa count against what can be refunded; a canceled one frees its amount (5)', async () => {
    const inv = await newInvoice(300);
    await pressPay(inv.token);
    const row = await paymentOf(inv.id);
    settle(row.provider_payment_id!, 'succeeded');
    await notify('payment.succeeded', row.provider_payment_id!);
    const refund = (amount: number) => call(t, 'POST', '/crm/api/invoice/refund', anna, { payment_id: row.id, amount });
    expect((await refund(200)).status).toBe(200); // pending at YooKassa
    const over = await refund(150);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ amount: ['At most 100.00 RUB can be refunded'] });
    expect((await refund(100)).status).toBe(200);
    expect((await refund(0.01)).body.errors).toEqual({ amount: ['At most 0.00 RUB can be refunded'] });
    expect(mock.log.filter((l) => l.url === '/v3/refunds').map((l) => l.key)).toEqual([
      `refund-${row.id}-0-20000`,
      `refund-${row.id}-1-10000`,
    ]);
    // YooKassa cancels the 200: it may be asked again; the 100 goes through and is taken off once
    const [first, second] = [...mock.refunds.values()].filter((r) => r.payment_id === row.provider_payment_id);
    first!.status = 'canceled';
    await notify('refund.canceled', first!.id);
    second!.status = 'succeeded';
    await notify('refund.succeeded', second!.id);
    expect((await requestRow(t, inv.requestId)).paid_minor).toBe(20_000);
    expect((await refund(200.01)).body.errors).toEqual({ amount: ['At most 200.00 RUB can be refunded'] });
    expect((await refund(200)).status).toBe(200);
  });

  it('two refunds asked at the same moment never pass the check together', async () => {
    const inv = await newInvoice(300);
    await pressPay(inv.token);
    const row = await paymentOf(inv.id);
    settle(row.provider_payment_id!, 'succeeded');
    await notify('payment.succeeded', row.provider_payment_id!);
    // any two of them exceed the 300 paid, whichever comes first: exactly one may pass
    const answers = await Promise.all(
      [200, 160, 170].map((amount) => call(t, 'POST', '/crm/api/invoice/refund', anna, { payment_id: row.id, amount })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(2);
    expect(mock.log.filter((l) => l.url === '/v3/refunds')).toHaveLength(1);
  });
});
