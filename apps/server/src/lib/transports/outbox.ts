import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outboxAttachments, outboxMessages } from '../../db/schema/index';
import type { MessageAttachment, OutgoingMessage, Transport } from './transport';

export type OutboxStatus = 'stored' | 'queued' | 'sending' | 'sent' | 'failed';
export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Attempts before an enqueued message is given up (`failed` with no next attempt). */
export const OUTBOX_MAX_ATTEMPTS = 6;
/** The wait after the 1st, 2nd, … failed attempt: 30 s, 2 min, 10 min, 1 h, 1 h; the 6th is the last. */
export const OUTBOX_BACKOFF_MS: readonly number[] = [30_000, 120_000, 600_000, 3_600_000, 3_600_000];
/**
 * How long a claimed row is left to the node that claimed it: a node that dies while sending
 * leaves it `sending`, and another claims it again once this has passed. Far longer than a
 * batch can take (each send times out after 10 s; a batch is sent at once).
 */
export const OUTBOX_LEASE_MS = 5 * 60_000;

/** When a message whose `attempts`-th attempt failed is tried again; null: given up. */
export const nextAttemptAfter = (attempts: number, now: Date): Date | null =>
  attempts >= OUTBOX_MAX_ATTEMPTS
    ? null
    : new Date(now.getTime() + OUTBOX_BACKOFF_MS[Math.min(attempts, OUTBOX_BACKOFF_MS.length) - 1]!);

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * The outbox: every outgoing message is recorded (shown on /org/debug when DEBUG_OUTBOX is on).
 * On the embedded defaults it is the only transport: the message stays here and in the log.
 * Enqueued messages wait here (`queued`) for the delivery sweep, which claims the due ones with
 * FOR UPDATE SKIP LOCKED (two nodes never claim one row) and retries failures with backoff.
 */
export const createOutbox = (db: Db, log: FastifyBaseLogger) => {
  const record = async (
    message: OutgoingMessage,
    status: OutboxStatus,
    extra: { q?: Db; nextAttemptAt?: Date | null; attempts?: number } = {},
  ): Promise<number> => {
    const [row] = await (extra.q ?? db)
      .insert(outboxMessages)
      .values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body: message.body,
        html: message.html ?? null,
        meta: {
          ...(message.meta ?? {}),
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          ...(message.fromName ? { from_name: message.fromName } : {}),
          ...(message.attachments?.length
            ? { attachments: message.attachments.map((a) => ({ name: a.name, mime: a.mime, size: a.data.length })) }
            : {}),
        },
        status,
        attempts: extra.attempts ?? 0,
        next_attempt_at: extra.nextAttemptAt ?? null,
      })
      .returning({ id: outboxMessages.id });
    if (message.attachments?.length)
      await (extra.q ?? db)
        .insert(outboxAttachments)
        .values(message.attachments.map((a) => ({ outbox_id: row!.id, name: a.name, mime: a.mime, data: a.data })));
    return row!.id;
  };
  const transport: Transport = {
    name: 'outbox',
    send: async (message) => {
      const id = await record(message, 'stored');
      // Never log the body: it holds sign-in codes and reset links.
      log.info(
        { outbox_id: id, channel: message.channel, recipient: message.recipient, subject: message.subject },
        'message stored in the outbox',
      );
      return { providerId: String(id) };
    },
  };
  const mergeMeta = (meta: Record<string, unknown>) => sql`${outboxMessages.meta} || ${JSON.stringify(meta)}::jsonb`;

  return {
    transport,
    record,
    setStatus: async (id: number, status: OutboxStatus, meta: Record<string, unknown> = {}): Promise<void> => {
      await db
        .update(outboxMessages)
        .set({
          status,
          meta: mergeMeta(meta),
          ...(status === 'sent' ? { sent_at: sql`now()` } : {}),
          ...(status === 'failed' && typeof meta.error === 'string' ? { last_error: meta.error } : {}),
        })
        .where(eq(outboxMessages.id, id));
    },

    /**
     * Claims up to `limit` messages due at `now` (queued or failed with their next attempt come,
     * or sending with a lapsed lease), oldest due first: each becomes `sending`, one attempt
     * more, leased until now + OUTBOX_LEASE_MS. Rows another node holds locked are skipped.
     */
    claimDue: (now: Date, limit: number): Promise<OutboxRow[]> =>
      db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const due = await tx
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(
            and(
              inArray(outboxMessages.status, ['queued', 'failed', 'sending']),
              lte(outboxMessages.next_attempt_at, now),
            ),
          )
          .orderBy(asc(outboxMessages.next_attempt_at), asc(outboxMessages.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(outboxMessages)
          .set({
            status: 'sending',
            attempts: sql`${outboxMessages.attempts} + 1`,
            next_attempt_at: new Date(now.getTime() + OUTBOX_LEASE_MS),
          })
          .where(
            inArray(
              outboxMessages.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      }),

    /** The files a stored message carries, in the order they were given. */
    attachments: async (outboxId: number): Promise<MessageAttachment[]> =>
      (
        await db
          .select({ name: outboxAttachments.name, mime: outboxAttachments.mime, data: outboxAttachments.data })
          .from(outboxAttachments)
          .where(eq(outboxAttachments.outbox_id, outboxId))
          .orderBy(asc(outboxAttachments.id))
      ).map((a) => ({ ...a, data: Buffer.from(a.data) })),

    /** The claimed message went out. */
    markSent: async (id: number, now: Date, providerId: string | undefined): Promise<void> => {
      await db
        .update(outboxMessages)
        .set({
          status: 'sent',
          sent_at: now,
          next_attempt_at: null,
          ...(providerId ? { meta: mergeMeta({ provider_id: providerId }) } : {}),
        })
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')));
    },

    /** The claimed message's attempt failed: tried again after the backoff, or given up. */
    markFailed: async (row: Pick<OutboxRow, 'id' | 'attempts'>, now: Date, err: unknown): Promise<Date | null> => {
      const next = nextAttemptAfter(row.attempts, now);
      await db
        .update(outboxMessages)
        .set({ status: 'failed', last_error: errorText(err), next_attempt_at: next })
        .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'sending')));
      return next;
    },

    /** No transport for the claimed message's channel any more: the outbox keeps it. */
    markStored: async (id: number): Promise<void> => {
      await db.update(outboxMessages).set({ status: 'stored', next_attempt_at: null }).where(eq(outboxMessages.id, id));
    },
  };
};
export type Outbox = ReturnType<typeof createOutbox>;
export { errorText as outboxErrorText };
