import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@tourdesk/contract';
import { paymentRefunds } from '../../db/schema/index';
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
 * Money paid by several travellers at once (issue 23, 1, 2 and 6), through the sandbox's page as a
 * browser does it: the payers really race (Promise.all of whole requests), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL where each request has a connection of its own.
 */
let t: TestApp;
let anna: Who;
let boris: Who;
let departure: { tourId: number; dateId: number; dateStart: string };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tourdesk.example' });
  anna = await tenant(t, 'anna@races.example', 'Altai Trails');
  boris = await tenant(t, 'boris@races.example', 'Kamchatka Tours');
  departure = await tourWithDeparture(t, anna, { price: 1500, seats: 200 });
});
afterAll(() => t.close());

const newInvoice = async (requestId: number, amount: number, type = 'full'): Promise<Invoice & { token: string }> => {
  const res = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
    request_id: requestId,
    amount,
    payment_type: type,
  });
  if (res.status !== 200) throw new Error(res.raw);
  const inv = res.body as unknown as Invoice;
  return { ...inv, token: inv.payment_url!.split('/pay/')[1]! };
};
const openPage = async (token: string, query = '') =>
  (await t.app.inject({ method: 'GET', url: `/pay/${token}${query}`, headers: { accept: 'text/html' } })).body;
