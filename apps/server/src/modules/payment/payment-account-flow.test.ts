/**
 * An organizer's invoices paid into its own YooKassa account (issue 27): a local HTTP server plays
 * YooKassa for several shops (each payment belongs to the shop whose Basic auth created it, and is
 * read only with that shop's key); the platform's provider is the sandbox. Pay goes to the
 * organizer's shop with its key; a notification is read back with the key of the shop it names;
 * a replay changes nothing; an unknown shop is answered without effect; a payment of another shop
 * than the one it was started with is refused; a replaced or removed account still serves the
 * payments made with it; an organizer without one is collected by the platform.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Invoice } from '@tourdesk/contract';
import { organizerPaymentAccounts, outboxMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  formOf,
  insertRequest,
  invoiceRow,
  moneySnapshot,
  paymentRows,
  tenant,
  tourWithDeparture,
  type Who,
} from './payment.fixtures';

/** shop id → its secret key */
const KEYS: Record<string, string> = {
  '506751': 'test_AnnaShopKey_000000000001',
  '777001': 'test_BorisShopKey_00000000002',
  '888002': 'test_AnnaNewShop_000000000003',
};
const authOf = (shop: string) => `Basic ${Buffer.from(`${shop}:${KEYS[shop]}`).toString('base64')}`;
interface MockPayment {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  metadata: Record<string, string>;
  recipient: { account_id: string; gateway_id: string };
  confirmation?: { type: string; confirmation_url: string };
}
const mock = {
  payments: new Map<string, MockPayment>(),
  keys: new Map<string, unknown>(),
  log: [] as { method: string; url: string; shop: string }[],
  down: false,
};
const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  const send = (status: number, v: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(v));
  };
  const shop = Object.keys(KEYS).find((s) => req.headers.authorization === authOf(s));
  mock.log.push({ method: req.method!, url: req.url!, shop: shop ?? 'none' });
  if (mock.down) return send(500, { type: 'error' });
  if (!shop) return send(401, { type: 'error', code: 'invalid_credentials' });
  if (req.method === 'GET' && req.url === '/v3/me') return send(200, { account_id: shop, status: 'enabled' });
  const idem = `${shop}|${req.url}|${String(req.headers['idempotence-key'])}`;
  if (req.method === 'POST' && mock.keys.has(idem)) return send(200, mock.keys.get(idem));
  let m: RegExpExecArray | null;
  if (req.method === 'POST' && req.url === '/v3/payments') {
    const id = `2e${crypto.randomBytes(6).toString('hex')}-000f-5000-9000-1b68e7b15f3f`;
    const p: MockPayment = {
      id,
      status: 'pending',
      amount: body!.amount as MockPayment['amount'],
      metadata: body!.metadata as Record<string, string>,
      recipient: { account_id: shop, gateway_id: '100700' },
      confirmation: { type: 'redirect', confirmation_url: `https://yoomoney.example/checkout?orderId=${id}` },
    };
    mock.payments.set(id, p);
    mock.keys.set(idem, p);
    return send(200, p);
  }
  // a shop reads (and refunds) its own payments only
  const own = (id: string) => {
    const p = mock.payments.get(id);
    return p && p.recipient.account_id === shop ? p : null;
  };
  if (req.method === 'GET' && (m = /^\/v3\/payments\/([\w-]+)$/.exec(req.url!))) {
    const p = own(m[1]!);
    return p ? send(200, p) : send(404, { type: 'error', code: 'not_found' });
  }
  if (req.method === 'POST' && req.url === '/v3/refunds') {
    if (!own(body!.payment_id as string)) return send(404, { type: 'error', code: 'not_found' });
    const r = { id: `2f${crypto.randomBytes(6).toString('hex')}`, payment_id: body!.payment_id, status: 'succeeded' };
    const v = { ...r, amount: body!.amount };
    mock.keys.set(idem, v);
    return send(200, v);
  }
  send(404, { type: 'error' });
};
const settle = (id: string, status: 'succeeded' | 'canceled') => Object.assign(mock.payments.get(id)!, { status });

