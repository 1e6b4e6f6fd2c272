import { z } from 'zod';
import { idSchema } from './common';
import { currencySchema, DEFAULT_CURRENCY } from './user';

/**
 * Bank account of an organizer (SPEC: fields not shown; design covers Russian
 * (BIK, correspondent account) and international (IBAN, SWIFT/BIC) accounts).
 */
export const bankAccountSchema = z.object({
  id: idSchema,
  tour_organizer_id: idSchema,
  /** the organizer's own label, e.g. 'Main RUB account' */
  name: z.string().default(''),
  bank_name: z.string().default(''),
  /** RU 20-digit settlement account, or the local account number abroad */
  account_number: z.string().default(''),
  /** RU bank identification code, 9 digits */
  bik: z.string().default(''),
  /** RU correspondent account, 20 digits */
  correspondent_account: z.string().default(''),
  iban: z.string().default(''),
  /** SWIFT / BIC code */
  swift: z.string().default(''),
  bank_address: z.string().default(''),
  currency: currencySchema.default(DEFAULT_CURRENCY),
  is_default: z.boolean().default(false),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** Fields of POST organization-bank-account/create and update. */
export const bankAccountInputSchema = bankAccountSchema.omit({ id: true, tour_organizer_id: true });
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;
