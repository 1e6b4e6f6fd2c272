import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { organizerChannel, type ChannelsList, type MemberRole, type Publication } from '@tourdesk/contract';
import { guides, organizerMembers, requests, tourDateGuides } from '../../db/schema/index';
import {
  bearer,
  collectPublications,
  createTestApp,
  createUser,
  listenOnFreePort,
  signIn,
  throughMarker,
  type TestApp,
} from '../../test/test-app';
import { insertRequest, tenant, tourWithDeparture, type Who } from '../payment/payment.fixtures';
import { chatCalls } from './chat-test-utils';

/**
 * Issue 29: on the organizer's channel a guide hears of the chats of its own departures only; the
 * owner of every chat. (The stored notifications are notification-roles.test.ts.)
 */
let t: TestApp;
let base: string;
let owner: Who;
const sockets: Socket[] = [];

const join = async (email: string, role: MemberRole): Promise<Who> => {
  const u = await createUser(t.database, { email });
  await t.database.db.insert(organizerMembers).values({ organizer_id: owner.organizerId, user_id: u.userId, role });
  return { userId: u.userId, organizerId: owner.organizerId, token: (await signIn(t.app, email)).token };
};
const listen = async (who: Who): Promise<Publication[]> => {
  const list = (
    await t.app.inject({ method: 'GET', url: '/crm/api/chat/channels-list', headers: bearer(who.token) })
  ).json() as ChannelsList;
  const s = connect(base, {
    path: '/socket.io/',
    auth: { token: list.connectionToken },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  const got = collectPublications(s);
  const org = list.channels.find((c) => c.name === organizerChannel(who.organizerId))!;
  expect(await new Promise((resolve) => s.emit('subscribe', { channel: org.name, token: org.token }, resolve))).toEqual(
    {
      ok: true,
    },
  );
  return got;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await tenant(t, 'owner@rt-roles.example', 'Altai Trails');
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe("a chat's real-time events by role", () => {
  it('reach the owner and the guide of the chat’s departure, not another guide', async () => {
    const gina = await join('gina@rt-roles.example', 'guide');
    const gus = await join('gus@rt-roles.example', 'guide');
    const d1 = await tourWithDeparture(t, owner, { price: 10000, seats: 20 });
    const [g] = await t.database.db
      .insert(guides)
      .values({ organizer_id: owner.organizerId, first_name: 'Gina', user_id: gina.userId })
      .returning({ id: guides.id });
    await t.database.db.insert(tourDateGuides).values({ tour_date_id: d1.dateId, guide_id: g!.id });
    const got = { owner: await listen(owner), gina: await listen(gina), gus: await listen(gus) };

    const id = await insertRequest(t, owner, d1);
    const [row] = await t.database.db.select({ uuid: requests.uuid }).from(requests).where(eq(requests.id, id));
    const chat = await chatCalls(t).start({
      organizer_id: owner.organizerId,
      request_uuid: row!.uuid,
      message: 'Is there a bus?',
      client_id: 'rt-roles-1',
    });
    await t.app.services.events.idle();
    const channel = organizerChannel(owner.organizerId);
    const chatEvents = async (list: Publication[]) => {
      await throughMarker(t.app, list, channel);
      return list
        .filter((p) => 'chat_id' in p.payload && p.payload.chat_id === chat.id)
        .map((p) => p.event)
        .sort();
    };
    const ownerEvents = await chatEvents(got.owner);
    expect(ownerEvents).toContain('new_message');
    expect(await chatEvents(got.gina)).toEqual(ownerEvents);
    expect(await chatEvents(got.gus)).toEqual([]);
    // nor the chat's list entry
    expect(got.gus.filter((p) => p.event === 'chat_created' || p.event === 'chat_was_updated')).toEqual([]);
    expect(got.gina.some((p) => p.event === 'chat_created')).toBe(true);
  });
});