let server: http.Server;
let t: TestApp;
let anna: Who;
let boris: Who;
let annaTour: { tourId: number; dateId: number; dateStart: string };
let borisTour: { tourId: number; dateId: number; dateStart: string };

beforeAll(async () => {
  server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    PUBLIC_URL: 'https://tourdesk.example',
    YOOKASSA_API_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
  });
  anna = await tenant(t, 'anna@account-flow.example', 'Altai Trails');
  boris = await tenant(t, 'boris@account-flow.example', 'Baikal Tours');
  annaTour = await tourWithDeparture(t, anna, { price: 10000, seats: 100 });
  borisTour = await tourWithDeparture(t, boris, { price: 10000, seats: 100 });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mock.down = false;
  mock.log = [];
});

const connect = (who: Who, shop: string) =>
  call(t, 'POST', '/crm/api/organizer-payment-account/connect', who, {
    organizer_id: who.organizerId,
    shop_id: shop,
    secret_key: KEYS[shop],
  });
const remove = (who: Who) =>
  call(t, 'POST', '/crm/api/organizer-payment-account/remove', who, { organizer_id: who.organizerId });
const accountsOf = (who: Who) =>
  t.database.db
    .select()
    .from(organizerPaymentAccounts)
    .where(eq(organizerPaymentAccounts.organizer_id, who.organizerId));
const newInvoice = async (who: Who, amount = 6000): Promise<Invoice & { token: string }> => {
  const requestId = await insertRequest(t, who, who === anna ? annaTour : borisTour);
  const res = await call(t, 'POST', '/crm/api/invoice/create-payment', who, {
    request_id: requestId,
    amount,
    payment_type: 'prepayment',
  });
  const inv = res.body as unknown as Invoice;
  return { ...inv, token: inv.payment_url!.split('/pay/')[1]! };
};
const page = async (token: string, lang = 'en') =>
  (await t.app.inject({ method: 'GET', url: `/pay/${token}?lang=${lang}`, headers: { accept: 'text/html' } })).body;
const pressPay = async (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/pay/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: formOf(await page(token)),
  });
const notify = (event: string, id: string, shop?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/crm/api/payment/yookassa/notification',
    payload: {
      type: 'notification',
      event,
      object: { id, status: 'succeeded', ...(shop ? { recipient: { account_id: shop, gateway_id: '1' } } : {}) },
    },
  });
const resultOf = async (token: string) =>
  (await call(t, 'GET', `/spa/payment-result?token=${token}`, null)).body as { status: string; collected_by: string };

