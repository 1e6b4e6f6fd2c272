import { MAX_ID } from '@tourdesk/contract';

/**
 * The request list's search (list-for-org `filters.query`): by the customer's or tourists' names,
 * e-mails and phones, and by the request's number.
 *
 * `requests.search_text` holds the words a request is found by, lower-case and space-separated:
 * - each word of the customer's and tourists' names and e-mails (split at anything but a letter or
 *   digit: "ivan.petrov@mail.ru" → ivan petrov mail ru), ё read as е;
 * - for each phone, every tail of its digits at least MIN_DIGITS long ("+7 916 123-45-67" →
 *   79161234567 9161234567 161234567 … 567), so any run of the digits is the start of one of them;
 *   a Russian number (11 digits from 7 or 8) also in its other form (89161234567).
 * The index is GIN over `to_tsvector('simple', search_text)` (no extension: the same on PGlite and
 * PostgreSQL); a search is a prefix query on those words (`'ivan':* & 'pet':*`), so each word of the
 * query finds the words it begins, and digits typed any way find the phone they are part of.
 * The request number needs no word: "123" and "#123" match id 123 on the primary key ("#123" that
 * only; "123" phones containing 123 as well).
 *
 * The core service fills search_text with requestSearchText on create and on every change of
 * those fields (tourists included, when it has them).
 */

/** A phone's digits are indexed from this many on; fewer typed digits search the number only. */
export const MIN_DIGITS = 3;
/** At most this many words of a query count (the rest is ignored). */
const MAX_QUERY_WORDS = 8;

const normalize = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/ё/g, 'е');
/** The words of a text: its runs of letters and digits (marks kept with their letters). */
const wordsOf = (text: string): string[] => normalize(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
const digitsOf = (text: string): string => text.replace(/\D/g, '');
/**
 * Every tail of a phone's digits, MIN_DIGITS long at least; a Russian number (11 digits from 7 or
 * 8) in its other form too, so "+7 916…" and "8 916…" find each other.
 */
const phoneWords = (phone: string): string[] => {
  const digits = digitsOf(normalize(phone));
  const out: string[] = [];
  for (let i = 0; i + MIN_DIGITS <= digits.length; i += 1) out.push(digits.slice(i));
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8'))
    out.push(`${digits[0] === '7' ? '8' : '7'}${digits.slice(1)}`);
  return out;
};

export interface SearchTextSource {
  /** not needed (the number is searched on the primary key); accepted so a row can be passed as is */
  id?: number;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  tourists?: readonly {
    first_name?: string;
    last_name?: string;
    middle_name?: string;
    email?: string;
    phone?: string;
  }[];
}

/** What `requests.search_text` holds for a request (see above); '' when there is nothing to find it by. */
export const requestSearchText = (r: SearchTextSource): string => {
  const words = new Set<string>();
  const people = [
    { names: [r.customer_name], email: r.customer_email, phone: r.customer_phone },
    ...(r.tourists ?? []).map((t) => ({
      names: [t.last_name ?? '', t.first_name ?? '', t.middle_name ?? ''],
      email: t.email ?? '',
      phone: t.phone ?? '',
    })),
  ];
  for (const p of people) {
    for (const name of p.names) for (const w of wordsOf(name)) words.add(w);
    for (const w of wordsOf(p.email)) words.add(w);
    for (const w of phoneWords(p.phone)) words.add(w);
  }
  return [...words].join(' ');
};

export interface ParsedSearch {
  /** the request number the query may be; null when it cannot be one */
  requestId: number | null;
  /**
   * A tsquery (text form, lexemes quoted, each a prefix) over `to_tsvector('simple', search_text)`;
   * null: nothing to match but the number (or nothing at all).
   */
  tsquery: string | null;
}

const quote = (word: string): string => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`;

/**
 * Reads what was typed in the search box:
 * - "#123": request 123 only;
 * - only digits and phone punctuation ("123", "+7 (916) 123-45-67", "8 916 123 45 67"): request
 *   number (when it is one) or a phone containing those digits;
 * - anything else: every word must begin a word of the request (name, e-mail), and digits among
 *   them begin a phone's digits.
 */
export const parseRequestSearch = (raw: string): ParsedSearch => {
  const text = normalize(raw).trim();
  const hash = /^#\s*(\d+)$/.exec(text);
  if (hash) {
    const n = Number(hash[1]);
    return { requestId: n >= 1 && n <= MAX_ID ? n : 0, tsquery: null };
  }
  if (/^\+?[\d\s().-]+$/.test(text) && /\d/.test(text)) {
    const digits = digitsOf(text);
    const n = /^\d+$/.test(text) ? Number(digits) : NaN;
    const requestId = Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
    return { requestId, tsquery: digits.length >= MIN_DIGITS ? quote(digits) : null };
  }
  const words = [...new Set(wordsOf(text))].slice(0, MAX_QUERY_WORDS);
  return { requestId: null, tsquery: words.length ? words.map(quote).join(' & ') : null };
};
