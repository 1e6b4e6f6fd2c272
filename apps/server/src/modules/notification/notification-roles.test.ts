import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, gt, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR, TOURIST_ACTOR, type MemberRole } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { chatRequests, chats, guides, organizerMembers, outboxMessages, tourDateGuides } from '../../db/schema/index';
import { recordEvent } from '../../lib/domain-events';
import { startFakeSmtp } from '../../lib/transports/fake-providers';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { insertRequest, tourWithDeparture, type Who } from '../payment/payment.fixtures';

/**
 * Issue 29: notifications go to the members whose role covers them. Requests (new, canceled) to
 * the owner and managers, payments to them and the accountant, a traveller's chat message to
 * those with chats; a guide hears only of the requests and chats of its own departures, never of
 * payments. Checked on the stored outbox (every channel's message is a row there) and the e-mails
 * a local SMTP server receives.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
const who: Record<'owner' | 'manager' | 'accountant' | 'gina' | 'gus', Who> = {} as never;
let d1: { tourId: number; dateId: number; dateStart: string };
let d2: { tourId: number; dateId: number; dateStart: string };

const settle = async (): Promise<void> => {
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.delivery.idle();
};
const record = (event: Parameters<typeof recordEvent>[1]) =>
  t.database.db.transaction((tx) => recordEvent(tx as unknown as Db, event));

const join = async (email: string, role: MemberRole): Promise<Who> => {
  const u = await createUser(t.database, { email, isEmailConfirmed: true });
  await t.database.db.insert(organizerMembers).values({ organizer_id: who.owner.organizerId, user_id: u.userId, role });
  return { userId: u.userId, organizerId: who.owner.organizerId, token: (await signIn(t.app, email)).token };
};
const assign = async (user: Who, name: string, dateId: number) => {
  const [g] = await t.database.db
    .insert(guides)
    .values({ organizer_id: user.organizerId, first_name: name, user_id: user.userId })
    .returning({ id: guides.id });
  await t.database.db.insert(tourDateGuides).values({ tour_date_id: dateId, guide_id: g!.id });
};

/** Who (by name) the outbox has a notification for since `mark`, per kind. */
const told = async (mark: number): Promise<Record<string, string[]>> => {
  const names = new Map(Object.entries(who).map(([name, w]) => [w.userId, name]));
  const rows = await t.database.db
    .select({ meta: outboxMessages.meta, channel: outboxMessages.channel })
    .from(outboxMessages)
    .where(gt(outboxMessages.id, mark));
  const out: Record<string, string[]> = {};
  for (const r of rows) {
    const n = (r.meta as { notification?: { kind: string; user_id: number } }).notification;
    if (!n || r.channel !== 'email') continue;
    (out[n.kind] ??= []).push(names.get(n.user_id) ?? `?${n.user_id}`);
  }
  for (const k of Object.keys(out)) out[k]!.sort();
  return out;
};
const lastOutbox = async () =>
  (await t.database.db.select({ n: sql<number>`coalesce(max(${outboxMessages.id}), 0)::int` }).from(outboxMessages))[0]!
    .n;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({
    SMTP_URL: `smtp://user:pass@127.0.0.1:${smtp.port}`,
    SMTP_FROM: 'Tourdesk <robot@tourdesk.test>',
  });
  const o = await createUser(t.database, {
    email: 'owner@roles.example',
    organizers: ['Altai Trails'],
    isEmailConfirmed: true,
  });
  who.owner = {
    userId: o.userId,
    organizerId: o.organizerIds[0]!,
    token: (await signIn(t.app, 'owner@roles.example')).token,
  };
  who.manager = await join('manager@roles.example', 'manager');
  who.accountant = await join('accountant@roles.example', 'accountant');
  who.gina = await join('gina@roles.example', 'guide');
  who.gus = await join('gus@roles.example', 'guide');
  d1 = await tourWithDeparture(t, who.owner, { price: 10000, seats: 20 });
  d2 = await tourWithDeparture(t, who.owner, { price: 10000, seats: 20 });
  await assign(who.gina, 'Gina', d1.dateId);
  await assign(who.gus, 'Gus', d2.dateId);
  await settle();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('notifications per role', () => {
  it("requests, payments and chats reach the roles they concern; a guide only its departures'", async () => {
    const mark = await lastOutbox();
    const mails = smtp.mails.length;
    const org = who.owner.organizerId;
    const onD1 = await insertRequest(t, who.owner, d1);
    const onD2 = await insertRequest(t, who.owner, d2);
    for (const id of [onD1, onD2])
      await record({
        type: 'request.created',
        aggregateId: id,
        organizerId: org,
        actor: SYSTEM_ACTOR,
        payload: { request_id: id, status: 1 },
      });
    await record({
      type: 'payment.received',
      aggregateId: onD1,
      organizerId: org,
      actor: SYSTEM_ACTOR,
      payload: { request_id: onD1, payment_id: 1, amount_minor: 500_000, currency: 'RUB' },
    });
    await record({
      type: 'request.status_changed',
      aggregateId: onD2,
      organizerId: org,
      actor: TOURIST_ACTOR,
      payload: { request_id: onD2, from: 2, status: 5 },
    });
    const [chat] = await t.database.db
      .insert(chats)
      .values({ organizer_id: org, kind: 'tourist', traveller_name: 'Olga Petrova', link_secret: 'roles-secret-1' })
      .returning({ id: chats.id });
    await t.database.db.insert(chatRequests).values({ chat_id: chat!.id, request_id: onD1 });
    await record({
      type: 'chat.message_posted',
      aggregateId: chat!.id,
      organizerId: org,
      actor: TOURIST_ACTOR,
      payload: {
        chat_id: chat!.id,
        message_id: 777,
        author: 'traveller',
        author_name: 'Olga Petrova',
        text: 'Can I bring a dog?',
        attachment_name: null,
      },
    });
    await settle();

    expect(await told(mark)).toEqual({
      // one per request: the first on Gina's departure, the second on Gus's
      new_request: ['gina', 'gus', 'manager', 'manager', 'owner', 'owner'],
      payment_received: ['accountant', 'manager', 'owner'],
      request_canceled: ['gus', 'manager', 'owner'],
      chat_message: ['gina', 'manager', 'owner'],
    });
    // the e-mails to the team went out: 6 + 3 + 3 + 3 (the traveller's own mails aside)
    const sent = smtp.mails.slice(mails).filter((m) => m.to.some((to) => to.includes('@roles.example')));
    expect(sent).toHaveLength(15);
    expect(sent.filter((m) => m.to.includes('accountant@roles.example'))).toHaveLength(1);
    expect(sent.filter((m) => m.to.includes('gina@roles.example'))).toHaveLength(2);
  });

  it('a guide taken off the departure hears no more of it', async () => {
    await t.database.db.delete(tourDateGuides).where(eq(tourDateGuides.tour_date_id, d1.dateId));
    const mark = await lastOutbox();
    const id = await insertRequest(t, who.owner, d1);
    await record({
      type: 'request.created',
      aggregateId: id,
      organizerId: who.owner.organizerId,
      actor: { type: 'user', user_id: who.manager.userId },
      payload: { request_id: id, status: 1 },
    });
    await settle();
    // the manager made it: not news to them
    expect(await told(mark)).toEqual({ new_request: ['owner'] });
  });
});
