import type { Language, Penalty } from '@tourdesk/contract';
import { calendarDayIn, daysBetween } from '../../lib/calendar-day';
import { numericToMinor, percentOf } from '../../lib/money';
import { dateFormat, numberFormat } from '../../lib/intl';
import { printable } from '../../lib/pdf';
import { PLACEHOLDERS } from '../template';
import { htmlToText } from '../tour';
import { priceLinesText } from './booking-pricing.view';
import { fullNameGenitive, positionGenitive } from './request-contract.genitive';
import type { PlaceholderValue } from './request-contract.html';
import type { ContractInvoiceRow, ContractRequestRow, ContractTouristRow } from './request-contract.repository';

/** Every placeholder the template editor offers (template/defaults.ts): each one gets a value. */
export const PLACEHOLDER_KEYS: readonly string[] = Object.values(PLACEHOLDERS).flatMap((m) => Object.keys(m));

/** What stands for a value the organizer or the request has not given (never an empty gap, never a brace). */
export const NO_VALUE = '—';

/** The images a contract draws, by name (pdfmake's images dictionary). */
export interface ContractImage {
  /** a data: URL (PNG) */
  dataUrl: string;
  /** the box it is fitted in, in points */
  width: number;
  height: number;
}

/** Everything a contract is filled from, as read from the database. */
export interface ContractData {
  lang: Language;
  request: ContractRequestRow;
  tourists: ContractTouristRow[];
  tour: {
    name: string;
    type: number;
    duration: number | null;
    gathering_place: string;
    in_price: string;
    not_in_price: string;
  } | null;
  programDays: { day: number; title: string; description: string }[];
  departure: {
    date_start: string;
    date_end: string;
    days: number;
    price: string;
    full_payment_days: number | null;
    prepayment_type: string;
    prepayment_size: string;
  } | null;
  invoices: ContractInvoiceRow[];
  /** what cancelling costs: the tour's own penalties, else the organizer's (the cancel quote's choice) */
  penalties: Penalty[];
  organizer: { name: string; profile: Record<string, unknown> };
  bankAccount: {
    bank_name: string;
    account_number: string;
    bik: string;
    correspondent_account: string;
    iban: string;
    swift: string;
  } | null;
  /** the signature and the stamp (when asked for and stored) */
  sign: ContractImage | null;
  stamp: ContractImage | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const group = (profile: Record<string, unknown>, key: string): Record<string, unknown> => {
  const v = profile[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
};
const orNone = (s: string): string => (s.trim() === '' ? NO_VALUE : s.trim());

/** A person's name in the document's language: surname first in Russian, given name first in English. */
export const personName = (
  lang: Language,
  p: { first_name?: unknown; last_name?: unknown; middle_name?: unknown },
): string =>
  (lang === 'ru'
    ? [str(p.last_name), str(p.first_name), str(p.middle_name)]
    : [str(p.first_name), str(p.middle_name), str(p.last_name)]
  )
    .filter(Boolean)
    .join(' ');

/** A country the profile stores as a code (RU) by its name in the document's language (Россия, Russia). */
export const countryName = (lang: Language, country: string): string => {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
};

/** An address on one line: post code, country, region, city, street (what is there). */
const addressLine = (lang: Language, a: Record<string, unknown>): string =>
  [str(a.post_code), countryName(lang, str(a.country)), str(a.region), str(a.city), str(a.street)]
    .filter(Boolean)
    .join(', ');

/** Free text or HTML of a list (what is included) as one line: items joined by semicolons. */
const listLine = (text: string): string =>
  htmlToText(text)
    .split('\n')
    // an item's own full stop or semicolon would double the separator
    .map((line) =>
      line
        .replace(/^\s*[-•*–—]\s*/, '')
        .replace(/[\s.;,]+$/, '')
        .trim(),
    )
    .filter(Boolean)
    .join('; ');

/** The penalties a cancellation costs, as the cancel quote picks them: the tour's own, else the organizer's. */
export const contractPenalties = (
  tour: { use_standard_cancellation_terms: boolean } | null,
  tourRows: { days_before: number; percent: string }[],
  organizerPenalties: unknown,
): Penalty[] => {
  if (tour && !tour.use_standard_cancellation_terms && tourRows.length > 0)
    return tourRows.map((p) => ({ days_before: p.days_before, percent: Number(p.percent) }));
  return Array.isArray(organizerPenalties)
    ? organizerPenalties
        .filter((p): p is Penalty => typeof p?.days_before === 'number' && typeof p?.percent === 'number')
        .map((p) => ({ days_before: p.days_before, percent: p.percent }))
    : [];
};

/** The languages' formats: long dates (12 March 2026, 12 марта 2026 г.), amounts with grouped digits. */
export const contractFormat = (lang: Language) => {
  const dates = dateFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })!;
  return {
    day: (iso: string): string => printable(dates.format(new Date(`${iso}T00:00:00Z`))),
    /** minor units → '45 000' or '1 500,50' (ru), '45,000' or '1,500.50' (en); the currency is its own placeholder */
    amount: (minor: number): string =>
      printable(
        numberFormat(lang, {
          minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
          maximumFractionDigits: 2,
        })!.format(minor / 100),
      ),
  };
};

