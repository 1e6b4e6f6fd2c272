/**
 * Bank-account field rules and their texts. A module of its own, free of zod: the web's
 * bank-account form imports them, and importing them from api/bank-account would bring zod and
 * the account schemas to the settings screen.
 */
import { rules, type ValidationRule } from '../validation';
export { BANK_ACCOUNT_MESSAGES } from '../messages';

/** Spaces out, upper case: how IBAN and SWIFT are compared and stored. */
export const normalizeBankCode = (v: string): string => v.replace(/\s+/g, '').toUpperCase();

/** IBAN: country, check digits, up to 30 letters or digits, and the ISO 13616 mod-97 check. */
export const isValidIban = (raw: string): boolean => {
  const iban = normalizeBankCode(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
};
/** SWIFT/BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const isValidSwift = (raw: string): boolean =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normalizeBankCode(raw));

const blankOr = (test: (v: string) => boolean) => (v: unknown) =>
  typeof v !== 'string' || v.trim() === '' || test(v.trim());
const digitsOf = (n: number) => blankOr((v) => new RegExp(`^\\d{${n}}$`).test(v));

/**
 * Russian accounts: BIK 9 digits, account 20 digits (when a BIK is given), correspondent account
 * 20 digits. International: IBAN (mod-97) and SWIFT formats. Either an account number or an IBAN.
 */
export const BANK_ACCOUNT_FIELD_RULES: Readonly<Record<string, readonly ValidationRule[]>> = {
  name: [rules.maxLength(255)],
  bank_name: [rules.required(), rules.maxLength(255)],
  bik: [rules.custom(digitsOf(9), 'bik')],
  account_number: [
    rules.custom(
      (v, all) => !(typeof all.bik === 'string' && all.bik.trim() !== '') || /^\d{20}$/.test(String(v ?? '').trim()),
      'account_number',
    ),
    rules.custom((v, all) => String(v ?? '').trim() !== '' || String(all.iban ?? '').trim() !== '', 'account_or_iban'),
    rules.maxLength(34),
  ],
  correspondent_account: [rules.custom(digitsOf(20), 'correspondent_account')],
  iban: [rules.custom(blankOr(isValidIban), 'iban')],
  swift: [rules.custom(blankOr(isValidSwift), 'swift')],
  bank_address: [rules.maxLength(1000)],
};
