import type { Language } from '@tourdesk/contract';
import { calendarDayIn, daysBetween } from '../../lib/calendar-day';
import { numericToMinor, percentOf } from '../../lib/money';
import { printable } from '../../lib/pdf';
import { PLACEHOLDERS } from '../template';
import { htmlToText } from '../tour';
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

/** An address on one line: post code, country, region, city, street (what is there). */
const addressLine = (a: Record<string, unknown>): string =>
  [a.post_code, a.country, a.region, a.city, a.street].map(str).filter(Boolean).join(', ');

/** Free text or HTML of a list (what is included) as one line: items joined by semicolons. */
const listLine = (text: string): string =>
  htmlToText(text)
    .split('\n')
    .map((line) => line.replace(/^\s*[-•*–—]\s*/, '').trim())
    .filter(Boolean)
    .join('; ');

/** The languages' formats: long dates (12 March 2026, 12 марта 2026 г.), amounts with grouped digits. */
export const contractFormat = (lang: Language) => {
  const dates = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    day: (iso: string): string => printable(dates.format(new Date(`${iso}T00:00:00Z`))),
    /** minor units → '45 000' or '1 500,50' (ru), '45,000' or '1,500.50' (en); the currency is its own placeholder */
    amount: (minor: number): string =>
      printable(
        new Intl.NumberFormat(lang, {
          minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
          maximumFractionDigits: 2,
        }).format(minor / 100),
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
  const legalAddress = addressLine(group(profile, 'legal_address'));
  const postalAddress =
    profile.is_postal_address_same_as_legal === false ? addressLine(group(profile, 'postal_address')) : legalAddress;
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

    '{tour_date.date_start}': dateStart ? f.day(dateStart) : '',
    '{tour_date.date_end}': dateEnd ? f.day(dateEnd) : '',
    '{tour_date.price}': unitMinor > 0 ? f.amount(unitMinor) : '',

    '{request.id}': String(request.id),
    '{request.created_at}': f.day(calendarDayIn(timezone, request.created_at)),
    '{request.tourists_count}': String(request.tourists_count),
    '{request.total_price}': f.amount(request.total_minor),
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
  };
  // nothing left blank but the stamp: a gap in a contract reads as a mistake, a dash as "not given"
  for (const [k, v] of Object.entries(values))
    if (typeof v === 'string' && k !== '{organizer.stamp}') values[k] = orNone(v);
  return values;
};
