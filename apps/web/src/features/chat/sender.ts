import { CHAT_MESSAGE_STATUS } from '@tourdesk/contract/enum-values';
import type { ChatMessage } from '@tourdesk/contract/entities/chat';
import { newMessageUid, type Outbox, type OutboxEntry } from './outbox';

/** What sending does; given (and changed) by the screen, so it follows its language and caches. */
export interface MessageSenderHandlers {
  /** send-message with the entry's uid; resolves with the message as the server keeps it */
  send: (entry: OutboxEntry) => Promise<ChatMessage>;
  /** the server has it: put it into the thread (the entry leaves the outbox right after) */
  onSent: (message: ChatMessage, entry: OutboxEntry) => void;
  /** the failure's reason in the interface language */
  describeError: (error: unknown) => string;
}

export interface MessageSenderOptions {
  outbox: Outbox;
  /** whether the browser is online now (a message written offline waits for the network) */
  isOnline?: () => boolean;
  now?: () => Date;
}

/**
 * Sends outgoing messages through the outbox, SPEC §3's states: a new message waits (0), is being
 * sent (1), then is the server's (3) or failed (2, with Retry). One message at a time per chat, in
 * the order written, so a thread reads as typed; a failure does not hold back the ones after it.
 */
export const createMessageSender = ({
  outbox,
  isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  now = () => new Date(),
}: MessageSenderOptions) => {
  /** chats whose queue is being worked through */
  const running = new Set<number>();
  /** until the screen configures it, messages wait */
  let handlers: MessageSenderHandlers | null = null;

  const nextWaiting = (chatId: number): OutboxEntry | undefined =>
    outbox.forChat(chatId).find((e) => e.status === CHAT_MESSAGE_STATUS.waiting);

  const drain = async (chatId: number): Promise<void> => {
    if (running.has(chatId) || !handlers) return;
    running.add(chatId);
    try {
      for (let entry = nextWaiting(chatId); entry && handlers && isOnline(); entry = nextWaiting(chatId)) {
        outbox.update(entry.uid, { status: CHAT_MESSAGE_STATUS.loading, error: undefined });
        const current: MessageSenderHandlers = handlers;
        try {
          const message = await current.send(entry);
          (handlers ?? current).onSent(message, entry);
          outbox.remove(entry.uid);
        } catch (error) {
          outbox.update(entry.uid, {
            status: CHAT_MESSAGE_STATUS.failed,
            error: (handlers ?? current).describeError(error),
          });
        }
      }
    } finally {
      running.delete(chatId);
    }
  };

  return {
    /** Sets (or changes) what sending does; null stops sending (what waits keeps waiting). */
    configure(next: MessageSenderHandlers | null): void {
      handlers = next;
    },
    /** Writes a new message into the outbox (waiting) and starts sending it; answers its uid. */
    send(chatId: number, message: string, file: OutboxEntry['file'] = null): string {
      const uid = newMessageUid();
      outbox.add({
        uid,
        chatId,
        message,
        file,
        status: CHAT_MESSAGE_STATUS.waiting,
        createdAt: now().toISOString(),
      });
      void drain(chatId);
      return uid;
    },
    /** A failed message is sent again (the same uid). */
    retry(uid: string): void {
      const entry = outbox.get(uid);
      if (!entry || entry.status !== CHAT_MESSAGE_STATUS.failed) return;
      outbox.update(uid, { status: CHAT_MESSAGE_STATUS.waiting, error: undefined });
      void drain(entry.chatId);
    },
    /** A failed message the user gives up on. */
    discard(uid: string): void {
      const entry = outbox.get(uid);
      if (entry?.status === CHAT_MESSAGE_STATUS.failed) outbox.remove(uid);
    },
    /**
     * After a reload (or when the network is back): what was waiting, or being sent when the page
     * closed, is sent again with its uid; the server answers a repeat with the message it already has.
     */
    resume(): void {
      const chats = new Set<number>();
      for (const entry of outbox.all()) {
        if (entry.status === CHAT_MESSAGE_STATUS.failed) continue;
        if (entry.status === CHAT_MESSAGE_STATUS.loading && !running.has(entry.chatId))
          outbox.update(entry.uid, { status: CHAT_MESSAGE_STATUS.waiting });
        chats.add(entry.chatId);
      }
      for (const chatId of chats) void drain(chatId);
    },
    isSending: (chatId: number): boolean => running.has(chatId),
  };
};

export type MessageSender = ReturnType<typeof createMessageSender>;
