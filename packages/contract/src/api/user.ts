import { z } from 'zod';
import { issueOf } from '../messages';
export { ACCOUNT_MESSAGES } from '../messages';
import { defineRoute } from '../route';
import { userRoutes } from './user-routes';
import { currencySchema, languageSchema, userSchema } from '../entities/user';
import { idSchema } from '../entities/common';
import { phoneConfirmationMethodsSchema } from '../entities/verification';
import { verificationMethodTypeSchema } from '../enums';
import { MAX_PASSWORD_LENGTH } from '../constants';
import { FORM_RULES, rules, zodFieldRules, zodRules } from '../validation';
import { emailFieldSchema, passwordFieldSchema, phoneFieldSchema } from '../validation-fields';

export const authTokenResponseSchema = z.object({
  /** access JWT, sent back as `X-Authorization: Bearer <token>` */
  token: z.string(),
  /** seconds until the access token expires */
  expires_in: z.number().int(),
});
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

export const successResponseSchema = z.object({ success: z.boolean() });

/** IANA time zone known to this runtime ('Europe/Moscow'). */
const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};
/**
 * Made on first use: loading the region names costs tens of milliseconds (much more on a slow
 * phone), and every screen that imports this module would pay it up front.
 */
let regionNames: Intl.DisplayNames | null | undefined;
const getRegionNames = (): Intl.DisplayNames | null => {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regionNames = null;
    }
  }
  return regionNames;
};
/** ISO 3166-1 alpha-2 that Intl knows ('RU', 'DE'); 'XX' and 'ZZ' are refused. */
export const isKnownCountryCode = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) && !!getRegionNames()?.of(code) && code !== 'ZZ';

const nameSchema = z.string().trim().max(100).nullish();
const timezoneSchema = z.string().trim().max(64).refine(isTimeZone, issueOf('unknown_timezone')).nullish();
/** A country as an ISO 3166-1 alpha-2 code, any case ('ru' → 'RU'). Design: SPEC names the field country_id only. */
export const countryIdSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isKnownCountryCode, issueOf('unknown_country'));
const loginSchema = z.string().trim().min(1).max(255);
/** Verification code typed by the user (SPEC §5 "Verification code: required"). */
const codeSchema = z.string().trim().max(64).superRefine(zodRules(FORM_RULES.verificationCode.code));
const linkTokenSchema = z.string().trim().min(1).max(200);
/** Tours the guest liked before signing up; kept by the marketplace, accepted and ignored here. */
const favouritesSchema = z.array(idSchema).max(500).optional();
const optionalPhoneSchema = phoneFieldSchema.nullish();
const optionalEmailSchema = z
  .string()
  .trim()
  .max(254)
  .superRefine(zodRules([rules.email()]))
  .nullish();

export const registerBodySchema = z
  .strictObject({
    first_name: nameSchema,
    last_name: nameSchema,
    email: emailFieldSchema,
    phone: optionalPhoneSchema,
    password: passwordFieldSchema,
    confirm_password: z.string().max(MAX_PASSWORD_LENGTH),
    timezone: timezoneSchema,
  })
  .superRefine(zodFieldRules({ confirm_password: FORM_RULES.registration.confirm_password }));

export const registerWithoutPasswordBodySchema = z.strictObject({
  first_name: nameSchema,
  last_name: nameSchema,
  /** required when code_sender is email */
  email: optionalEmailSchema,
  /** required for every other code_sender */
  phone: optionalPhoneSchema,
  timezone: timezoneSchema,
  favourites_tours_ids: favouritesSchema,
  is_quick_register: z.boolean().optional(),
  code_sender: verificationMethodTypeSchema.default('email'),
  country_id: countryIdSchema.nullish(),
});

export const authViaCodeBodySchema = z.strictObject({
  login: loginSchema,
  code: codeSchema,
  verify_method: verificationMethodTypeSchema.optional(),
  favourites_tours_ids: favouritesSchema,
});

