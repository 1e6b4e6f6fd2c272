import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { chatApi } from '@tourdesk/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { registerRoute } from '../../lib/route';
import type { TelegramAttachment, TelegramReply } from '../notification';
import type { MessengerService, TelegramUpdate } from './messenger.service';

export const TELEGRAM_WEBHOOK_PATH = '/crm/api/messenger/telegram/webhook';
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const WHATSAPP_SECRET_HEADER = 'x-webhook-secret';

/** Whether the header carries the secret: digests of equal length compared in constant time (no length leak). */
const headerMatches = (given: string | string[] | undefined, secret: string): boolean => {
  if (typeof given !== 'string') return false;
  const digest = (v: string): Buffer => crypto.createHash('sha256').update(v).digest();
  return crypto.timingSafeEqual(digest(given), digest(secret));
};

/** The secret_token to pass to setWebhook: TELEGRAM_WEBHOOK_SECRET, else derived from the bot token. */
export const telegramWebhookSecret = (config: Config): string | null =>
  config.TELEGRAM_WEBHOOK_SECRET ??
  (config.TELEGRAM_BOT_TOKEN
    ? crypto.createHash('sha256').update(`webhook:${config.TELEGRAM_BOT_TOKEN}`).digest('hex')
    : null);

const telegramFileSchema = z.looseObject({
  file_id: z.string().min(1).max(1024),
  file_size: z.number().int().nonnegative().optional(),
});

/** What a Telegram message carries as a file: a document, or its photo's largest size (a JPEG). */
const attachmentOf = (message: z.infer<typeof updateSchema>['message']): TelegramAttachment | undefined => {
  if (message?.document)
    return {
      fileId: message.document.file_id,
      name: message.document.file_name ?? 'file',
      mime: message.document.mime_type ?? 'application/octet-stream',
      size: message.document.file_size ?? 0,
    };
  const largest = [...(message?.photo ?? [])].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  if (largest)
    return {
      fileId: largest.file_id,
      name: `photo-${message!.message_id ?? largest.file_id.slice(-8)}.jpg`,
      mime: 'image/jpeg',
      size: largest.file_size ?? 0,
    };
  return undefined;
};

const updateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      chat: z.looseObject({
        id: z.number().int(),
        username: z.string().optional(),
        first_name: z.string().optional(),
        last_name: z.string().optional(),
        title: z.string().optional(),
      }),
      message_id: z.number().int().optional(),
      from: z.looseObject({ id: z.number().int() }).optional(),
      text: z.string().max(4096).optional(),
      /** a photo's sizes, smallest first, and a file's caption (the Telegram reply path takes both) */
      photo: z.array(telegramFileSchema.extend({ width: z.number().int(), height: z.number().int() })).optional(),
      document: telegramFileSchema
        .extend({ file_name: z.string().max(1024).optional(), mime_type: z.string().max(255).optional() })
        .optional(),
      caption: z.string().max(4096).optional(),
      /** the bot's message this one answers (the Telegram reply path of chat notifications) */
      reply_to_message: z.looseObject({ message_id: z.number().int() }).optional(),
      contact: z.looseObject({ phone_number: z.string().max(32), user_id: z.number().int().optional() }).optional(),
    })
    .optional(),
});

export const messengerRoutes = (
  app: FastifyInstance,
  deps: {
    messenger: MessengerService;
    config: Config;
    /** a reply to a chat-message notification is posted into that chat (modules/notification) */
    telegramReplies?: { handleTelegramReply: (reply: TelegramReply) => Promise<boolean> };
  },
): void => {
  const { messenger, config, telegramReplies } = deps;
  registerRoute(app, chatApi.chatsForNotifications, ({ userId }) => messenger.chatsForNotifications(userId));
  registerRoute(app, chatApi.generateConnectionCode, ({ body, userId }) =>
    messenger.generateConnectionCode(userId, body.source_id),
  );
  registerRoute(app, chatApi.disableNotifications, ({ body, userId }) =>
    messenger.disableNotifications(userId, body.chat_id),
  );

  // The WhatsApp provider bridge posts inbound messages here (the manual phone-confirmation
  // flow). The secret is checked before the body is read; 404 while the flow is not configured.
  registerRoute(app, chatApi.whatsappWebhook, ({ body }) => messenger.handleWhatsappMessage(body), {
    onRequest: async (request) => {
      if (!config.whatsappManual) throw AppError.notFound();
      if (!headerMatches(request.headers[WHATSAPP_SECRET_HEADER], config.whatsappManual.secret))
        throw new AppError('unauthorized');
    },
  });

  // Telegram calls this (setWebhook with secret_token); not part of the web's contract.
  const secret = telegramWebhookSecret(config);
  app.post(TELEGRAM_WEBHOOK_PATH, { config: { isPublic: true } }, async (request) => {
    if (!secret || !config.TELEGRAM_BOT_TOKEN) throw AppError.notFound();
    const given = request.headers[SECRET_HEADER];
    const a = Buffer.from(typeof given === 'string' ? given : '');
    const b = Buffer.from(secret);
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw new AppError('unauthorized');
    const parsed = updateSchema.safeParse(request.body);
    // Telegram retries anything but 200: an update we cannot read is dropped, not retried forever.
    if (!parsed.success) return { ok: true };
    const message = parsed.data.message;
    if (message?.reply_to_message && telegramReplies) {
      const handled = await telegramReplies.handleTelegramReply({
        chatId: String(message.chat.id),
        // a message without its id (never from Telegram) is named by its update, as a retry repeats both
        messageId: message.message_id ?? -parsed.data.update_id,
        replyToMessageId: message.reply_to_message.message_id,
        text: message.text ?? message.caption,
        attachment: attachmentOf(message),
      });
      if (handled) return { ok: true };
    }
    await messenger.handleTelegramUpdate(parsed.data as TelegramUpdate);
    return { ok: true };
  });
};
