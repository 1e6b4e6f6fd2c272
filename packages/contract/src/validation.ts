import type { z } from 'zod';
import { MIN_PASSWORD_LENGTH, PHONE_MIN_DIGITS } from './constants';
import { VALIDATION_MESSAGES, issueOf, messageText, type MessageCode } from './messages';
import type { PasswordStrengthStatus } from './enums';
import { HELP_MESSAGE_MAX_LENGTH, HELP_NAME_MAX_LENGTH } from './api/help-routes';

/** A login is a phone when it holds only digits, plus, minus, space, parentheses and asterisk (SPEC §5). */
export const PHONE_LOGIN_PATTERN = /^[\d+\-\s()*]+$/;
export const isPhoneLogin = (login: string): boolean => PHONE_LOGIN_PATTERN.test(login.trim());

/**
 * SPEC §5 validation rules as pure functions, shared by the server (zod refinements)
 * and the web (react-hook-form `validate`). Rules run in order; only the first failing
 * message is reported. Every rule but `required` and `confirmed` lets an empty value
 * pass, so "required + min_length" reports 'Required field' for an empty input.
 */

export { VALIDATION_MESSAGES } from './messages';
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export const VALIDATION_RULE_NAMES = [
  'required',
  'email',
  'min_length',
  'max_length',
  'min_value',
  'max_value',
  'url',
  'confirmed',
  'non_zero',
  'phone',
  'custom',
] as const;
export type ValidationRuleName = (typeof VALIDATION_RULE_NAMES)[number];

type AllValues = Record<string, unknown>;
interface RuleBase {
  /** the message code instead of the rule's default (its text comes from the contract's catalogue) */
  code?: MessageCode;
}
export type ValidationRule = RuleBase &
  (
    | { name: 'required' }
    | { name: 'email' }
    | { name: 'min_length'; params: { length: number } }
    | { name: 'max_length'; params: { length: number } }
    | { name: 'min_value'; params: { min: number } }
    | { name: 'max_value'; params: { max: number } }
    | { name: 'url' }
    /** the value must equal the field `params.field` of all values */
    | { name: 'confirmed'; params: { field: string } }
    | { name: 'non_zero' }
    | { name: 'phone' }
    /** escape hatch (e.g. libphonenumber validity on the web); 'Incorrect value' without a code */
    | {
        name: 'custom';
        test: (value: unknown, allValues: AllValues) => boolean;
        params?: Record<string, string | number>;
      }
  );

/** Rule builders, so call sites read like the SPEC: `[rules.required(), rules.minLength(8)]`. */
export const rules = {
  required: (code?: MessageCode): ValidationRule => ({ name: 'required', code }),
  email: (code?: MessageCode): ValidationRule => ({ name: 'email', code }),
  minLength: (length: number, code?: MessageCode): ValidationRule => ({
    name: 'min_length',
    params: { length },
    code,
  }),
  maxLength: (length: number, code?: MessageCode): ValidationRule => ({
    name: 'max_length',
    params: { length },
    code,
  }),
  minValue: (min: number, code?: MessageCode): ValidationRule => ({ name: 'min_value', params: { min }, code }),
  maxValue: (max: number, code?: MessageCode): ValidationRule => ({ name: 'max_value', params: { max }, code }),
  url: (code?: MessageCode): ValidationRule => ({ name: 'url', code }),
  confirmed: (field: string, code?: MessageCode): ValidationRule => ({ name: 'confirmed', params: { field }, code }),
  nonZero: (code?: MessageCode): ValidationRule => ({ name: 'non_zero', code }),
  phone: (code?: MessageCode): ValidationRule => ({ name: 'phone', code }),
  custom: (test: (value: unknown, allValues: AllValues) => boolean, code?: MessageCode): ValidationRule => ({
    name: 'custom',
    test,
    code,
  }),
};

// ─── Predicates ────────────────────────────────────────────────────────────────

/** Empty for `required`: nothing, blank text, an empty list, or an unticked box. */
export const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Empty for the optional rules (a `false` checkbox is a value there). */
const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
export const isEmail = (value: string): boolean =>
  value.length <= 254 && !value.includes('..') && EMAIL_PATTERN.test(value.trim());

