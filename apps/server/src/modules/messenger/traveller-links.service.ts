import crypto from 'node:crypto';
import { LANGUAGES, type Language, type QuestionnaireTelegram } from '@tourdesk/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { TelegramBot } from '../../lib/transports/telegram';
import type { TravellerLinksRepository } from './traveller-links.repository';

const TELEGRAM = 'telegram';
const MAC_LENGTH = 22;

/**
 * A traveller's `/start` payload: `rq-<request id>-<page language>-<MAC>`, 64 characters at most
 * of Telegram's [A-Za-z0-9_-] (a member's connection code is letters and digits only, so the two
 * never meet). The MAC covers the request's id, its questionnaire uuid and the language: nothing
 * is stored, it cannot be guessed from the booking number, and a reissued questionnaire link
 * (a new uuid) ends the old payloads with it.
 */
const PAYLOAD_PATTERN = /^rq-(\d{1,10})-([a-z]{2})-([A-Za-z0-9_-]{22})$/;
/** `/start <payload>` as the deep link sends it (`/start@bot <payload>` in a group). */
const START_PATTERN = /^\/start(?:@\w+)?\s+(rq-\S*)$/;
const STOP_PATTERN = /^\/stop(?:@\w+)?$/;

export const createTravellerLinkPayloads = (key: Uint8Array) => {
  const mac = (requestId: number, uuid: string, language: Language): string =>
    crypto
      .createHmac('sha256', key)
      .update(`traveller-messenger.${requestId}.${uuid}.${language}`)
      .digest('base64url')
      .slice(0, MAC_LENGTH);
  return {
    payloadOf: (request: { id: number; uuid: string }, language: Language): string =>
      `rq-${request.id}-${language}-${mac(request.id, request.uuid, language)}`,
    /** what a payload claims (to look the request up), null when it is none of ours */
    parse: (payload: string): { requestId: number; language: Language; mac: string } | null => {
      const m = PAYLOAD_PATTERN.exec(payload);
      const requestId = m ? Number(m[1]) : 0;
      const language = m?.[2] as Language | undefined;
      if (!m || requestId < 1 || requestId > 2_147_483_647 || !language || !LANGUAGES.includes(language)) return null;
      return { requestId, language, mac: m[3]! };
    },
    /** whether the claimed MAC is the request's (constant time) */
    matches: (claim: { language: Language; mac: string }, request: { id: number; uuid: string }): boolean => {
      const expected = Buffer.from(mac(request.id, request.uuid, claim.language));
      const given = Buffer.from(claim.mac);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
};

/** The bot's answers to a traveller, in the chat's language. */
const TEXTS = {
  en: {
    linked: (n: number) => `You will get updates about booking No. ${n} here.`,
    unlinked: (n: number) => `You will no longer get updates about booking No. ${n} here.`,
    invalid:
      'This link does not work any more. Open your booking page again and press “Get booking updates in Telegram”.',
    help: (numbers: string) =>
      `Updates about your booking No. ${numbers} come to this chat. To write to the organizer, use the chat on your booking page. Send /stop to stop the updates.`,
  },
  ru: {
    linked: (n: number) => `Здесь вы будете получать сообщения о бронировании № ${n}.`,
    unlinked: (n: number) => `Сообщения о бронировании № ${n} больше не будут приходить сюда.`,
    invalid:
      'Эта ссылка больше не действует. Откройте страницу бронирования ещё раз и нажмите «Получать сообщения о бронировании в Telegram».',
    help: (numbers: string) =>
      `Сюда приходят сообщения о вашем бронировании № ${numbers}. Написать организатору можно в чате на странице бронирования. Чтобы больше их не получать, отправьте /stop.`,
  },
} as const satisfies Record<Language, unknown>;

/** en or ru as the Telegram app says (ru, en-GB…); null for any other language or none. */
const telegramLanguage = (code: string | undefined): Language | null => {
  const tag = String(code ?? '')
    .toLowerCase()
    .slice(0, 2);
  return LANGUAGES.find((l) => l === tag) ?? null;
};
const languageOf = (value: string): Language => LANGUAGES.find((l) => l === value) ?? 'en';

/** A Telegram message as the traveller's side of the webhook reads it. */
export interface TravellerTelegramMessage {
  chat: { id: number };
  from?: { language_code?: string };
  text?: string;
}

/**
 * A traveller's Telegram linked to their booking (issue 24): the questionnaire page's deep links,
 * the bot's `/start <payload>` and `/stop`, the page's unlink, and the chats a request's messages
 * go to (services.messenger.travellerChats).
 */
export const createTravellerLinkService = (deps: {
  repo: TravellerLinksRepository;
  config: Pick<Config, 'TELEGRAM_BOT_USERNAME'>;
  telegramBot: TelegramBot | null;
  /** the payloads' MAC key (derived from the app's secret, never stored) */
  key: Uint8Array;
}) => {
  const { repo, config, telegramBot } = deps;
  const payloads = createTravellerLinkPayloads(deps.key);
  const botUsername = telegramBot ? config.TELEGRAM_BOT_USERNAME : undefined;

  const reply = async (chatId: string, text: string): Promise<void> => {
    // the webhook answers Telegram whatever happens to the reply
    await telegramBot?.sendMessage(chatId, text).catch(() => undefined);
  };

  /** `/start rq-…`: links the chat to the request the payload names, or says the link does not work. */
  const start = async (message: TravellerTelegramMessage, payload: string): Promise<void> => {
    const chatId = String(message.chat.id);
    const claim = payloads.parse(payload);
    const request = claim ? await repo.findRequest(claim.requestId) : undefined;
    const language = telegramLanguage(message.from?.language_code) ?? claim?.language ?? 'en';
    if (!claim || !request || !payloads.matches(claim, request)) return reply(chatId, TEXTS[language].invalid);
    // a chat already linked (a replayed update, a second tap) keeps its link and hears the same answer
    await repo.link({ request_id: request.id, source_type: TELEGRAM, chat_id: chatId, language });
    return reply(chatId, TEXTS[language].linked(request.id));
  };

  return {
    /** The questionnaire page's Telegram part; undefined while no bot (token and username) is configured. */
    telegramOf: async (request: { id: number; uuid: string }): Promise<QuestionnaireTelegram | undefined> => {
      if (!botUsername) return undefined;
      const url = (language: Language) => `https://t.me/${botUsername}?start=${payloads.payloadOf(request, language)}`;
      const chats = await repo.liveChats(request.id, TELEGRAM);
      return { link_urls: { en: url('en'), ru: url('ru') }, is_linked: chats.length > 0 };
    },

    /** The page's unlink: every chat linked to the request stops getting its messages, and is told so. */
    unlinkTelegram: async (requestId: number): Promise<void> => {
      const ended = await repo.unlinkRequest(requestId, TELEGRAM);
      for (const chat of ended) await reply(chat.chat_id, TEXTS[languageOf(chat.language)].unlinked(requestId));
    },

    /**
     * The Telegram chats a request's messages go to now, each with its language; `q` may be the
     * caller's transaction (a delivery reads them beside what it writes).
     */
    travellerChats: async (q: Db, requestId: number): Promise<{ chat_id: string; language: Language }[]> =>
      (await repo.liveChats(requestId, TELEGRAM, q)).map((c) => ({
        chat_id: c.chat_id,
        language: languageOf(c.language),
      })),

    /**
     * The webhook's traveller side, before a member's: `/start rq-…`; `/stop` in a chat linked to
     * requests; any other text in such a chat that is not a member's (a member's chat keeps its
     * answers). False when the message is not the traveller side's.
     */
    handleTelegramMessage: async (message: TravellerTelegramMessage, isMemberChat: boolean): Promise<boolean> => {
      const text = message.text?.trim() ?? '';
      const payload = START_PATTERN.exec(text)?.[1];
      if (payload !== undefined) {
        await start(message, payload);
        return true;
      }
      const chatId = String(message.chat.id);
      if (STOP_PATTERN.test(text)) {
        const ended = await repo.unlinkChat(TELEGRAM, chatId);
        for (const link of ended) await reply(chatId, TEXTS[languageOf(link.language)].unlinked(link.request_id));
        return ended.length > 0;
      }
      if (isMemberChat || !text) return false;
      const linked = await repo.liveRequestsOfChat(TELEGRAM, chatId);
      if (linked.length === 0) return false;
      const numbers = [...new Set(linked.map((l) => l.request_id))].join(', ');
      await reply(chatId, TEXTS[languageOf(linked.at(-1)!.language)].help(numbers));
      return true;
    },
  };
};
export type TravellerLinkService = ReturnType<typeof createTravellerLinkService>;
