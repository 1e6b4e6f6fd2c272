import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatMessageSchema, type ChatMessage } from '@tourdesk/contract/entities/chat';
import { createOutbox, type OutboxEntry } from './outbox';
import { createMessageSender } from './sender';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const serverMessage = (entry: OutboxEntry, id: number): ChatMessage =>
  chatMessageSchema.parse({
    id,
    chat_id: entry.chatId,
    type: 'output',
    author: 'organizer',
    author_name: 'Ivan',
    text: entry.message,
    file: null,
    status: 3,
    client_id: entry.uid,
    is_read: false,
    created_at: '2027-05-01T09:30:00.000Z',
    edited_at: null,
    is_deleted: false,
    is_moderated: false,
    edited_by: null,
    moderated_by: null,
    deleted_by: null,
  });

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => window.localStorage.clear());

const setup = (send: (entry: OutboxEntry) => Promise<ChatMessage>, online = { value: true }) => {
  const outbox = createOutbox('org:1:user:1', window.localStorage);
  const sent: ChatMessage[] = [];
  const sender = createMessageSender({ outbox, isOnline: () => online.value });
  sender.configure({
    send,
    onSent: (message) => sent.push(message),
    describeError: (error) => (error instanceof Error ? error.message : 'failed'),
  });
  const statuses = (chatId = 7) => outbox.forChat(chatId).map((e) => [e.message, e.status, e.error ?? null]);
  return { outbox, sender, sent, statuses };
};

describe('message sender', () => {
  it('a message waits (0), is sent (1), then leaves the outbox for the thread (3)', async () => {
    const answer = deferred<ChatMessage>();
    const send = vi.fn(() => answer.promise);
    const { sender, sent, statuses, outbox } = setup(send);
    const uid = sender.send(7, 'Hello');
    expect(statuses()).toEqual([['Hello', 1, null]]);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ uid, chatId: 7, message: 'Hello', file: null }));
    // kept in local storage while it is being sent
    expect(JSON.parse(window.localStorage.getItem('chat-outbox:org:1:user:1')!)).toEqual([
      expect.objectContaining({ uid, status: 1 }),
    ]);
    answer.resolve(serverMessage(outbox.get(uid)!, 501));
    await flush();
    expect(sent.map((m) => [m.id, m.client_id, m.status])).toEqual([[501, uid, 3]]);
    expect(statuses()).toEqual([]);
    expect(window.localStorage.getItem('chat-outbox:org:1:user:1')).toBeNull();
  });

  it('sends one message at a time per chat, in order; the next ones wait (0)', async () => {
    const answers: ReturnType<typeof deferred<ChatMessage>>[] = [];
    const send = vi.fn(() => {
      const d = deferred<ChatMessage>();
      answers.push(d);
      return d.promise;
    });
    const { sender, statuses, outbox } = setup(send);
    const first = sender.send(7, 'one');
    sender.send(7, 'two');
    sender.send(8, 'other chat');
    expect(statuses()).toEqual([
      ['one', 1, null],
      ['two', 0, null],
    ]);
    expect(statuses(8)).toEqual([['other chat', 1, null]]);
    answers[0]!.resolve(serverMessage(outbox.get(first)!, 1));
    await flush();
    expect(statuses()).toEqual([['two', 1, null]]);
  });

  it('a failure is failed (2) with its reason, does not hold back the next, and Retry sends it again with its uid', async () => {
    let attempt = 0;
    const send = vi.fn(async (entry: OutboxEntry) => {
      attempt += 1;
      if (attempt === 1) throw new Error('Network error');
      return serverMessage(entry, 100 + attempt);
    });
    const { sender, statuses, sent } = setup(send);
    const uid = sender.send(7, 'first');
    sender.send(7, 'second');
    await flush();
    await flush();
    expect(statuses()).toEqual([['first', 2, 'Network error']]);
    expect(sent.map((m) => m.text)).toEqual(['second']);

    sender.retry(uid);
    await flush();
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ uid, message: 'first' }));
    expect(statuses()).toEqual([]);
    expect(sent.map((m) => m.text)).toEqual(['second', 'first']);
  });

  it('after a reload, what was waiting or being sent is sent again with the same uid; what failed stays failed', async () => {
    const before = setup(() => new Promise<ChatMessage>(() => undefined));
    const pending = before.sender.send(7, 'was being sent');
    before.outbox.add({
      uid: 'failed-1',
      chatId: 7,
      message: 'had failed',
      file: null,
      status: 2,
      createdAt: '2027-05-01T09:00:00.000Z',
      error: 'Network error',
    });

    // a new page: the outbox read back from local storage
    const send = vi.fn(async (entry: OutboxEntry) => serverMessage(entry, 900));
    const after = setup(send);
    expect(after.statuses()).toEqual([
      ['was being sent', 1, null],
      ['had failed', 2, 'Network error'],
    ]);
    after.sender.resume();
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ uid: pending }));
    expect(after.statuses()).toEqual([['had failed', 2, 'Network error']]);
  });

  it('offline, a message waits (0) until resumed online', async () => {
    const online = { value: false };
    const send = vi.fn(async (entry: OutboxEntry) => serverMessage(entry, 1));
    const { sender, statuses } = setup(send, online);
    sender.send(7, 'later');
    expect(statuses()).toEqual([['later', 0, null]]);
    expect(send).not.toHaveBeenCalled();
    online.value = true;
    sender.resume();
    await flush();
    expect(statuses()).toEqual([]);
  });

  it('merge drops what the server already has; discard drops a failed message only', () => {
    const { outbox, sender } = setup(() => new Promise<ChatMessage>(() => undefined));
    const base = { chatId: 7, message: 'm', file: null, createdAt: '2027-05-01T09:00:00.000Z' };
    outbox.add({ ...base, uid: 'a', status: 0 });
    outbox.add({ ...base, uid: 'b', status: 2 });
    outbox.add({ ...base, uid: 'c', status: 2 });
    outbox.merge(['a', null, 'zzz']);
    expect(outbox.forChat(7).map((e) => e.uid)).toEqual(['b', 'c']);
    sender.discard('b');
    expect(outbox.forChat(7).map((e) => e.uid)).toEqual(['c']);
  });

  it('until configured, a message waits (0); configured and resumed, it goes', async () => {
    const outbox = createOutbox('o', window.localStorage);
    const sender = createMessageSender({ outbox, isOnline: () => true });
    sender.send(7, 'early');
    expect(outbox.forChat(7).map((e) => e.status)).toEqual([0]);
    const send = vi.fn(async (entry: OutboxEntry) => serverMessage(entry, 1));
    sender.configure({ send, onSent: () => undefined, describeError: () => 'x' });
    sender.resume();
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.forChat(7)).toEqual([]);
  });

  it('ignores what is not an outbox entry in storage', () => {
    window.localStorage.setItem('chat-outbox:x', JSON.stringify([{ uid: 1 }, 'junk']));
    expect(createOutbox('x', window.localStorage).all()).toEqual([]);
    window.localStorage.setItem('chat-outbox:y', '{not json');
    expect(createOutbox('y', window.localStorage).all()).toEqual([]);
  });
});