/** http(s) URL with a host that has a dot, or localhost. */
export const isUrl = (value: string): boolean => {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    (url.hostname.includes('.') || url.hostname === 'localhost')
  );
};

/** Characters the phone input inserts while formatting; ignored by the phone rule. */
const PHONE_FORMATTING = /[\s\-()]/g;
const PHONE_PATTERN = new RegExp(`^\\+\\d{${PHONE_MIN_DIGITS},}$`);
/** SPEC §5: a plus sign followed by at least 9 digits (formatting spaces, dashes, parentheses ignored). */
export const isInternationalPhone = (value: string): boolean => PHONE_PATTERN.test(value.replace(PHONE_FORMATTING, ''));

/** SPEC §5 non_zero: digits without a leading zero, decimals allowed ('1.5', '10', '0.5'; not '0', '01'). */
const NON_ZERO_PATTERN = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;
export const isNonZeroNumber = (value: string): boolean => NON_ZERO_PATTERN.test(value.trim()) && Number(value) !== 0;

const toNumber = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
const lengthOf = (value: unknown): number => (typeof value === 'string' ? value.length : String(value).length);
/** Arrays are checked item by item (SPEC §5). */
const everyItem = (value: unknown, test: (item: unknown) => boolean): boolean =>
  Array.isArray(value) ? value.every(test) : test(value);

const passes = (rule: ValidationRule, value: unknown, allValues: AllValues): boolean => {
  const blank = isBlank(value);
  switch (rule.name) {
    case 'required':
      return !isEmptyValue(value);
    case 'confirmed':
      return value === allValues[rule.params.field] || (blank && isBlank(allValues[rule.params.field]));
    case 'custom':
      return rule.test(value, allValues);
    case 'email':
      return blank || (typeof value === 'string' && isEmail(value));
    case 'min_length':
      return blank || everyItem(value, (item) => lengthOf(item) >= rule.params.length);
    case 'max_length':
      return blank || everyItem(value, (item) => lengthOf(item) <= rule.params.length);
    case 'min_value':
      return blank || toNumber(value) >= rule.params.min;
    case 'max_value':
      return blank || toNumber(value) <= rule.params.max;
    case 'url':
      return blank || (typeof value === 'string' && isUrl(value));
    case 'non_zero':
      return blank || ((typeof value === 'string' || typeof value === 'number') && isNonZeroNumber(String(value)));
    case 'phone':
      return blank || (typeof value === 'string' && isInternationalPhone(value));
  }
};

const DEFAULT_MESSAGE_KEY: Record<ValidationRuleName, ValidationMessageKey> = {
  required: 'required',
  email: 'email',
  min_length: 'min_length',
  max_length: 'max_length',
  min_value: 'min_value',
  max_value: 'max_value',
  url: 'url',
  confirmed: 'confirmed',
  non_zero: 'incorrect_value',
  phone: 'phone',
  custom: 'incorrect_value',
};

/**
 * A failed rule: its message code and params (the web translates `errors:<code>`). The English
 * text is `failureText(failure)`: made only where it is sent, so the web's bundle carries no
 * English catalogue for the rules it runs.
 */
export interface ValidationFailure {
  rule: ValidationRuleName;
  code: MessageCode;
  params: Record<string, string | number>;
}

/** The English text of a failed rule (the server's answer). */
export const failureText = (failure: ValidationFailure): string => messageText(failure.code, failure.params);

const paramsOf = (rule: ValidationRule): Record<string, string | number> =>
  'params' in rule && rule.params ? rule.params : {};

/** The first failing rule, or null when every rule passes. */
export const checkRules = (
  value: unknown,
  ruleList: readonly ValidationRule[],
  allValues: AllValues = {},
): ValidationFailure | null => {
  for (const rule of ruleList) {
    if (passes(rule, value, allValues)) continue;
    return { rule: rule.name, code: rule.code ?? DEFAULT_MESSAGE_KEY[rule.name], params: paramsOf(rule) };
  }
  return null;
};

/** SPEC §5: the first failing message, or null when the value is valid. */
export const validate = (
  value: unknown,
  ruleList: readonly ValidationRule[],
  allValues: AllValues = {},
): string | null => {
  const failure = checkRules(value, ruleList, allValues);
  return failure ? failureText(failure) : null;
};

