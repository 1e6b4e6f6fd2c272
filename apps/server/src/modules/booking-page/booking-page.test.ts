import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingCancelQuote, BookingPage, TourPrices } from '@tourdesk/contract';
import {
  bookingLinks,
  domainEvents,
  invoices,
  outboxMessages,
  requests,
  tourDates,
  tours,
} from '../../db/schema/index';
import { startFakeSmtp } from '../../lib/transports/fake-providers';
import { sha256 } from '../../lib/tokens';
import { nextIp } from '../auth/test-helpers';
import { payOnPage, tenant, type Who } from '../payment/payment.fixtures';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

/*
 * The traveller's booking page (issue 27): the checkout's confirm and the traveller's messages
 * give a secret link; it opens that booking only (status, price lines, paid and due, invoices,
 * chat), pays the balance through the pay page, and cancels as the tourist within the rules —
 * the penalty shown first, a changed one refused. Forged links: 404.
 */
const PUBLIC_URL = 'https://crm.example.test';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let anna: Who;
let boris: Who;
let tourId = 0;
let adult = 0;
let n = 0;

type Body = Record<string, unknown> & { errors?: Record<string, string[]>; code?: string };
const api = async (method: 'GET' | 'POST', url: string, payload?: unknown, who: Who | null = null) => {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { 'x-language': 'en', ...(who ? bearer(who.token) : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const departure = async (seats: number, offset = 60) => {
  const res = await api(
    'POST',
    '/crm/api/tour/save-date',
    {
      tour_id: tourId,
      date_start: day(offset),
      date_end: day(offset + 2),
      time_start: `10:${String(++n).padStart(2, '0')}`,
      price: 10000,
      number_of_seats: seats,
      prepayment_type: 'percent',
      prepayment_size: 30,
    },
    anna,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
};
const settle = async (): Promise<void> => {
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.travellerMessageComposer.idle();
  await t.app.services.travellerMessageComposer.composeDue();
  await t.app.services.delivery.idle();
};
/** Books `adults` on a new departure through the checkout: the confirm's answer. */
const book = async (dateId: number, adults = 2, email = 'olga@example.com') => {
  const hold = await api('POST', '/spa/checkout/hold', {
    tour_id: tourId,
    tour_date_id: dateId,
    travellers: [{ category_id: adult, count: adults }],
  });
  expect(hold.status, JSON.stringify(hold.body)).toBe(200);
  const pricing = hold.body.pricing as { total: number };
  const res = await api('POST', '/spa/checkout/confirm', {
    token: hold.body.token,
    total: pricing.total,
    idempotency_key: `bp-${++n}-key`,
    name: 'Olga Petrova',
    email,
    phone: '+7 999 123-45-67',
    documents_accepted: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { request_id: number; booking_url: string; pay_url: string | null; status: number };
};
const tokenOf = (url: string): string => /\/org\/booking\/([\w-]+)\?lang=(en|ru)$/.exec(url)![1]!;
const page = async (token: string) => api('GET', `/spa/booking/page?token=${token}`);

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({
    PUBLIC_URL,
    SMTP_URL: `smtp://user:pass@127.0.0.1:${smtp.port}`,
    SMTP_FROM: 'Tourdesk <robot@tourdesk.test>',
  });
  anna = await tenant(t, 'anna@booking-page.example', 'Altai Trails');
  boris = await tenant(t, 'boris@booking-page.example', 'Kamchatka Tours');
  tourId = (await api('POST', '/crm/api/tour/create', { organizer_id: anna.organizerId, name: 'Altai' }, anna)).body
    .id as number;
  const prices = (await api('GET', `/crm/api/tour/prices?tour_id=${tourId}`, undefined, anna))
    .body as unknown as TourPrices;
  adult = prices.categories[0]!.id;
  await t.database.db.update(tours).set({ status: 'published', instant_booking: true }).where(eq(tours.id, tourId));
  await api(
    'POST',
    '/crm/api/organizer/update',
    {
      id: anna.organizerId,
      penalties: [
        { days_before: 90, percent: 10 },
        { days_before: 14, percent: 50 },
      ],
      cancellation_terms: 'Cancel on the booking page.',
    },
    anna,
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the booking link', () => {
  it('the confirm answers it; it opens that booking: status, lines, paid and due, invoices', async () => {
    const dateId = await departure(10);
    const booked = await book(dateId);
    expect(booked.status).toBe(2);
    expect(booked.booking_url).toMatch(/^https:\/\/crm\.example\.test\/org\/booking\/[\w-]{43}\?lang=en$/);
    const token = tokenOf(booked.booking_url);
    // only the hash is kept (the messages make links of their own)
    const links = await t.database.db.select().from(bookingLinks).where(eq(bookingLinks.request_id, booked.request_id));
    expect(links.filter((l) => l.token_hash === sha256(token))).toHaveLength(1);
    expect(links.some((l) => l.token_hash.includes(token))).toBe(false);
    const res = await page(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body as unknown as BookingPage;
    expect(p).toMatchObject({
      request_id: booked.request_id,
      status: 2,
      canceled: false,
      tour_name: 'Altai',
      organizer_name: 'Altai Trails',
      date_start: day(60),
      date_end: day(62),
      customer_name: 'Olga Petrova',
      tourists: [],
      penalty: null,
      can_pay: true,
      can_cancel: true,
      language: 'en',
    });
    expect(p.pricing).toMatchObject({ total: 20000, paid: 0, balance_due: 20000, tourists_count: 2, currency: 'RUB' });
    expect(p.pricing.travellers.map((l) => [l.count, l.unit_price])).toEqual([[2, 10000]]);
    expect(p.invoices).toEqual([
      expect.objectContaining({ amount: 6000, currency: 'RUB', status: 'new', paid_at: null }),
    ]);
    expect(p.invoices[0]!.pay_url).toBe(booked.pay_url);
    expect(p.chat_url).toMatch(/^https:\/\/crm\.example\.test\/org\/traveller-chat\/\d+\.[\w-]{32}$/);
  });

  it('a forged link is 404 with its message; a malformed one 422; another booking is never reached', async () => {
    const forged = await page('A'.repeat(43));
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe('This booking link is not valid');
    expect((await page('short')).status).toBe(422);
    expect((await api('GET', '/spa/booking/page')).status).toBe(422);
    // two bookings, two links: each opens its own
    const one = await book(await departure(5));
    const two = await book(await departure(5));
    expect(((await page(tokenOf(one.booking_url))).body as unknown as BookingPage).request_id).toBe(one.request_id);
    expect(((await page(tokenOf(two.booking_url))).body as unknown as BookingPage).request_id).toBe(two.request_id);
    expect((await api('POST', '/spa/booking/cancel', { token: 'B'.repeat(43), penalty_amount: 0 })).status).toBe(404);
    expect((await api('POST', '/spa/booking/pay-balance', { token: 'B'.repeat(43) })).status).toBe(404);
    // the organizer's other tenant sees nothing of it through the CRM either
    expect((await api('GET', `/crm/api/request/get?id=${one.request_id}`, undefined, boris)).status).toBe(404);
  });
});

describe('paying the balance', () => {
  it('the open prepayment first, then a new invoice of the rest; nothing left: refused', async () => {
    const booked = await book(await departure(10));
    const token = tokenOf(booked.booking_url);
    const first = await api('POST', '/spa/booking/pay-balance', { token, language: 'ru' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.pay_url).toBe(`${booked.pay_url}?lang=ru`);
    expect((await payOnPage(t, booked.pay_url!.split('/pay/')[1]!)).status).toBe(303);
    // Pay pressed in three tabs at once: one balance invoice, every tab sent to it
    const tabs = await Promise.all(
      [1, 2, 3].map(() => api('POST', '/spa/booking/pay-balance', { token, language: 'ru' })),
    );
    const second = tabs[0]!;
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(tabs.map((r) => r.body.pay_url)).toEqual(Array(3).fill(second.body.pay_url));
    const balance = (
      await t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.request_id, booked.request_id))
        .orderBy(desc(invoices.id))
    )[0]!;
    expect(balance).toMatchObject({
      amount_minor: 1_400_000,
      payment_type: 'payment',
      title: 'Доплата за бронирование',
    });
    expect(second.body.pay_url).toBe(`${PUBLIC_URL}/pay/${balance.public_token}?lang=ru`);
    // asked again before paying: the same invoice, no other issued
    expect((await api('POST', '/spa/booking/pay-balance', { token, language: 'ru' })).body.pay_url).toBe(
      second.body.pay_url,
    );
    expect((await t.database.db.select().from(invoices).where(eq(invoices.request_id, booked.request_id))).length).toBe(
      2,
    );
    expect((await payOnPage(t, balance.public_token)).status).toBe(303);
    const p = (await page(token)).body as unknown as BookingPage;
    expect(p).toMatchObject({ status: 3, can_pay: false });
    expect(p.pricing).toMatchObject({ paid: 20000, balance_due: 0 });
    expect(p.invoices.map((i) => [i.amount, i.status, i.pay_url])).toEqual([
      [6000, 'payed', null],
      [14000, 'payed', null],
    ]);
    const none = await api('POST', '/spa/booking/pay-balance', { token });
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('booking_nothing_to_pay');
  });

  it('a request-to-book waits for the organizer: nothing to pay yet', async () => {
    await t.database.db.update(tours).set({ instant_booking: false }).where(eq(tours.id, tourId));
    try {
      const booked = await book(await departure(10));
      expect(booked.status).toBe(1);
      const token = tokenOf(booked.booking_url);
      expect((await page(token)).body).toMatchObject({ status: 1, can_pay: false, can_cancel: true });
      expect((await api('POST', '/spa/booking/pay-balance', { token })).body.code).toBe('booking_nothing_to_pay');
    } finally {
      await t.database.db.update(tours).set({ instant_booking: true }).where(eq(tours.id, tourId));
    }
  });
});

describe('cancelling within the rules', () => {
  it('the penalty and refund first; a changed penalty refused; then canceled by the tourist', async () => {
    const dateId = await departure(10, 30);
    const booked = await book(dateId, 3);
    const token = tokenOf(booked.booking_url);
    await payOnPage(t, booked.pay_url!.split('/pay/')[1]!);
    const quote = await api('GET', `/spa/booking/cancel-quote?token=${token}`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body as unknown as BookingCancelQuote).toEqual({
      currency: 'RUB',
      days_before_start: 30,
      penalties: [
        { days_before: 90, percent: 10 },
        { days_before: 14, percent: 50 },
      ],
      applied_penalty: { days_before: 90, percent: 10 },
      price: 30000,
      paid_amount: 9000,
      penalty_amount: 3000,
      refund_amount: 6000,
      cancellation_terms: 'Cancel on the booking page.',
    });
    const freeBefore = (await t.database.db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!
      .number_of_free_seats;
    expect(freeBefore).toBe(7);
    const wrong = await api('POST', '/spa/booking/cancel', { token, penalty_amount: 0 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('booking_penalty_changed');
    expect((await t.database.db.select().from(requests).where(eq(requests.id, booked.request_id)))[0]!.status).toBe(3);
    const done = await api('POST', '/spa/booking/cancel', { token, penalty_amount: 3000, message: 'Plans changed' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 5, canceled: true, penalty: 3000, can_pay: false, can_cancel: false });
    expect(
      (await t.database.db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!.number_of_free_seats,
    ).toBe(10);
    const event = (
      await t.database.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.type, 'request.status_changed'), eq(domainEvents.aggregate_id, booked.request_id)))
        .orderBy(desc(domainEvents.id))
    )[0]!;
    expect(event.actor_type).toBe('tourist');
    expect(event.payload).toMatchObject({ from: 3, status: 5 });
    const again = await api('POST', '/spa/booking/cancel', { token, penalty_amount: 3000 });
    expect(again.body.code).toBe('booking_not_cancelable');
    expect((await api('GET', `/spa/booking/cancel-quote?token=${token}`)).body.code).toBe('booking_not_cancelable');
  });
});

describe('the traveller’s messages', () => {
  it('the confirmation carries a booking link that opens the booking', async () => {
    await settle();
    const mark = (await t.database.db.select({ id: outboxMessages.id }).from(outboxMessages)).reduce(
      (m, r) => Math.max(m, r.id),
      0,
    );
    const booked = await book(await departure(10), 2, 'ivan@example.com');
    await settle();
    const rows = (
      await t.database.db
        .select()
        .from(outboxMessages)
        .where(and(gt(outboxMessages.id, mark), eq(outboxMessages.recipient, 'ivan@example.com')))
        .orderBy(asc(outboxMessages.id))
    ).filter((r) => (r.meta as { kind?: string }).kind === 'traveller_message');
    const confirmed = rows.find((r) => (r.meta as { message_kind: string }).message_kind === 'confirmed')!;
    expect(confirmed).toBeDefined();
    const url = /https:\/\/crm\.example\.test\/org\/booking\/[\w-]{43}\?lang=en/.exec(confirmed.body)![0];
    expect(confirmed.html).toContain(url);
    expect(confirmed.body).toContain('Your booking: pay, documents, chat, cancel');
    const p = (await page(tokenOf(url))).body as unknown as BookingPage;
    expect(p.request_id).toBe(booked.request_id);
    // a link of its own, not the confirm's
    expect(tokenOf(url)).not.toBe(tokenOf(booked.booking_url));
  });
});

describe('the contract', () => {
  const download = async (token: string) =>
    t.app.inject({ method: 'GET', url: `/spa/booking/contract?token=${token}`, remoteAddress: nextIp() });

  it('a confirmed booking’s contract downloads as a PDF; not before, not when the organizer hands out none', async () => {
    const booked = await book(await departure(10));
    expect(booked.status).toBe(2);
    const token = tokenOf(booked.booking_url);
    const p = (await page(token)).body as unknown as BookingPage;
    expect(p.contract_url).toBe(`${PUBLIC_URL}/spa/booking/contract?token=${token}`);
    const pdf = await download(token);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // the organizer hands out no contract: none on the page, none to download
    const off = await api(
      'POST',
      '/crm/api/traveller-messages/update-settings',
      { organizer_id: anna.organizerId, attach_contract: false },
      anna,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    try {
      expect(((await page(token)).body as unknown as BookingPage).contract_url).toBeNull();
      const refused = await download(token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'booking_contract_not_available' });
    } finally {
      await api(
        'POST',
        '/crm/api/traveller-messages/update-settings',
        { organizer_id: anna.organizerId, attach_contract: true },
        anna,
      );
    }

    // a request the organizer has not confirmed yet has none
    await t.database.db.update(tours).set({ instant_booking: false }).where(eq(tours.id, tourId));
    try {
      const waiting = tokenOf((await book(await departure(10))).booking_url);
      expect(((await page(waiting)).body as unknown as BookingPage).contract_url).toBeNull();
      expect((await download(waiting)).json()).toMatchObject({ code: 'booking_contract_not_available' });
    } finally {
      await t.database.db.update(tours).set({ instant_booking: true }).where(eq(tours.id, tourId));
    }

    // a forged link opens nothing
    const forged = await download('x'.repeat(43));
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toMatchObject({ code: 'booking_link_not_found' });
  });
});
