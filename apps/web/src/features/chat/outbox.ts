import { useSyncExternalStore } from 'react';
import { CHAT_MESSAGE_STATUS } from '@tourdesk/contract/enum-values';
import type { ChatFile } from '@tourdesk/contract/entities/chat';

/** What an outgoing message can be before the server has it (SPEC §3: waiting 0, loading 1, failed 2). */
export type OutboxStatus =
  typeof CHAT_MESSAGE_STATUS.waiting | typeof CHAT_MESSAGE_STATUS.loading | typeof CHAT_MESSAGE_STATUS.failed;

/** An outgoing message the server has not confirmed yet. */
export interface OutboxEntry {
  /** the client id sent with it (`client_id`): the server answers a repeat with the same message */
  uid: string;
  chatId: number;
  message: string;
  /** an uploaded file sent with it */
  file: Pick<ChatFile, 'id' | 'name' | 'size' | 'mime' | 'url' | 'is_image'> | null;
  status: OutboxStatus;
  createdAt: string;
  /** the reason of a failure, already translated (shown under the message) */
  error?: string;
}

const PREFIX = 'chat-outbox:';
const EMPTY: readonly OutboxEntry[] = [];

const isEntry = (raw: unknown): raw is OutboxEntry => {
  if (typeof raw !== 'object' || raw === null) return false;
  const e = raw as Record<string, unknown>;
  return (
    typeof e.uid === 'string' &&
    typeof e.chatId === 'number' &&
    typeof e.message === 'string' &&
    typeof e.createdAt === 'string' &&
    (e.status === 0 || e.status === 1 || e.status === 2) &&
    (e.file === null || (typeof e.file === 'object' && typeof (e.file as { id?: unknown }).id === 'number'))
  );
};

/** A new client id for a message (its `client_id`, which matches a pending send to the stored message). */
export const newMessageUid = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * The outgoing messages of one sender (an organizer's team member in this browser, or a traveller's
 * link), kept in local storage so a reload loses none: what was waiting or being sent is sent again
 * (the same `uid`, so the server keeps one), what failed stays failed with its Retry.
 */
export const createOutbox = (scope: string, storage: Storage | null = safeStorage()) => {
  const key = `${PREFIX}${scope}`;
  const listeners = new Set<() => void>();
  let memory: OutboxEntry[] = read();
  /** per chat, the same array while nothing changed (what useSyncExternalStore needs) */
  let byChat = new Map<number, readonly OutboxEntry[]>();

  function read(): OutboxEntry[] {
    if (!storage) return [];
    try {
      const parsed = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
    } catch {
      return [];
    }
  }

  const write = (entries: OutboxEntry[]): void => {
    memory = entries;
    byChat = new Map();
    try {
      if (entries.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(entries));
    } catch {
      // storage full or refused: the entries live on in memory until the page closes
    }
    for (const listener of listeners) listener();
  };

  return {
    scope,
    all: (): readonly OutboxEntry[] => memory,
    forChat(chatId: number): readonly OutboxEntry[] {
      let list = byChat.get(chatId);
      if (!list) {
        const found = memory.filter((e) => e.chatId === chatId);
        list = found.length === 0 ? EMPTY : found;
        byChat.set(chatId, list);
      }
      return list;
    },
    get: (uid: string): OutboxEntry | undefined => memory.find((e) => e.uid === uid),
    add(entry: OutboxEntry): void {
      write([...memory.filter((e) => e.uid !== entry.uid), entry]);
    },
    update(uid: string, patch: Partial<Pick<OutboxEntry, 'status' | 'error'>>): void {
      if (!memory.some((e) => e.uid === uid)) return;
      write(memory.map((e) => (e.uid === uid ? { ...e, ...patch } : e)));
    },
    remove(uid: string): void {
      if (!memory.some((e) => e.uid === uid)) return;
      write(memory.filter((e) => e.uid !== uid));
    },
    /** Drops the entries the server already has (a message with the same client_id came back). */
    merge(uids: Iterable<string | null>): void {
      const known = new Set(uids);
      if (!memory.some((e) => known.has(e.uid))) return;
      write(memory.filter((e) => !known.has(e.uid)));
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Reads storage again (another tab of this browser wrote it). */
    reload(): void {
      write(read());
    },
  };
};

export type Outbox = ReturnType<typeof createOutbox>;

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const outboxes = new Map<string, Outbox>();

/** The one outbox of a scope in this page (`org:<id>:user:<id>`, `traveller:<token>`). */
export const outboxFor = (scope: string): Outbox => {
  let outbox = outboxes.get(scope);
  if (!outbox) {
    outbox = createOutbox(scope);
    outboxes.set(scope, outbox);
  }
  return outbox;
};

/** Forgets the outboxes made so far, as a new page would (tests: each starts from local storage). */
export const forgetOutboxes = (): void => outboxes.clear();

/** The outgoing messages of a chat, re-rendered as they change. */
export const useOutboxEntries = (outbox: Outbox, chatId: number): readonly OutboxEntry[] =>
  useSyncExternalStore(
    outbox.subscribe,
    () => outbox.forChat(chatId),
    () => EMPTY,
  );