export const redirectResponseSchema = z.object({ type: z.literal('redirect'), url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/** Body for routes that take nothing (an empty JSON object or no body). */
const emptyBody = z.strictObject({}).nullish();

export const userApi = {
  auth: defineRoute({
    ...userRoutes.auth,
    body: z.strictObject({ login: z.string().trim().min(1).max(255), password: z.string().min(1).max(1024) }),
    response: authTokenResponseSchema,
  }),
  /** Uses the httpOnly refresh cookie; rotates it. */
  refreshToken: defineRoute({
    ...userRoutes.refreshToken,
    body: z.strictObject({}).nullish(),
    response: authTokenResponseSchema,
  }),
  logout: defineRoute({ ...userRoutes.logout, body: z.strictObject({}).nullish(), response: successResponseSchema }),
  profile: defineRoute({ ...userRoutes.profile, response: userSchema }),

  // ─── Registration and sign-in ────────────────────────────────────────────────

  /** Creates the account and signs in (token in the body, refresh cookie); e-mail confirmation link sent. */
  register: defineRoute({ ...userRoutes.register, body: registerBodySchema, response: authTokenResponseSchema }),
  /** Creates an account without a password and sends a sign-in code by code_sender; then auth-via-code. */
  registerWithoutPassword: defineRoute({
    ...userRoutes.registerWithoutPassword,
    body: registerWithoutPasswordBodySchema,
    response: successResponseSchema,
  }),
  /** Sends a sign-in code. The same answer for unknown logins (no enumeration). */
  sendAuthCode: defineRoute({
    ...userRoutes.sendAuthCode,
    body: z.strictObject({ login: loginSchema, code_sender: verificationMethodTypeSchema.optional() }),
    response: successResponseSchema,
  }),
  authViaCode: defineRoute({
    ...userRoutes.authViaCode,
    body: authViaCodeBodySchema,
    response: authTokenResponseSchema,
  }),
  /** Like auth-via-code, but answers a one-time sign-in URL (`…/org/login-via-token?token=…`) to follow. */
  redirectAuthViaCode: defineRoute({
    ...userRoutes.redirectAuthViaCode,
    body: authViaCodeBodySchema,
    response: redirectResponseSchema,
  }),
  /** Exchanges a one-time token (5 min, one use) for a session. */
  accessTokenByOneTimeToken: defineRoute({
    ...userRoutes.accessTokenByOneTimeToken,
    body: z.strictObject({ token: linkTokenSchema }),
    response: authTokenResponseSchema,
  }),

  // ─── E-mail confirmation and password recovery ──────────────────────────────

  /** Sends `${PUBLIC_URL}/org/email-confirm?token=…` to the user's e-mail. */
  emailConfirmationRequest: defineRoute({
    ...userRoutes.emailConfirmationRequest,
    body: emptyBody,
    response: successResponseSchema,
  }),
  confirmEmail: defineRoute({
    ...userRoutes.confirmEmail,
    body: z.strictObject({ token: linkTokenSchema }),
    response: userSchema,
  }),
  /** Sends `${PUBLIC_URL}/org/reset-password?token=…` when the address exists; the same answer either way. */
  passwordRecovery: defineRoute({
    ...userRoutes.passwordRecovery,
    body: z.strictObject({ email: emailFieldSchema }),
    response: successResponseSchema,
  }),
  /** 200 for a usable reset token; 422 on `token` otherwise. */
  checkPasswordResetToken: defineRoute({
    ...userRoutes.checkPasswordResetToken,
    body: z.strictObject({ token: linkTokenSchema }),
    response: successResponseSchema,
  }),
  /** Sets the password, ends every session and signs in afresh (token + refresh cookie). */
  passwordReset: defineRoute({
    ...userRoutes.passwordReset,
    body: z
      .strictObject({
        token: linkTokenSchema,
        password: passwordFieldSchema,
        confirm_password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
      })
      .superRefine((v, ctx) => {
        if (v.confirm_password !== undefined)
          zodFieldRules({ confirm_password: [rules.confirmed('password')] })(v, ctx);
      }),
    response: authTokenResponseSchema,
  }),

  // ─── Profile ─────────────────────────────────────────────────────────────────

  updateProfile: defineRoute({
    ...userRoutes.updateProfile,
    body: z.strictObject({ first_name: nameSchema, last_name: nameSchema, timezone: timezoneSchema }),
    response: userSchema,
  }),
  /** avatar_id: an image uploaded by this user (POST /crm/api/image/upload); null removes the avatar. */
  updateProfilePhoto: defineRoute({
    ...userRoutes.updateProfilePhoto,
    body: z.strictObject({ avatar_id: idSchema.nullable() }),
    response: userSchema,
  }),
  setLanguage: defineRoute({
    ...userRoutes.setLanguage,
    body: z.strictObject({ language_code: languageSchema }),
    response: userSchema,
  }),
  setCurrency: defineRoute({
    ...userRoutes.setCurrency,
    body: z.strictObject({ currency_code: currencySchema }),
    response: userSchema,
  }),
  /** country_id: ISO 3166-1 alpha-2 ('RU'). */
  changeCountry: defineRoute({
    ...userRoutes.changeCountry,
    body: z.strictObject({ country_id: countryIdSchema }),
    response: userSchema,
  }),
  /**
   * Sets the e-mail (unconfirmed) and sends a confirmation link to it; the old address is told.
   * `password` (the current one) is required; an account without a password sets one first
   * (change-password) — a stolen access token alone cannot move the account to another address.
   */
  changeEmail: defineRoute({
    ...userRoutes.changeEmail,
    body: z.strictObject({ email: emailFieldSchema, password: z.string().max(MAX_PASSWORD_LENGTH).optional() }),
    response: z.object({ email: z.string() }),
  }),
  /**
   * Sets a new password; `password` (the current one) is required when a password is set already.
   * Every other session ends; the answer is a fresh access token for this one.
   */
  changePassword: defineRoute({
    ...userRoutes.changePassword,
    body: z
      .strictObject({
        password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
        new_password: passwordFieldSchema,
        confirm_password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
      })
      .superRefine((v, ctx) => {
        if (v.confirm_password !== undefined)
          zodFieldRules({ confirm_password: [rules.confirmed('new_password')] })(v, ctx);
      }),
    response: z.object({ token: z.string(), expires_in: z.number().int() }),
  }),
  /** A wrong password answers `{ success: false }` (SPEC §8 'An unknown error has occurred. Please contact support.'). */
  changePhone: defineRoute({
    ...userRoutes.changePhone,
    body: z.strictObject({
      phone: z.string().trim().max(32).superRefine(zodRules(FORM_RULES.phoneChange.phone)),
      password: z.string().max(MAX_PASSWORD_LENGTH).superRefine(zodRules(FORM_RULES.phoneChange.password)),
    }),
    response: successResponseSchema,
  }),
  setActivity: defineRoute({ ...userRoutes.setActivity, body: emptyBody, response: successResponseSchema }),
  /** Signs out every other session of the user (profile: "sessions sign-out"); this one stays. */
  logoutOtherSessions: defineRoute({
    ...userRoutes.logoutOtherSessions,
    body: emptyBody,
    response: successResponseSchema,
  }),

  // ─── Phone confirmation ──────────────────────────────────────────────────────

  phoneConfirmationMethods: defineRoute({
    ...userRoutes.phoneConfirmationMethods,
    response: phoneConfirmationMethodsSchema,
  }),
  /**
   * Sends a phone confirmation code by code_sender, which becomes the default method.
   * A blocked account: 422 on code_sender with TEXTS.codeSendFailed. telegram_with_phone_request
   * sends no code: the bot asks for the contact and the phone is confirmed when it is shared.
   */
  sendConfirmationCode: defineRoute({
    ...userRoutes.sendConfirmationCode,
    body: z.strictObject({ code_sender: verificationMethodTypeSchema }),
    response: successResponseSchema,
  }),
  /** On success the phone is confirmed and `crm_user_phone_was_confirmed` goes to the user's channel. */
  confirmPhone: defineRoute({
    ...userRoutes.confirmPhone,
    body: z.strictObject({ code: codeSchema, verify_method: verificationMethodTypeSchema.optional() }),
    response: successResponseSchema,
  }),
};
