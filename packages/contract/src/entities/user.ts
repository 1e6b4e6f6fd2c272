import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY, LANGUAGES } from './user-values';

export * from './user-values';
export const currencySchema = z.enum(CURRENCIES);
export const languageSchema = z.enum(LANGUAGES);

/** SPEC §3 User (plus the profile settings the account screens edit). */
export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** ISO 3166-1 alpha-2 */
  country: z.string().nullable(),
  is_phone_confirm: z.boolean(),
  is_password_set: z.boolean(),
  is_email_set: z.boolean(),
  is_email_confirm: z.boolean().default(false),
  is_admin_auth: z.boolean(),
  language: languageSchema.default('en'),
  currency: currencySchema.default(DEFAULT_CURRENCY),
  timezone: z.string().nullable().default(null),
  avatar: z.string().nullable().default(null),
});
export type User = z.infer<typeof userSchema>;

/** SPEC §3: "empty fields" when both names are missing or the e-mail is not set. */
export const userHasEmptyFields = (u: Pick<User, 'first_name' | 'last_name' | 'is_email_set'>): boolean =>
  (!u.first_name && !u.last_name) || !u.is_email_set;