const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The prepayment: the live prepayment invoice's amount; without one, the departure's terms (a
 * percent of the total, or an amount per tourist, never over the total); 0 when there are none.
 */
export const prepaymentMinor = (data: Pick<ContractData, 'request' | 'departure' | 'invoices'>): number => {
  const invoice = data.invoices.find((i) => i.payment_type === 'prepayment');
  if (invoice) return invoice.amount_minor;
  const d = data.departure;
  if (!d) return 0;
  const size = numericToMinor(d.prepayment_size) ?? 0;
  if (size <= 0) return 0;
  if (d.prepayment_type === 'percent') return percentOf(data.request.total_minor, size / 100);
  return Math.min(size * data.request.tourists_count, data.request.total_minor);
};

/** The invoice the contract names: the prepayment one, else the newest live one; null without any. */
const contractInvoice = (invoices: ContractInvoiceRow[]): ContractInvoiceRow | null =>
  invoices.find((i) => i.payment_type === 'prepayment') ?? invoices.at(-1) ?? null;

const REQUISITE_LABELS = {
  en: {
    inn: 'TIN',
    kpp: 'KPP',
    ogrn: 'OGRN',
    ogrnip: 'OGRNIP',
    vat: 'VAT ID',
    bank: 'Bank',
    account: 'account',
    bik: 'BIK',
    corr: 'corr. account',
  },
  ru: {
    inn: 'ИНН',
    kpp: 'КПП',
    ogrn: 'ОГРН',
    ogrnip: 'ОГРНИП',
    vat: 'VAT',
    bank: 'Банк',
    account: 'р/с',
    bik: 'БИК',
    corr: 'к/с',
  },
} satisfies Record<Language, unknown>;

/** "label value" for each value given, joined by commas; '' when none is. */
const labelled = (pairs: [string, string][]): string =>
  pairs
    .filter(([, v]) => v.trim() !== '')
    .map(([label, v]) => (label ? `${label} ${v.trim()}` : v.trim()))
    .join(', ');

/**
 * The organizer's registration numbers and legal address, only what is given, in either language
 * (a Russian company's KPP and OGRN in an English contract too; OGRNIP for a sole proprietor).
 */
export const organizerRequisites = (lang: Language, legal: Record<string, unknown>, legalAddress: string): string => {
  const L = REQUISITE_LABELS[lang];
  const individual = legal.legal_form === 'sole_proprietor' || legal.legal_form === 'individual';
  return labelled([
    [L.inn, str(legal.inn)],
    [L.kpp, str(legal.kpp)],
    [individual ? L.ogrnip : L.ogrn, str(legal.ogrn)],
    [L.vat, str(legal.vat_id)],
    ['', legalAddress],
  ]);
};

/** The bank account's details, only what is given: a Russian account prints no IBAN or SWIFT gap. */
export const bankRequisites = (lang: Language, account: ContractData['bankAccount']): string => {
  if (!account) return '';
  const L = REQUISITE_LABELS[lang];
  const details = labelled([
    [L.account, account.account_number],
    [L.bik, account.bik],
    [L.corr, account.correspondent_account],
    ['IBAN', account.iban],
    ['SWIFT', account.swift],
  ]);
  const bank = account.bank_name.trim();
  return bank ? `${L.bank}: ${[bank, details].filter(Boolean).join(', ')}` : details;
};

