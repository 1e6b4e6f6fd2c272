import type { Codes } from './codes';

/**
 * The manual WhatsApp flow (SPEC §3 `target`): the user sends a word from their phone to the
 * business WhatsApp number; the provider bridge posts the message to our webhook, which confirms
 * the phone when the sender's number is the account's and the text carries the account's word.
 *
 * The word is derived, never stored: an HMAC under the server's code key of the user id and the
 * phone, rendered `TD-` and six digits (digits type the same on any keyboard). A new phone gives
 * a new word; the same user and phone always get the same one.
 */
export const whatsappManualWord = (codes: Pick<Codes, 'hash'>, userId: number, phone: string): string => {
  const digest = codes.hash('whatsapp_manual_word', `${userId}:${phone}`);
  const n = Number.parseInt(digest.slice(0, 12), 16) % 1_000_000;
  return `TD-${String(n).padStart(6, '0')}`;
};

/** Letters and digits only, upper case: `td 123456`, `TD123456` and `TD-123456` are the same word. */
const squash = (s: string): string => s.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** Whether the message text carries the word (case, spaces and dashes aside). */
export const textCarriesWord = (text: string, word: string): boolean => squash(text).includes(squash(word));
