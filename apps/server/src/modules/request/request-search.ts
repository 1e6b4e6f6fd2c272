import { MAX_ID } from '@tourdesk/contract';

/**
 * The request list's search (list-for-org `filters.query`): by the customer's or tourists' names,
 * e-mails and phones, and by the request's number.
 *
 * `requests.search_text` holds the words a request is found by, lower-case, space-separated
 * (ё read as е):
 * - each word of the customer's and tourists' names (split at anything but a letter or digit);
 * - each e-mail whole ("ivan.petrov@mail.ru"), its domain ("mail.ru") and the words before the @
 *   ("ivan", "petrov");
 * - for each phone, every tail of its digits at least MIN_DIGITS long ("+7 916 123-45-67" →
 *   79161234567 9161234567 161234567 … 567), so any run of the digits begins one of them; a
 *   Russian number (11 digits from 7 or 8) in its other form too (89161234567).
 * Those words are the lexemes as they are (no parser, no dictionary) of a GIN-indexed tsvector,
 * SEARCH_VECTOR_SQL: no extension, the same on PGlite and PostgreSQL. A search is a prefix query on
 * them (`'ivan':* & 'pet':*`), so each word typed finds the words it begins. The request number
 * needs no word: "123" and "#123" match id 123 on the primary key.
 *
 * The core service fills search_text with requestSearchText on create and on every change of
 * those fields (tourists included, when it has them).
 */

/**
 * The tsvector the index `requests_search_idx` is built over; `$col` is the search_text column.
 * Empty words (a doubled space) are dropped: array_to_tsvector refuses them.
 */
export const searchVectorSql = (col: string): string =>
  `array_to_tsvector(array_remove(string_to_array(${col}, ' '), ''))`;

/** A phone's digits are indexed from this many on; fewer typed digits search the number only. */
export const MIN_DIGITS = 3;
/** At most this many words of a query count (the rest is ignored). */
const MAX_QUERY_WORDS = 8;
/** A word is cut to this length, and a request keeps at most MAX_WORDS words (both far above real data). */
const MAX_WORD_LENGTH = 100;
const MAX_WORDS = 400;

const normalize = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/ё/g, 'е');
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** The words of a text: its runs of letters and digits (marks kept with their letters). */
const wordsOf = (text: string): string[] => normalize(text).match(WORD) ?? [];
const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** Every tail of a phone's digits (MIN_DIGITS long at least), and a Russian number's other form. */
const phoneWords = (phone: string): string[] => {
  const digits = digitsOf(normalize(phone));
  const out: string[] = [];
  for (let i = 0; i + MIN_DIGITS <= digits.length; i += 1) out.push(digits.slice(i));
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8'))
    out.push(`${digits[0] === '7' ? '8' : '7'}${digits.slice(1)}`);
  return out;
};

/** An e-mail whole, its domain and the words before the @. */
const emailWords = (email: string): string[] => {
  const e = normalize(email).replace(/\s+/g, '');
  const at = e.lastIndexOf('@');
  if (at <= 0 || at === e.length - 1) return wordsOf(e);
  return [e, e.slice(at + 1), ...wordsOf(e.slice(0, at))];
};

export interface SearchTextSource {
  /** not needed (the number is searched on the primary key); accepted so a row can be passed as is */
  id?: number;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  tourists?: readonly {
    first_name?: string | null;
    last_name?: string | null;
    middle_name?: string | null;
    email?: string | null;
    phone?: string | null;
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
    for (const w of emailWords(p.email)) words.add(w);
    for (const w of phoneWords(p.phone)) words.add(w);
  }
  return [...words]
    .map((w) => w.slice(0, MAX_WORD_LENGTH))
    .slice(0, MAX_WORDS)
    .join(' ');
};

export interface ParsedSearch {
  /** the request number the query may be; null when it cannot be one */
  requestId: number | null;
  /** a tsquery (text form: quoted lexemes, each a prefix) over the search vector; null: the number only, or nothing */
  tsquery: string | null;
}

const prefix = (word: string): string =>
  `'${word.slice(0, MAX_WORD_LENGTH).replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`;

/**
 * Reads what was typed in the search box:
 * - "#123": request 123 only;
 * - only digits and phone punctuation ("123", "+7 (916) 123-45-67", "8 916 123 45 67"): request
 *   number (when it is one) or a phone containing those digits;
 * - with an @: the beginning of an e-mail ("ivan.pet", "ivan.petrov@mail"), or "@mail.ru" the
 *   beginning of a domain;
 * - anything else: every word must begin a word of the request (a name, the words of an e-mail
 *   before its @); a word with a dot ("ivan.petrov", "mail.ru") begins an e-mail or a domain.
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
    return { requestId, tsquery: digits.length >= MIN_DIGITS ? prefix(digits) : null };
  }
  if (text.includes('@')) {
    const e = text.replace(/\s+/g, '');
    const domain = e.startsWith('@') ? e.slice(1) : null;
    const word = domain ?? e;
    return { requestId: null, tsquery: word ? prefix(word) : null };
  }
  const words = [
    ...new Set(
      text
        .split(/[^\p{L}\p{M}\p{N}.]+/u)
        .map((w) => w.replace(/^\.+|\.+$/g, ''))
        .filter(Boolean),
    ),
  ].slice(0, MAX_QUERY_WORDS);
  return { requestId: null, tsquery: words.length ? words.map(prefix).join(' & ') : null };
};
