import { SYSTEM_ACTOR, UPLOAD_STATUS, type ChatMessage, type UploadStatus } from '@tourdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { recordEvent } from '../../lib/domain-events';
import type { RealtimeHandlers } from '../realtime';
import type { UploadService } from '../upload';
import type { ChatCore } from './chat-core';
import type { ChatRepository, ChatRow, MessageRow } from './chat.repository';

/**
 * How long a file may stay in progress before the sweep fails it: far beyond the longest a
 * download can take on a live node (the Bot API's answer, then UPLOAD_FETCH_TIMEOUT_MS), so only
 * one whose node was lost (a restart, a crash) is failed by it.
 */
export const ATTACHMENT_DOWNLOAD_STALE_MS = 10 * 60 * 1000;
/** How often server.ts runs that sweep (at the start too). */
export const ATTACHMENT_SWEEP_INTERVAL_MS = 60_000;

/** A file a messenger sent with a reply: what it declares of itself, and how to read its bytes. */
export interface IncomingAttachment {
  /** the name to show (a document's own; a photo has none: the caller names it) */
  name: string;
  /** the type the messenger declares (the stored file's comes from its bytes) */
  mime: string;
  /** bytes declared, 0 when unknown */
  size: number;
  /** reads the bytes from the messenger: at most maxBytes, within timeoutMs, given up when `signal` aborts */
  fetch: (limits: { maxBytes: number; timeoutMs: number; signal: AbortSignal }) => Promise<Buffer>;
}

/** A member's reply typed in a messenger, to post into a chat. */
export interface MessengerReply {
  chatId: number;
  /** the text, or a file's caption (empty with a file) */
  text: string;
  /** names the messenger's message: the same one delivered again posts nothing more */
  clientId: string;
  attachment?: IncomingAttachment;
}

/**
 * Replies members type in a messenger (a Telegram reply to a chat notification), posted into the
 * chat as the member through the chat core. A file comes with its message at once, in progress
 * (SPEC §3 upload status 1), its caption as the text; the server reads it from the messenger in
 * the background, stores it as uploads are stored (size limit, images processed), then marks it
 * received (2) or failed (3) in a transaction that records `chat.attachment_status_changed`, which
 * every channel of the chat hears as `attachment_download_status_was_changed`. A download its node
 * lost is failed by `sweepStale` (docs/decisions.md "Files sent from Telegram").
 */
