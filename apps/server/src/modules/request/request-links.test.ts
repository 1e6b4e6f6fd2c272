import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import {
  BOOKING_STATUS,
  SOCKET_PATH,
  chatChannel,
  questionnairePath,
  travellerChatPath,
  type ChannelsList,
  type TravellerLinks,
} from '@tourdesk/contract';
import { requests } from '../../db/schema/index';
import { createTestApp, createUser, eventually, listenOnFreePort, signIn, type TestApp } from '../../test/test-app';
import { chatCalls, eventsOf, listenAsGuest, type Who } from '../chat/chat-test-utils';

/*
 * A request's traveller links (issue 23, item 10, beyond SPEC): the provider reads the
 * questionnaire link and the request's chat link and reissues either; the old one answers 404 and
 * the old chat link's live connections end. A canceled request's questionnaire link opens the
 * chat no more, and the chat takes no more of the traveller's messages.
 */
let t: TestApp;
let base: string;
let c: ReturnType<typeof chatCalls>;
let anna: Who;
let boris: Who;
const sockets: Socket[] = [];

const links = async (who: Who, requestId: number) =>
  c.get('/crm/api/request/traveller-links', who, { request_id: requestId });
const reissue = (who: Who, what: 'questionnaire' | 'chat', requestId: number) =>
  c.post(`/crm/api/request/reissue-${what}-link`, who, { request_id: requestId });
const tokenOf = (path: string): string => decodeURIComponent(path.replace('/traveller-chat/', ''));

