/**
 * The organizer form's field rules (SPEC §5 messages; formats where SPEC does not list them).
 * A module of its own, free of zod: the web's organizer forms import the rules, and importing
 * them from api/organizer would bring zod and every organizer schema to the dashboard.
 */
import { checkRules, ruleIssues, rules, type FieldIssue, type ValidationRule } from '../validation';

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
 * What a marketplace that requires a tour expert (is_tour_author_required) needs of the
 * organizer's tour author before a partnership is signed: these fields filled in.
 */
export const TOUR_AUTHOR_FIELDS_FOR_PARTNERS = ['first_name', 'last_name', 'about'] as const;
export const isTourAuthorComplete = (author: Partial<Record<string, unknown>> | null | undefined): boolean =>
  TOUR_AUTHOR_FIELDS_FOR_PARTNERS.every((field) => String(author?.[field] ?? '').trim() !== '');

/** POST organizer/verification-data: who the provider is, by which document. */
export const VERIFICATION_DATA_RULES = {
  full_name: [rules.required(), rules.maxLength(255)],
  document_number: [rules.required(), rules.maxLength(64)],
} as const satisfies Record<string, readonly ValidationRule[]>;

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

const failureAt = (path: string, failure: ReturnType<typeof checkRules>): FieldIssue[] =>
  failure
    ? [
        Object.keys(failure.params).length > 0
          ? { path, code: failure.code, params: failure.params }
          : { path, code: failure.code },
      ]
    : [];

/**
 * Every SPEC §5 rule of an organizer create or update body on the fields it holds: the field
 * rules, social links, working hours (each day once, from before to) and penalties (at most
 * MAX_PENALTIES, days_before within a year and not twice). Free of zod: the server's schema
 * refines with it, the web's settings forms check with it before anything is sent.
 */
export const organizerFieldIssues = (value: Record<string, unknown>): FieldIssue[] => {
  const issues = ruleIssues(value, ORGANIZER_FIELD_RULES);
  const links = value.social_links as Record<string, unknown> | undefined;
  for (const [network, link] of Object.entries(links ?? {}))
    issues.push(...failureAt(`social_links.${network}`, checkRules(link, [rules.url()])));
  const hours = value.work_hours as
    { day_of_week?: unknown; is_day_off?: boolean; from?: string | null; to?: string | null }[] | undefined;
  const seen = new Set<unknown>();
  (Array.isArray(hours) ? hours : []).forEach((d, i) => {
    if (seen.has(d.day_of_week)) issues.push({ path: `work_hours.${i}.day_of_week`, code: 'incorrect_value' });
    seen.add(d.day_of_week);
    if (d.is_day_off) return;
    if (!d.from) issues.push({ path: `work_hours.${i}.from`, code: 'required' });
    if (!d.to) issues.push({ path: `work_hours.${i}.to`, code: 'required' });
    if (d.from && d.to && d.from >= d.to) issues.push({ path: `work_hours.${i}.to`, code: 'end_before_start' });
  });
  const penalties = value.penalties as ({ days_before?: unknown } | null)[] | undefined;
  if (Array.isArray(penalties)) {
    const tooMany = checkRules(penalties.length, PENALTIES_COUNT_RULES);
    // past the limit the rows are not looked at one by one (a body of thousands stays cheap)
    if (tooMany) issues.push(...failureAt('penalties', tooMany));
    else
      penalties.forEach((p, i) =>
        issues.push(
          ...failureAt(`penalties.${i}.days_before`, checkRules(p?.days_before, penaltyDaysBeforeRules(i), value)),
        ),
      );
  }
  return issues;
};
