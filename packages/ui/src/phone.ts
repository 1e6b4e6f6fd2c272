import {
  AsYouType,
  isSupportedCountry,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { PHONE_MAX_LENGTH } from './constants';

/** A phone country record as the API sends it. */
export interface PhoneCountry {
  name: string;
  iso_code: string;
  phone_code: string;
  is_primary: boolean;
}

export const DEFAULT_FLAG_BASE_URL = '/flags/1x1/';

/** URL of a country's square flag: `/flags/1x1/{cc}.svg`. */
export function flagUrl(isoCode: string, baseUrl: string = DEFAULT_FLAG_BASE_URL): string {
  return `${baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`}${isoCode.toLowerCase()}.svg`;
}

/** Primary countries first, then by name. */
export function sortPhoneCountries<C extends PhoneCountry>(countries: readonly C[], locale = 'en-US'): C[] {
  return [...countries].sort(
    (a, b) => Number(b.is_primary) - Number(a.is_primary) || a.name.localeCompare(b.name, locale),
  );
}

/** Keeps digits and a leading +, drops everything else, at most 18 characters. */
export function sanitizePhoneInput(text: string): string {
  const kept = text.replace(/[^\d+]/g, '');
  const plus = kept.startsWith('+') ? '+' : '';
  return (plus + kept.replace(/\+/g, '')).slice(0, PHONE_MAX_LENGTH);
}

/** With country RU a leading +8 is rewritten to 8 (the domestic trunk prefix). */
export function applyRuPlusEight(raw: string, isoCode: string | undefined): string {
  return isoCode?.toUpperCase() === 'RU' && raw.startsWith('+8') ? raw.slice(1) : raw;
}

/** Normalises typed text: sanitise, then apply the +8 rule for RU. */
export function normalizePhoneInput(text: string, isoCode: string | undefined): string {
  return applyRuPlusEight(sanitizePhoneInput(text), isoCode);
}

/** Formats as you type for the selected country (libphonenumber-js AsYouType). */
export function formatPhone(raw: string, isoCode: string | undefined): string {
  if (!raw) return '';
  return new AsYouType(isoCode ? (isoCode.toUpperCase() as CountryCode) : undefined).input(raw);
}

/**
 * The number the input hands on, from what was typed: a `+…` text as it is; national digits
 * (typed after the picker's dial code) become that dial code plus the national number, E.164:
 * RU `916 123-45-67` and `8 (916) 123-45-67` → `+79161234567` (the trunk prefix dropped), and an
 * international call prefix makes the rest a number of its own (DE `00 49…` → `+49…`). Until a
 * national digit follows a trunk prefix, the dial code alone.
 */
export function composePhone(raw: string, isoCode: string | undefined, prefix: string): string {
  if (!raw || raw.startsWith('+') || !prefix) return raw;
  const iso = isoCode?.toUpperCase();
  if (!iso || !isSupportedCountry(iso)) return prefix + raw;
  const typer = new AsYouType(iso);
  typer.input(raw);
  const number = typer.getNumber();
  if (!number) return prefix;
  return typer.isInternational() ? number.number : prefix + number.nationalNumber;
}

/**
 * Keeps what was typed within the input's max length (SPEC §5: 18) of the number it hands on:
 * national digits typed after the picker's dial code count with it ('+7' and 16 digits at most).
 */
export function limitPhoneInput(raw: string, prefix: string): string {
  if (raw.startsWith('+')) return raw.slice(0, PHONE_MAX_LENGTH);
  return raw.slice(0, Math.max(0, PHONE_MAX_LENGTH - prefix.length));
}

/** The country an international number belongs to, when it can be told. */
export function detectPhoneCountry(raw: string): string | undefined {
  if (!raw.startsWith('+')) return undefined;
  const typer = new AsYouType();
  typer.input(raw);
  return typer.getCountry() ?? parsePhoneNumberFromString(raw)?.country ?? undefined;
}

/** The other country a number belongs to, or null when it matches the selected one (or is unknown). */
export function foreignPhoneCountry(raw: string, selectedIso: string | undefined): string | null {
  const detected = detectPhoneCountry(raw);
  if (!detected || !selectedIso) return null;
  return detected.toUpperCase() === selectedIso.toUpperCase() ? null : detected;
}

/** Whether the number is a valid phone number for the country (or internationally). */
export function isPhoneValid(raw: string, isoCode: string | undefined): boolean {
  if (!raw) return false;
  try {
    return isValidPhoneNumber(raw, isoCode ? (isoCode.toUpperCase() as CountryCode) : undefined);
  } catch {
    return false;
  }
}

/** The dial prefix of a country: '+' and its phone code. */
export function dialPrefix(country: Pick<PhoneCountry, 'phone_code'> | undefined): string {
  if (!country) return '';
  return `+${country.phone_code.replace(/\D/g, '')}`;
}

/**
 * Whether a Backspace at this caret would eat into the dial prefix of `value`
 * (in which case it is blocked).
 */
export function backspaceHitsPrefix(
  value: string,
  prefix: string,
  selectionStart: number,
  selectionEnd: number,
): boolean {
  if (!prefix || !value.startsWith(prefix)) return false;
  if (selectionStart !== selectionEnd) return selectionStart < prefix.length;
  return selectionStart <= prefix.length;
}

/** Country search: by name, ISO code, or dial code (with or without +). */
export function matchesCountryQuery(country: PhoneCountry, query: string, localizedName?: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) return country.phone_code.replace(/\D/g, '').startsWith(digits);
  return (
    country.name.toLowerCase().includes(q) ||
    (localizedName?.toLowerCase().includes(q) ?? false) ||
    country.iso_code.toLowerCase() === q
  );
}
