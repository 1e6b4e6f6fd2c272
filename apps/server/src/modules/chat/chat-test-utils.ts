import { io as connect, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ChannelsList,
  type Chat,
  type ChatMessage,
  type ChatWithOrganizerResponse,
  type Publication,
  type SubscribeAck,
} from '@tourdesk/contract';
import { partnerSites, requests } from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import { bearer, collectPublications, type TestApp } from '../../test/test-app';

/** What the chat tests share: calls by path with a token (or none), a request to chat about, guest sockets. */
export type Who = { userId: number; organizerId: number; token: string };
export type Body = Record<string, unknown> & {
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
  codes?: Record<string, { code: string; params?: Record<string, unknown> }[]>;
};

export const chatCalls = (t: TestApp) => {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    who: Who | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...(who ? bearer(who.token) : {}), ...headers },
      // a fresh client address per call: the per-address write limits never add up across tests
      remoteAddress: nextIp(),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : {}) as Body, raw: res };
  };
  const get = (url: string, who: Who | null, query: Record<string, string | number> = {}) =>
    call('GET', `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, who);
  const post = (url: string, who: Who | null, payload: unknown, headers?: Record<string, string>) =>
    call('POST', url, who, payload, headers);

  return {
    call,
    get,
    post,
    /** A traveller writes from the questionnaire page (their request's uuid) or a tour page (name and e-mail). */
    start: async (payload: Record<string, unknown>) => {
      const res = await post('/crm/api/chat/get-chat-with-organizer', null, payload);
      if (res.status !== 200) throw new Error(`get-chat-with-organizer: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as unknown as ChatWithOrganizerResponse;
    },
    send: async (who: Who, chatId: number, message: string, extra: Record<string, unknown> = {}) => {
      const res = await post('/crm/api/chat/send-message', who, { chat_id: chatId, message, ...extra });
      if (res.status !== 200) throw new Error(`send-message: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as unknown as ChatMessage;
    },
    travellerSend: async (token: string, message: string, extra: Record<string, unknown> = {}) => {
      const res = await post('/spa/chat/send-message', null, { token, message, ...extra });
      if (res.status !== 200) throw new Error(`traveller send: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as unknown as ChatMessage;
    },
    chat: async (who: Who, chatId: number) =>
      (await get('/crm/api/chat/get-chat', who, { chat_id: chatId })).body as unknown as Chat,
    unread: async (who: Who) =>
      ((await get('/crm/api/chat/unread-count', who, { organizer_id: who.organizerId })).body as { count: number })
        .count,

    /** A request of the organizer on one of its tours, with its customer: what a questionnaire link opens. */
    makeRequest: async (who: Who, customer = { name: 'Olga Petrova', email: 'olga@example.com' }) => {
      const tour = await t.app.inject({
        method: 'POST',
        url: '/crm/api/tour/create',
        headers: bearer(who.token),
        payload: { organizer_id: who.organizerId, name: 'Altai lakes' },
      });
      const tourId = (tour.json() as { id: number }).id;
      const [row] = await t.database.db
        .insert(requests)
        .values({
          organizer_id: who.organizerId,
          tour_id: tourId,
          tourists_count: 2,
          customer_name: customer.name,
          customer_email: customer.email,
        })
        .returning({ id: requests.id, uuid: requests.uuid });
      return { id: row!.id, uuid: row!.uuid, tourId };
    },
    makeSite: async (name: string) =>
      (
        await t.database.db
          .insert(partnerSites)
          .values({ name, domain: `${name.toLowerCase().replace(/\W+/g, '-')}.example` })
          .returning({ id: partnerSites.id })
      )[0]!.id,
  };
};

/**
 * A real Socket.IO client of someone without an account (a chat's traveller, support), connected
 * with the guest token a channels-list gave and subscribed to its channel; publications collect in
 * `got`, each checked against its event's payload schema on arrival.
 */
export const listenAsGuest = async (
  baseUrl: string,
  list: ChannelsList,
  sockets: Socket[],
): Promise<{ socket: Socket; got: Publication[]; acks: SubscribeAck[] }> => {
  const socket = connect(baseUrl, {
    path: SOCKET_PATH,
    auth: { token: list.connectionToken },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const got = collectPublications(socket);
  const acks: SubscribeAck[] = [];
  for (const c of list.channels)
    acks.push(
      await new Promise<SubscribeAck>((resolve) =>
        socket.emit('subscribe', { channel: c.name, token: c.token }, resolve),
      ),
    );
  return { socket, got, acks };
};

/** The publications of one event about one chat, in order. */
export const eventsOf = <E extends Publication['event']>(got: Publication[], event: E, chatId: number) =>
  got
    .filter((p): p is Extract<Publication, { event: E }> => p.event === event)
    .filter(
      (p) => ('chat_id' in p.payload ? p.payload.chat_id : 'chat' in p.payload ? p.payload.chat.id : 0) === chatId,
    );
