import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizerChannel, type Invoice, type PaymentResult } from '@tourdesk/contract';
import { paymentNotifications, requestStatusHistory } from '../../db/schema/index';
import {
  createTestApp,
  eventually,
  listenAsUser,
  listenOnFreePort,
  throughMarker,
  type TestApp,
} from '../../test/test-app';
import {
  call,
  formOf,
  insertRequest,
  invoiceRow,
  moneySnapshot,
  payOnPage,
  paymentRows,
  requestRow,
  tenant,
  tourWithDeparture,
  type Who,
} from './payment.fixtures';

let t: TestApp;
let anna: Who;
let boris: Who;
let departure: { tourId: number; dateId: number; dateStart: string };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tourdesk.example' });
  anna = await tenant(t, 'anna@pay.example', 'Altai Trails');
  boris = await tenant(t, 'boris@pay.example', 'Kamchatka Tours');
  departure = await tourWithDeparture(t, anna, {
    name: 'Altai ridge',
    price: 10000,
    seats: 200,
    full_payment_days: 14,
  });
});
afterAll(() => t.close());

const invoiceOf = async (
  requestId: number,
  amount = 6000,
  type = 'prepayment',
): Promise<Invoice & { token: string }> => {
  const res = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
    request_id: requestId,
    amount,
    payment_type: type,
    title: 'Prepayment',
  });
  if (res.status !== 200) throw new Error(res.raw);
  const inv = res.body as unknown as Invoice;
  return { ...inv, token: inv.payment_url!.split('/pay/')[1]! };
};
const page = (token: string, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/pay/${token}${query}`, headers: { accept: 'text/html', ...headers } });

describe('the sandbox payment page', () => {
  it('shows the invoice, its organizer and tour, card and SBP (with a QR code), Pay and Fail, in en and ru', async () => {
    const requestId = await insertRequest(t, anna, departure);
    const inv = await invoiceOf(requestId);
    const en = await page(inv.token, { 'accept-language': 'de-DE,en;q=0.8' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(en.headers['content-security-policy']).toContain("default-src 'none'");
    expect(en.headers['cache-control']).toBe('no-store');
    expect(en.body).toContain('<html lang="en">');
    for (const text of ['Altai Trails', 'Altai ridge', `No. ${requestId}`, 'RUB', '6,000.00', 'Bank card', 'SBP'])
      expect(en.body).toContain(text);
    expect(en.body).toContain('name="outcome" value="pay"');
    expect(en.body).toContain('name="outcome" value="fail"');
    expect(en.body).toMatch(/<svg class="qr" role="img" aria-label="QR code for the SBP payment"/);
    expect(en.body).toMatch(/<legend>Payment method<\/legend>/);
    expect(en.body).not.toContain('<script');
    // nothing of the customer on the page
    expect(en.body).not.toContain('Ivan');
    expect(en.body).not.toContain('ivan@example.com');

    const ru = await page(inv.token, { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(ru.body).toContain('<html lang="ru">');
    for (const text of ['Способ оплаты', 'Банковская карта', 'Оплатить', 'Отклонить платёж', `№ ${requestId}`])
      expect(ru.body).toContain(text);
    expect((await page(inv.token, { 'accept-language': 'ru' }, '?lang=en')).body).toContain('<html lang="en">');
  });

  it('an unknown or malformed token: a 404 page for a browser, the JSON error otherwise', async () => {
    const unknown = 'A'.repeat(43);
    const html = await page(unknown, { 'accept-language': 'ru' });
    expect(html.statusCode).toBe(404);
    expect(html.body).toContain('Ссылка не найдена');
    const json = await t.app.inject({ method: 'GET', url: '/pay/short' });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ message: 'Invoice not found', code: 'invoice_not_found' });
  });

  it('Pay: the payment succeeds through the notification path, the invoice is paid, the request moves 2 → 3, the organizer hears of it', async () => {
    const base = await listenOnFreePort(t.app);
    const { socket, got } = await listenAsUser(t.app, base, anna.token);
    try {
      const requestId = await insertRequest(t, anna, departure);
      const inv = await invoiceOf(requestId);
      const res = await payOnPage(t, inv.token, { method: 'sbp' });
      expect(res).toEqual({ status: 303, location: `/org/success?invoice=${inv.token}&lang=en` });

      const invoice = await invoiceRow(t, inv.id);
      expect(invoice.status).toBe(2);
      expect(invoice.paid_at).toBeInstanceOf(Date);
      const [payment] = await paymentRows(t, inv.id);
      expect(payment).toMatchObject({
        provider: 'sandbox',
        status: 'succeeded',
        method: 'sbp',
        amount_minor: 600_000,
        provider_payment_id: expect.stringMatching(/^sbx_/),
      });
      const request = await requestRow(t, requestId);
      expect(request).toMatchObject({ status: 3, paid_minor: 600_000 });
      const history = await t.database.db
        .select()
        .from(requestStatusHistory)
        .where(eq(requestStatusHistory.request_id, requestId));
      expect(history).toEqual([expect.objectContaining({ previous_status: 2, status: 3, user_id: null })]);
      const keys = (await t.database.db.select().from(paymentNotifications)).map((n) => n.event_key);
      expect(keys).toContain(`payment.succeeded:${payment!.provider_payment_id}`);
      await eventually(() =>
        expect(got).toContainEqual({
          channel: organizerChannel(anna.organizerId),
          event: 'request_in_crm_update_status',
          // the prepayment moved it: the system
          payload: {
            actor: { type: 'system', user_id: null },
            request_id: requestId,
            organizer_id: anna.organizerId,
            status: 3,
          },
        }),
      );

      // the page now says it is paid and takes no more money
      const after = await page(inv.token, {}, '?lang=en');
      expect(after.body).toContain('This invoice is paid');
      expect(after.body).not.toContain('<form');
      const again = await payOnPage(t, inv.token).catch(() => null);
      expect(again).toBeNull(); // no form to read an attempt from
      const post = await t.app.inject({
        method: 'POST',
        url: `/pay/${inv.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'method=card&outcome=pay&attempt=abcdefghijklmnopqrstuv&amount=6000.00',
      });
      expect(post.statusCode).toBe(303);
      expect(post.headers.location).toBe(`/pay/${inv.token}`);
      expect(await paymentRows(t, inv.id)).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });

  it('a payment that does not reach the prepayment leaves the request in 2; the one that does moves it', async () => {
    const requestId = await insertRequest(t, anna, departure);
    const pre = await invoiceOf(requestId, 6000);
    const part = await invoiceOf(requestId, 2000, 'payment');
    await payOnPage(t, part.token);
    expect(await requestRow(t, requestId)).toMatchObject({ status: 2, paid_minor: 200_000 });
    await payOnPage(t, pre.token);
    expect(await requestRow(t, requestId)).toMatchObject({ status: 3, paid_minor: 800_000 });
  });

  it('without a prepayment invoice, the departure’s prepayment decides; a request in 1 is not moved', async () => {
    const d = await tourWithDeparture(t, anna, { price: 1000, prepayment_type: 'percent', prepayment_size: 50 });
    const requestId = await insertRequest(t, anna, d, { tourists: 2, unitPriceMinor: 100_000 });
    const small = await invoiceOf(requestId, 999.99, 'payment');
    await payOnPage(t, small.token);
    expect((await requestRow(t, requestId)).status).toBe(2);
    const rest = await invoiceOf(requestId, 0.01, 'payment');
    await payOnPage(t, rest.token);
    expect((await requestRow(t, requestId)).status).toBe(3);

    const pending = await insertRequest(t, anna, d, {
      tourists: 1,
      unitPriceMinor: 100_000,
      status: 1,
      confirmedAt: null,
    });
    await payOnPage(t, (await invoiceOf(pending, 1000, 'full')).token);
    expect(await requestRow(t, pending)).toMatchObject({ status: 1, paid_minor: 100_000 });
  });

  it('Fail: the payment fails, the invoice stays new, the payer lands on /org/fail and may try again', async () => {
    const requestId = await insertRequest(t, anna, departure);
    const inv = await invoiceOf(requestId);
    expect(await payOnPage(t, inv.token, { outcome: 'fail' })).toEqual({
      status: 303,
      location: `/org/fail?invoice=${inv.token}&lang=en`,
    });
    expect((await invoiceRow(t, inv.id)).status).toBe(1);
    expect((await paymentRows(t, inv.id)).map((p) => p.status)).toEqual(['failed']);
    expect(await requestRow(t, requestId)).toMatchObject({ status: 2, paid_minor: 0 });
    const result = (await call(t, 'GET', `/spa/payment-result?token=${inv.token}`, null)).body;
    expect(result.status).toBe('failed');
    // a second try on a fresh page load is a second payment, and succeeds
    expect((await payOnPage(t, inv.token)).location).toBe(`/org/success?invoice=${inv.token}&lang=en`);
    expect((await paymentRows(t, inv.id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
  });

  it('the same form posted twice (a double click) makes one payment', async () => {
    const requestId = await insertRequest(t, anna, departure);
    const inv = await invoiceOf(requestId, 1000, 'payment');
    const html = (await page(inv.token)).body;
    const form = formOf(html);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/pay/${inv.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.statusCode, b.statusCode]).toEqual([303, 303]);
    expect(await paymentRows(t, inv.id)).toHaveLength(1);
    expect((await requestRow(t, requestId)).paid_minor).toBe(100_000);
  });

  it('a replayed or out-of-order notification changes nothing', async () => {
    const requestId = await insertRequest(t, anna, departure);
    const inv = await invoiceOf(requestId);
    await payOnPage(t, inv.token);
    const [payment] = await paymentRows(t, inv.id);
    const before = await moneySnapshot(t);
    const payments = t.app.services.payments.payments;
    expect(await payments.handleNotification('sandbox', 'payment.succeeded', payment!.provider_payment_id!)).toBe(
      'unchanged',
    );
    // a "canceled" arriving after: the provider says succeeded, which is applied already
    expect(await payments.handleNotification('sandbox', 'payment.canceled', payment!.provider_payment_id!)).toBe(
      'unchanged',
    );
    expect(await payments.handleNotification('sandbox', 'payment.succeeded', 'sbx_unknown')).toBe('ignored');
    expect(await moneySnapshot(t)).toBe(before);
    expect((await requestRow(t, requestId)).paid_minor).toBe(600_000);
  });

  it('notifications and polls of one payment at once apply it once (the request row lock and the event claim)', async () => {
    const requestId = await insertRequest(t, anna, departure);
    const inv = await invoiceOf(requestId);
    const services = t.app.services.payments;
    const found = (await services.payments.byToken(inv.token))!;
    const { row, payment } = await services.payments.start(found, 'card', 'concurrent-notifications-1');
    services.sandbox.decide(payment.id, 'pay');
    await Promise.all([
      ...Array.from({ length: 8 }, () =>
        services.payments.handleNotification('sandbox', 'payment.succeeded', payment.id),
      ),
      services.payments.poll(row),
      services.payments.poll(row),
    ]);
    expect(await requestRow(t, requestId)).toMatchObject({ status: 3, paid_minor: 600_000 });
    const history = await t.database.db
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.request_id, requestId));
    expect(history).toHaveLength(1);
  });

  it('a canceled request’s invoice is not payable: its page says so', async () => {
    const requestId = await insertRequest(t, anna, departure);
    const inv = await invoiceOf(requestId);
    await call(t, 'POST', '/crm/api/invoice/cancel-invoice', anna, { id: inv.id });
    const other = await insertRequest(t, anna, departure);
    const live = await invoiceOf(other);
    const { requests } = await import('../../db/schema/index');
    await t.database.db.update(requests).set({ status: 6 }).where(eq(requests.id, other));
    expect((await page(live.token, {}, '?lang=en')).body).toContain('can no longer be paid');
    const post = await t.app.inject({
      method: 'POST',
      url: `/pay/${live.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=card&outcome=pay&attempt=abcdefghijklmnopqrstuv&amount=6000.00',
    });
    expect(post.statusCode).toBe(303);
    expect(await paymentRows(t, live.id)).toEqual([]);
  });

  it('a tampered form is refused, nothing written', async () => {
    const requestId = await insertRequest(t, anna, departure);
    const inv = await invoiceOf(requestId);
    const before = await moneySnapshot(t);
    for (const payload of [
      'method=cash&outcome=pay&attempt=abcdefghijklmnopqrstuv&amount=6000.00',
      'method=card&outcome=pay&attempt=short&amount=6000.00',
      'method=card&outcome=steal&attempt=abcdefghijklmnopqrstuv&amount=6000.00',
      'method=card&attempt=abcdefghijklmnopqrstuv&extra=1&amount=6000.00',
      'method=card&outcome=pay&attempt=abcdefghijklmnopqrstuv&amount=60,00',
      'method=card&outcome=pay&attempt=abcdefghijklmnopqrstuv',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/pay/${inv.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, payload).toBe(422);
    }
    expect(await moneySnapshot(t)).toBe(before);
  });
});

describe('GET /spa/payment-result (the /success and /fail pages)', () => {
  it('says what was paid, to whom, for what and what comes next; nothing personal', async () => {
    const requestId = await insertRequest(t, anna, departure);
    const inv = await invoiceOf(requestId);
    const open = await call(t, 'GET', `/spa/payment-result?token=${inv.token}`, null);
    expect(open.status).toBe(200);
    expect(open.body.status).toBe('open');
    await payOnPage(t, inv.token, { method: 'sbp' });
    const res = await call(t, 'GET', `/spa/payment-result?token=${inv.token}`, null);
    const expectedDue = new Date(Date.parse(`${departure.dateStart}T00:00:00Z`) - 14 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(res.body as unknown as PaymentResult).toEqual({
      status: 'paid',
      amount: 6000,
      currency: 'RUB',
      title: 'Prepayment',
      payment_type: 'prepayment',
      method: 'sbp',
      paid_at: expect.any(String),
      request_number: requestId,
      request_status: 3,
      tour_name: 'Altai ridge',
      date_start: departure.dateStart,
      date_end: departure.dateStart,
      organizer_name: 'Altai Trails',
      organizer_email: '',
      organizer_phone: '',
      balance: 14000,
      full_payment_due: expectedDue,
      pay_url: `https://tourdesk.example/pay/${inv.token}`,
      collected_by: 'platform',
    });
    expect(res.raw).not.toContain('Ivan');
    expect(res.raw).not.toContain('ivan@example.com');
    // with a token (anyone's) it is the same; an unknown token is 404, a malformed one 422
    expect((await call(t, 'GET', `/spa/payment-result?token=${inv.token}`, boris)).body.status).toBe('paid');
    expect((await call(t, 'GET', `/spa/payment-result?token=${'B'.repeat(43)}`, null)).status).toBe(404);
    expect((await call(t, 'GET', '/spa/payment-result?token=x', null)).status).toBe(422);
  });
});

