import type { Language, RoomingList } from '@tourdesk/contract';
import { ROOMING_COLUMNS, type RoomingCell } from './rooming-list.columns';

/**
 * The separator: a semicolon. Excel takes a CSV's separator from the system's list separator, which
 * is `;` wherever the decimal mark is a comma (Russia, most of Europe): such a file opens straight
 * into columns there. (A `sep=;` first line would name it anywhere, but Excel then ignores the BOM
 * and reads UTF-8 as the local code page, so Cyrillic breaks; it is not written.)
 */
export const CSV_SEPARATOR = ';';
/** The byte order mark: Excel reads a CSV as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';

/** Numbers and phone numbers; anything else starting with = + - @ could run as a formula in a spreadsheet. */
const PLAIN_NUMBER = /^[+-]?[\d\s().-]*\d[\d\s().-]*$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** A field as CSV writes it: neutralised if a spreadsheet would take it for a formula, quoted when it must be. */
export const csvField = (value: string): string => {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[";\r\n,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A day as a spreadsheet in that language reads it as a date: 31.12.1990 (ru), 1990-12-31 (en, ISO). */
export const csvDay = (day: string, lang: Language): string =>
  lang === 'ru' ? day.split('-').reverse().join('.') : day;

const cellText = (cell: RoomingCell, lang: Language): string => {
  if (cell === null) return '';
  if ('number' in cell) return String(cell.number);
  if ('day' in cell) return csvDay(cell.day, lang);
  return cell.text;
};

/** The rooming list as CSV: a heading row, then one row per traveller, CRLF line ends, UTF-8 with a BOM. */
export const roomingListCsv = (list: RoomingList, lang: Language): Buffer => {
  const lines = [
    ROOMING_COLUMNS.map((c) => csvField(c.label[lang])).join(CSV_SEPARATOR),
    ...list.rows.map((row, i) =>
      ROOMING_COLUMNS.map((c) => csvField(cellText(c.cell(row, i, lang), lang))).join(CSV_SEPARATOR),
    ),
  ];
  return Buffer.from(CSV_BOM + lines.join('\r\n') + '\r\n', 'utf8');
};
