import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../app-error';
import { createBackgroundRuns } from '../background-runs';
import { createHttpProviderTransport } from './http-provider';
import { createOutbox, outboxErrorText, type OutboxRow } from './outbox';
import { createSmtpTransport } from './smtp';
import { createTelegramBot, createTelegramTransport, type TelegramBot } from './telegram';
import type { MessageChannel, OutgoingMessage, Transport } from './transport';

export type { MessageAttachment, MessageChannel, OutgoingMessage, Transport } from './transport';

export const DELIVERY_FAILED_MESSAGE = 'delivery_failed' as const;
export { OUTBOX_BACKOFF_MS, OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS } from './outbox';

/** How often server.ts runs the delivery sweep. */
export const DELIVERY_SWEEP_INTERVAL_MS = 15_000;
const BATCH_SIZE = 20;
const MAX_BATCHES_PER_RUN = 25;

/** What one delivery run did with the messages it claimed. */
export interface DeliveryRun {
  sent: number;
  /** failed, tried again later */
  retry: number;
  /** failed for the last time */
  gave_up: number;
  /** no transport for the channel any more: kept in the outbox */
  stored: number;
}

/**
 * Sends messages: each is recorded in the outbox, then handed to the real transport of its
 * channel when one is configured (SMTP_URL/SMTP_HOST, TELEGRAM_BOT_TOKEN, SMS_API_URL,
 * WHATSAPP_API_URL, VK_API_URL, CALL_API_URL). Without one the outbox is the delivery.
 * `send` delivers at once (codes); `enqueue` queues for the delivery sweep, with retries.
 */
