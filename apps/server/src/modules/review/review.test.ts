import { and, asc, eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chatMessages,
  domainEvents,
  outboxMessages,
  partnerSites,
  requests,
  reviewLinks,
  reviews,
  travellerMessages,
} from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, insertRequest, tenant, tourWithDeparture, type Who } from '../payment/payment.fixtures';
import { hashToken } from './review.service';

/**
 * Reviews (issue 28) through the API: the trip completes, the review request is planned a delay
 * later with a secret link, the traveller writes a review with a photo, the organizer answers,
 * hides, reports it; the public list shows it. Bad links, ratings and another tenant's ids.
 */
const PUBLIC_URL = 'https://crm.example.test';
const HOUR = 3_600_000;
let t: TestApp;
let anna: Who;
let boris: Who;
let departure: { tourId: number; dateId: number; dateStart: string };
let png: Buffer;

const settle = async (now = new Date()): Promise<void> => {
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.travellerMessageComposer.idle();
  await t.app.services.travellerMessageComposer.composeDue(now);
  await t.app.services.delivery.idle();
};

let outboxMark = 0;
beforeEach(async () => {
  await settle();
  outboxMark = (await t.database.db.select({ id: outboxMessages.id }).from(outboxMessages)).reduce(
    (m, r) => Math.max(m, r.id),
    0,
  );
});

const reviewMails = async (recipient: string) =>
  (
    await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(gt(outboxMessages.id, outboxMark), eq(outboxMessages.recipient, recipient)))
      .orderBy(asc(outboxMessages.id))
  ).filter((r) => String((r.meta as { message_kind?: string }).message_kind).startsWith('review_'));
const linkIn = (body: string): string => /\/org\/review\/([A-Za-z0-9_-]+)\?lang=(en|ru)/.exec(body)![1]!;

/** A paid request of the departure, then the trip's end: the sweep completes it (status 4). */
const completedTrip = async (email: string, who = anna, d = departure): Promise<number> => {
  const id = await insertRequest(t, who, d, { status: 3, email, paidMinor: 2_000_000 });
  await t.app.services.requests.sweep(new Date(Date.parse(`${d.dateStart}T00:00:00Z`) + 5 * 86_400_000));
  await settle();
  return id;
};

/** Completes a trip and sends its review request (the delay passed); the link's token. */
const requestedReview = async (email: string, who = anna, d = departure): Promise<string> => {
  await completedTrip(email, who, d);
  await settle(new Date(Date.now() + 25 * HOUR));
  const [mail] = await reviewMails(email);
  return linkIn(mail!.body);
};

