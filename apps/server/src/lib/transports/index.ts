import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../app-error';
import { createHttpProviderTransport } from './http-provider';
import { createOutbox } from './outbox';
import { createSmtpTransport } from './smtp';
import { createTelegramBot, createTelegramTransport, type TelegramBot } from './telegram';
import type { MessageChannel, OutgoingMessage, Transport } from './transport';

export type { MessageChannel, OutgoingMessage, Transport } from './transport';

export const DELIVERY_FAILED_MESSAGE = 'delivery_failed' as const;

/**
 * Sends messages: each is recorded in the outbox, then handed to the real transport of its
 * channel when one is configured (SMTP_URL/SMTP_HOST, TELEGRAM_BOT_TOKEN, SMS_API_URL,
 * WHATSAPP_API_URL, VK_API_URL, CALL_API_URL). Without one the outbox is the delivery.
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

  /** Records and delivers; throws a 503 AppError when the real transport refuses the message. */
  const send = async (message: OutgoingMessage): Promise<{ outboxId: number }> => {
    const transport = real[message.channel];
    if (!transport) {
      const { providerId } = await outbox.transport.send(message);
      return { outboxId: Number(providerId) };
    }
    const outboxId = await outbox.record(message, 'sending');
    try {
      const { providerId } = await transport.send(message);
      await outbox.setStatus(outboxId, 'sent', providerId ? { provider_id: providerId } : {});
      log.info({ outbox_id: outboxId, channel: message.channel, transport: transport.name }, 'message sent');
      return { outboxId };
    } catch (err) {
      await outbox.setStatus(outboxId, 'failed', { error: err instanceof Error ? err.message : String(err) });
      log.error(
        { err, outbox_id: outboxId, channel: message.channel, transport: transport.name },
        'message delivery failed',
      );
      throw new AppError('unavailable', { message: DELIVERY_FAILED_MESSAGE });
    }
  };

  return {
    send,
    /** the Telegram bot client, when TELEGRAM_BOT_TOKEN is set (the webhook answers through it) */
    telegramBot,
    hasRealTransport: (channel: MessageChannel): boolean => !!real[channel],
    close: (): void => closers.forEach((c) => c()),
  };
};
export type Delivery = ReturnType<typeof createDelivery>;