const post = (token: string, form: string, accept = 'text/html') =>
  t.app.inject({
    method: 'POST',
    url: `/pay/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    payload: form,
  });
const refundsOf = (paymentId: number) =>
  t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.payment_id, paymentId));

describe('several payers of one invoice at once (1)', () => {
  it('five tabs pressing Pay together: exactly one payment is credited, every other one is given back', async () => {
    const requestId = await insertRequest(t, anna, departure, { tourists: 1, unitPriceMinor: 150_000 });
    const inv = await newInvoice(requestId, 1500);
    const pages = await Promise.all(Array.from({ length: 5 }, () => openPage(inv.token)));
    const answers = await Promise.all(pages.map((html) => post(inv.token, formOf(html))));
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 303, 303, 303]);

    const rows = await paymentRows(t, inv.id);
    const credited = rows.filter((r) => r.status === 'succeeded');
    expect(credited).toHaveLength(1);
    expect(await requestRow(t, requestId)).toMatchObject({ paid_minor: 150_000, status: 3 });
    expect(await invoiceRow(t, inv.id)).toMatchObject({ status: 2 });
    // a payer whose money the bank took after another paid gets it back in full at once
    for (const r of rows.filter((x) => x.status !== 'succeeded')) {
      expect(r).toMatchObject({ status: 'returned', problem: 'duplicate', refunded_minor: 150_000 });
      expect(await refundsOf(r.id)).toEqual([
        expect.objectContaining({ amount_minor: 150_000, status: 'succeeded', provider: 'sandbox' }),
      ]);
    }
    // what the organizer sees: one payment of 1 500 paid, nothing more, the others returned
    const list = await call(t, 'GET', `/crm/api/invoice/list?organizer_id=${anna.organizerId}`, anna);
    const item = (list.body.items as { id: number; paid_amount: number; refunded_amount: number }[]).find(
      (i) => i.id === inv.id,
    )!;
    expect(item).toMatchObject({ paid_amount: 1500, refunded_amount: 0 });
    // the balance shown to the payer is what is really left
    const result = await call(t, 'GET', `/spa/payment-result?token=${inv.token}`, null);
    expect(result.body).toMatchObject({ status: 'paid', balance: 0 });
  });

  it('the same five payers on five invoices of one request: each invoice is paid once', async () => {
    const requestId = await insertRequest(t, anna, departure, { tourists: 5, unitPriceMinor: 150_000 });
    const invoices: (Invoice & { token: string })[] = [];
    for (let i = 0; i < 5; i++) invoices.push(await newInvoice(requestId, 1500, 'payment'));
    const pages = await Promise.all(invoices.flatMap((inv) => [openPage(inv.token), openPage(inv.token)]));
    await Promise.all(pages.map((html, i) => post(invoices[Math.floor(i / 2)]!.token, formOf(html))));
    for (const inv of invoices) {
      expect((await paymentRows(t, inv.id)).filter((r) => r.status === 'succeeded')).toHaveLength(1);
      expect((await invoiceRow(t, inv.id)).status).toBe(2);
    }
    expect((await requestRow(t, requestId)).paid_minor).toBe(750_000);
  });

  it('a second credited payment of one invoice is refused by the database itself (one credited per invoice)', async () => {
    const requestId = await insertRequest(t, anna, departure, { tourists: 1, unitPriceMinor: 150_000 });
    const inv = await newInvoice(requestId, 1500);
    await post(inv.token, formOf(await openPage(inv.token)));
    const [paid] = await paymentRows(t, inv.id);
    const { payments } = await import('../../db/schema/index');
    await expect(
      t.database.db.insert(payments).values({
        invoice_id: inv.id,
        organizer_id: anna.organizerId,
        provider: 'sandbox',
        idempotency_key: `forged-${inv.id}`,
        amount_minor: 150_000,
        currency: 'RUB',
        method: 'card',
        status: 'succeeded',
      }),
    ).rejects.toThrow();
    expect(await paymentRows(t, inv.id)).toEqual([paid]);
  });
});

describe('withdrawing an invoice while it is being paid (2)', () => {
  it('a payment the bank takes after the withdrawal is given back: the invoice stays withdrawn, nothing credited', async () => {
    const requestId = await insertRequest(t, anna, departure, { tourists: 1, unitPriceMinor: 150_000 });
    const inv = await newInvoice(requestId, 1500);
    const services = t.app.services.payments;
    const found = (await services.payments.byToken(inv.token))!;
    const { row, payment } = await services.payments.start(found, 'card', 'withdrawn-while-paying');
    // the organizer withdraws it while the payer is at the bank
    const withdrawn = await call(t, 'POST', '/crm/api/invoice/cancel-invoice', anna, { id: inv.id });
    expect(withdrawn.status).toBe(200);
    services.sandbox.decide(payment.id, 'pay');
    expect(await services.payments.handleNotification('sandbox', 'payment.succeeded', payment.id)).toBe('applied');

    expect(await invoiceRow(t, inv.id)).toMatchObject({ status: 3, paid_at: null });
    expect((await invoiceRow(t, inv.id)).canceled_at).toBeInstanceOf(Date);
    expect(await requestRow(t, requestId)).toMatchObject({ paid_minor: 0, status: 2 });
    const [after] = await paymentRows(t, inv.id);
    expect(after).toMatchObject({
      id: row.id,
      status: 'returned',
      problem: 'invoice_canceled',
      refunded_minor: 150_000,
    });
    expect(await refundsOf(row.id)).toEqual([expect.objectContaining({ status: 'succeeded', amount_minor: 150_000 })]);
    // a replay changes nothing more
    const before = await moneySnapshot(t);
    expect(await services.payments.handleNotification('sandbox', 'payment.succeeded', payment.id)).toBe('unchanged');
    expect(await moneySnapshot(t)).toBe(before);
  });

  it('withdrawal and payers at the same moment: never a withdrawn invoice that kept money', async () => {
    for (let round = 0; round < 3; round++) {
      const requestId = await insertRequest(t, anna, departure, { tourists: 1, unitPriceMinor: 150_000 });
      const inv = await newInvoice(requestId, 1500);
      const pages = await Promise.all([openPage(inv.token), openPage(inv.token), openPage(inv.token)]);
      const [withdrawal] = await Promise.all([
        call(t, 'POST', '/crm/api/invoice/cancel-invoice', anna, { id: inv.id }),
        ...pages.map((html) => post(inv.token, formOf(html))),
      ]);
      const invoice = await invoiceRow(t, inv.id);
      const rows = await paymentRows(t, inv.id);
      const request = await requestRow(t, requestId);
      if (invoice.status === 3) {
        expect(withdrawal.status).toBe(200);
        expect(rows.filter((r) => r.status === 'succeeded')).toEqual([]);
        expect(request.paid_minor).toBe(0);
      } else {
        expect(invoice.status).toBe(2);
        expect(withdrawal.status).toBe(422);
        expect(withdrawal.body.codes).toEqual({ id: [{ code: 'invoice_not_editable' }] });
        expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(1);
        expect(request.paid_minor).toBe(150_000);
      }
      for (const r of rows.filter((x) => x.status !== 'succeeded' && x.status !== 'failed'))
        expect(r).toMatchObject({ status: 'returned', refunded_minor: 150_000 });
    }
  });
});

describe('a stale payment page (6)', () => {
  it('the page posts the amount it showed; a changed invoice takes nothing and shows the new amount to pay', async () => {
    const requestId = await insertRequest(t, anna, departure, { tourists: 2, unitPriceMinor: 150_000 });
    const inv = await newInvoice(requestId, 1000, 'prepayment');
    const stale = await openPage(inv.token, '?lang=en');
    expect(stale).toContain('name="amount" value="1000.00"');
    const changed = await call(t, 'POST', '/crm/api/invoice/update-invoice', anna, {
      id: inv.id,
      amount: 1200,
      payment_type: 'prepayment',
    });
    expect(changed.status).toBe(200);
    const before = await moneySnapshot(t);

    const res = await post(inv.token, formOf(stale, { lang: 'en' }));
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('role="alert"');
    expect(res.body).toMatch(/it is now RUB\s1,200\.00\. Nothing was charged/);
    expect(res.body).toContain('name="amount" value="1200.00"');
    expect(res.body).toMatch(/>Pay RUB\s1,200\.00</);
    expect(await moneySnapshot(t)).toBe(before);

    const ru = await post(inv.token, formOf(stale, { lang: 'ru' }));
    expect(ru.statusCode).toBe(422);
    expect(ru.body).toContain('Сумма счёта изменилась');

    // an API client gets the SPEC's error shape with the new amount
    const json = await post(inv.token, formOf(stale), 'application/json');
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({
      message: 'The amount to pay has changed to 1200.00 RUB: check it and pay again',
      code: 'invoice_amount_changed',
      params: { amount: '1200.00 RUB' },
      errors: { amount: ['The amount to pay has changed to 1200.00 RUB: check it and pay again'] },
      codes: { amount: [{ code: 'invoice_amount_changed', params: { amount: '1200.00 RUB' } }] },
    });
    expect(await moneySnapshot(t)).toBe(before);

    // paying from the page that shows the new amount takes it
    const fresh = await post(inv.token, formOf(res.body));
    expect(fresh.statusCode).toBe(303);
    expect(fresh.headers.location).toBe(`/org/success?invoice=${inv.token}&lang=en`);
    expect(await paymentRows(t, inv.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_minor: 120_000 }),
    ]);
    expect((await requestRow(t, requestId)).paid_minor).toBe(120_000);
  });

  it('another organizer’s member cannot withdraw or change the invoice being paid', async () => {
    const requestId = await insertRequest(t, anna, departure, { tourists: 1, unitPriceMinor: 150_000 });
    const inv = await newInvoice(requestId, 1500);
    const before = await moneySnapshot(t);
    expect((await call(t, 'POST', '/crm/api/invoice/cancel-invoice', boris, { id: inv.id })).status).toBe(404);
    expect(
      (
        await call(t, 'POST', '/crm/api/invoice/update-invoice', boris, {
          id: inv.id,
          amount: 1,
          payment_type: 'full',
        })
      ).status,
    ).toBe(404);
    expect(await moneySnapshot(t)).toBe(before);
  });
});
