import crypto from 'node:crypto';
import { CHAT_MESSAGE_MAX_LENGTH } from '@tourdesk/contract';

/**
 * What the inbound e-mail webhook reads from a mail, free of the database: the per-request reply
 * address (its signature), the addresses in From and To, and the reply's own text (the quoted
 * earlier message stripped). Kept simple on purpose: a reply written above the quote, as every
 * common client writes it, keeps its words; the rest is left to the provider to read.
 */

/** The signature's length: 16 hex characters, 64 bits of an HMAC-SHA256 no one can compute without the key. */
const SIGNATURE_LENGTH = 16;
const REPLY_LOCAL_PART = /^reply\+(\d{1,10})-([0-9a-f]{16})$/i;

/**
 * The reply addresses of requests, signed with `key` (derived from the app's secret): the request
 * id and a short HMAC of it, so an address cannot be guessed for another request or forged. The
 * signature is lower-case hex, as some mail systems lower-case local parts.
 */
export const createReplyAddresses = (key: Uint8Array) => {
  const signature = (requestId: number): string =>
    crypto.createHmac('sha256', key).update(`reply.${requestId}`).digest('hex').slice(0, SIGNATURE_LENGTH);
  return {
    /** `reply+<request id>-<signature>@<domain>` */
    addressOf: (requestId: number, domain: string): string => `reply+${requestId}-${signature(requestId)}@${domain}`,
    /**
     * The request id an address names when its signature is right (constant time); null for any
     * other address. The domain is not checked: the mail service routes only its domains here, and
     * addresses already sent keep working when INBOUND_EMAIL_DOMAIN changes.
     */
    requestIdOf: (address: string): number | null => {
      const at = address.lastIndexOf('@');
      const m = at > 0 ? REPLY_LOCAL_PART.exec(address.slice(0, at)) : null;
      if (!m) return null;
      const id = Number(m[1]);
      if (id < 1 || id > 2_147_483_647) return null;
      const expected = Buffer.from(signature(id));
      const given = Buffer.from(m[2]!.toLowerCase());
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
    },
  };
};
export type ReplyAddresses = ReturnType<typeof createReplyAddresses>;

const ADDRESS = /[^\s<>,;:"()[\]\\]+@[^\s<>,;:"()[\]\\]+\.[^\s<>,;:"()[\]\\]+/g;

/**
 * Every address in a header's value (`Name <a@b.c>`, `a@b.c`, lists separated by commas),
 * lower-case, in order, each once.
 */
export const addressesIn = (values: string | readonly string[]): string[] => {
  const found = [values]
    .flat()
    .flatMap((v) => v.match(ADDRESS) ?? [])
    .map((a) => a.toLowerCase());
  return [...new Set(found)];
};

/**
 * The sender's address: the one in angle brackets when there is one (a display name may itself
 * look like an address), else the only address given; null when the value holds none.
 */
export const senderAddress = (from: string): string | null => {
  const bracketed = /<([^<>]+)>\s*$/.exec(from.trim());
  const [address] = addressesIn(bracketed ? bracketed[1]! : from);
  return address ?? null;
};

/** "On Mon, 2 Nov 2026 at 10:00, Olga <olga@example.com> wrote:" (the line may wrap once). */
const ON_WROTE_START = /^\s*on\s.+/i;
const ENDS_WROTE = /\bwrote:\s*$/i;
/** «2 нояб. 2026 г., в 10:00, Ольга <olga@example.com> написал(а):», написал: / написала: */
const ENDS_WROTE_RU = /написал(?:а|\(а\))?:\s*$/i;
/** Outlook's separators before the quoted message. */
const OUTLOOK_SEPARATOR = /^\s*(?:-{2,}\s*(?:original message|исходное сообщение)\s*-{2,}|_{10,})\s*$/i;

/**
 * The reply's own text: everything from the line that introduces the quoted earlier message
 * ("On … wrote:", «… написал(а):», Outlook's "-----Original Message-----") is dropped, and so is
 * every line quoted with ">". Line ends become \n; blank lines at the ends are trimmed.
 */
export const stripQuoted = (text: string): string => {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (OUTLOOK_SEPARATOR.test(line) || ENDS_WROTE_RU.test(line)) {
      end = i;
      break;
    }
    if (!ENDS_WROTE.test(line)) continue;
    if (ON_WROTE_START.test(line)) {
      end = i;
      break;
    }
    // "On …" wrapped onto the line before "… wrote:"
    if (i > 0 && ON_WROTE_START.test(lines[i - 1]!)) {
      end = i - 1;
      break;
    }
  }
  const own = lines.slice(0, end).filter((line) => !/^\s*>/.test(line));
  return own
    .join('\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of an HTML part, for a mail without a plain-text one: scripts, styles and quoted
 * blocks (<blockquote>) dropped, blocks and <br> as line ends, the other tags removed, entities
 * decoded. The result is plain text (the chat shows text, never HTML).
 */
export const htmlToText = (html: string): string =>
  html
    .replace(/<(head|style|script|blockquote)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * A text cut to what a chat message holds (CHAT_MESSAGE_MAX_LENGTH), an ellipsis marking the cut;
 * never between the two halves of a surrogate pair (the database refuses half of one).
 */
export const fitMessage = (text: string): string => {
  if (text.length <= CHAT_MESSAGE_MAX_LENGTH) return text;
  let cut = CHAT_MESSAGE_MAX_LENGTH - 1;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
};

/** The mail's own words: the plain-text part (else the HTML part's text), the quote stripped. */
export const replyTextOf = (mail: { text: string; html?: string | null }): string =>
  stripQuoted(mail.text.trim() ? mail.text : mail.html ? htmlToText(mail.html) : '');

/** The Message-ID as the chat's client_id of the message it posts (client ids are short and plain). */
export const clientIdOfMail = (messageId: string): string =>
  `email:${crypto.createHash('sha256').update(messageId.trim()).digest('hex').slice(0, 40)}`;
