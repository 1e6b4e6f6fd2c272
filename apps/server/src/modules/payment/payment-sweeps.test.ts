import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@tourdesk/contract';
import { invoices, outboxMessages, requests, requestStatusHistory, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  freeSeats,
  insertRequest,
  invoiceRow,
  payOnPage,
  requestRow,
  tenant,
  tourWithDeparture,
  type Who,
} from './payment.fixtures';

let t: TestApp;
let anna: Who;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tourdesk.example', PREPAYMENT_DEADLINE_HOURS: '48' });
  anna = await tenant(t, 'anna@sweeps.example', 'Altai Trails');
});
afterAll(() => t.close());

const sweep = (now: Date) => t.app.services.payments.sweep(now);
const invoiceFor = async (requestId: number, amount: number, type = 'prepayment') =>
  (
    await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
      request_id: requestId,
      amount,
      payment_type: type,
    })
  ).body as unknown as Invoice;
const tokenOf = (inv: Invoice) => inv.payment_url!.split('/pay/')[1]!;
const setRequest = (id: number, values: Partial<typeof requests.$inferInsert>) =>
  t.database.db.update(requests).set(values).where(eq(requests.id, id));

describe('the system cancel of unpaid requests', () => {
  it('cancels (7) a request whose prepayment is unpaid PREPAYMENT_DEADLINE_HOURS after confirmation: seats back, invoices canceled', async () => {
    const d = await tourWithDeparture(t, anna, { seats: 10, startIn: 60 });
    const confirmedAt = new Date(Date.now() - HOUR);
    const late = await insertRequest(t, anna, d, { tourists: 3, confirmedAt });
    const fresh = await insertRequest(t, anna, d, {
      tourists: 2,
      confirmedAt: new Date(confirmedAt.getTime() + 26 * HOUR),
    });
    const inv = await invoiceFor(late, 3000);
    expect(await freeSeats(t, d.dateId)).toBe(5);

    // 47 h 59 min after: nothing yet
    const early = await sweep(new Date(confirmedAt.getTime() + 48 * HOUR - 60_000));
    expect(early.canceled).not.toContain(late);
    expect((await requestRow(t, late)).status).toBe(2);

    const res = await sweep(new Date(confirmedAt.getTime() + 48 * HOUR));
    expect(res.canceled).toContain(late);
    expect(res.canceled).not.toContain(fresh);
    expect(await requestRow(t, late)).toMatchObject({ status: 7, seats_taken: 0, canceled_at: expect.any(Date) });
    expect(await freeSeats(t, d.dateId)).toBe(8);
    expect((await invoiceRow(t, inv.id)).status).toBe(3);
    const [h] = await t.database.db
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.request_id, late));
    expect(h).toMatchObject({
      previous_status: 2,
      status: 7,
      user_id: null,
      message: 'prepayment_not_paid_in_time',
    });

    // again: nothing more (idempotent)
    const again = await sweep(new Date(confirmedAt.getTime() + 49 * HOUR));
    expect(again.canceled).not.toContain(late);
    expect(await freeSeats(t, d.dateId)).toBe(8);
  });

  it('sweeps at once (several nodes) cancel a request once and return its seats once', async () => {
    const d = await tourWithDeparture(t, anna, { seats: 10, startIn: 65 });
    const confirmedAt = new Date(Date.now() - 60 * HOUR);
    const requestId = await insertRequest(t, anna, d, { tourists: 4, confirmedAt });
    expect(await freeSeats(t, d.dateId)).toBe(6);
    const results = await Promise.all([1, 2, 3].map(() => sweep(new Date())));
    expect(results.flatMap((r) => r.canceled).filter((id) => id === requestId)).toEqual([requestId]);
    expect(await freeSeats(t, d.dateId)).toBe(10);
    expect((await requestRow(t, requestId)).status).toBe(7);
  });

  it('cancels a request whose departure starts (the organizer’s day) before its deadline', async () => {
    const d = await tourWithDeparture(t, anna, { seats: 10, startIn: 70 });
    const requestId = await insertRequest(t, anna, d, { tourists: 1 });
    const start = Date.parse(`${d.dateStart}T00:00:00Z`);
    // the organizer is in Vladivostok (UTC+10): its day of the start begins at 14:00 UTC the day before
    const { organizers } = await import('../../db/schema/index');
    await t.database.db
      .update(organizers)
      .set({ profile: { timezone: 'Asia/Vladivostok' } })
      .where(eq(organizers.id, anna.organizerId));
    await setRequest(requestId, { confirmed_at: new Date(start - 10 * HOUR) });
    expect((await sweep(new Date(start - 10 * HOUR - 60_000))).canceled).not.toContain(requestId);
    const res = await sweep(new Date(start - 10 * HOUR + 60_000));
    expect(res.canceled).toContain(requestId);
    const [h] = await t.database.db
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.request_id, requestId));
    expect(h!.message).toBe('departure_started_unpaid');
    await t.database.db.update(organizers).set({ profile: {} }).where(eq(organizers.id, anna.organizerId));
  });

  it('leaves a paid request alone and moves one found prepaid (a late payment) to 3 instead', async () => {
    const d = await tourWithDeparture(t, anna, { seats: 10, startIn: 80 });
    const confirmedAt = new Date(Date.now() - 2 * HOUR);
    const paid = await insertRequest(t, anna, d, { tourists: 1, confirmedAt });
    await payOnPage(t, tokenOf(await invoiceFor(paid, 3000)));
    expect((await requestRow(t, paid)).status).toBe(3);

    // paid while still pending confirmation (1), then confirmed: the sweep finds it prepaid
    const paidEarly = await insertRequest(t, anna, d, { tourists: 1, status: 1, confirmedAt: null });
    await payOnPage(t, tokenOf(await invoiceFor(paidEarly, 3000)));
    await setRequest(paidEarly, { status: 2, confirmed_at: confirmedAt });

    const res = await sweep(new Date(confirmedAt.getTime() + 100 * HOUR));
    expect(res.canceled).not.toContain(paid);
    expect(res.canceled).not.toContain(paidEarly);
    expect(res.advanced).toContain(paidEarly);
    expect((await requestRow(t, paid)).status).toBe(3);
    expect((await requestRow(t, paidEarly)).status).toBe(3);
  });

  it('asks the provider about a pending payment first (its notification late): paid, not canceled', async () => {
    const d = await tourWithDeparture(t, anna, { seats: 10, startIn: 90 });
    const confirmedAt = new Date(Date.now() - 3 * HOUR);
    const requestId = await insertRequest(t, anna, d, { tourists: 1, confirmedAt });
    const inv = await invoiceFor(requestId, 3000);
    // a payment the sandbox's bank took, whose notification never came
    const found = (await t.app.services.payments.payments.byToken(tokenOf(inv)))!;
    const { payment } = await t.app.services.payments.payments.start(found, 'card', 'late-notification-attempt');
    t.app.services.payments.sandbox.decide(payment.id, 'pay');
    expect((await invoiceRow(t, inv.id)).status).toBe(1);
    const res = await sweep(new Date(confirmedAt.getTime() + 100 * HOUR));
    expect(res.canceled).not.toContain(requestId);
    expect((await invoiceRow(t, inv.id)).status).toBe(2);
    expect((await requestRow(t, requestId)).status).toBe(3);
  });
});

