import { z } from 'zod';
import { defineRoute } from '../route';
import { bankAccountInputSchema, bankAccountSchema } from '../entities/bank-account';
import { idSchema, queryIdSchema } from '../entities/common';
import { CURRENCIES, currencySchema } from '../entities/user';
import { checkRules, rules, type ValidationRule } from '../validation';
import { successResponseSchema } from './user';

/** Query ids arrive as strings. */
const queryId = queryIdSchema;

/** Texts for bank-account field errors (design: SPEC shows no bank-account fields). */
export const BANK_ACCOUNT_MESSAGES = {
  bik: 'BIK must be 9 digits',
  accountNumber: 'Account number must be 20 digits',
  correspondentAccount: 'Correspondent account must be 20 digits',
  iban: 'Incorrect IBAN',
  swift: 'Incorrect SWIFT/BIC code',
  accountOrIban: 'Enter the account number or the IBAN',
} as const;

const normalize = (v: string): string => v.replace(/\s+/g, '').toUpperCase();

/** IBAN: country, check digits, up to 30 letters or digits, and the ISO 13616 mod-97 check. */
export const isValidIban = (raw: string): boolean => {
  const iban = normalize(raw);
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
export const isValidSwift = (raw: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normalize(raw));

const blankOr = (test: (v: string) => boolean) => (v: unknown) => typeof v !== 'string' || v.trim() === '' || test(v.trim());
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
    rules.custom((v, all) => !(typeof all.bik === 'string' && all.bik.trim() !== '') || /^\d{20}$/.test(String(v ?? '').trim()), BANK_ACCOUNT_MESSAGES.accountNumber),
    rules.custom((v, all) => String(v ?? '').trim() !== '' || String(all.iban ?? '').trim() !== '', BANK_ACCOUNT_MESSAGES.accountOrIban),
    rules.maxLength(34),
  ],
  correspondent_account: [rules.custom(digitsOf(20), BANK_ACCOUNT_MESSAGES.correspondentAccount)],
  iban: [rules.custom(blankOr(isValidIban), BANK_ACCOUNT_MESSAGES.iban)],
  swift: [rules.custom(blankOr(isValidSwift), BANK_ACCOUNT_MESSAGES.swift)],
  bank_address: [rules.maxLength(1000)],
};

const bankAccountFieldsRefinement = (values: Record<string, unknown>, ctx: z.RefinementCtx): void => {
  for (const [field, ruleList] of Object.entries(BANK_ACCOUNT_FIELD_RULES)) {
    const failure = checkRules(values[field], ruleList, values);
    if (failure) ctx.addIssue({ code: 'custom', path: [field], message: failure.message });
  }
};

const fields = bankAccountInputSchema.shape;
const bankAccountBodyShape = {
  ...fields,
  name: z.string().trim().default(''),
  bank_name: z.string().trim().default(''),
  account_number: z.string().trim().default(''),
  bik: z.string().trim().default(''),
  correspondent_account: z.string().trim().default(''),
  iban: z.string().transform(normalize).default(''),
  swift: z.string().transform(normalize).default(''),
};

export const bankAccountCreateBodySchema = z
  .strictObject({ tour_organizer_id: idSchema, ...bankAccountBodyShape })
  .superRefine((v, ctx) => bankAccountFieldsRefinement(v, ctx));
export const bankAccountUpdateBodySchema = z
  .strictObject({ tour_organizer_id: idSchema, id: idSchema, ...bankAccountBodyShape })
  .superRefine((v, ctx) => bankAccountFieldsRefinement(v, ctx));
export type BankAccountCreateBody = z.input<typeof bankAccountCreateBodySchema>;

/** get-list rows say which account receives payments for own requests. */
export const bankAccountListItemSchema = bankAccountSchema.extend({ is_own_request_account: z.boolean() });
export type BankAccountListItem = z.infer<typeof bankAccountListItemSchema>;

/** popup-data: the account to edit, or empty defaults (id null) for a new one, and the currencies. */
export const bankAccountPopupDataSchema = z.object({
  bank_account: bankAccountSchema.extend({ id: idSchema.nullable() }),
  currencies: z.array(currencySchema),
});
export type BankAccountPopupData = z.infer<typeof bankAccountPopupDataSchema>;
export const BANK_ACCOUNT_CURRENCIES = CURRENCIES;

const P = '/crm/api/organization-bank-account';
export const bankAccountApi = {
  popupData: defineRoute({
    method: 'GET',
    path: `${P}/popup-data`,
    query: z.strictObject({ tour_organizer_id: queryId, id: queryId.optional() }),
    response: bankAccountPopupDataSchema,
  }),
  getList: defineRoute({ method: 'GET', path: `${P}/get-list`, query: z.strictObject({ tour_organizer_id: queryId }), response: z.array(bankAccountListItemSchema) }),
  create: defineRoute({ method: 'POST', path: `${P}/create`, body: bankAccountCreateBodySchema, response: bankAccountListItemSchema }),
  update: defineRoute({ method: 'POST', path: `${P}/update`, body: bankAccountUpdateBodySchema, response: bankAccountListItemSchema }),
  delete: defineRoute({ method: 'POST', path: `${P}/delete`, body: z.strictObject({ tour_organizer_id: idSchema, id: idSchema }), response: successResponseSchema }),
};