/** Validates several fields at once (submit runs all field validations): field → first message. */
export const validateFields = (
  values: AllValues,
  fieldRules: Readonly<Record<string, readonly ValidationRule[]>>,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const [field, ruleList] of Object.entries(fieldRules)) {
    const message = validate(values[field], ruleList, values);
    if (message !== null) errors[field] = message;
  }
  return errors;
};

// ─── Rule maps over nested values ──────────────────────────────────────────────

/** A failed rule at a dotted path (`penalties.2.percent`): what the server and the web's forms report. */
export interface FieldIssue {
  path: string;
  code: MessageCode;
  params?: Record<string, string | number>;
}

/** A rule map: dotted paths, `*` standing for every index of an array (`penalties.*.percent`). */
export type FieldRuleMap = Readonly<Record<string, readonly ValidationRule[]>>;

const expandPath = (
  values: unknown,
  parts: readonly string[],
  prefix: string[],
): { path: string; value: unknown }[] => {
  if (parts.length === 0) return [{ path: prefix.join('.'), value: values }];
  const [head, ...rest] = parts as [string, ...string[]];
  if (values === null || typeof values !== 'object') return [];
  if (head === '*')
    return Array.isArray(values) ? values.flatMap((item, i) => expandPath(item, rest, [...prefix, String(i)])) : [];
  if (!Object.prototype.hasOwnProperty.call(values, head)) return [];
  return expandPath((values as Record<string, unknown>)[head], rest, [...prefix, head]);
};

/**
 * Runs a rule map over nested values: the first failure of each path that is present (a partial
 * update leaves out what it does not change, and nothing absent is checked). Cross-field rules
 * (`confirmed`) see the whole value.
 */
export const ruleIssues = (values: unknown, ruleMap: FieldRuleMap): FieldIssue[] => {
  const issues: FieldIssue[] = [];
  for (const [pattern, ruleList] of Object.entries(ruleMap))
    for (const { path, value } of expandPath(values, pattern.split('.'), [])) {
      const failure = checkRules(value, ruleList, (values ?? {}) as AllValues);
      if (failure)
        issues.push(
          Object.keys(failure.params).length > 0
            ? { path, code: failure.code, params: failure.params }
            : { path, code: failure.code },
        );
    }
  return issues;
};

/** A FieldIssue as zod custom issues on its path (numeric segments as array indexes). */
export const zodIssues = (issues: readonly FieldIssue[], ctx: z.RefinementCtx): void => {
  for (const issue of issues)
    ctx.addIssue({
      code: 'custom',
      path: issue.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      ...issueOf(issue.code, issue.params),
    });
};

// ─── Adapters ──────────────────────────────────────────────────────────────────

/**
 * react-hook-form `validate` option: `register('email', { validate: toFormValidate(FORM_RULES.passwordRecovery.email) })`.
 * Pass `translate` to render the failure in the current language.
 */
export const toFormValidate =
  (ruleList: readonly ValidationRule[], translate?: (failure: ValidationFailure) => string) =>
  (value: unknown, formValues?: unknown): true | string => {
    const failure = checkRules(value, ruleList, (formValues ?? {}) as AllValues);
    if (!failure) return true;
    return translate ? translate(failure) : failureText(failure);
  };

/** A failed rule as a zod custom issue's message and params (the server answers its code). */
export const failureIssue = (failure: ValidationFailure): ReturnType<typeof issueOf> =>
  issueOf(failure.code, Object.keys(failure.params).length > 0 ? failure.params : undefined);

/** zod refinement for one value: `z.string().superRefine(zodRules([rules.phone()]))`. */
export const zodRules =
  (ruleList: readonly ValidationRule[]) =>
  (value: unknown, ctx: z.RefinementCtx): void => {
    const failure = checkRules(value, ruleList);
    if (failure) ctx.addIssue({ code: 'custom', ...failureIssue(failure) });
  };

/** zod refinement for an object, rules per field (cross-field `confirmed` works): issues land on the field path. */
export const zodFieldRules =
  (fieldRules: Readonly<Record<string, readonly ValidationRule[]>>) =>
  (values: AllValues, ctx: z.RefinementCtx): void => {
    for (const [field, ruleList] of Object.entries(fieldRules)) {
      const failure = checkRules(values[field], ruleList, values);
      if (failure)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          ...failureIssue(failure),
        });
    }
  };

