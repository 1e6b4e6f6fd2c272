import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  chatRequests,
  domainEvents,
  organizerMembers,
  outboxMessages,
  payments,
  tourDates,
  tourPenalties,
  tours,
} from '../../db/schema/index';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import {
  call,
  freeSeats,
  insertRequest,
  payOnPage,
  paymentRows,
  requestRow,
  tenant,
  tourWithDeparture,
  type Who,
} from '../payment/payment.fixtures';

/**
 * Canceling a whole departure and messaging everyone on it (issue 29) through the API: the
 * preview under each refund rule, the cancel (requests canceled by the author, refunds through
 * the sandbox provider, the traveller's notice naming the refund, the departure closed for sale),
 * its repeat changing nothing, the message into chats and traveller messages; guides and another
 * organizer kept out.
 */
let t: TestApp;
let anna: Who;
let boris: Who;
let gleb: Who;
const P = '/crm/api/departure';

const settle = async (): Promise<void> => {
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.travellerMessageComposer.idle();
  await t.app.services.travellerMessageComposer.composeDue();
  await t.app.services.delivery.idle();
};
const plain = (text: string | null): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const outbox = async (recipient: string, sinceId = 0) =>
  (
    await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(gt(outboxMessages.id, sinceId), eq(outboxMessages.recipient, recipient)))
      .orderBy(asc(outboxMessages.id))
  ).filter((r) => (r.meta as { kind?: string }).kind === 'traveller_message');
const kindOf = (r: { meta: unknown }) => (r.meta as { message_kind: string }).message_kind;
const departureEvents = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'departure.changed'), eq(domainEvents.aggregate_id, id)))
  ).map((e) => (e.payload as { change: string }).change);

/** A paid request: an invoice of `amount` paid on the sandbox page (the request moves to 3). */
const paidRequest = async (d: { tourId: number; dateId: number; dateStart: string }, email: string, amount: number) => {
  const id = await insertRequest(t, anna, d, { email });
  const inv = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
    request_id: id,
    amount,
    payment_type: 'prepayment',
    title: 'Prepayment',
  });
  expect(inv.status, inv.raw).toBe(200);
  const token = String(inv.body.payment_url).split('/pay/')[1]!;
  expect((await payOnPage(t, token)).status).toBe(303);
  return { id, invoiceId: inv.body.id as number };
};

let dep: { tourId: number; dateId: number; dateStart: string };
let paid: { id: number; invoiceId: number };
let unpaid = 0;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://crm.example.test' });
  anna = await tenant(t, 'anna@cancel.example', 'Altai Trails');
  boris = await tenant(t, 'boris@cancel.example', 'Kamchatka Tours');
  const g = await createUser(t.database, { email: 'gleb@cancel.example' });
  await t.database.db
    .insert(organizerMembers)
    .values({ organizer_id: anna.organizerId, user_id: g.userId, role: 'guide' });
  gleb = { userId: g.userId, organizerId: anna.organizerId, token: (await signIn(t.app, 'gleb@cancel.example')).token };
  dep = await tourWithDeparture(t, anna, { name: 'Altai ridge', seats: 10, startIn: 40 });
  // the tour's own terms: 10 % of the price kept within 60 days of the start
  await t.database.db.update(tours).set({ use_standard_cancellation_terms: false }).where(eq(tours.id, dep.tourId));
  await t.database.db.insert(tourPenalties).values({ tour_id: dep.tourId, days_before: 60, percent: '10' });
  paid = await paidRequest(dep, 'ivan@example.com', 6000);
  unpaid = await insertRequest(t, anna, dep, { status: 1, email: 'maria@example.com', tourists: 3 });
  await settle();
});
afterAll(() => t.close());