describe('an organizer’s own YooKassa account collects its invoices', () => {
  it('without one the platform (sandbox) collects, and the page and result say so', async () => {
    const inv = await newInvoice(boris);
    expect(await page(inv.token)).toContain('<dt>Paid to</dt><dd>Travelpath, collecting for Baikal Tours</dd>');
    expect(await page(inv.token, 'ru')).toContain(
      '<dt>Получатель</dt><dd>Travelpath от имени организатора «Baikal Tours»</dd>',
    );
    expect((await pressPay(inv.token)).statusCode).toBe(303);
    const [row] = await paymentRows(t, inv.id);
    expect(row).toMatchObject({ provider: 'sandbox', payment_account_id: null, status: 'succeeded' });
    expect(mock.log).toEqual([]);
    expect(await resultOf(inv.token)).toMatchObject({ status: 'paid', collected_by: 'platform' });
  });

  it('with one, Pay creates the payment in its shop with its key; the notification is read back with it, once', async () => {
    expect((await connect(anna, '506751')).status).toBe(200);
    const [account] = await accountsOf(anna);
    const inv = await newInvoice(anna);
    expect(await page(inv.token)).toContain('<dt>Paid to</dt><dd>Altai Trails’s own YooKassa account</dd>');
    expect(await page(inv.token, 'ru')).toContain('<dd>Счёт ЮKassa организатора «Altai Trails»</dd>');
    expect(await page(inv.token)).not.toContain('value="fail"');
    mock.log = [];
    const res = await pressPay(inv.token);
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^https:\/\/yoomoney\.example\/checkout\?orderId=/);
    expect(mock.log).toEqual([{ method: 'POST', url: '/v3/payments', shop: '506751' }]);
    const [row] = await paymentRows(t, inv.id);
    expect(row).toMatchObject({ provider: 'yookassa', payment_account_id: account!.id, status: 'pending' });
    const id = row!.provider_payment_id!;
    expect(await resultOf(inv.token)).toMatchObject({ status: 'pending', collected_by: 'organizer' });

    settle(id, 'succeeded');
    mock.log = [];
    const first = await notify('payment.succeeded', id, '506751');
    expect(first.statusCode).toBe(200);
    expect(mock.log).toEqual([{ method: 'GET', url: `/v3/payments/${id}`, shop: '506751' }]);
    expect((await invoiceRow(t, inv.id))!.status).toBe(2);
    expect((await paymentRows(t, inv.id))[0]).toMatchObject({ status: 'succeeded', payment_account_id: account!.id });
    // the same notification again: nothing changes
    const before = await moneySnapshot(t);
    const replay = await notify('payment.succeeded', id, '506751');
    expect(replay.statusCode).toBe(200);
    expect(await moneySnapshot(t)).toBe(before);
    expect(await resultOf(inv.token)).toMatchObject({ status: 'paid', collected_by: 'organizer' });
    // the traveller's receipt names the organizer's own account
    await t.app.services.events.idle();
    await t.app.services.events.sweep();
    await t.app.services.travellerMessageComposer.idle();
    await t.app.services.travellerMessageComposer.composeDue();
    const receipts = (await t.database.db.select().from(outboxMessages)).filter(
      (m) => (m.meta as { message_kind?: string }).message_kind === 'payment_received',
    );
    // (the first test's receipt: Boris had no account, the platform collected)
    const paidTo = receipts.map((m) => /Paid to: ([^.]*)\./.exec(m.body)?.[1]).sort();
    expect(paidTo).toEqual([
      'Altai Trails’s own YooKassa account',
      expect.stringMatching(/, collecting for Baikal Tours$/),
    ]);
    // the payments list says whose account took it; Boris's list never shows Anna's invoices
    const list = await call(t, 'GET', `/crm/api/invoice/list?organizer_id=${anna.organizerId}&limit=100`, anna);
    const listed = (list.body.items as Invoice[]).find((i) => i.id === inv.id)!;
    expect(listed.payments.map((p) => p.collected_by)).toEqual(['organizer']);
    const theirs = await call(t, 'GET', `/crm/api/invoice/list?organizer_id=${boris.organizerId}&limit=100`, boris);
    expect((theirs.body.items as Invoice[]).map((i) => i.payments.map((p) => p.collected_by))).toEqual([['platform']]);
    expect((await call(t, 'GET', `/crm/api/invoice/list?organizer_id=${anna.organizerId}`, boris)).status).toBe(404);

    // a refund goes through the same shop's key
    mock.log = [];
    const refund = await call(t, 'POST', '/crm/api/invoice/refund', anna, { payment_id: row!.id, amount: 1000 });
    expect(refund.status, refund.raw).toBe(200);
    expect(mock.log.filter((l) => l.url === '/v3/refunds')).toEqual([
      { method: 'POST', url: '/v3/refunds', shop: '506751' },
    ]);
    expect((await paymentRows(t, inv.id))[0]!.refunded_minor).toBe(100000);
  });

  it('a notification of a shop nobody connected: 200, nothing asked, nothing changes', async () => {
    const before = await moneySnapshot(t);
    const res = await notify('payment.succeeded', '2e0000-unknown', '999999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(mock.log).toEqual([]);
    expect(await moneySnapshot(t)).toBe(before);
  });

  it('another organizer’s shop cannot pay, read or settle this organizer’s payment', async () => {
    expect((await connect(boris, '777001')).status).toBe(200);
    // Anna's payment started while YooKassa was down: a row with no provider payment yet
    const inv = await newInvoice(anna, 3000);
    mock.down = true;
    expect((await pressPay(inv.token)).statusCode).toBe(503);
    mock.down = false;
    const [row] = await paymentRows(t, inv.id);
    expect(row).toMatchObject({ status: 'pending', provider_payment_id: null });
    // Boris makes a payment in his own shop naming Anna's payment row, and has it "succeed"
    const forged: MockPayment = {
      id: '2e00forged-000f-5000-9000-1b68e7b15f3f',
      status: 'succeeded',
      amount: { value: '3000.00', currency: 'RUB' },
      metadata: { payment_id: String(row!.id), invoice_id: String(inv.id) },
      recipient: { account_id: '777001', gateway_id: '1' },
    };
    mock.payments.set(forged.id, forged);
    const before = await moneySnapshot(t);
    expect((await notify('payment.succeeded', forged.id, '777001')).statusCode).toBe(200);
    // named as Anna's shop, Anna's key cannot read it: nothing either
    expect((await notify('payment.succeeded', forged.id, '506751')).statusCode).toBe(200);
    // named as no shop (the platform's): the platform has no YooKassa here
    expect((await notify('payment.succeeded', forged.id)).statusCode).toBe(200);
    expect(await moneySnapshot(t)).toBe(before);
    expect((await invoiceRow(t, inv.id))!.status).toBe(1);
    // Boris's settings never show Anna's account
    const got = await call(t, 'GET', `/crm/api/organizer-payment-account/get?organizer_id=${boris.organizerId}`, boris);
    expect((got.body.account as { shop_id: string }).shop_id).toBe('777001');
  });

  it('replaced by another shop and removed while a payment is in flight: that payment keeps its account', async () => {
    const inv = await newInvoice(anna, 2000);
    await pressPay(inv.token);
    const [row] = await paymentRows(t, inv.id);
    const oldAccount = row!.payment_account_id!;
    // another shop: the old account is retired (it has payments), the new one takes new payments
    expect((await connect(anna, '888002')).status).toBe(200);
    const accounts = await accountsOf(anna);
    expect(accounts.map((a) => [a.shop_id, a.retired_at !== null])).toEqual([
      ['506751', true],
      ['888002', false],
    ]);
    const next = await newInvoice(anna, 1500);
    mock.log = [];
    await pressPay(next.token);
    expect(mock.log).toEqual([{ method: 'POST', url: '/v3/payments', shop: '888002' }]);
    // removed: gone from Settings; the new shop's account had a payment, so it is retired too
    expect((await remove(anna)).status).toBe(200);
    expect(
      (await call(t, 'GET', `/crm/api/organizer-payment-account/get?organizer_id=${anna.organizerId}`, anna)).body,
    ).toEqual({ account: null });
    expect((await remove(anna)).status).toBe(404);
    // the first payment succeeds at the old shop: read back with the old shop's key, credited
    settle(row!.provider_payment_id!, 'succeeded');
    mock.log = [];
    expect((await notify('payment.succeeded', row!.provider_payment_id!, '506751')).statusCode).toBe(200);
    expect(mock.log).toEqual([{ method: 'GET', url: `/v3/payments/${row!.provider_payment_id!}`, shop: '506751' }]);
    expect((await invoiceRow(t, inv.id))!.status).toBe(2);
    expect((await paymentRows(t, inv.id))[0]!.payment_account_id).toBe(oldAccount);
    // and a new invoice now goes to the platform
    const later = await newInvoice(anna, 1000);
    expect(await page(later.token)).toContain('<dd>Travelpath, collecting for Altai Trails</dd>');
  });

  it('an account with no payments is deleted on removal', async () => {
    expect((await connect(boris, '777001')).status).toBe(200);
    expect((await remove(boris)).status).toBe(200);
    expect(await accountsOf(boris)).toEqual([]);
  });
});