// ─── SPEC §5 form rules ────────────────────────────────────────────────────────

const REQUIRED = [rules.required()];
const REQUIRED_EMAIL = [rules.required(), rules.email()];
const NEW_PASSWORD = [rules.required(), rules.minLength(MIN_PASSWORD_LENGTH)];
const repeatOf = (field: string) => [rules.required(), rules.confirmed(field)];
/** first and last name, as update-profile and registration take them */
const NAMES = { first_name: [rules.maxLength(100)], last_name: [rules.maxLength(100)] };
const REGISTRATION = {
  email: REQUIRED_EMAIL,
  phone: [rules.phone()],
  password: NEW_PASSWORD,
  confirm_password: repeatOf('password'),
};

export const FORM_RULES = {
  /** sign-in (SPEC §5): login and password required */
  signIn: { login: REQUIRED, password: REQUIRED },
  passwordRecovery: { email: REQUIRED_EMAIL },
  phoneChange: { phone: [rules.required(), rules.phone()], password: REQUIRED },
  /** `email` applies only when the user's e-mail is not set yet */
  emailPasswordSetup: { email: REQUIRED_EMAIL, password: NEW_PASSWORD, confirm_password: repeatOf('password') },
  registration: REGISTRATION,
  verificationCode: { code: REQUIRED },
  signPartnership: { is_agreement_accepted: REQUIRED, is_privacy_accepted: REQUIRED },
  /** the profile's names (update-profile) */
  profile: NAMES,
  /** change-email with the current password */
  changeEmail: { email: REQUIRED_EMAIL, password: REQUIRED },
  /** change-password; `password` (the current one) applies only when the account has one */
  changePassword: { password: REQUIRED, new_password: NEW_PASSWORD, confirm_password: repeatOf('new_password') },
  /** a new password by a recovery link */
  passwordReset: { password: NEW_PASSWORD, confirm_password: repeatOf('password') },
  /**
   * The start-up e-mail and password setup: each field only where it applies (the e-mail when it
   * is not set; the current password when an account with a password sets its e-mail; the new
   * password and its repeat when none is set).
   */
  accountSetup: {
    email: REQUIRED_EMAIL,
    current_password: REQUIRED,
    password: NEW_PASSWORD,
    confirm_password: repeatOf('password'),
  },
  /** the help form (POST /spa/submit-help-request): who asks, how to answer, and what */
  helpRequest: {
    name: [rules.required(), rules.maxLength(HELP_NAME_MAX_LENGTH)],
    email: REQUIRED_EMAIL,
    phone: [rules.phone()],
    message: [rules.required(), rules.maxLength(HELP_MESSAGE_MAX_LENGTH)],
  },
  /** sign-in by a one-time code: the login the code goes to */
  codeSignIn: { login: REQUIRED },
  /** registration with a password, the names included */
  signUp: { ...NAMES, ...REGISTRATION },
  /**
   * Quick registration (no password, a sign-in code instead): the e-mail is optional, but the
   * code needs where to go — the e-mail for `email`, the phone for any other code_sender.
   */
  quickSignUp: {
    ...NAMES,
    email: [rules.email()],
    phone: [rules.phone()],
    code_sender: [
      rules.custom((sender, all) => sender !== 'email' || !isEmptyValue(all.email), 'required'),
      rules.custom((sender, all) => sender === 'email' || !isEmptyValue(all.phone), 'phone_for_sms'),
    ],
  },
} as const satisfies Record<string, Record<string, readonly ValidationRule[]>>;

// ─── Password strength hint (SPEC §5) ──────────────────────────────────────────

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()-_+';

export interface PasswordStrength {
  status: PasswordStrengthStatus;
  conditions: { length: boolean; lowercase: boolean; uppercase: boolean; digit: boolean; special: boolean };
}

export const passwordStrength = (password: string): PasswordStrength => {
  const conditions = {
    length: password.length >= MIN_PASSWORD_LENGTH,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  };
  const held = Object.values(conditions);
  let status: PasswordStrengthStatus = 'none';
  if (password.length > 0 && !conditions.length) status = 'red';
  else if (held.every(Boolean)) status = 'strong';
  else if (held.some(Boolean)) status = 'medium';
  return { status, conditions };
};
