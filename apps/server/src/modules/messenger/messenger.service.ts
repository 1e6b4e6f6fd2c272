import crypto from 'node:crypto';
import {
  MESSENGER_CODE_LIFETIME_S,
  MESSENGER_SOURCE_ID,
  sortMessengerChats,
  type MessengerChat,
  type MessengerSourceId,
  type MessengerSourceType,
  type WhatsappInboundMessage,
  getBrand,
  type Language,
  userActor,
  userChannel,
} from '@tourdesk/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { RealtimeHandlers } from '../realtime';
import { recordEvent } from '../../lib/domain-events';
import type { TelegramBot } from '../../lib/transports/telegram';
import { normalizePhone, CODE_PURPOSE, type Codes, textCarriesWord, whatsappManualWord } from '../auth';
import type { MessengerRepository } from './messenger.repository';
import type { TravellerLinkService } from './traveller-links.service';

/** Unambiguous letters and digits: the code may be typed by hand into the bot. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CONNECTION_CODE_LENGTH = 8;
const randomConnectionCode = (): string =>
  Array.from({ length: CONNECTION_CODE_LENGTH }, () => CODE_ALPHABET[crypto.randomInt(0, CODE_ALPHABET.length)]).join(
    '',
  );

const SOURCE_BY_ID = Object.fromEntries(Object.entries(MESSENGER_SOURCE_ID).map(([type, id]) => [id, type])) as Record<
  MessengerSourceId,
  MessengerSourceType
>;

/** The parts of a Telegram Update we read (https://core.telegram.org/bots/api#update). */
export interface TelegramUpdate {
  message?: {
    chat: { id: number; username?: string; first_name?: string; last_name?: string; title?: string };
    /** language_code: the IETF tag of the sender's Telegram app (ru, en-GB…) */
    from?: { id: number; language_code?: string };
    text?: string;
    contact?: { phone_number: string; user_id?: number };
  };
}

/** The bot's replies, naming the brand being served (BRAND_ID), in the reader's language. */
const botTexts = (brand: string) =>
  ({
    en: {
      linked: `Done! ${brand} notifications will come to this chat.`,
      unknownCode: `This code is unknown or has expired. Get a new one in ${brand}.`,
      notLinked: `Connect this chat first: send the code from ${brand}.`,
      foreignContact: 'Please share your own phone number with the button.',
      phoneConfirmed: 'Your phone is successfully confirmed!',
      phoneMismatch: `This number differs from the phone in your ${brand} profile.`,
      help: `Send the connection code from ${brand} to link this chat.`,
    },
    ru: {
      linked: `Готово! Уведомления ${brand} будут приходить в этот чат.`,
      unknownCode: `Этот код неизвестен или устарел. Получите новый в ${brand}.`,
      notLinked: `Сначала подключите этот чат: отправьте код из ${brand}.`,
      foreignContact: 'Пожалуйста, поделитесь своим номером телефона с помощью кнопки.',
      phoneConfirmed: 'Ваш телефон подтверждён!',
      phoneMismatch: `Этот номер отличается от телефона в вашем профиле ${brand}.`,
      help: `Отправьте код подключения из ${brand}, чтобы связать этот чат.`,
    },
  }) as const satisfies Record<Language, unknown>;

/** en or ru: a user's stored language, else what the Telegram app says (ru…), else en. */
const languageOf = (value: string | null | undefined): Language =>
  String(value ?? '')
    .toLowerCase()
    .startsWith('ru')
    ? 'ru'
    : 'en';

