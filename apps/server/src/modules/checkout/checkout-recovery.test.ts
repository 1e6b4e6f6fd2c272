import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TourPrices } from '@tourdesk/contract';
import { checkoutSessions, outboxMessages, sites, tourDates, travellerMessageSettings } from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import type { TestApp } from '../../test/test-app';
import {
  attach,
  call,
  day,
  makeSiteApp,
  publishedTour,
  q,
  SITES_DOMAIN,
  tenant,
  type Who,
} from '../site/site.fixtures';

/*
 * The abandoned checkout (issue 27): the e-mail left on a hold, ONE message about two hours after
 * the checkout began (only if not booked, the places still free, the same e-mail not booked since,
 * the kind switched on), its link holding the same choice again, and the booking made from it
 * counted as recovered in the sales report.
 */
let t: TestApp;
let anna: Who;
let other: Who;
let tourId = 0;
let adult = 0;

const post = async (url: string, payload: unknown) => {
  const res = await t.app.inject({ method: 'POST', url, remoteAddress: nextIp(), payload: payload as object });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { errors?: Record<string, string[]> },
  };
};
let n = 0;
const departure = async (seats: number) => {
  const res = await call(t, 'POST', '/crm/api/tour/save-date', anna, {
    tour_id: tourId,
    date_start: day(50),
    date_end: day(52),
    time_start: `10:${String(++n).padStart(2, '0')}`,
    price: 10000,
    number_of_seats: seats,
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.id as number;
};
const free = async (id: number) =>
  (await t.database.db.select().from(tourDates).where(eq(tourDates.id, id)))[0]!.number_of_free_seats;
const hold = async (dateId: number, adults = 2, language = 'en') => {
  const res = await post('/spa/checkout/hold', {
    tour_id: tourId,
    tour_date_id: dateId,
    travellers: [{ category_id: adult, count: adults }],
    language,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { token: string; pricing: { total: number } };
};
/** A checkout left with an e-mail: held, the contact kept, then released. */
const abandoned = async (dateId: number, email: string, language = 'en') => {
  const h = await hold(dateId, 2, language);
  expect((await post('/spa/checkout/contact', { token: h.token, email, name: 'Olga Petrova' })).status).toBe(200);
  expect((await post('/spa/checkout/release', { token: h.token })).status).toBe(200);
  return h;
};
const confirm = (token: string, total: number, email: string) =>
  post('/spa/checkout/confirm', {
    token,
    total,
    idempotency_key: `recovery-key-${++n}`,
    name: 'Olga Petrova',
    email,
    phone: '+7 999 123-45-67',
    documents_accepted: true,
  });
const sweep = (hoursLater: number) =>
  t.app.services.checkoutRecovery.sweep(new Date(Date.now() + hoursLater * 3_600_000));
const lastOutboxId = async () =>
  (await t.database.db.select({ id: outboxMessages.id }).from(outboxMessages)).reduce((m, r) => Math.max(m, r.id), 0);
const sentTo = async (email: string, after: number) =>
  (
    await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(gt(outboxMessages.id, after), eq(outboxMessages.recipient, email)))
      .orderBy(asc(outboxMessages.id))
  ).filter((r) => (r.meta as { message_kind?: string }).message_kind === 'checkout_recovery');
const recoveryToken = (body: string) => /[?&]recover=([\w-]{43})/.exec(body)?.[1];

beforeAll(async () => {
  t = await makeSiteApp();
  anna = await tenant(t, 'anna@recovery.example', 'Altai Trails');
  other = await tenant(t, 'boris@recovery.example', 'Baikal Trails');
  tourId = (await publishedTour(t, anna, 'Lake Teletskoye')).tourId;
  const prices = (await call(t, 'GET', `/crm/api/tour/prices?tour_id=${tourId}`, anna)).body as unknown as TourPrices;
  adult = prices.categories[0]!.id;
  expect((await attach(t, anna, { subdomain: 'altai-recovery' })).status).toBe(200);
  await t.database.db.update(sites).set({ status: 'published' }).where(eq(sites.organizer_id, anna.organizerId));
});
afterAll(() => t.close());

describe('the e-mail left on a hold', () => {
  it('is kept on a live hold; a bad e-mail, an unknown or ended hold change nothing', async () => {
    const dateId = await departure(6);
    const h = await hold(dateId);
    const bad = await post('/spa/checkout/contact', { token: h.token, email: 'not-an-email', name: 'X' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ email: ['Please enter a valid e-mail'] });
    const unknown = await post('/spa/checkout/contact', { token: 'x'.repeat(43), email: 'a@b.example' });
    expect(unknown.status).toBe(404);
    const row = async () =>
      (await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.tour_date_id, dateId)))[0]!;
    expect((await row()).contact_email).toBeNull();
    expect(
      (await post('/spa/checkout/contact', { token: h.token, email: ' olga@example.com ', name: 'Olga' })).status,
    ).toBe(200);
    expect((await row()).contact_email).toBe('olga@example.com');
    await post('/spa/checkout/release', { token: h.token });
    const ended = await post('/spa/checkout/contact', { token: h.token, email: 'other@example.com', name: '' });
    expect(ended.status).toBe(422);
    expect((await row()).contact_email).toBe('olga@example.com');
  });
});

describe('the one message, and the link that brings the checkout back', () => {
  it('goes once, about two hours after, in the traveller’s language; its link holds the choice again and the booking counts as recovered', async () => {
    const dateId = await departure(6);
    const mark = await lastOutboxId();
    await abandoned(dateId, 'ivan@example.com', 'ru');
    expect(await free(dateId)).toBe(6);
    expect((await sweep(1)).sent).toBe(0);
    expect(await sentTo('ivan@example.com', mark)).toHaveLength(0);
    await sweep(2.1);
    const sent = await sentTo('ivan@example.com', mark);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Места в туре «Lake Teletskoye» ещё свободны');
    expect(sent[0]!.body).toContain('Здравствуйте, Olga Petrova!');
    expect(sent[0]!.body).toContain('Завершить бронирование');
    const token = recoveryToken(sent[0]!.body)!;
    expect(sent[0]!.body).toContain(
      `https://altai-recovery.${SITES_DOMAIN}/booking?tour=${tourId}&date=${dateId}&recover=${token}&lang=ru`,
    );
    // never twice
    await sweep(3);
    expect(await sentTo('ivan@example.com', mark)).toHaveLength(1);

    const back = await post('/spa/checkout/recover', { token, language: 'ru' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const r = back.body as {
      hold: { token: string; pricing: { total: number } };
      choice: { tour_date_id: number; travellers: { category_id: number; count: number }[] };
      contact: { name: string; email: string };
    };
    expect(r.choice.tour_date_id).toBe(dateId);
    expect(r.choice.travellers).toEqual([{ category_id: adult, count: 2 }]);
    expect(r.contact).toEqual({ name: 'Olga Petrova', email: 'ivan@example.com' });
    expect(await free(dateId)).toBe(4);
    // the restored checkout is never reminded again
    await post('/spa/checkout/release', { token: r.hold.token });
    await sweep(5);
    expect(await sentTo('ivan@example.com', mark)).toHaveLength(1);

    const again = await post('/spa/checkout/recover', { token, language: 'ru' });
    expect(again.status).toBe(200);
    const a = again.body as { hold: { token: string; pricing: { total: number } } };
    const booked = await confirm(a.hold.token, a.hold.pricing.total, 'ivan@example.com');
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const used = await post('/spa/checkout/recover', { token, language: 'ru' });
    expect(used.status).toBe(422);
    expect(used.body.errors).toEqual({ token: ['This booking has already been made'] });

    const report = await call(t, 'GET', `/crm/api/report/sales?${q(anna)}`, anna);
    expect(report.status, report.raw).toBe(200);
    // sent: this one and the first test's (olga@, left with an e-mail on another departure)
    expect(report.body.checkout_recovery).toEqual({ sent: 2, recovered: 1 });
    // another tenant's report counts none of them
    const theirs = await call(t, 'GET', `/crm/api/report/sales?${q(other)}`, other);
    expect(theirs.body.checkout_recovery).toEqual({ sent: 0, recovered: 0 });
  });

  it('does not go when the places are gone, the e-mail booked since, or the organizer switched it off', async () => {
    const mark = await lastOutboxId();
    const soldOut = await departure(3);
    await abandoned(soldOut, 'sold@example.com');
    await t.database.db.update(tourDates).set({ number_of_free_seats: 1 }).where(eq(tourDates.id, soldOut));

    const bookedSince = await departure(6);
    await abandoned(bookedSince, 'Booked@Example.com');
    const h = await hold(bookedSince, 1);
    expect((await confirm(h.token, h.pricing.total, 'booked@example.com')).status).toBe(200);

    const offDate = await departure(6);
    await abandoned(offDate, 'off@example.com');
    await t.database.db
      .insert(travellerMessageSettings)
      .values({ organizer_id: anna.organizerId, kinds: { checkout_recovery: { enabled: false } } });

    await sweep(2.5);
    for (const email of ['sold@example.com', 'Booked@Example.com', 'off@example.com'])
      expect(await sentTo(email, mark), email).toHaveLength(0);
    // each decided once: switched on again, nothing goes later
    await t.database.db
      .delete(travellerMessageSettings)
      .where(eq(travellerMessageSettings.organizer_id, anna.organizerId));
    await sweep(3);
    expect(await sentTo('off@example.com', mark)).toHaveLength(0);
  });

  it('a link whose places were sold meanwhile says so and holds nothing; an unknown link is 404', async () => {
    const dateId = await departure(2);
    const mark = await lastOutboxId();
    await abandoned(dateId, 'late@example.com');
    await sweep(2.2);
    const token = recoveryToken((await sentTo('late@example.com', mark))[0]!.body)!;
    await t.database.db.update(tourDates).set({ number_of_free_seats: 1 }).where(eq(tourDates.id, dateId));
    const gone = await post('/spa/checkout/recover', { token, language: 'en' });
    expect(gone.status).toBe(422);
    expect(gone.body.errors).toEqual({ token: ['These places are no longer free: choose another departure'] });
    expect(await free(dateId)).toBe(1);
    expect((await post('/spa/checkout/recover', { token: 'y'.repeat(43), language: 'en' })).status).toBe(404);
  });
});