describe('two-stage payments (PAYMENT_TWO_STAGE)', () => {
  it('the sandbox authorises; the confirmation captures it and it is applied once', async () => {
    const two = await createTestApp({ PAYMENT_TWO_STAGE: 'true' }, undefined, { database: t.database });
    try {
      const requestId = await insertRequest(t, anna, departure);
      const inv = await invoiceOf(requestId);
      const pageHtml = await two.app.inject({
        method: 'GET',
        url: `/pay/${inv.token}`,
        headers: { accept: 'text/html' },
      });
      const res = await two.app.inject({
        method: 'POST',
        url: `/pay/${inv.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formOf(pageHtml.body),
      });
      expect(res.headers.location).toBe(`/org/success?invoice=${inv.token}&lang=en`);
      const [payment] = await paymentRows(t, inv.id);
      expect(payment!.status).toBe('succeeded');
      const state = await two.app.services.payments.sandbox.get(payment!.provider_payment_id!);
      expect(state!.status).toBe('succeeded');
      expect(await requestRow(t, requestId)).toMatchObject({ status: 3, paid_minor: 600_000 });
    } finally {
      await two.close();
    }
  });
});

describe('realtime: nothing for another organizer', () => {
  it('the status change goes to the request’s organizer’s channel only', async () => {
    const base = await listenOnFreePort(t.app).catch(
      () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`,
    );
    const { socket, got } = await listenAsUser(t.app, base, boris.token);
    try {
      const requestId = await insertRequest(t, anna, departure);
      await payOnPage(t, (await invoiceOf(requestId)).token);
      await throughMarker(t.app, got, organizerChannel(boris.organizerId));
      expect(got.filter((p) => p.event === 'request_in_crm_update_status')).toEqual([]);
    } finally {
      socket.disconnect();
    }
  });
});