/**
 * The cancellation penalties, the nearest to the start last: "10 % of the total price 30 days or fewer
 * before the start; …" / "10 % от общей стоимости при отказе за 30 дней и менее до начала; …".
 */
export const penaltiesLine = (lang: Language, penalties: readonly Penalty[]): string => {
  if (penalties.length === 0) return lang === 'ru' ? 'не взимаются' : 'none';
  const percent = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const dayWord = new Intl.PluralRules('ru');
  const ruDays = (n: number): string =>
    ({ one: 'день', few: 'дня', many: 'дней', other: 'дня' })[dayWord.select(n) as 'one' | 'few' | 'many' | 'other'] ??
    'дней';
  return [...penalties]
    .sort((a, b) => b.days_before - a.days_before)
    .map((p) => {
      const pct = printable(`${percent.format(p.percent)}\u00a0%`);
      if (lang === 'ru')
        return p.days_before === 0
          ? `${pct} от общей стоимости при отказе в день начала`
          : `${pct} от общей стоимости при отказе за ${p.days_before}\u00a0${ruDays(p.days_before)} и менее до начала`;
      return p.days_before === 0
        ? `${pct} of the total price on the day of the start`
        : `${pct} of the total price ${p.days_before} day${p.days_before === 1 ? '' : 's'} or fewer before the start`;
    })
    .join('; ');
};

/**
 * The value of every placeholder (PLACEHOLDER_KEYS) for a request: text formatted in the document's
 * language, or the organizer's signature or stamp image. A value nobody has given is NO_VALUE;
 * the signature without an image is a line to sign on; the stamp not asked for or not stored is
 * nothing.
 */