/** The balance reminders the traveller messages sent to an address (once what the sweep recorded is delivered). */
const reminders = async (recipient: string) => {
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.travellerMessageComposer.idle();
  await t.app.services.travellerMessageComposer.composeDue();
  return (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))).filter(
    (m) => (m.meta as { message_kind?: string }).message_kind === 'balance_reminder',
  );
};

describe('balance reminders', () => {
  it('sends the payment link once, from BALANCE_REMINDER_DAYS before the full-payment day, and stamps the request', async () => {
    // starts in 40 days; the rest is due 14 days before the start; reminded from 3 days before that
    const d = await tourWithDeparture(t, anna, { name: 'Altai ridge', seats: 10, startIn: 40, full_payment_days: 14 });
    const requestId = await insertRequest(t, anna, d, {
      tourists: 2,
      unitPriceMinor: 1_000_000,
      email: 'olga@example.com',
    });
    // the mail is in the language of whoever made the request
    await t.database.db.update(users).set({ language: 'ru' }).where(eq(users.id, anna.userId));
    await payOnPage(t, tokenOf(await invoiceFor(requestId, 6000)));
    expect((await requestRow(t, requestId)).status).toBe(3);
    const start = Date.parse(`${d.dateStart}T12:00:00Z`);
    const mails = () => reminders('olga@example.com');

    expect((await sweep(new Date(start - 18 * DAY))).reminded).not.toContain(requestId);
    expect(await mails()).toHaveLength(0);

    const at = new Date(start - 17 * DAY);
    const res = await sweep(at);
    expect(res.reminded).toEqual([requestId]);
    expect((await requestRow(t, requestId)).balance_reminder_sent_at).toEqual(at);
    const [mail] = await mails();
    expect(mail!.subject).toBe('Напоминание об оплате: Altai ridge');
    // a new invoice for the balance (20 000 − 6 000), its link in the mail
    const [balance] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.request_id, requestId), eq(invoices.status, 1)));
    expect(balance).toMatchObject({ amount_minor: 1_400_000, payment_type: 'full' });
    expect(mail!.body).toContain(`https://tourdesk.example/pay/${balance!.public_token}?lang=ru`);
    expect(mail!.body).toMatch(/14\s000,00\s₽/u);
    expect(mail!.body).toContain(`№ ${requestId}`);
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, anna.userId));

    // once only
    expect((await sweep(new Date(start - 16 * DAY))).reminded).toEqual([]);
    expect(await mails()).toHaveLength(1);
  });

  it('uses an open invoice of the balance; skips one without a balance, without an e-mail or already started', async () => {
    const d = await tourWithDeparture(t, anna, { seats: 20, startIn: 30, full_payment_days: 10 });
    const start = Date.parse(`${d.dateStart}T12:00:00Z`);
    const withOpen = await insertRequest(t, anna, d, {
      tourists: 1,
      unitPriceMinor: 500_000,
      status: 3,
      email: 'open@example.com',
    });
    const open = await invoiceFor(withOpen, 5000, 'full');
    const settled = await insertRequest(t, anna, d, {
      tourists: 1,
      unitPriceMinor: 500_000,
      status: 3,
      paidMinor: 500_000,
      email: 'settled@example.com',
    });
    const noMail = await insertRequest(t, anna, d, { tourists: 1, unitPriceMinor: 500_000, status: 3, email: '' });
    const res = await sweep(new Date(start - 11 * DAY));
    expect(res.reminded).toContain(withOpen);
    expect(res.reminded).not.toContain(settled);
    expect(res.reminded).not.toContain(noMail);
    const [mail] = await reminders('open@example.com');
    expect(mail!.body).toContain(tokenOf(open));
    expect(mail!.subject).toMatch(/^Payment reminder: /);
    expect((await requestRow(t, noMail)).balance_reminder_sent_at).toBeNull();
    // after the start: no reminder at all
    const late = await insertRequest(t, anna, d, {
      tourists: 1,
      unitPriceMinor: 500_000,
      status: 3,
      email: 'late@example.com',
    });
    expect((await sweep(new Date(start + DAY))).reminded).not.toContain(late);
  });
});