export const createMessengerService = (deps: {
  repo: MessengerRepository;
  codes: Codes;
  config: Config;
  telegramBot: TelegramBot | null;
  markPhoneConfirmed: (userId: number) => Promise<void>;
  /** travellers' chats linked to their bookings (the webhook hears their /start and /stop first) */
  travellers: TravellerLinkService;
}) => {
  const { repo, codes, config, telegramBot, markPhoneConfirmed, travellers } = deps;
  const BOT_TEXTS = botTexts(getBrand(config.BRAND_ID).name);

  const reply = async (chatId: number, text: string, extra: Record<string, unknown> = {}): Promise<void> => {
    // The webhook must answer Telegram whatever happens to the reply.
    await telegramBot?.sendMessage(String(chatId), text, extra).catch(() => undefined);
  };

  /** `/start CODE` (deep link or typed) or the bare code. */
  const connectionCodeIn = (text: string): string | null => {
    const m = /^(?:\/start(?:@\w+)?\s+)?([A-Za-z0-9]{6,16})$/.exec(text.trim());
    return m ? m[1]!.toUpperCase() : null;
  };

  return {
    /** the questionnaire page's Telegram part (deep links, whether linked); undefined without a bot */
    travellerTelegramOf: travellers.telegramOf,
    /** the questionnaire page's unlink of the booking's Telegram chats */
    unlinkTravellerTelegram: travellers.unlinkTelegram,
    /** the Telegram chats a request's traveller messages go to (read inside the caller's transaction) */
    travellerChats: travellers.travellerChats,

    chatsForNotifications: async (userId: number): Promise<{ data: MessengerChat[] }> => {
      const rows = await repo.listNotificationChats(userId);
      return {
        data: sortMessengerChats(
          rows.map((r) => ({
            id: r.id,
            chat_id: r.chat_id,
            chat_name: r.chat_name,
            url: r.url || null,
            source_type: r.source_type as MessengerSourceType,
            messenger_was_activated: r.messenger_was_activated,
          })),
        ),
      };
    },

    disableNotifications: async (userId: number, id: number): Promise<{ success: boolean }> => {
      if (!(await repo.disableNotifications(id, userId))) throw AppError.notFound();
      return { success: true };
    },

    /** A fresh code for the messenger; the previous one of this user and messenger ends. */
    generateConnectionCode: async (
      userId: number,
      sourceId: MessengerSourceId,
    ): Promise<{ code: string; expires_in: number; url: string | null }> => {
      const source = SOURCE_BY_ID[sourceId];
      const code = randomConnectionCode();
      await codes.issueToken({
        purpose: CODE_PURPOSE.messengerConnection,
        target: `${source}:${userId}`,
        userId,
        ttlS: MESSENGER_CODE_LIFETIME_S,
        token: code,
      });
      const url =
        source === 'telegram' && config.TELEGRAM_BOT_USERNAME
          ? `https://t.me/${config.TELEGRAM_BOT_USERNAME}?start=${code}`
          : null;
      return { code, expires_in: MESSENGER_CODE_LIFETIME_S, url };
    },

    /**
     * WhatsApp webhook (the manual flow): a message from an unconfirmed account's own phone that
     * carries the account's word confirms the phone, as a right code does. Anything else changes
     * nothing and answers `success: false` (a 2xx, so the bridge does not retry it).
     */
    handleWhatsappMessage: async (message: WhatsappInboundMessage): Promise<{ success: boolean }> => {
      const digits = message.from.replace(/\D/g, '');
      if (!config.whatsappManual || !config.VERIFICATION_METHODS.includes('whatsapp') || digits.length < 7)
        return { success: false };
      const user = await repo.findUserByPhone(normalizePhone(digits));
      if (!user?.phone || user.is_phone_confirm || user.blocked_at) return { success: false };
      if (!textCarriesWord(message.text, whatsappManualWord(codes, user.id, user.phone))) return { success: false };
      await markPhoneConfirmed(user.id);
      return { success: true };
    },

    /** Telegram webhook: links a chat by connection code; confirms the phone from a shared contact. */
    handleTelegramUpdate: async (update: TelegramUpdate): Promise<void> => {
      const message = update.message;
      if (!message) return;
      const chatId = String(message.chat.id);
      // a linked chat reads its user's language; anyone else the language of their Telegram app
      const chat = await repo.findChat('telegram', chatId);
      const owner = chat ? await repo.findUserPhone(chat.user_id) : undefined;
      const texts = BOT_TEXTS[languageOf(owner?.language ?? message.from?.language_code)];
      // a traveller's /start from the booking page, /stop, or a word in their chat: theirs
      if (!message.contact && (await travellers.handleTelegramMessage(message, Boolean(chat)))) return;

      if (message.contact) {
        if (!chat) return reply(message.chat.id, texts.notLinked);
        // Only the sender's own contact proves the number (a forwarded card does not).
        if (!message.from || message.contact.user_id !== message.from.id)
          return reply(message.chat.id, texts.foreignContact);
        const phone = normalizePhone(message.contact.phone_number);
        await repo.setChatPhone(chat.id, phone);
        if (!owner?.phone || owner.phone !== phone)
          return reply(message.chat.id, texts.phoneMismatch, { reply_markup: { remove_keyboard: true } });
        if (!owner.is_phone_confirm) await markPhoneConfirmed(chat.user_id);
        return reply(message.chat.id, texts.phoneConfirmed, { reply_markup: { remove_keyboard: true } });
      }

      const code = message.text ? connectionCodeIn(message.text) : null;
      if (!code) return reply(message.chat.id, texts.help);
      const row = await codes.consumeToken(CODE_PURPOSE.messengerConnection, code);
      if (!row?.user_id || !row.target.startsWith('telegram:')) return reply(message.chat.id, texts.unknownCode);
      const c = message.chat;
      const userId = row.user_id;
      await repo.transaction(async (tx) => {
        await repo.linkChat(
          {
            user_id: userId,
            source_type: 'telegram',
            chat_id: chatId,
            chat_name: c.title ?? ([c.first_name, c.last_name].filter(Boolean).join(' ') || c.username || chatId),
            url: c.username ? `https://t.me/${c.username}` : '',
          },
          tx,
        );
        // the user's open tabs hear crm_user_chat_notifications_enabled (real time)
        await recordEvent(tx, {
          type: 'user.messenger_linked',
          aggregateId: userId,
          organizerId: null,
          actor: userActor(userId),
          payload: { user_id: userId, source_type: 'telegram' },
        });
      });
      const linkedBy = await repo.findUserPhone(userId);
      return reply(message.chat.id, BOT_TEXTS[languageOf(linkedBy?.language ?? message.from?.language_code)].linked);
    },
  };
};
export type MessengerService = ReturnType<typeof createMessengerService>;

/** The user's open tabs hear a messenger chat was linked (SPEC §4: the notification settings refetch). */
export const messengerRealtime: RealtimeHandlers = {
  'user.messenger_linked': (event, _tx, tell) =>
    tell(userChannel(event.payload.user_id), 'crm_user_chat_notifications_enabled', {
      source_type: event.payload.source_type,
    }),
};
