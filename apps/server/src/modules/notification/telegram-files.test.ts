import http from 'node:http';
import net from 'node:net';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { ChannelsList, ChatMessage, Publication } from '@tourdesk/contract';
import { domainEvents, files, organizerMembers, outboxMessages } from '../../db/schema/index';
import {
  assertPublicationsMatchContract,
  bearer,
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  listenOnFreePort,
  signIn,
  type TestApp,
} from '../../test/test-app';
import { chatCalls, eventsOf, listenAsGuest, type Who } from '../chat/chat-test-utils';

/**
 * Files and photos sent from Telegram (issue 23, item 21), end to end against a local server
 * playing the Bot API (sendMessage, getFile and the bot's file URL): a member's Telegram reply to
 * a chat notification with a photo or a document is posted at once with its file in progress (1),
 * the server reads the file from Telegram and ends it received (2) or failed (3); each end is a
 * domain event every channel of the chat hears as attachment_download_status_was_changed.
 */
const BOT_TOKEN = '777000:files-bot-token';
const SECRET = 'files-webhook-secret-0123';
const MAX_BYTES = 100_000;

/** What the fake Bot API holds: a Telegram file_id's path, bytes, and how its download answers. */
interface TgFile {
  path: string;
  bytes: Buffer;
  /** getFile's file_size */
  declaredSize?: number;
  /** the download's HTTP status (200 by default) */
  status?: number;
  /** the download answers once this resolves */
  gate?: Promise<void>;
}
const tgFiles = new Map<string, TgFile>();
const getFileCalls: string[] = [];
const downloads: string[] = [];
const sent: { chat_id: string; text: string }[] = [];
let tgServer: http.Server;
let t: TestApp;
let c: ReturnType<typeof chatCalls>;
let base: string;
let anna: Who; // owner of Altai Trails, Telegram 3001
let boris: Who; // member of Altai Trails
let dave: Who; // owner of another organizer
let photo: Buffer;
const sockets: Socket[] = [];
let annaGot: Publication[];
let daveGot: Publication[];

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const startBotApi = async (): Promise<string> => {
  let n = 0;
  tgServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = req.url ?? '';
      if (url === `/bot${BOT_TOKEN}/sendMessage`) {
        sent.push(JSON.parse(raw) as { chat_id: string; text: string });
        return json(res, 200, { ok: true, result: { message_id: 8000 + ++n } });
      }
      if (url === `/bot${BOT_TOKEN}/getFile`) {
        const fileId = (JSON.parse(raw) as { file_id: string }).file_id;
        getFileCalls.push(fileId);
        const file = tgFiles.get(fileId);
        if (!file) return json(res, 400, { ok: false, description: 'Bad Request: invalid file_id' });
        return json(res, 200, {
          ok: true,
          result: { file_id: fileId, file_path: file.path, file_size: file.declaredSize ?? file.bytes.length },
        });
      }
      const prefix = `/file/bot${BOT_TOKEN}/`;
      const file = url.startsWith(prefix) ? [...tgFiles.values()].find((f) => prefix + f.path === url) : undefined;
      if (!file) return json(res, 404, { ok: false });
      downloads.push(file.path);
      void (file.gate ?? Promise.resolve()).then(() => {
        if (file.status && file.status !== 200) return json(res, file.status, { ok: false });
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file.bytes);
      });
    });
  });
  await new Promise<void>((resolve) => tgServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(tgServer.address() as net.AddressInfo).port}`;
};

/** A gate the test opens when it wants the download answered. */
const gate = () => {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
};

let updateId = 0;
const webhook = async (update: { update_id: number; message: Record<string, unknown> }): Promise<void> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/crm/api/messenger/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: update,
  });
  expect(res.json()).toEqual({ ok: true });
};
let telegramMessageId = 500;
/** A reply from Telegram chat 3001 to the bot's notification `replyTo`, carrying `content` (photo, document, caption). */
const replyUpdate = (replyTo: number, content: Record<string, unknown>) => ({
  update_id: ++updateId,
  message: {
    message_id: ++telegramMessageId,
    chat: { id: 3001 },
    from: { id: 3001 },
    reply_to_message: { message_id: replyTo },
    ...content,
  },
});

/** The domain events' delivery (real time, notifications), then the outbox delivery it started. */
const settle = async (): Promise<void> => {
  await t.app.services.chats.messengerReplies.idle();
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.delivery.idle();
};
/** The bot's message id of the newest notification sent to Telegram chat 3001. */
const lastNoticeId = async (): Promise<number> => {
  const [row] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'telegram'), eq(outboxMessages.recipient, '3001')))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  expect(row?.status).toBe('sent');
  return Number(row!.meta.provider_id);
};
const messagesOf = async (who: Who, chatId: number): Promise<ChatMessage[]> =>
  ((await c.get('/crm/api/chat/get-messages', who, { chat_id: chatId })).body as unknown as { items: ChatMessage[] })
    .items;
const travellerReads = async (token: string): Promise<ChatMessage[]> =>
  ((await c.get('/spa/chat/get-messages', null, { token })).body as unknown as { items: ChatMessage[] }).items;
const open = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const travellerFile = (token: string, id: number) => `/spa/chat/file?token=${encodeURIComponent(token)}&id=${id}`;

/** A traveller's chat with a first message, anna's Telegram notified of it: the notice to reply to. */
const travellerChat = async (text: string) => {
  const request = await c.makeRequest(anna);
  const chat = await c.start({ organizer_id: anna.organizerId, request_uuid: request.uuid, message: text });
  await settle();
  return { chat, notice: await lastNoticeId() };
};
const statusEvents = (got: Publication[], chatId: number) =>
  eventsOf(got, 'attachment_download_status_was_changed', chatId).map((p) => p.payload);
const recordedStatuses = async (chatId: number) =>
  (
    await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'chat.attachment_status_changed'), eq(domainEvents.aggregate_id, chatId)))
  ).map((e) => e.payload);

beforeAll(async () => {
  const tgUrl = await startBotApi();
  t = await createTestApp({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: tgUrl,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    UPLOAD_MAX_BYTES: String(MAX_BYTES),
    UPLOAD_FETCH_TIMEOUT_MS: '1500',
  });
  c = chatCalls(t);
  const person = async (email: string, org?: string, joinOrg?: number): Promise<Who> => {
    const u = await createUser(t.database, { email, organizers: org ? [org] : [], isEmailConfirmed: true });
    if (joinOrg) await t.database.db.insert(organizerMembers).values({ organizer_id: joinOrg, user_id: u.userId });
    return { userId: u.userId, organizerId: u.organizerIds[0] ?? joinOrg!, token: (await signIn(t.app, email)).token };
  };
  anna = await person('anna@tgfiles.example', 'Altai Trails');
  boris = await person('boris@tgfiles.example', undefined, anna.organizerId);
  dave = await person('dave@tgfiles.example', 'Kamchatka Tours');
  const code = await t.app.inject({
    method: 'POST',
    url: '/crm/api/chat/generate-connection-code',
    headers: bearer(anna.token),
    payload: { source_id: 1 },
  });
  await webhook({
    update_id: ++updateId,
    message: { message_id: 1, chat: { id: 3001 }, from: { id: 3001 }, text: `/start ${code.json().code}` },
  });
  photo = await sharp({ create: { width: 1280, height: 960, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'exif-marker-of-the-sender' } })
    .toBuffer();
  base = await listenOnFreePort(t.app);
  const a = await listenAsUser(t.app, base, anna.token);
  const d = await listenAsUser(t.app, base, dave.token);
  sockets.push(a.socket, d.socket);
  annaGot = a.got;
  daveGot = d.got;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
  tgServer.closeAllConnections();
  await new Promise((resolve) => tgServer.close(resolve));
});

describe('a photo sent from Telegram as a reply to a chat notification', () => {
  it('is posted at once in progress with its caption, then received: both sides hear it and the file opens to the chat only', async () => {
    const { chat, notice } = await travellerChat('Can you send a photo of the camp?');
    const guest = await listenAsGuest(
      base,
      (await c.get('/spa/chat/channels-list', null, { token: chat.token })).body as unknown as ChannelsList,
      sockets,
    );
    const held = gate();
    tgFiles.set('camp-small', { path: 'photos/file_1.jpg', bytes: Buffer.from('small') });
    tgFiles.set('camp-large', { path: 'photos/file_2.jpg', bytes: photo, gate: held.promise });
    await webhook(
      replyUpdate(notice, {
        caption: 'Our camp',
        photo: [
          { file_id: 'camp-small', file_unique_id: 's', width: 90, height: 67, file_size: 5 },
          { file_id: 'camp-large', file_unique_id: 'l', width: 1280, height: 960, file_size: photo.length },
        ],
      }),
    );

    // posted at once: the caption, the file in progress, on both sides; no bytes yet
    const posted = (await messagesOf(anna, chat.id)).at(-1)!;
    expect(posted).toMatchObject({
      author: 'organizer',
      text: 'Our camp',
      client_id: `telegram:3001:${telegramMessageId}`,
    });
    expect(posted.file).toMatchObject({ mime: 'image/jpeg', is_image: true, download_status: 1 });
    expect(posted.file!.name).toMatch(/^photo-\d+\.jpg$/);
    expect((await travellerReads(chat.token)).at(-1)!.file).toMatchObject({ id: posted.file!.id, download_status: 1 });
    expect((await open(`/files/${posted.file!.id}`, anna.token)).statusCode).toBe(404);
    await eventually(() => expect(eventsOf(guest.got, 'new_message', chat.id)).toHaveLength(1));
    expect(eventsOf(guest.got, 'new_message', chat.id)[0]!.payload.message.file).toMatchObject({ download_status: 1 });

    held.open();
    await settle();
    // the largest size only was asked for and read
    expect(getFileCalls.filter((id) => id.startsWith('camp-'))).toEqual(['camp-large']);
    expect(downloads).toContain('photos/file_2.jpg');
    expect(downloads).not.toContain('photos/file_1.jpg');

    const received = (await messagesOf(anna, chat.id)).at(-1)!;
    expect(received.id).toBe(posted.id);
    expect(received.file).toMatchObject({ id: posted.file!.id, mime: 'image/jpeg', download_status: 2 });
    expect((await travellerReads(chat.token)).at(-1)!.file).toMatchObject({ download_status: 2 });
    const expected = {
      organizer_id: anna.organizerId,
      chat_id: chat.id,
      message_id: posted.id,
      file_id: posted.file!.id,
      download_status: 2,
    };
    expect(await recordedStatuses(chat.id)).toEqual([
      { chat_id: chat.id, message_id: posted.id, file_id: posted.file!.id, download_status: 2 },
    ]);
    await eventually(() => expect(statusEvents(annaGot, chat.id)).toEqual([{ ...expected, actor: expect.anything() }]));
    await eventually(() =>
      expect(statusEvents(guest.got, chat.id)).toEqual([{ ...expected, actor: { type: 'system', user_id: null } }]),
    );
    assertPublicationsMatchContract(annaGot);
    assertPublicationsMatchContract(guest.got);

    // the file: processed as uploaded images are (the sender's EXIF gone), to the chat's members and traveller only
    const byAnna = await open(`/files/${posted.file!.id}`, anna.token);
    expect(byAnna.statusCode).toBe(200);
    expect(byAnna.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(byAnna.rawPayload.includes(Buffer.from('exif-marker-of-the-sender'))).toBe(false);
    expect((await open(`/files/${posted.file!.id}`, boris.token)).statusCode).toBe(200);
    expect((await open(travellerFile(chat.token, posted.file!.id))).statusCode).toBe(200);
    expect((await open(`/files/${posted.file!.id}`, dave.token)).statusCode).toBe(404);
    expect((await open(`/files/${posted.file!.id}`)).statusCode).toBe(404);
    const other = await c.start({
      organizer_id: anna.organizerId,
      name: 'Ivan',
      email: 'ivan@x.example',
      message: 'Hi',
    });
    expect((await open(travellerFile(other.token, posted.file!.id))).statusCode).toBe(404);
    expect(statusEvents(daveGot, chat.id)).toEqual([]);
    expect(sent.filter((m) => m.chat_id === '3001').at(-1)!.text).toBe('Sent to the chat.');
  });

  it('delivered again by Telegram (a retried webhook) is posted and read once', async () => {
    const { chat, notice } = await travellerChat('And the tents?');
    tgFiles.set('tents', { path: 'photos/file_3.jpg', bytes: photo });
    const update = replyUpdate(notice, {
      photo: [{ file_id: 'tents', file_unique_id: 't', width: 1280, height: 960 }],
    });
    // twice at once, then again once it was received
    await Promise.all([webhook(update), webhook(update)]);
    await settle();
    await webhook(update);
    await settle();
    const ours = (await messagesOf(anna, chat.id)).filter((m) => m.author === 'organizer');
    expect(ours).toHaveLength(1);
    // no caption: the message is the file alone
    expect(ours[0]).toMatchObject({ text: '', file: { download_status: 2 } });
    expect(getFileCalls.filter((id) => id === 'tents')).toHaveLength(1);
    expect(await recordedStatuses(chat.id)).toHaveLength(1);
    // no second file row left behind by the delivery that lost
    const named = await t.database.db
      .select()
      .from(files)
      .where(eq(files.original_name, `photo-${update.message.message_id}.jpg`));
    expect(named.map((f) => f.id)).toEqual([ours[0]!.file!.id]);
  });
});

describe('a file that cannot be received', () => {
  it('an HTTP error, a file too large (declared or counted) and a time-out each end failed (3); the message stays', async () => {
    const { chat, notice } = await travellerChat('Send the documents, please');
    const never = gate();
    tgFiles.set('broken', { path: 'documents/file_4.pdf', bytes: Buffer.from('%PDF-1.4'), status: 500 });
    tgFiles.set('declared-huge', {
      path: 'documents/file_5.zip',
      bytes: Buffer.from('PK'),
      declaredSize: MAX_BYTES + 1,
    });
    tgFiles.set('counted-huge', {
      path: 'documents/file_6.bin',
      bytes: Buffer.alloc(MAX_BYTES + 10, 7),
      declaredSize: 1000,
    });
    tgFiles.set('slow', { path: 'documents/file_7.pdf', bytes: Buffer.from('%PDF-1.4'), gate: never.promise });
    const names = ['../../broken.pdf', 'huge.zip', 'huge.bin', 'slow.pdf'];
    for (const [i, fileId] of ['broken', 'declared-huge', 'counted-huge', 'slow'].entries())
      await webhook(
        replyUpdate(notice, {
          caption: `Document ${i + 1}`,
          document: { file_id: fileId, file_unique_id: fileId, file_name: names[i], mime_type: 'application/pdf' },
        }),
      );
    await settle();
    const ours = (await messagesOf(anna, chat.id)).filter((m) => m.author === 'organizer');
    expect(ours.map((m) => [m.text, m.file?.name, m.file?.download_status])).toEqual([
      ['Document 1', 'broken.pdf', 3],
      ['Document 2', 'huge.zip', 3],
      ['Document 3', 'huge.bin', 3],
      ['Document 4', 'slow.pdf', 3],
    ]);
    expect(downloads).not.toContain('documents/file_5.zip');
    expect(
      (await travellerReads(chat.token)).filter((m) => m.author === 'organizer').map((m) => m.file?.download_status),
    ).toEqual([3, 3, 3, 3]);
    for (const m of ours) expect((await open(`/files/${m.file!.id}`, anna.token)).statusCode).toBe(404);
    expect((await recordedStatuses(chat.id)).map((p) => p.download_status)).toEqual([3, 3, 3, 3]);
    await eventually(() =>
      expect(
        statusEvents(annaGot, chat.id)
          .map((p) => [p.message_id, p.download_status])
          .sort(),
      ).toEqual(ours.map((m) => [m.id, 3]).sort()),
    );
    never.open();
  });

  it('left in progress by a lost node, the sweep fails it; a download ending after that changes nothing', async () => {
    const { chat, notice } = await travellerChat('Where do we meet?');
    const held = gate();
    tgFiles.set('map', { path: 'photos/file_8.jpg', bytes: photo, gate: held.promise });
    await webhook(replyUpdate(notice, { photo: [{ file_id: 'map', file_unique_id: 'm', width: 1280, height: 960 }] }));
    const posted = (await messagesOf(anna, chat.id)).at(-1)!;
    expect(posted.file).toMatchObject({ download_status: 1 });
    const replies = t.app.services.chats.messengerReplies;
    // not stale yet: a download on a live node is left to it (the server's timed sweep, and at a given time)
    const timed = t.app.sweeps.find((s) => s.name === 'chat attachments')!;
    expect(timed.intervalMs).toBe(60_000);
    expect(await timed.sweep()).toBe(0);
    expect(await replies.sweepStale(new Date())).toBe(0);
    expect(await replies.sweepStale(new Date(Date.now() + 11 * 60 * 1000))).toBe(1);
    await settle();
    await eventually(() =>
      expect(statusEvents(annaGot, chat.id)).toEqual([
        expect.objectContaining({ message_id: posted.id, download_status: 3 }),
      ]),
    );
    held.open();
    await settle();
    expect((await messagesOf(anna, chat.id)).at(-1)!.file).toMatchObject({ id: posted.file!.id, download_status: 3 });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, posted.file!.id));
    expect(row).toMatchObject({ download_status: 3, storage_key: '' });
    expect(await recordedStatuses(chat.id)).toHaveLength(1);
    expect((await open(`/files/${posted.file!.id}`, anna.token)).statusCode).toBe(404);
  });
});