const upload = (token: string, data: Buffer, name = 'photo.png') => {
  const boundary = '----review-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/spa/review/photo?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  anna = await tenant(t, 'anna@rv.example', 'Altai Trails');
  boris = await tenant(t, 'boris@rv.example', 'Kamchatka Tours');
  departure = await tourWithDeparture(t, anna, { name: 'Altai ridge', price: 15000, seats: 60 });
  png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

describe('the review request', () => {
  it('goes the organizer’s delay after the trip completes, with a secret link kept only as a hash', async () => {
    await completedTrip('olga@example.com');
    // planned, not sent before the delay (24 h by default)
    const planned = await t.database.db
      .select()
      .from(travellerMessages)
      .where(eq(travellerMessages.recipient, 'olga@example.com'));
    expect(planned.map((m) => m.kind).sort()).toEqual(['review_reminder', 'review_request']);
    expect(await reviewMails('olga@example.com')).toEqual([]);
    await settle(new Date(Date.now() + 23 * HOUR));
    expect(await reviewMails('olga@example.com')).toEqual([]);

    await settle(new Date(Date.now() + 25 * HOUR));
    const mails = await reviewMails('olga@example.com');
    expect(mails.map((m) => (m.meta as { message_kind: string }).message_kind)).toEqual(['review_request']);
    expect(mails[0]!.subject).toBe('How was “Altai ridge”?');
    const token = linkIn(mails[0]!.body);
    expect(mails[0]!.body).toContain(`${PUBLIC_URL}/org/review/${token}?lang=en`);
    const [link] = await t.database.db
      .select()
      .from(reviewLinks)
      .where(eq(reviewLinks.token_hash, hashToken(token)));
    expect(link!.author_key).toBe('olga@example.com');
    expect(JSON.stringify(await t.database.db.select().from(reviewLinks))).not.toContain(token);
    const days = (link!.expires_at.getTime() - link!.created_at.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    // the reminder a week later, when no review came
    await settle(new Date(Date.now() + 8 * 24 * HOUR));
    expect(
      (await reviewMails('olga@example.com')).map((m) => (m.meta as { message_kind: string }).message_kind),
    ).toEqual(['review_request', 'review_reminder']);
  });

  it('follows the organizer’s delay, and sends no reminder once the traveller has reviewed', async () => {
    expect(
      (
        await call(t, 'POST', '/crm/api/reviews/update-settings', anna, {
          tour_organizer_id: anna.organizerId,
          delay_hours: 2,
        })
      ).status,
    ).toBe(200);
    await completedTrip('petr@example.com');
    await settle(new Date(Date.now() + 3 * HOUR));
    const token = linkIn((await reviewMails('petr@example.com'))[0]!.body);
    const saved = await call(t, 'POST', '/spa/review/save', null, {
      token,
      rating: 4,
      display_name: 'Petr',
      text: 'Fine',
    });
    expect(saved.status, saved.raw).toBe(200);
    await settle(new Date(Date.now() + 8 * 24 * HOUR));
    expect((await reviewMails('petr@example.com')).length).toBe(1);
    const reminder = (
      await t.database.db.select().from(travellerMessages).where(eq(travellerMessages.recipient, 'petr@example.com'))
    ).find((m) => m.kind === 'review_reminder')!;
    expect([reminder.state, reminder.error]).toEqual(['skipped', 'already_reviewed']);
    await call(t, 'POST', '/crm/api/reviews/update-settings', anna, {
      tour_organizer_id: anna.organizerId,
      delay_hours: 24,
    });
  });

  it('never goes to a canceled request', async () => {
    // canceled before the trip ended: it never completes, nothing is planned
    const id = await insertRequest(t, anna, departure, { status: 3, email: 'gone@example.com' });
    const canceled = await call(t, 'POST', '/crm/api/request/cancel', anna, { id, notify_client: false });
    expect(canceled.status, canceled.raw).toBe(200);
    expect((await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!.status).toBe(6);
    await t.app.services.requests.sweep(new Date(Date.now() + 60 * 86_400_000));
    await settle(new Date(Date.now() + 30 * 24 * HOUR));
    expect(await reviewMails('gone@example.com')).toEqual([]);
    expect(
      (await t.database.db.select().from(travellerMessages).where(eq(travellerMessages.request_id, id))).filter((m) =>
        m.kind.startsWith('review_'),
      ),
    ).toEqual([]);

    // planned, then the request is canceled by support before it went: the composer skips it
    const later = await completedTrip('late@example.com');
    await t.database.db.update(requests).set({ status: 8 }).where(eq(requests.id, later));
    await settle(new Date(Date.now() + 25 * HOUR));
    expect(await reviewMails('late@example.com')).toEqual([]);
    const skipped = await t.database.db
      .select()
      .from(travellerMessages)
      .where(and(eq(travellerMessages.request_id, later), eq(travellerMessages.kind, 'review_request')));
    expect(skipped.map((m) => [m.state, m.error])).toEqual([['skipped', 'request_canceled']]);
  });
});

describe('the review page', () => {
  it('writes a review with a photo, editable until answered; the organizer answers; the public sees it', async () => {
    const token = await requestedReview('maria@example.com');
    const page = await call(t, 'GET', `/spa/review?token=${token}`, null);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      state: 'open',
      tour_name: 'Altai ridge',
      organizer_name: 'Altai Trails',
      review: null,
    });

    const photo = await upload(token, png);
    expect(photo.statusCode, photo.body).toBe(200);
    const photoId = (photo.json() as { id: number }).id;
    // a processed image: its variants are served
    expect((await t.app.inject({ method: 'GET', url: `/files/${photoId}/w1200` })).statusCode).toBe(200);

    const text = 'Great <script>alert(1)</script> trip';
    let res = await call(t, 'POST', '/spa/review/save', null, {
      token,
      rating: 5,
      text,
      display_name: 'Maria',
      photo_ids: [photoId],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ rating: 5, text, display_name: 'Maria' });
    const id = res.body.id as number;
    // edited by its author: still one review
    res = await call(t, 'POST', '/spa/review/save', null, {
      token,
      rating: 4,
      text,
      display_name: 'Maria K.',
      photo_ids: [photoId],
    });
    expect(res.body.id).toBe(id);
    expect((await t.database.db.select().from(reviews).where(eq(reviews.author_key, 'maria@example.com'))).length).toBe(
      1,
    );

    // the CRM list: with its tour, departure, request; the averages; the menu's count
    const list = await call(t, 'GET', `/crm/api/reviews/list?tour_organizer_id=${anna.organizerId}&answered=no`, anna);
    expect(list.status).toBe(200);
    const item = (list.body.items as { id: number; tour_name: string; date_start: string; request_id: number }[]).find(
      (r) => r.id === id,
    )!;
    expect(item).toMatchObject({ tour_name: 'Altai ridge', date_start: departure.dateStart });
    expect((list.body.per_tour as { tour_id: number }[])[0]!.tour_id).toBe(departure.tourId);
    const count = await call(t, 'GET', `/crm/api/reviews/unanswered-count?tour_organizer_id=${anna.organizerId}`, anna);
    expect(count.body.count).toBeGreaterThanOrEqual(1);

    // answered: the author can no longer edit it; the page shows it answered
    const answered = await call(t, 'POST', '/crm/api/reviews/answer', anna, {
      tour_organizer_id: anna.organizerId,
      id,
      answer: 'Thank you, Maria!',
    });
    expect(answered.status, answered.raw).toBe(200);
    expect(answered.body.answer).toBe('Thank you, Maria!');
    const edited = await call(t, 'POST', '/crm/api/reviews/answer', anna, {
      tour_organizer_id: anna.organizerId,
      id,
      answer: 'Thanks!',
    });
    expect(edited.body.answer_edited_at).not.toBeNull();
    res = await call(t, 'POST', '/spa/review/save', null, { token, rating: 1, display_name: 'Maria' });
    expect(res.status).toBe(422);
    expect((await call(t, 'GET', `/spa/review?token=${token}`, null)).body.state).toBe('answered');
    expect((await t.database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!.rating).toBe(4);

    // the public list (SPEC §7) and per tour, with the answer
    const pub = await call(t, 'GET', `/spa/organizer-reviews?id=${anna.organizerId}`, null);
    expect(pub.status).toBe(200);
    expect(pub.body.limit).toBe(5);
    const shown = (pub.body.items as { id: number; answer: string; photos: unknown[] }[]).find((r) => r.id === id)!;
    expect(shown.answer).toBe('Thanks!');
    expect(shown.photos).toHaveLength(1);
    expect(JSON.stringify(pub.body)).not.toContain('maria@example.com');
    const perTour = await call(
      t,
      'GET',
      `/spa/organizer-reviews?id=${anna.organizerId}&tour_id=${departure.tourId}`,
      null,
    );
    expect((perTour.body.items as { id: number }[]).some((r) => r.id === id)).toBe(true);

    // hidden with a reason: off the site, still in the CRM
    expect(
      (await call(t, 'POST', '/crm/api/reviews/hide', anna, { tour_organizer_id: anna.organizerId, id, hidden: true }))
        .status,
    ).toBe(422);
    const hidden = await call(t, 'POST', '/crm/api/reviews/hide', anna, {
      tour_organizer_id: anna.organizerId,
      id,
      hidden: true,
      reason: 'Spam',
    });
    expect(hidden.body).toMatchObject({ hidden: true, hidden_reason: 'Spam' });
    const after = await call(t, 'GET', `/spa/organizer-reviews?id=${anna.organizerId}&limit=50`, null);
    expect((after.body.items as { id: number }[]).some((r) => r.id === id)).toBe(false);

    // a review event was recorded for the live screens
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'review.changed'));
    expect(events.some((e) => (e.payload as { review_id: number; change: string }).change === 'created')).toBe(true);
  });

  it('reports a review to support in the organizer’s support chat', async () => {
    const sites = await t.database.db.select().from(partnerSites);
    if (sites.length === 0)
      await t.database.db.insert(partnerSites).values({ name: 'Marketplace', domain: 'market.example.test' });
    const token = await requestedReview('ivan.r@example.com');
    const res = await call(t, 'POST', '/spa/review/save', null, {
      token,
      rating: 1,
      display_name: 'Troll',
      text: 'Bad words',
    });
    const id = res.body.id as number;
    const reported = await call(t, 'POST', '/crm/api/reviews/report', anna, {
      tour_organizer_id: anna.organizerId,
      id,
      message: 'This person never travelled with us',
    });
    expect(reported.status, reported.raw).toBe(200);
    const chatId = reported.body.support_chat_id as number;
    const messages = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chat_id, chatId));
    expect(messages.some((m) => (m.text ?? '').includes('This person never travelled with us'))).toBe(true);
  });

  it('refuses bad input: a forged or expired link, a rating outside 1–5, another’s photo', async () => {
    expect((await call(t, 'GET', '/spa/review?token=forged-token', null)).status).toBe(404);
    expect(
      (await call(t, 'POST', '/spa/review/save', null, { token: 'forged-token', rating: 5, display_name: 'X' })).status,
    ).toBe(404);
    const token = await requestedReview('lena@example.com');
    for (const rating of [0, 6, 4.5]) {
      const res = await call(t, 'POST', '/spa/review/save', null, { token, rating, display_name: 'Lena' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('rating');
    }
    const noName = await call(t, 'POST', '/spa/review/save', null, { token, rating: 5, display_name: ' ' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toHaveProperty('display_name');
    // a photo uploaded through another traveller's link is not theirs
    const other = await requestedReview('sveta@example.com');
    const foreign = (await upload(other, png)).json() as { id: number };
    const res = await call(t, 'POST', '/spa/review/save', null, {
      token,
      rating: 5,
      display_name: 'Lena',
      photo_ids: [foreign.id],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('photo_ids');
    // not an image
    expect((await upload(token, Buffer.from('hello'), 'x.txt')).statusCode).toBe(422);
    expect((await t.database.db.select().from(reviews).where(eq(reviews.author_key, 'lena@example.com'))).length).toBe(
      0,
    );

    // expired: the page says so, saving is refused
    await t.database.db
      .update(reviewLinks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(reviewLinks.token_hash, hashToken(token)));
    expect((await call(t, 'GET', `/spa/review?token=${token}`, null)).body.state).toBe('expired');
    expect((await call(t, 'POST', '/spa/review/save', null, { token, rating: 5, display_name: 'Lena' })).status).toBe(
      422,
    );
  });

  it('never shows or changes another organizer’s reviews', async () => {
    const token = await requestedReview('kate@example.com');
    const id = (await call(t, 'POST', '/spa/review/save', null, { token, rating: 3, display_name: 'Kate' })).body
      .id as number;
    // boris, signed in, names anna's organizer or anna's review under his own
    expect((await call(t, 'GET', `/crm/api/reviews/list?tour_organizer_id=${anna.organizerId}`, boris)).status).toBe(
      404,
    );
    expect(
      (await call(t, 'GET', `/crm/api/reviews/unanswered-count?tour_organizer_id=${anna.organizerId}`, boris)).status,
    ).toBe(404);
    for (const [path, body] of [
      ['/crm/api/reviews/answer', { answer: 'Ha' }],
      ['/crm/api/reviews/hide', { hidden: true, reason: 'x' }],
      ['/crm/api/reviews/report', { message: 'x' }],
    ] as const) {
      expect((await call(t, 'POST', path, boris, { tour_organizer_id: anna.organizerId, id, ...body })).status).toBe(
        404,
      );
      expect((await call(t, 'POST', path, boris, { tour_organizer_id: boris.organizerId, id, ...body })).status).toBe(
        404,
      );
    }
    // a filter naming anna's tour under his own organizer; the public list of an organizer never made
    expect(
      (
        await call(
          t,
          'GET',
          `/crm/api/reviews/list?tour_organizer_id=${boris.organizerId}&tour_id=${departure.tourId}`,
          boris,
        )
      ).status,
    ).toBe(404);
    const foreignTour = await call(
      t,
      'GET',
      `/spa/organizer-reviews?id=${boris.organizerId}&tour_id=${departure.tourId}`,
      null,
    );
    expect([foreignTour.status, foreignTour.body.items]).toEqual([200, []]);
    expect((await call(t, 'GET', `/spa/organizer-reviews?id=${boris.organizerId}&tour_id=999999`, null)).status).toBe(
      404,
    );
    expect((await call(t, 'GET', '/spa/organizer-reviews?id=999999', null)).status).toBe(404);
    const mine = await call(t, 'GET', `/crm/api/reviews/list?tour_organizer_id=${boris.organizerId}`, boris);
    expect(mine.body.items).toEqual([]);
    const row = (await t.database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!;
    expect([row.answer, row.hidden_at]).toEqual([null, null]);
  });
});
