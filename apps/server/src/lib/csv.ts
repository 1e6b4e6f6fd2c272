import type { Language } from '@tourdesk/contract';

/**
 * CSV as a spreadsheet opens it: UTF-8 with a byte order mark (Excel reads a CSV as UTF-8 only
 * with it), CRLF line ends, and the separator of the document's language. Excel takes a CSV's
 * separator from the system's list separator: `;` wherever the decimal mark is a comma (Russia,
 * most of Europe), `,` where it is a point. So Russian files use `;` and a decimal comma, English
 * ones `,` and a decimal point. (A `sep=;` first line would name it anywhere, but Excel then ignores
 * the BOM and reads UTF-8 as the local code page, so Cyrillic breaks; it is not written.)
 */
export const csvSeparator = (lang: Language): string => (lang === 'ru' ? ';' : ',');

/** The byte order mark: Excel reads a CSV as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';

/** Numbers and phone numbers; anything else starting with = + - @ could run as a formula in a spreadsheet. */
const PLAIN_NUMBER = /^[+-]?[\d\s().,-]*\d[\d\s().,-]*$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** A field as CSV writes it: neutralised if a spreadsheet would take it for a formula, quoted when it must be. */
export const csvField = (value: string | number, sep: string): string => {
  const text = String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return safe.includes(sep) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Rows of cells as a CSV file in that language (the first row is the heading). */
export const csvDocument = (rows: readonly (readonly (string | number)[])[], lang: Language): string => {
  const sep = csvSeparator(lang);
  return CSV_BOM + rows.map((row) => row.map((c) => csvField(c, sep)).join(sep)).join('\r\n') + '\r\n';
};

/** An amount in minor units as a spreadsheet in that language reads a number: 1234,50 (ru), 1234.50 (en). */
export const csvAmount = (minor: number, lang: Language): string => {
  const abs = Math.abs(minor);
  const s = `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return lang === 'ru' ? s.replace('.', ',') : s;
};

/** A day as a spreadsheet in that language reads it as a date: 31.12.1990 (ru), 1990-12-31 (en, ISO). */
export const csvDay = (day: string, lang: Language): string =>
  lang === 'ru' ? day.split('-').reverse().join('.') : day;