export const createChatMessengerReplies = (deps: {
  repo: ChatRepository;
  core: ChatCore;
  uploads: UploadService;
  /** the chat, to a member of its organizer (404 to anyone else) */
  accessible: (ctx: ServiceContext, chatId: number) => Promise<ChatRow>;
}) => {
  const { repo, core, uploads } = deps;
  const inFlight = new Set<Promise<void>>();
  const closing = new AbortController();

  /** Records the file's new status for each message carrying it, in the transaction `q` that set it. */
  const recordStatus = async (q: Db, fileId: number, status: UploadStatus): Promise<void> => {
    for (const m of await repo.messagesOfFile(q, fileId))
      await recordEvent(q, {
        type: 'chat.attachment_status_changed',
        aggregateId: m.chat_id,
        organizerId: m.organizer_id,
        actor: SYSTEM_ACTOR,
        payload: { chat_id: m.chat_id, message_id: m.id, file_id: fileId, download_status: status },
      });
  };

  /** Ends the download one way or the other; false when it had ended already (the sweep came first). */
  const end = (
    fileId: number,
    values: Parameters<ChatRepository['endDownload']>[2] & { download_status: UploadStatus },
  ) =>
    repo.transaction(async (tx) => {
      if (!(await repo.endDownload(tx, fileId, values))) return false;
      await recordStatus(tx, fileId, values.download_status);
      return true;
    });

  const download = async (fileId: number, attachment: IncomingAttachment, log: FastifyBaseLogger): Promise<void> => {
    let stored: Awaited<ReturnType<UploadService['storeReceived']>> | null = null;
    try {
      const data = await attachment.fetch({
        maxBytes: uploads.maxFileBytes(),
        timeoutMs: uploads.fetchTimeoutMs(),
        signal: closing.signal,
      });
      stored = await uploads.storeReceived(data, attachment.name);
      if (await end(fileId, { ...stored, download_status: UPLOAD_STATUS.success })) return;
      log.warn({ file_id: fileId }, 'chat: a received file had been failed already; its bytes are dropped');
    } catch (err) {
      log.warn({ err, file_id: fileId }, 'chat: a file sent from a messenger could not be received');
      try {
        await end(fileId, { download_status: UPLOAD_STATUS.fail });
      } catch (e) {
        log.error({ err: e, file_id: fileId }, 'chat: a failed download could not be marked (the sweep will)');
      }
    }
    if (stored) await uploads.discard(stored).catch(() => undefined);
  };

  const post = async (
    ctx: ServiceContext,
    reply: MessengerReply,
  ): Promise<{ message: ChatMessage; isNew: boolean }> => {
    const chat = await deps.accessible(ctx, reply.chatId);
    const authorName = await repo.userName(ctx.userId);
    const message = {
      author: 'organizer' as const,
      userId: ctx.userId,
      authorName,
      text: reply.text,
      clientId: reply.clientId,
    };
    const attachment = reply.attachment;
    const answer = (r: { row: MessageRow; chat: ChatRow; isNew: boolean }) => ({
      message: core.viewFor(r.row, r.chat, 'organizer'),
      isNew: r.isNew,
    });
    if (!attachment) return answer(await core.post(chat.id, { ...message, fileId: null }));

    let posted;
    try {
      posted = await repo.transaction(async (tx) => {
        const same = await repo.messageByClientId(tx, chat.id, 'organizer', reply.clientId);
        if (same) return { row: same, chat, isNew: false };
        const fileId = await repo.insertPendingFile(tx, {
          organizer_id: chat.organizer_id,
          user_id: ctx.userId,
          name: uploads.displayName(attachment.name, 'file'),
          mime: attachment.mime,
          size: attachment.size,
        });
        const result = await core.post(chat.id, { ...message, fileId }, tx);
        if (!result.isNew) await repo.deleteFile(tx, fileId);
        return result;
      });
    } catch (e) {
      // the same messenger message delivered twice at once: the other delivery wrote it
      const same = isUniqueViolation(e)
        ? await repo.messageByClientId(repo.db, chat.id, 'organizer', reply.clientId)
        : null;
      if (!same) throw e;
      posted = { row: same, chat, isNew: false };
    }
    const fileId = posted.row.file_id;
    if (posted.isNew && fileId !== null) {
      const task = download(fileId, attachment, ctx.log).finally(() => inFlight.delete(task));
      inFlight.add(task);
    }
    return answer(posted);
  };

  /** The SPEC §4 publication of a file's new status, on every channel of its chat. */
  const realtime: RealtimeHandlers = {
    'chat.attachment_status_changed': async (event, tx, tell) => {
      const chat = await repo.chat(event.payload.chat_id, tx);
      if (!chat) return;
      for (const [channel] of core.channelsOf(chat))
        tell(channel, 'attachment_download_status_was_changed', {
          organizer_id: chat.organizer_id,
          chat_id: chat.id,
          message_id: event.payload.message_id,
          file_id: event.payload.file_id,
          download_status: event.payload.download_status,
        });
    },
  };

  return {
    post,
    realtime,

    /**
     * Fails the files in progress for longer than ATTACHMENT_DOWNLOAD_STALE_MS at `now` (their node
     * was lost), each change recorded. Safe on several nodes at once: a file is failed by one update.
     */
    sweepStale: (now: Date): Promise<number> =>
      repo.transaction(async (tx) => {
        const failed = await repo.failDownloadsBefore(tx, new Date(now.getTime() - ATTACHMENT_DOWNLOAD_STALE_MS));
        for (const fileId of failed) await recordStatus(tx, fileId, UPLOAD_STATUS.fail);
        return failed.length;
      }),

    /** Resolves once no download is in flight (tests). */
    idle: async (): Promise<void> => {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },

    /** Gives up the downloads in flight (marked failed: nothing resumes them) and waits for them. */
    close: async (): Promise<void> => {
      closing.abort();
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
};
export type ChatMessengerReplies = ReturnType<typeof createChatMessengerReplies>;
