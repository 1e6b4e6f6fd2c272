/**
 * Chat constants and names, free of zod (the web imports them at run time; ./chat.ts builds the
 * schemas from them). SPEC §3 Chat, §9 chat page size; the rest is design (README "Chat").
 */

/**
 * Who wrote a message. A message's `type` is from the provider's side: `output` is the
 * organizer's, `input` anyone else's (the traveller in a tourist chat, support in a support chat).
 * `note`: the server, for the organizer's side only (never shown to the traveller): an e-mail
 * held because it came from an address that is not the traveller's (`author_name` is that
 * address, `text` the mail's subject and text).
 */
export const CHAT_AUTHORS = ['organizer', 'traveller', 'support', 'note'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];

/**
 * The name the server gives support's messages. It is English: the web shows its own word for it
 * in the reader's language (a support writer with another name keeps that name).
 */
export const SUPPORT_AUTHOR_NAME = 'Support';

/** The longest message text, in characters (UTF-16 code units, as the browser counts them). */
export const CHAT_MESSAGE_MAX_LENGTH = 5000;
/** The longest client_id (a UUID is 36). */
export const CHAT_CLIENT_ID_MAX_LENGTH = 64;
/** list: at most this many chats per page (SPEC §9 chat page size is also the default). */
export const CHAT_LIST_MAX_LIMIT = 20;
/** A traveller's name and e-mail when they start a chat without a request. */
export const CHAT_TRAVELLER_NAME_MAX_LENGTH = 200;

/** The traveller's chat page under the SPA base (/org): `/traveller-chat/<token>`. */
export const travellerChatPath = (token: string): string => `/traveller-chat/${encodeURIComponent(token)}`;