export const createDelivery = (deps: { config: Config; db: Db; log: FastifyBaseLogger }) => {
  const { config, db, log } = deps;
  const outbox = createOutbox(db, log);
  const real: Partial<Record<MessageChannel, Transport>> = {};
  const closers: (() => void)[] = [];

  if (config.SMTP_URL || config.SMTP_HOST) {
    const smtp = createSmtpTransport({
      url: config.SMTP_URL,
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      user: config.SMTP_USER,
      password: config.SMTP_PASSWORD,
      from: config.SMTP_FROM,
    });
    real.email = smtp;
    closers.push(smtp.close);
  }
  const telegramBot: TelegramBot | null = config.TELEGRAM_BOT_TOKEN
    ? createTelegramBot({ token: config.TELEGRAM_BOT_TOKEN, apiUrl: config.TELEGRAM_API_URL })
    : null;
  if (telegramBot) real.telegram = createTelegramTransport(telegramBot);
  const providers: [MessageChannel, string | undefined, string | undefined][] = [
    ['sms', config.SMS_API_URL, config.SMS_API_KEY],
    ['whatsapp', config.WHATSAPP_API_URL, config.WHATSAPP_API_KEY],
    ['vk', config.VK_API_URL, config.VK_API_KEY],
    ['call', config.CALL_API_URL, config.CALL_API_KEY],
  ];
  for (const [channel, url, apiKey] of providers)
    if (url) real[channel] = createHttpProviderTransport({ name: channel, url, apiKey });

  /**
   * Records and delivers now, for what the caller must know went out (sign-in and phone codes):
   * throws a 503 AppError when the real transport refuses the message (recorded `failed`, not
   * retried: the person asks again). Everything else goes through `enqueue`.
   */
  const send = async (message: OutgoingMessage): Promise<{ outboxId: number }> => {
    const transport = real[message.channel];
    if (!transport) {
      const { providerId } = await outbox.transport.send(message);
      return { outboxId: Number(providerId) };
    }
    const outboxId = await outbox.record(message, 'sending', { attempts: 1 });
    try {
      const { providerId } = await transport.send(message);
      await outbox.setStatus(outboxId, 'sent', providerId ? { provider_id: providerId } : {});
      log.info({ outbox_id: outboxId, channel: message.channel, transport: transport.name }, 'message sent');
      return { outboxId };
    } catch (err) {
      await outbox.setStatus(outboxId, 'failed', { error: outboxErrorText(err) });
      log.error(
        { err, outbox_id: outboxId, channel: message.channel, transport: transport.name },
        'message delivery failed',
      );
      throw new AppError('unavailable', { message: DELIVERY_FAILED_MESSAGE });
    }
  };

  /** Sends one claimed row through its channel's transport and records how it went. */
  const attempt = async (row: OutboxRow, now: Date): Promise<'sent' | 'retry' | 'gave_up' | 'stored'> => {
    const transport = real[row.channel as MessageChannel];
    if (!transport) {
      await outbox.markStored(row.id);
      return 'stored';
    }
    const meta = row.meta;
    const message: OutgoingMessage = {
      channel: row.channel as MessageChannel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      html: row.html,
      replyTo: typeof meta.reply_to === 'string' ? meta.reply_to : null,
      fromName: typeof meta.from_name === 'string' ? meta.from_name : null,
      attachments: Array.isArray(meta.attachments) ? await outbox.attachments(row.id) : [],
      meta,
    };
    try {
      const { providerId } = await transport.send(message);
      await outbox.markSent(row.id, now, providerId);
      log.info({ outbox_id: row.id, channel: row.channel, attempt: row.attempts }, 'queued message sent');
      return 'sent';
    } catch (err) {
      const next = await outbox.markFailed(row, now, err);
      log[next ? 'warn' : 'error'](
        { err, outbox_id: row.id, channel: row.channel, attempt: row.attempts, next_attempt_at: next },
        next ? 'queued message not sent; tried again later' : 'queued message given up',
      );
      return next ? 'retry' : 'gave_up';
    }
  };

  /**
   * The delivery sweep (server.ts runs it every 15 s; enqueue also starts one): every message due
   * at `now` is claimed (FOR UPDATE SKIP LOCKED, a batch at a time) and sent, a batch at once.
   */
  const deliverDue = async (now: Date = new Date()): Promise<DeliveryRun> => {
    const run: DeliveryRun = { sent: 0, retry: 0, gave_up: 0, stored: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const rows = await outbox.claimDue(now, BATCH_SIZE);
      for (const result of await Promise.all(rows.map((row) => attempt(row, now)))) run[result] += 1;
      if (rows.length < BATCH_SIZE) break;
    }
    return run;
  };

  // a run started by enqueue, in the background; another enqueue meanwhile asks for one more
  const runs = createBackgroundRuns(
    () => deliverDue(new Date()),
    (err) => log.error({ err }, 'delivery run failed; the sweep tries again'),
  );
  const kick = runs.kick;

  /**
   * Queues a message: recorded `queued` (due now) and sent by a delivery run, retried with backoff
   * (OUTBOX_BACKOFF_MS) up to OUTBOX_MAX_ATTEMPTS times; never waits for the transport. Without
   * a real transport for its channel it is stored at once. Inside a transaction pass it as `q`:
   * the message exists only if that commits, and the next sweep (or `kick`) sends it.
   */
  const enqueue = async (
    message: OutgoingMessage,
    opts: { q?: Db; now?: Date } = {},
  ): Promise<{ outboxId: number }> => {
    if (!real[message.channel]) {
      const outboxId = await outbox.record(message, 'stored', { q: opts.q });
      log.info(
        { outbox_id: outboxId, channel: message.channel, subject: message.subject },
        'message stored in the outbox',
      );
      return { outboxId };
    }
    const outboxId = await outbox.record(message, 'queued', { q: opts.q, nextAttemptAt: opts.now ?? new Date() });
    if (!opts.q) kick();
    return { outboxId };
  };

  return {
    send,
    enqueue,
    deliverDue,
    /** starts a delivery run in the background (after a transaction that enqueued has committed) */
    kick,
    /** resolves once no background delivery run is in flight (tests; shutdown) */
    idle: runs.idle,
    /** the Telegram bot client, when TELEGRAM_BOT_TOKEN is set (the webhook answers through it) */
    telegramBot,
    hasRealTransport: (channel: MessageChannel): boolean => !!real[channel],
    /** stops starting runs, waits for the one in flight, closes the SMTP connections */
    close: async (): Promise<void> => {
      await runs.close();
      closers.forEach((c) => c());
    },
  };
};
export type Delivery = ReturnType<typeof createDelivery>;