beforeAll(async () => {
  t = await createTestApp();
  c = chatCalls(t);
  for (const [name, org] of [
    ['anna', 'Altai Trails'],
    ['boris', 'Baikal Expeditions'],
  ] as const) {
    const u = await createUser(t.database, { email: `${name}@links.example`, organizers: [org] });
    const who = {
      userId: u.userId,
      organizerId: u.organizerIds[0]!,
      token: (await signIn(t.app, `${name}@links.example`)).token,
    };
    if (name === 'anna') anna = who;
    else boris = who;
  }
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('the request’s chat link', () => {
  it('is read and reissued by the organizer: the old link is 404, its open connection ends and cannot come back', async () => {
    const request = await c.makeRequest(anna);
    const before = await links(anna, request.id);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ questionnaire_path: questionnairePath(request.uuid), chat_path: null });
    // no chat yet: nothing to reissue
    const early = await reissue(anna, 'chat', request.id);
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({
      request_id: ['The traveller has not written in a chat about this request yet'],
    });

    const started = await c.start({ organizer_id: anna.organizerId, request_uuid: request.uuid, message: 'Hello' });
    const shown = (await links(anna, request.id)).body as unknown as TravellerLinks;
    expect(shown.chat_path).toBe(travellerChatPath(started.token));
    const list = (await c.get('/spa/chat/channels-list', null, { token: started.token }))
      .body as unknown as ChannelsList;
    const old = await listenAsGuest(base, list, sockets);
    expect(old.acks).toEqual([{ ok: true }]);
    const ended = new Promise<string>((resolve) => old.socket.once('disconnect', resolve));

    // another organizer's user: 404, and nothing changes
    for (const what of ['chat', 'questionnaire'] as const)
      expect((await reissue(boris, what, request.id)).status).toBe(404);
    expect((await links(boris, request.id)).status).toBe(404);
    expect((await c.get('/spa/chat/get', null, { token: started.token })).status).toBe(200);

    const res = await reissue(anna, 'chat', request.id);
    expect(res.status).toBe(200);
    const after = res.body as unknown as TravellerLinks;
    expect(after.questionnaire_path).toBe(questionnairePath(request.uuid));
    const fresh = tokenOf(after.chat_path!);
    expect(fresh).not.toBe(started.token);
    expect((await links(anna, request.id)).body).toEqual(after);

    // the old link: 404 everywhere, its socket dropped, its guest token no longer connects
    for (const res of [
      await c.get('/spa/chat/get', null, { token: started.token }),
      await c.get('/spa/chat/get-messages', null, { token: started.token }),
      await c.get('/spa/chat/channels-list', null, { token: started.token }),
      await c.post('/spa/chat/send-message', null, { token: started.token, message: 'Still here?' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This chat link is no longer valid');
    }
    expect(await ended).toBe('io server disconnect');
    const again = connect(base, {
      path: SOCKET_PATH,
      auth: { token: list.connectionToken },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(again);
    await expect(
      new Promise((resolve, reject) => {
        again.once('connect', () => resolve('connected'));
        again.once('connect_error', (e) => reject(e));
      }),
    ).rejects.toThrow('Unauthenticated');

    // the new link reads, writes and hears the chat
    const now = await listenAsGuest(
      base,
      (await c.get('/spa/chat/channels-list', null, { token: fresh })).body as unknown as ChannelsList,
      sockets,
    );
    expect(now.acks).toEqual([{ ok: true }]);
    await c.send(anna, started.id, 'Welcome back');
    await eventually(() => expect(eventsOf(now.got, 'new_message', started.id)).toHaveLength(1));
    expect(now.got.every((p) => p.channel === chatChannel(started.id))).toBe(true);
    expect((await c.travellerSend(fresh, 'Thanks')).text).toBe('Thanks');
    // the questionnaire link still finds the chat, and answers its new link
    const continued = await c.start({
      organizer_id: anna.organizerId,
      request_uuid: request.uuid,
      message: 'One more',
    });
    expect(continued).toMatchObject({ id: started.id, token: fresh });
  });
});

describe('the questionnaire link', () => {
  it('reissued: the old uuid opens neither the questionnaire nor the chat; the new one both', async () => {
    const request = await c.makeRequest(anna, { name: 'Ivan Sidorov', email: 'ivan@links.example' });
    expect((await c.get('/crm/api/request/get-by-uuid', null, { uuid: request.uuid })).status).toBe(200);
    const res = await reissue(anna, 'questionnaire', request.id);
    expect(res.status).toBe(200);
    const after = res.body as unknown as TravellerLinks;
    const uuid = after.questionnaire_path.replace('/questionnaire/', '');
    expect(uuid).not.toBe(request.uuid);
    expect(after.questionnaire_path).toBe(questionnairePath(uuid));
    expect((await c.get('/crm/api/request/get-by-uuid', null, { uuid: request.uuid })).status).toBe(404);
    expect((await c.get('/spa/tourists-info', null, { uuid: request.uuid })).status).toBe(404);
    const oldChat = await c.post('/crm/api/chat/get-chat-with-organizer', null, {
      organizer_id: anna.organizerId,
      request_uuid: request.uuid,
      message: 'Hi',
    });
    expect(oldChat.status).toBe(422);
    expect(oldChat.body.errors).toEqual({ request_uuid: ['This link is no longer valid'] });
    expect((await c.get('/crm/api/request/get-by-uuid', null, { uuid })).status).toBe(200);
    expect((await c.start({ organizer_id: anna.organizerId, request_uuid: uuid, message: 'Hi' })).id).toBeGreaterThan(
      0,
    );
  });

  it('of a canceled request opens the chat no more, and the chat takes no traveller’s message or file (reading stays)', async () => {
    const request = await c.makeRequest(anna, { name: 'Olga Petrova', email: 'olga@links.example' });
    const started = await c.start({ organizer_id: anna.organizerId, request_uuid: request.uuid, message: 'Hello' });
    await t.database.db
      .update(requests)
      .set({ status: BOOKING_STATUS.canceled_by_author })
      .where(eq(requests.id, request.id));
    const res = await c.post('/crm/api/chat/get-chat-with-organizer', null, {
      organizer_id: anna.organizerId,
      request_uuid: request.uuid,
      message: 'Are we still going?',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The request is canceled: this chat takes no more messages');
    const send = await c.post('/spa/chat/send-message', null, { token: started.token, message: 'Hello?' });
    expect(send.status).toBe(422);
    expect(send.body.errors).toEqual({ message: ['The request is canceled: this chat takes no more messages'] });
    const messages = await c.get('/spa/chat/get-messages', null, { token: started.token });
    expect(messages.status).toBe(200);
    expect((messages.body.items as { text: string }[]).map((m) => m.text)).toEqual(['Hello']);
    // the organizer still answers (a refund, a new date)
    expect((await c.send(anna, started.id, 'We will refund you')).text).toBe('We will refund you');
  });
});