export const contractValues = (data: ContractData): Record<string, PlaceholderValue> => {
  const { lang, request, tourists, tour, departure, organizer, bankAccount } = data;
  const f = contractFormat(lang);
  const profile = organizer.profile;
  const legal = group(profile, 'legal_entity');
  const director = group(profile, 'director');
  const contacts = group(profile, 'contacts');
  const legalAddress = addressLine(lang, group(profile, 'legal_address'));
  const postalAddress =
    profile.is_postal_address_same_as_legal === false
      ? addressLine(lang, group(profile, 'postal_address'))
      : legalAddress;
  const timezone = str(profile.timezone) || null;

  // the tourist a contract is made with: the contact person, else the first one, else who booked
  const contact = tourists.find((t) => t.is_contact_person) ?? tourists[0] ?? null;
  const contactName = (contact && personName(lang, contact)) || request.customer_name;
  const dateStart = departure?.date_start ?? request.date_start;
  const dateEnd = departure?.date_end ?? request.date_end;
  const days = dateStart && dateEnd ? daysBetween(dateStart, dateEnd) + 1 : null;
  const unitMinor =
    request.unit_price_minor > 0 ? request.unit_price_minor : departure ? (numericToMinor(departure.price) ?? 0) : 0;
  const invoice = contractInvoice(data.invoices);
  const dueDay =
    dateStart && departure?.full_payment_days != null ? addDays(dateStart, -departure.full_payment_days) : null;
  const touristsList = tourists
    .map((t) => {
      const name = personName(lang, t);
      if (!name) return '';
      return t.birthday ? `${name} (${f.day(t.birthday)})` : name;
    })
    .filter(Boolean);
  const unnamed = request.tourists_count - touristsList.length;
  if (unnamed > 0 && touristsList.length > 0)
    touristsList.push(lang === 'ru' ? `и ещё ${unnamed}` : `and ${unnamed} more`);
  const program = data.programDays
    .map((d) => {
      const title = `${lang === 'ru' ? 'День' : 'Day'} ${d.day}. ${d.title.trim()}`.trim();
      const text = htmlToText(d.description);
      return text ? `${title}\n${text}` : title;
    })
    .join('\n');

  const values: Record<string, PlaceholderValue> = {
    '{organizer.name}': organizer.name,
    '{organizer.legal_name}': str(legal.legal_name) || str(legal.short_name) || organizer.name,
    '{organizer.inn}': str(legal.inn),
    '{organizer.kpp}': str(legal.kpp),
    '{organizer.ogrn}': str(legal.ogrn),
    '{organizer.vat_id}': str(legal.vat_id),
    '{organizer.legal_address}': legalAddress,
    '{organizer.postal_address}': postalAddress,
    '{organizer.director_full_name}': personName(lang, director),
    '{organizer.director_position}': str(director.position),
    '{organizer.director_position_genitive}':
      lang === 'ru' ? positionGenitive(str(director.position)) : str(director.position),
    '{organizer.director_full_name_genitive}':
      lang === 'ru'
        ? fullNameGenitive({
            last_name: str(director.last_name),
            first_name: str(director.first_name),
            middle_name: str(director.middle_name),
          })
        : personName(lang, director),
    '{organizer.requisites}': organizerRequisites(lang, legal, legalAddress),
    '{organizer.acts_on_basis_of}': str(director.acts_on_basis_of),
    '{organizer.email}': str(contacts.email),
    '{organizer.phone}': str(contacts.phone),
    '{organizer.sign}': data.sign
      ? { image: 'sign', width: data.sign.width, height: data.sign.height }
      : '____________________',
    '{organizer.stamp}': data.stamp ? { image: 'stamp', width: data.stamp.width, height: data.stamp.height } : '',

    '{tour.name}': tour?.name ?? '',
    '{tour.duration}': String(tour?.duration ?? days ?? ''),
    '{tour.gathering_place}': tour?.gathering_place ?? '',
    '{tour.in_price}': listLine(tour?.in_price ?? ''),
    '{tour.not_in_price}': listLine(tour?.not_in_price ?? ''),
    '{tour.program}': program,
    '{tour.penalties}': penaltiesLine(lang, data.penalties),

    '{tour_date.date_start}': dateStart ? f.day(dateStart) : '',
    '{tour_date.date_end}': dateEnd ? f.day(dateEnd) : '',
    '{tour_date.price}': unitMinor > 0 ? f.amount(unitMinor) : '',

    '{request.id}': String(request.id),
    '{request.created_at}': f.day(calendarDayIn(timezone, request.created_at)),
    '{request.tourists_count}': String(request.tourists_count),
    '{request.total_price}': f.amount(request.total_minor),
    '{request.price_lines}': priceLinesText(request, lang, f.amount),
    '{request.prepayment}': f.amount(prepaymentMinor(data)),
    '{request.currency}': request.currency,

    '{tourist.full_name}': contactName,
    '{tourist.birthday}': contact?.birthday ? f.day(contact.birthday) : '',
    '{tourist.passport}': contact?.passport ?? '',
    '{tourist.phone}': contact?.phone || request.customer_phone,
    '{tourist.email}': contact?.email || request.customer_email,
    '{tourists.list}': touristsList.length ? touristsList.join(', ') : contactName,

    '{invoice.id}': invoice ? String(invoice.id) : '',
    '{invoice.amount}': invoice ? f.amount(invoice.amount_minor) : '',
    '{invoice.title}': invoice?.title ?? '',
    '{invoice.due_date}': dueDay ? f.day(dueDay) : '',

    '{bank_account.bank_name}': bankAccount?.bank_name ?? '',
    '{bank_account.account_number}': bankAccount?.account_number ?? '',
    '{bank_account.bik}': bankAccount?.bik ?? '',
    '{bank_account.correspondent_account}': bankAccount?.correspondent_account ?? '',
    '{bank_account.iban}': bankAccount?.iban ?? '',
    '{bank_account.swift}': bankAccount?.swift ?? '',
    '{bank_account.requisites}': bankRequisites(lang, bankAccount),
  };
  // nothing left blank but the stamp: a gap in a contract reads as a mistake, a dash as "not given"
  for (const [k, v] of Object.entries(values))
    if (typeof v === 'string' && k !== '{organizer.stamp}') values[k] = orNone(v);
  return values;
};
