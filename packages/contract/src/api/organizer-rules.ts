/**
 * The organizer form's field rules (SPEC §5 messages; formats where SPEC does not list them).
 * A module of its own, free of zod: the web's organizer forms import the rules, and importing
 * them from api/organizer would bring zod and every organizer schema to the dashboard.
 */
import { rules, type ValidationRule } from '../validation';

const digits = (...lengths: number[]): ValidationRule =>
  rules.custom(
    (v) => typeof v !== 'string' || v.trim() === '' || (/^\d+$/.test(v.trim()) && lengths.includes(v.trim().length)),
  );
/** Post codes worldwide: 3-10 letters, digits, spaces or hyphens (RU: 6 digits). */
const postCode = rules.custom(
  (v) => typeof v !== 'string' || v.trim() === '' || /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(v.trim()),
);

/** Rules per dotted path; a path absent from the body is not checked (update is partial). */
export const ORGANIZER_FIELD_RULES: Readonly<Record<string, readonly ValidationRule[]>> = {
  name: [rules.required(), rules.maxLength(255)],
  description: [rules.maxLength(5000)],
  'legal_entity.legal_name': [rules.maxLength(500)],
  /** RU INN: 10 digits (company) or 12 (person) */
  'legal_entity.inn': [digits(10, 12)],
  'legal_entity.kpp': [digits(9)],
  /** RU OGRN 13 digits, OGRNIP 15 */
  'legal_entity.ogrn': [digits(13, 15)],
  'legal_entity.vat_id': [rules.maxLength(32)],
  'contacts.email': [rules.email()],
  'contacts.phone': [rules.phone()],
  'contacts.additional_phone': [rules.phone()],
  'contacts.website': [rules.url()],
  'legal_address.post_code': [postCode],
  'postal_address.post_code': [postCode],
  cancellation_terms: [rules.maxLength(10000)],
  actual_expenses: [rules.maxLength(5000)],
  'tour_author.about': [rules.maxLength(5000)],
};

/**
 * Cancellation penalties (SPEC §3 names them, no limits): at most MAX_PENALTIES rows, days_before
 * at most MAX_PENALTY_DAYS_BEFORE (a year), and no two rows with the same days_before, which
 * would be two prices for one cancellation day. See README, decisions.
 */
export const MAX_PENALTIES = 20;
export const MAX_PENALTY_DAYS_BEFORE = 365;

/** The number of rows: 'Maximum 20' on `penalties`. */
export const PENALTIES_COUNT_RULES: readonly ValidationRule[] = [rules.maxValue(MAX_PENALTIES)];

const dayOf = (v: unknown): number | null => {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d+$/.test(text) ? Number(text) : null;
};
/**
 * days_before of row `index` (number in a body, text in the form): within a year, and not one an
 * earlier row already has ('Incorrect value' on the later row). Blank or non-numeric values pass
 * here; required and format are the form's own rules, the type the schema's.
 */
export const penaltyDaysBeforeRules = (index: number): readonly ValidationRule[] => [
  rules.maxValue(MAX_PENALTY_DAYS_BEFORE),
  rules.custom((v, all) => {
    const day = dayOf(v);
    const rows = (all as { penalties?: unknown }).penalties;
    if (day === null || !Array.isArray(rows)) return true;
    return !rows.slice(0, index).some((row) => dayOf((row as { days_before?: unknown } | null)?.days_before) === day);
  }),
];