describe('the cancel preview', () => {
  it('lists each live request with what each rule refunds', async () => {
    const q = `${P}/cancel-preview?organizer_id=${anna.organizerId}&tour_date_id=${dep.dateId}`;
    const full = await call(t, 'GET', q, anna);
    expect(full.status, full.raw).toBe(200);
    const item = (id: number, status: number, seats: number, paidAmount: number, penalty: number) => ({
      request_id: id,
      customer_name: 'Ivan Petrov',
      status,
      seats,
      currency: 'RUB',
      paid: paidAmount,
      penalty,
      refund: paidAmount - penalty,
    });
    expect(full.body).toEqual({
      tour_date_id: dep.dateId,
      rule: 'full',
      canceled_at: null,
      items: [item(paid.id, 3, 2, 6000, 0), item(unpaid, 1, 3, 0, 0)],
    });
    // 10 % of the 20 000 price is kept
    const penalties = await call(t, 'GET', `${q}&rule=penalties`, anna);
    expect(penalties.body.items).toEqual([item(paid.id, 3, 2, 6000, 2000), item(unpaid, 1, 3, 0, 0)]);
    const none = await call(t, 'GET', `${q}&rule=none`, anna);
    expect(none.body.items).toEqual([item(paid.id, 3, 2, 6000, 6000), item(unpaid, 1, 3, 0, 0)]);
    const bad = await call(t, 'GET', `${q}&rule=some`, anna);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['rule']);
  });

  it('is not for a guide (403) nor for another organizer (404)', async () => {
    const q = `${P}/cancel-preview?organizer_id=${anna.organizerId}&tour_date_id=${dep.dateId}`;
    expect((await call(t, 'GET', q, gleb)).status).toBe(403);
    expect((await call(t, 'GET', q, boris)).status).toBe(404);
    // Boris naming his own organizer and Anna's departure: not found
    const own = await call(
      t,
      'GET',
      `${P}/cancel-preview?organizer_id=${boris.organizerId}&tour_date_id=${dep.dateId}`,
      boris,
    );
    expect(own.status).toBe(404);
    const body = { organizer_id: anna.organizerId, tour_date_id: dep.dateId };
    expect((await call(t, 'POST', `${P}/cancel`, gleb, body)).status).toBe(403);
    expect((await call(t, 'POST', `${P}/cancel`, boris, body)).status).toBe(404);
    expect((await call(t, 'POST', `${P}/cancel`, boris, { ...body, organizer_id: boris.organizerId })).status).toBe(
      404,
    );
    expect((await call(t, 'POST', `${P}/message`, gleb, { ...body, text: 'Hi' })).status).toBe(403);
    expect((await call(t, 'POST', `${P}/message`, boris, { ...body, text: 'Hi' })).status).toBe(404);
    // nothing changed
    expect((await requestRow(t, paid.id)).status).toBe(3);
    expect(await departureEvents(dep.dateId)).toEqual([]);
  });
});

describe('messaging a departure', () => {
  it('posts into each live request’s chat and sends the traveller message; refuses an empty or long text', async () => {
    const mark = (await outbox('ivan@example.com')).at(-1)?.id ?? 0;
    const body = { organizer_id: anna.organizerId, tour_date_id: dep.dateId };
    expect((await call(t, 'POST', `${P}/message`, anna, { ...body, text: '  ' })).status).toBe(422);
    expect((await call(t, 'POST', `${P}/message`, anna, { ...body, text: 'x'.repeat(2001) })).status).toBe(422);
    const res = await call(t, 'POST', `${P}/message`, anna, { ...body, text: 'Meet at 7:00 by the bus, bring boots.' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ tour_date_id: dep.dateId, requests: 2, messages: 2, failed: [] });
    for (const id of [paid.id, unpaid]) {
      const [link] = await t.database.db.select().from(chatRequests).where(eq(chatRequests.request_id, id));
      const msgs = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chat_id, link!.chat_id));
      expect(msgs.map((m) => [m.author, m.author_user_id, m.text])).toEqual([
        ['organizer', anna.userId, 'Meet at 7:00 by the bus, bring boots.'],
      ]);
    }
    await settle();
    const mail = await outbox('ivan@example.com', mark);
    expect(mail.map(kindOf)).toEqual(['departure_message']);
    expect(mail[0]!.subject).toMatch(/^About your trip “Altai ridge”, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(mail[0]!.body).toContain('Meet at 7:00 by the bus, bring boots.');
    expect((await outbox('maria@example.com', mark)).map(kindOf)).toEqual(['departure_message']);
    expect(await departureEvents(dep.dateId)).toEqual(['messaged']);
  });
});

