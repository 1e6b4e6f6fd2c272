/**
 * Bank-account field rules and their texts. A module of its own, free of zod: the web's
 * bank-account form imports them, and importing them from api/bank-account would bring zod and
 * the account schemas to the settings screen.
 */
import { rules, type ValidationRule } from '../validation';

/** Texts for bank-account field errors (design: SPEC shows no bank-account fields). */
export const BANK_ACCOUNT_MESSAGES = {
  bik: 'BIK must be 9 digits',
  accountNumber: 'Account number must be 20 digits',
  correspondentAccount: 'Correspondent account must be 20 digits',
  iban: 'Incorrect IBAN',
  swift: 'Incorrect SWIFT/BIC code',
  accountOrIban: 'Enter the account number or the IBAN',
} as const;

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
  bik: [rules.custom(digitsOf(9), BANK_ACCOUNT_MESSAGES.bik)],
  account_number: [
    rules.custom(
      (v, all) => !(typeof all.bik === 'string' && all.bik.trim() !== '') || /^\d{20}$/.test(String(v ?? '').trim()),
      BANK_ACCOUNT_MESSAGES.accountNumber,
    ),
    rules.custom(
      (v, all) => String(v ?? '').trim() !== '' || String(all.iban ?? '').trim() !== '',
      BANK_ACCOUNT_MESSAGES.accountOrIban,
    ),
    rules.maxLength(34),
  ],
  correspondent_account: [rules.custom(digitsOf(20), BANK_ACCOUNT_MESSAGES.correspondentAccount)],
  iban: [rules.custom(blankOr(isValidIban), BANK_ACCOUNT_MESSAGES.iban)],
  swift: [rules.custom(blankOr(isValidSwift), BANK_ACCOUNT_MESSAGES.swift)],
  bank_address: [rules.maxLength(1000)],
};
