import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { OPERATOR_TOKEN_HEADER, getBrand, type ChatMessage } from '@tourdesk/contract';
import { messengerChats, organizerMembers, outboxMessages, users } from '../../db/schema/index';
import type { RecordedRequest } from '../../lib/transports/fake-providers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { chatCalls, type Who } from '../chat/chat-test-utils';
import { OPERATOR_TOKEN_FILE } from '../organizer/operator-token';

/**
 * The Telegram reply path (issue 17), end to end against a local server playing the Bot API: a
 * traveller writes in a chat; the member's linked Telegram chat gets the notification; the text
 * the member types there as a reply to it (update.message.reply_to_message.message_id equals the
 * message id the outbox recorded) is posted into that chat as that member, through the chat
 * service's send, and the traveller reads it. Anything else is not posted.
 */
const BOT_TOKEN = '654321:reply-bot-token';
const SECRET = 'reply-webhook-secret-0123';
const PUBLIC_URL = 'https://crm.example.test';

const tgRequests: RecordedRequest[] = [];
let tgServer: http.Server;
let t: TestApp;
let c: ReturnType<typeof chatCalls>;
let anna: Who; // owner of Altai Trails (en), Telegram 2001
let boris: Who; // member of Altai Trails (ru), Telegram 2002
let dave: Who; // another organizer's owner, Telegram 2004

