import type { Language, RoomingList, RoomingListRow, RoomingMissing } from '@tourdesk/contract';

/** What a cell holds: text, a whole number, or a calendar day (yyyy-MM-dd; a real date in XLSX). */
export type RoomingCell = { text: string } | { number: number } | { day: string } | null;

interface Column {
  key: string;
  label: Record<Language, string>;
  /** width in characters (XLSX) */
  width: number;
  cell: (row: RoomingListRow, index: number, lang: Language) => RoomingCell;
}

const text = (s: string): RoomingCell => (s === '' ? null : { text: s });
const yesNo = (v: boolean, lang: Language): RoomingCell => ({ text: WORDS[lang][v ? 'yes' : 'no'] });

const WORDS = {
  en: {
    yes: 'yes',
    no: 'no',
    missing: { name: 'name', passport: 'passport', birthday: 'date of birth', phone: 'phone' },
    sheet: 'Rooming list',
    departureSheet: 'Departure',
    fileName: 'Rooming list',
  },
  ru: {
    yes: 'да',
    no: 'нет',
    missing: { name: 'ФИО', passport: 'паспорт', birthday: 'дата рождения', phone: 'телефон' },
    sheet: 'Список туристов',
    departureSheet: 'Заезд',
    fileName: 'Список туристов',
  },
} satisfies Record<Language, unknown>;
export const ROOMING_WORDS = WORDS;

/** The missing data of a row in words ('passport, date of birth'); '' when nothing is missing. */
export const missingText = (missing: RoomingMissing, lang: Language): string =>
  (Object.keys(WORDS[lang].missing) as (keyof RoomingMissing)[])
    .filter((k) => missing[k])
    .map((k) => WORDS[lang].missing[k])
    .join(', ');

/** The columns of the CSV and the XLSX, in order, with their headings in both languages. */
export const ROOMING_COLUMNS: readonly Column[] = [
  { key: 'no', label: { en: 'No', ru: '№' }, width: 5, cell: (_, i) => ({ number: i + 1 }) },
  { key: 'request_id', label: { en: 'Request', ru: 'Заявка' }, width: 10, cell: (r) => ({ number: r.request_id }) },
  { key: 'last_name', label: { en: 'Last name', ru: 'Фамилия' }, width: 18, cell: (r) => text(r.last_name) },
  { key: 'first_name', label: { en: 'First name', ru: 'Имя' }, width: 16, cell: (r) => text(r.first_name) },
  { key: 'middle_name', label: { en: 'Middle name', ru: 'Отчество' }, width: 18, cell: (r) => text(r.middle_name) },
  {
    key: 'birthday',
    label: { en: 'Date of birth', ru: 'Дата рождения' },
    width: 14,
    cell: (r) => (r.birthday ? { day: r.birthday } : null),
  },
  {
    key: 'age',
    label: { en: 'Age at start', ru: 'Возраст на начало' },
    width: 10,
    cell: (r) => (r.age === null ? null : { number: r.age }),
  },
  {
    key: 'category',
    label: { en: 'Category', ru: 'Категория' },
    width: 14,
    cell: (r, _, l) => {
      const c = r.category;
      return c ? text(l === 'ru' ? c.name_ru || c.name_en : c.name_en || c.name_ru) : null;
    },
  },
  { key: 'is_child', label: { en: 'Child', ru: 'Ребёнок' }, width: 8, cell: (r, _, l) => yesNo(r.is_child, l) },
  { key: 'passport', label: { en: 'Passport', ru: 'Паспорт' }, width: 18, cell: (r) => text(r.passport) },
  { key: 'phone', label: { en: 'Phone', ru: 'Телефон' }, width: 17, cell: (r) => text(r.phone) },
  { key: 'email', label: { en: 'E-mail', ru: 'E-mail' }, width: 26, cell: (r) => text(r.email) },
  {
    key: 'food_restriction',
    label: { en: 'Food restrictions', ru: 'Ограничения в питании' },
    width: 24,
    cell: (r) => text(r.food_restriction),
  },
  {
    key: 'needs_transfer',
    label: { en: 'Transfer', ru: 'Трансфер' },
    width: 10,
    cell: (r, _, l) => yesNo(r.needs_transfer, l),
  },
  {
    key: 'contact_name',
    label: { en: 'Booked by', ru: 'Контактное лицо' },
    width: 22,
    cell: (r) => text(r.contact_name),
  },
  {
    key: 'contact_phone',
    label: { en: 'Contact phone', ru: 'Телефон контакта' },
    width: 17,
    cell: (r) => text(r.contact_phone),
  },
  {
    key: 'contact_email',
    label: { en: 'Contact e-mail', ru: 'E-mail контакта' },
    width: 26,
    cell: (r) => text(r.contact_email),
  },
  {
    key: 'missing',
    label: { en: 'Missing data', ru: 'Не хватает данных' },
    width: 30,
    cell: (r, _, l) => text(missingText(r.missing, l)),
  },
];

/** A file name for the list: its kind, the tour and the first day; no path or reserved characters. */
export const roomingFileName = (list: RoomingList, lang: Language, ext: 'csv' | 'xlsx'): string => {
  const base = [...`${WORDS[lang].fileName} ${list.departure.tour_name} ${list.departure.date_start}`]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${base}.${ext}`;
};