describe('canceling a departure', () => {
  it('cancels every live request by the author, refunds in full, tells the travellers and closes the sale', async () => {
    const mark = (await outbox('ivan@example.com')).at(-1)?.id ?? 0;
    const res = await call(t, 'POST', `${P}/cancel`, anna, {
      organizer_id: anna.organizerId,
      tour_date_id: dep.dateId,
      message: 'A storm is coming.',
    });
    expect(res.status, res.raw).toBe(200);
    const result = (id: number, refunded: number) => ({
      request_id: id,
      customer_name: 'Ivan Petrov',
      result: 'canceled',
      currency: 'RUB',
      refunded,
      refund_left: 0,
      error: null,
    });
    expect(res.body).toEqual({
      tour_date_id: dep.dateId,
      canceled_at: expect.any(String),
      items: [result(paid.id, 6000), result(unpaid, 0)],
    });
    expect(await requestRow(t, paid.id)).toMatchObject({
      status: 6,
      paid_minor: 0,
      penalty_minor: 0,
      cancel_message: 'A storm is coming.',
      seats_taken: 0,
    });
    expect((await requestRow(t, unpaid)).status).toBe(6);
    const [payment] = await paymentRows(t, paid.invoiceId);
    expect(payment).toMatchObject({ status: 'refunded', refunded_minor: 600_000 });
    expect(await freeSeats(t, dep.dateId)).toBe(10);
    const [row] = await t.database.db.select().from(tourDates).where(eq(tourDates.id, dep.dateId));
    expect(row!.canceled_at).toBeInstanceOf(Date);
    expect(await departureEvents(dep.dateId)).toEqual(['messaged', 'canceled']);

    // the notice names the refund (paid 6 000, nothing kept), then the refund itself
    await settle();
    const mail = await outbox('ivan@example.com', mark);
    expect(mail.map(kindOf).sort()).toEqual(['canceled', 'refund']);
    const notice = mail.find((m) => kindOf(m) === 'canceled')!;
    expect(plain(notice.body)).toContain('The organizer canceled it. A storm is coming.');
    expect(plain(notice.body)).toContain(
      'Paid: RUB 6,000.00. Cancellation fee under the cancellation terms: RUB 0.00. To be refunded: RUB 6,000.00.',
    );

    // the calendar shows it canceled
    const cal = await call(
      t,
      'GET',
      `${P}/calendar?organizer_id=${anna.organizerId}&from=${dep.dateStart}&to=${dep.dateStart}`,
      anna,
    );
    expect(cal.body.items).toEqual([
      expect.objectContaining({ tour_date_id: dep.dateId, status: 'canceled', booked: 0 }),
    ]);
  });

  it('no one books it again', async () => {
    const res = await call(t, 'POST', '/crm/api/request/create-request-with-own-type', anna, {
      tour_organizer_id: anna.organizerId,
      tour_id: dep.tourId,
      tour_date_id: dep.dateId,
      tourists_count: 1,
      customer_name: 'Late Comer',
      customer_email: 'late@example.com',
      customer_phone: '+79161234567',
      idempotency_key: 'late-comer-0001',
    });
    expect(res.status, res.raw).toBe(422);
    expect(JSON.stringify(res.body.errors)).toContain('This departure is canceled');
    expect(await freeSeats(t, dep.dateId)).toBe(10);
    // the tour list offers it no more among the tour's next departures
    const list = await call(t, 'GET', `/crm/api/tour/list?organizer_id=${anna.organizerId}`, anna);
    const tour = (list.body.items as { id: number; next_dates: { id: number }[] }[]).find((x) => x.id === dep.tourId)!;
    expect(tour.next_dates.map((d) => d.id)).not.toContain(dep.dateId);
  });

  it('a repeat cancels nothing twice and refunds nothing twice', async () => {
    const before = await requestRow(t, paid.id);
    const res = await call(t, 'POST', `${P}/cancel`, anna, {
      organizer_id: anna.organizerId,
      tour_date_id: dep.dateId,
      rule: 'none',
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({ request_id: paid.id, result: 'canceled', refunded: 0, refund_left: 0 }),
      expect.objectContaining({ request_id: unpaid, result: 'canceled', refunded: 0, refund_left: 0 }),
    ]);
    expect(await requestRow(t, paid.id)).toEqual(before);
    expect((await paymentRows(t, paid.invoiceId)).map((p) => p.refunded_minor)).toEqual([600_000]);
    expect(await departureEvents(dep.dateId)).toEqual(['messaged', 'canceled']);
  });

  it('under the penalty rule keeps the tour’s penalty and refunds the rest', async () => {
    const d2 = await tourWithDeparture(t, anna, { name: 'Baikal ice', seats: 10, startIn: 40 });
    await t.database.db.update(tours).set({ use_standard_cancellation_terms: false }).where(eq(tours.id, d2.tourId));
    await t.database.db.insert(tourPenalties).values({ tour_id: d2.tourId, days_before: 60, percent: '10' });
    const a = await paidRequest(d2, 'petr@example.com', 6000);
    const mark = (await outbox('petr@example.com')).at(-1)?.id ?? 0;
    const body = { organizer_id: anna.organizerId, tour_date_id: d2.dateId, rule: 'penalties' };
    const res = await call(t, 'POST', `${P}/cancel`, anna, body);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({ request_id: a.id, result: 'canceled', refunded: 4000, refund_left: 0, error: null }),
    ]);
    expect(await requestRow(t, a.id)).toMatchObject({ status: 6, paid_minor: 200_000, penalty_minor: 200_000 });
    await settle();
    const notice = (await outbox('petr@example.com', mark)).find((m) => kindOf(m) === 'canceled')!;
    expect(plain(notice.body)).toContain(
      'Paid: RUB 6,000.00. Cancellation fee under the cancellation terms: RUB 2,000.00. To be refunded: RUB 4,000.00.',
    );
  });

  it('a refund that fails is reported, the others done; a repeat asks it again', async () => {
    const d3 = await tourWithDeparture(t, anna, { name: 'Kazan weekend', seats: 10, startIn: 40 });
    const a = await paidRequest(d3, 'olga@example.com', 5000);
    const b = await paidRequest(d3, 'yuri@example.com', 7000);
    await t.database.db.update(payments).set({ provider: 'yookassa' }).where(eq(payments.invoice_id, a.invoiceId));
    const body = { organizer_id: anna.organizerId, tour_date_id: d3.dateId };
    const first = await call(t, 'POST', `${P}/cancel`, anna, body);
    expect(first.status, first.raw).toBe(200);
    expect(first.body.items).toEqual([
      expect.objectContaining({ request_id: a.id, result: 'canceled', refunded: 0, refund_left: 5000 }),
      expect.objectContaining({ request_id: b.id, result: 'canceled', refunded: 7000, refund_left: 0, error: null }),
    ]);
    expect((first.body.items as { error: string | null }[])[0]!.error).not.toBeNull();
    expect(await requestRow(t, a.id)).toMatchObject({ status: 6, paid_minor: 500_000 });
    await t.database.db.update(payments).set({ provider: 'sandbox' }).where(eq(payments.invoice_id, a.invoiceId));
    const again = await call(t, 'POST', `${P}/cancel`, anna, body);
    expect(again.body.items).toEqual([
      expect.objectContaining({ request_id: a.id, refunded: 5000, refund_left: 0, error: null }),
      expect.objectContaining({ request_id: b.id, refunded: 0, refund_left: 0, error: null }),
    ]);
    expect(await requestRow(t, a.id)).toMatchObject({ status: 6, paid_minor: 0 });
    expect((await paymentRows(t, b.invoiceId)).map((p) => p.refunded_minor)).toEqual([700_000]);
  });
});