const startBotApi = async (): Promise<string> => {
  let n = 0;
  tgServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      tgRequests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw || '{}'),
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: true, result: { message_id: 7000 + ++n } }));
    });
  });
  await new Promise<void>((resolve) => tgServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(tgServer.address() as net.AddressInfo).port}`;
};

let updateId = 0;
const webhook = async (message: Record<string, unknown>): Promise<void> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/crm/api/messenger/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: { update_id: ++updateId, message },
  });
  expect(res.json()).toEqual({ ok: true });
};
const reply = (chatId: number, replyTo: number, text?: string) =>
  webhook({
    chat: { id: chatId },
    from: { id: chatId },
    reply_to_message: { message_id: replyTo },
    ...(text ? { text } : {}),
  });

const linkTelegram = async (who: Who, chatId: number): Promise<void> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/crm/api/chat/generate-connection-code',
    headers: bearer(who.token),
    payload: { source_id: 1 },
  });
  await webhook({
    chat: { id: chatId, first_name: 'Chat' },
    from: { id: chatId },
    text: `/start ${(res.json() as { code: string }).code}`,
  });
};

const person = async (email: string, opts: { org?: string; joinOrg?: number; language?: 'ru' }): Promise<Who> => {
  const u = await createUser(t.database, { email, organizers: opts.org ? [opts.org] : [], isEmailConfirmed: true });
  if (opts.joinOrg)
    await t.database.db.insert(organizerMembers).values({ organizer_id: opts.joinOrg, user_id: u.userId });
  if (opts.language) await t.database.db.update(users).set({ language: opts.language }).where(eq(users.id, u.userId));
  return {
    userId: u.userId,
    organizerId: u.organizerIds[0] ?? opts.joinOrg!,
    token: (await signIn(t.app, email)).token,
  };
};

/** Waits for the domain events' delivery (real time, notifications) and the outbox delivery it started. */
const settle = async (): Promise<void> => {
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.delivery.idle();
};
/** The bot's message id of the newest notification sent to a Telegram chat (the outbox keeps it). */
const lastNoticeId = async (chatId: number): Promise<number> => {
  const [row] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'telegram'), eq(outboxMessages.recipient, String(chatId))))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  expect(row?.status).toBe('sent');
  return Number(row!.meta.provider_id);
};
const sentTo = (chatId: number) =>
  tgRequests
    .filter((r) => r.url.endsWith('/sendMessage') && (r.body as { chat_id: string }).chat_id === String(chatId))
    .map((r) => r.body as { text: string; reply_parameters?: { message_id: number } });
const messagesOf = async (who: Who, chatId: number): Promise<ChatMessage[]> =>
  ((await c.get('/crm/api/chat/get-messages', who, { chat_id: chatId })).body as unknown as { items: ChatMessage[] })
    .items;
const travellerReads = async (token: string): Promise<ChatMessage[]> =>
  ((await c.get('/spa/chat/get-messages', null, { token })).body as unknown as { items: ChatMessage[] }).items;

/** A traveller's chat with its first message, and the notice anna's Telegram got of it. */
const travellerChat = async (text = 'Is there a place for a child?') => {
  const request = await c.makeRequest(anna);
  const started = await c.start({ organizer_id: anna.organizerId, request_uuid: request.uuid, message: text });
  await settle();
  return { ...started, requestId: request.id };
};

beforeAll(async () => {
  const tgUrl = await startBotApi();
  t = await createTestApp({
    PUBLIC_URL,
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: tgUrl,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
  });
  c = chatCalls(t);
  anna = await person('anna@reply.example', { org: 'Altai Trails' });
  boris = await person('boris@reply.example', { joinOrg: anna.organizerId, language: 'ru' });
  dave = await person('dave@reply.example', { org: 'Kamchatka Tours' });
  await linkTelegram(anna, 2001);
  await linkTelegram(boris, 2002);
  await linkTelegram(dave, 2004);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => tgServer.close(resolve));
});

describe('a reply typed in Telegram to a chat-message notification', () => {
  it('is posted into the chat as that member, the traveller reads it, and the bot says so in their language', async () => {
    const chat = await travellerChat();
    const notice = sentTo(2001).at(-1)!.text;
    expect(notice).toContain(`New message from Olga Petrova (“Altai lakes”, request No. ${chat.requestId}):`);
    expect(notice).toContain('Is there a place for a child?');
    expect(notice).toContain(`Open in ${getBrand(1).name}: ${PUBLIC_URL}/org/${anna.organizerId}/chat/${chat.id}`);
    expect(sentTo(2004)).toHaveLength(1); // dave's chat got only the bot's "linked" answer

    const annaNotice = await lastNoticeId(2001);
    await reply(2001, annaNotice, 'Yes, we have a place for a child.');
    const borisNotice = await lastNoticeId(2002);
    await reply(2002, borisNotice, 'Детское место тоже есть.');

    const posted = (await messagesOf(anna, chat.id)).filter((m) => m.author === 'organizer');
    expect(posted.map((m) => [m.text, m.author_name])).toEqual([
      ['Yes, we have a place for a child.', 'Test User'],
      ['Детское место тоже есть.', 'Test User'],
    ]);
    const seen = (await travellerReads(chat.token)).map((m) => m.text);
    expect(seen).toEqual(expect.arrayContaining(['Yes, we have a place for a child.', 'Детское место тоже есть.']));
    expect(sentTo(2001).at(-1)).toMatchObject({
      text: 'Sent to the chat.',
      reply_parameters: { message_id: annaNotice },
    });
    expect(sentTo(2002).at(-1)).toMatchObject({
      text: 'Отправлено в чат.',
      reply_parameters: { message_id: borisNotice },
    });
  });

  it('from a chat the notification was not sent to, or to a message that is no notification, posts nothing', async () => {
    const chat = await travellerChat('Second question');
    const annaNotice = await lastNoticeId(2001);
    const before = (await messagesOf(anna, chat.id)).length;
    // dave's Telegram quoting anna's notification id
    await reply(2004, annaNotice, 'Not my chat');
    expect(sentTo(2004).at(-1)!.text).toContain('Send the connection code');
    // anna answering the bot's own "Sent to the chat." (no notification)
    await reply(2001, 1, 'to nothing');
    expect(sentTo(2001).at(-1)!.text).toContain('Send the connection code');
    expect(await messagesOf(anna, chat.id)).toHaveLength(before);
  });

  it('from a Telegram chat linked to someone else since, posts nothing', async () => {
    const chat = await travellerChat('Third question');
    const annaNotice = await lastNoticeId(2001);
    const before = (await messagesOf(anna, chat.id)).length;
    // the Telegram chat 2001 moves to dave (he sent his code from it)
    await linkTelegram(dave, 2001);
    await reply(2001, annaNotice, 'Who is answering?');
    expect(sentTo(2001).at(-1)!.text).toContain('Send the connection code');
    expect(await messagesOf(anna, chat.id)).toHaveLength(before);
    await linkTelegram(anna, 2001);
  });

  it('of a member who has left the organizer, or into a frozen chat, is not posted and the bot says it could not be', async () => {
    const chat = await travellerChat('Fourth question');
    const borisNotice = await lastNoticeId(2002);
    const annaNotice = await lastNoticeId(2001);
    const before = (await messagesOf(anna, chat.id)).length;

    // boris leaves Altai Trails
    await t.database.db
      .delete(organizerMembers)
      .where(and(eq(organizerMembers.user_id, boris.userId), eq(organizerMembers.organizer_id, anna.organizerId)));
    await reply(2002, borisNotice, 'Я уже не здесь');
    expect(sentTo(2002).at(-1)!.text).toBe('Не удалось отправить ответ в чат. Откройте чат в CRM, чтобы ответить.');

    // support freezes the chat: the chat service refuses the organizer's message
    const operatorToken = fs.readFileSync(path.join(t.dataDir, OPERATOR_TOKEN_FILE), 'utf8').trim();
    const frozen = await c.post(
      '/crm/api/operator/chat/freeze-chat',
      null,
      { chat_id: chat.id, is_frozen: true },
      { [OPERATOR_TOKEN_HEADER]: operatorToken },
    );
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    await reply(2001, annaNotice, 'Frozen?');
    expect(sentTo(2001).at(-1)).toMatchObject({
      text: 'The reply could not be posted to the chat. Open the chat in the CRM to answer.',
      reply_parameters: { message_id: annaNotice },
    });
    expect(await messagesOf(anna, chat.id)).toHaveLength(before);
    // nothing of the linked chats changed
    expect(await t.database.db.select().from(messengerChats).where(eq(messengerChats.chat_id, '2002'))).toHaveLength(1);
  });
});
