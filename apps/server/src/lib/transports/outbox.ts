import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';
import type { OutgoingMessage, Transport } from './transport';

export type OutboxStatus = 'stored' | 'sending' | 'sent' | 'failed';

/**
 * The outbox: every outgoing message is recorded (shown on /org/debug when DEBUG_OUTBOX is on).
 * On the embedded defaults it is the only transport: the message stays here and in the log.
 */
export const createOutbox = (db: Db, log: FastifyBaseLogger) => {
  const record = async (message: OutgoingMessage, status: OutboxStatus): Promise<number> => {
    const [row] = await db
      .insert(outboxMessages)
      .values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body: message.body,
        meta: message.meta ?? {},
        status,
      })
      .returning({ id: outboxMessages.id });
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
  return {
    transport,
    record,
    setStatus: async (id: number, status: OutboxStatus, meta: Record<string, unknown> = {}): Promise<void> => {
      await db
        .update(outboxMessages)
        .set({
          status,
          meta: sql`${outboxMessages.meta} || ${JSON.stringify(meta)}::jsonb`,
          ...(status === 'sent' ? { sent_at: sql`now()` } : {}),
        })
        .where(eq(outboxMessages.id, id));
    },
  };
};
export type Outbox = ReturnType<typeof createOutbox>;
