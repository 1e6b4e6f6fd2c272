/**
 * The tour editor's field rules (SPEC §5 messages; limits where SPEC names none, see README
 * "Tours (issue 15, server)"). Free of zod: the web's tour form checks with these before sending,
 * the server's body schema refines with the very same function.
 */
import { checkRules, ruleIssues, rules, type FieldIssue, type FieldRuleMap, type ValidationRule } from '../validation';
import { MAX_PENALTIES, PENALTIES_COUNT_RULES, penaltyDaysBeforeRules } from './organizer-rules';

/** A price above this is a typo, not a tour (in any of the currencies, RUB included). */
export const MAX_TOUR_PRICE = 100_000_000;
export const MAX_GROUP_SIZE = 1000;
export const MAX_TOUR_DAYS = 365;
export const MAX_EXCURSION_HOURS = 24;
export const MAX_AGE = 120;
export const MAX_TOURIST_WEIGHT = 300;
/** Bookings close at most 30 days before the start. */
export const MAX_BOOKING_END_HOURS = 720;
export const MAX_TOUR_PHOTOS = 50;
export const MAX_PROGRAM_DAYS = MAX_TOUR_DAYS;
export const MAX_TOUR_LIST_ROWS = 50;
export const MAX_DAY_PHOTOS = 20;
export const MAX_ACCOMMODATION_VARIANTS = 20;
export { MAX_PENALTIES };

/** screen_name: the tour's address on a site — lowercase Latin letters and digits, single hyphens between. */
export const TOUR_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** video_url: a YouTube, RuTube or Vimeo page. */
export const TOUR_VIDEO_HOSTS = ['youtube.com', 'youtu.be', 'rutube.ru', 'vimeo.com'] as const;

const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const numberOf = (v: unknown): number | null => {
  if (isBlank(v)) return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isFinite(n) ? n : null;
};
export const isVideoUrl = (value: string): boolean => {
  try {
    const host = new URL(value.trim()).hostname.replace(/^(www|m)\./, '');
    return TOUR_VIDEO_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
  } catch {
    return false;
  }
};

const amount = (max: number): ValidationRule[] => [rules.minValue(0), rules.maxValue(max)];
const count = (min: number, max: number): ValidationRule[] => [rules.minValue(min), rules.maxValue(max)];

/** Rules per dotted path (`*` for every row); a path absent from the body is not checked (update is partial). */
export const TOUR_FIELD_RULES: FieldRuleMap = {
  name: [rules.required(), rules.maxLength(255)],
  screen_name: [
    rules.maxLength(100),
    rules.custom((v) => isBlank(v) || (typeof v === 'string' && TOUR_SLUG_PATTERN.test(v.trim())), 'tour_slug'),
  ],
  description: [rules.maxLength(50_000)],
  video_url: [
    rules.url(),
    rules.custom((v) => isBlank(v) || (typeof v === 'string' && isVideoUrl(v)), 'tour_video_url'),
  ],
  languages: [rules.maxLength(2)],
  price: amount(MAX_TOUR_PRICE),
  gathering_place: [rules.maxLength(500)],
  group_min: count(1, MAX_GROUP_SIZE),
  group_max: count(1, MAX_GROUP_SIZE),
  duration: count(1, MAX_TOUR_DAYS),
  duration_hours: [rules.minValue(0.5), rules.maxValue(MAX_EXCURSION_HOURS)],
  min_age: count(0, MAX_AGE),
  max_age: count(1, MAX_AGE),
  max_tourist_weight: count(1, MAX_TOURIST_WEIGHT),
  in_price: [rules.maxLength(5000)],
  not_in_price: [rules.maxLength(5000)],
  living_base: [rules.maxLength(5000)],
  'accommodations.*.name': [rules.maxLength(255)],
  'accommodations.*.nights': count(0, MAX_TOUR_DAYS),
  'accommodations.*.variants.*.name': [rules.required(), rules.maxLength(255)],
  'accommodations.*.variants.*.description': [rules.maxLength(5000)],
  'accommodations.*.variants.*.price': amount(MAX_TOUR_PRICE),
  'accommodations.*.variants.*.places': count(1, MAX_GROUP_SIZE),
  'program.*.title': [rules.maxLength(255)],
  'program.*.description': [rules.maxLength(20_000)],
  'questions.*.question': [rules.required(), rules.maxLength(1000)],
  'questions.*.answer': [rules.maxLength(5000)],
  'penalties.*.percent': count(0, 100),
  'discounts.early_booking_days.*.days_before': [rules.required(), ...count(1, MAX_TOUR_DAYS)],
  'discounts.early_booking_dates.*.date_from': [rules.required()],
  'discounts.early_booking_dates.*.date_to': [rules.required()],
  'discounts.seasonal.*.date_from': [rules.required()],
  'discounts.seasonal.*.date_to': [rules.required()],
  'discounts.early_booking_dates.*.value': [rules.required(), rules.minValue(0.01)],
  'discounts.early_booking_days.*.value': [rules.required(), rules.minValue(0.01)],
  'discounts.seasonal.*.value': [rules.required(), rules.minValue(0.01)],
  booking_end_hours: count(0, MAX_BOOKING_END_HOURS),
  insurance_description: [rules.maxLength(5000)],
  insurance_price: amount(MAX_TOUR_PRICE),
  lat: count(-90, 90),
  lng: count(-180, 180),
};

/** What a list may hold at most: 'Maximum {max}' on the list itself. */
const LIST_LIMITS: Readonly<Record<string, number>> = {
  photos: MAX_TOUR_PHOTOS,
  program: MAX_PROGRAM_DAYS,
  accommodations: MAX_TOUR_LIST_ROWS,
  questions: MAX_TOUR_LIST_ROWS,
  guides: MAX_TOUR_LIST_ROWS,
  cities: MAX_TOUR_LIST_ROWS,
};
const DISCOUNT_KINDS = ['early_booking_dates', 'early_booking_days', 'seasonal'] as const;

type Row = Record<string, unknown> | null | undefined;
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);

/**
 * Every rule of a tour create or update body on the fields it holds: the field rules, list sizes,
 * the ranges (group_min ≤ group_max, min_age ≤ max_age, request period and discount dates in
 * order), a percent discount ≤ 100, the penalties as the organizer's (at most MAX_PENALTIES,
 * days_before within a year and not twice), each programme day number once. The server also runs
 * it on the stored tour merged with an update, so a range half in the body is still checked.
 */
export const tourFieldIssues = (value: Record<string, unknown>): FieldIssue[] => {
  for (const [list, max] of Object.entries(LIST_LIMITS)) {
    const rows = value[list];
    // past its limit a list is not looked at row by row (a body of thousands stays cheap)
    if (Array.isArray(rows) && rows.length > max) return [{ path: list, code: 'max_value', params: { max } }];
  }
  const issues = ruleIssues(value, TOUR_FIELD_RULES);
  const has = (path: string) => issues.some((i) => i.path === path);
  /** the upper bound of a range below its lower bound: the error goes on the upper one */
  const range = (highPath: string, low: unknown, high: unknown, code: FieldIssue['code']) => {
    const a = numberOf(low);
    const b = numberOf(high);
    if (a !== null && b !== null && b < a && !has(highPath)) issues.push({ path: highPath, code });
  };
  range('group_max', value.group_min, value.group_max, 'tour_group_max_below_min');
  range('max_age', value.min_age, value.max_age, 'tour_max_age_below_min');
  const dates = (path: string, from: unknown, to: unknown) => {
    if (typeof from === 'string' && typeof to === 'string' && from && to && to < from)
      issues.push({ path, code: 'end_before_start' });
  };
  dates('request_period_to', value.request_period_from, value.request_period_to);

  const discounts = (value.discounts ?? {}) as Record<string, unknown>;
  for (const kind of DISCOUNT_KINDS)
    rowsOf(discounts[kind]).forEach((row, i) => {
      const at = `discounts.${kind}.${i}`;
      if (kind !== 'early_booking_days') dates(`${at}.date_to`, row?.date_from, row?.date_to);
      const v = numberOf(row?.value);
      if (v !== null && row?.value_type !== 'currency' && v > 100)
        issues.push({ path: `${at}.value`, code: 'max_value', params: { max: 100 } });
      if (v !== null && row?.value_type === 'currency' && v > MAX_TOUR_PRICE)
        issues.push({ path: `${at}.value`, code: 'max_value', params: { max: MAX_TOUR_PRICE } });
    });

  const penalties = value.penalties;
  if (Array.isArray(penalties)) {
    const tooMany = checkRules(penalties.length, PENALTIES_COUNT_RULES);
    if (tooMany) issues.push({ path: 'penalties', code: tooMany.code, params: tooMany.params });
    else
      (penalties as Row[]).forEach((p, i) => {
        const failure = checkRules(p?.days_before, penaltyDaysBeforeRules(i), value);
        if (failure)
          issues.push({
            path: `penalties.${i}.days_before`,
            code: failure.code,
            ...(Object.keys(failure.params).length ? { params: failure.params } : {}),
          });
      });
  }
  const seenDays = new Set<unknown>();
  rowsOf(value.program).forEach((d, i) => {
    if (seenDays.has(d?.day)) issues.push({ path: `program.${i}.day`, code: 'incorrect_value' });
    seenDays.add(d?.day);
  });
  rowsOf(value.cities).forEach((c, i) => {
    for (const side of ['arrival', 'departure'] as const) {
      const transfer = c?.[side] as Row;
      const day = numberOf(transfer?.day);
      const duration = numberOf(value.duration);
      if (day !== null && duration !== null && day > duration)
        issues.push({ path: `cities.${i}.${side}.day`, code: 'max_value', params: { max: duration } });
    }
  });
  return issues;
};

/**
 * What publishing needs of a tour (besides the field rules): each missing thing is a field
 * error 'tour_required_to_publish' on its field. The editor's summary reads the same list.
 */
export const tourPublishIssues = (tour: Record<string, unknown>): FieldIssue[] => {
  const need = (path: string, ok: boolean): FieldIssue[] => (ok ? [] : [{ path, code: 'tour_required_to_publish' }]);
  const filled = (v: unknown) => !isBlank(v) && !(Array.isArray(v) && v.length === 0);
  const isExcursion = tour.type === 2;
  return [
    ...need('name', filled(tour.name)),
    ...need('description', filled(tour.description)),
    ...need('price', numberOf(tour.price) !== null && (numberOf(tour.price) ?? 0) > 0),
    ...need('photos', filled(tour.photos)),
    ...(isExcursion ? need('duration_hours', filled(tour.duration_hours)) : need('duration', filled(tour.duration))),
    ...need('group_max', filled(tour.group_max)),
    ...(isExcursion ? [] : need('program', filled(tour.program))),
  ];
};

// ─── Departures (tour dates) ───────────────────────────────────────────────────

export const MAX_TOUR_DATE_SEATS = MAX_GROUP_SIZE;

/** A departure's field rules (save-date, and each row of save-dates). Zero seats is 'Minimum 1'. */
export const TOUR_DATE_FIELD_RULES: FieldRuleMap = {
  date_start: [rules.required()],
  date_end: [rules.required()],
  price: [rules.required(), ...amount(MAX_TOUR_PRICE)],
  days: count(1, MAX_TOUR_DAYS),
  number_of_seats: [rules.required(), ...count(1, MAX_TOUR_DATE_SEATS)],
  full_payment_days: count(0, MAX_TOUR_DAYS),
  prepayment_size: amount(MAX_TOUR_PRICE),
  tour_variant: [rules.maxLength(255)],
  commentary: [rules.maxLength(1000)],
};

/** A departure's rules: the field rules, the end not before the start, a percent prepayment ≤ 100. */
export const tourDateFieldIssues = (value: Record<string, unknown>): FieldIssue[] => {
  const issues = ruleIssues(value, TOUR_DATE_FIELD_RULES);
  const { date_start: from, date_end: to } = value;
  if (typeof from === 'string' && typeof to === 'string' && from && to && to < from)
    issues.push({ path: 'date_end', code: 'end_before_start' });
  const size = numberOf(value.prepayment_size);
  if (value.prepayment_type !== 'currency' && size !== null && size > 100)
    issues.push({ path: 'prepayment_size', code: 'max_value', params: { max: 100 } });
  return issues;
};

// ─── Week schedule ─────────────────────────────────────────────────────────────

/** The sweep keeps departures at most this many days ahead. */
export const MAX_PUBLISH_COUNT_DAYS = 730;
/** Start times per weekday, and excluded periods, at most. */
export const MAX_WEEK_SCHEDULE_TIMES = 48;
export const MAX_EXCLUDED_PERIODS = 100;
/** A start time of the week schedule: HH:mm, 24 h. */
export const WEEK_SCHEDULE_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * save-week-schedule's rules: publish_count_days 1…MAX_PUBLISH_COUNT_DAYS, each day_of_week
 * 0…6 (Sunday 0) once, each time HH:mm, the departure template as a departure's
 * (TOUR_DATE_FIELD_RULES: price, seats, …).
 */
export const WEEK_SCHEDULE_FIELD_RULES: FieldRuleMap = {
  publish_count_days: [rules.required(), ...count(1, MAX_PUBLISH_COUNT_DAYS)],
  'days_data.*.day_of_week': [rules.required(), ...count(0, 6)],
  'days_data.*.times.*': [
    rules.custom((v) => typeof v === 'string' && WEEK_SCHEDULE_TIME_PATTERN.test(v), 'incorrect_value'),
  ],
  price: TOUR_DATE_FIELD_RULES.price!,
  days: TOUR_DATE_FIELD_RULES.days!,
  number_of_seats: TOUR_DATE_FIELD_RULES.number_of_seats!,
  full_payment_days: TOUR_DATE_FIELD_RULES.full_payment_days!,
  prepayment_size: TOUR_DATE_FIELD_RULES.prepayment_size!,
  commentary: TOUR_DATE_FIELD_RULES.commentary!,
};

/**
 * Every rule of a week schedule: the field rules, a weekday given once, a time once per weekday,
 * an excluded period not ending before it starts (the error on its date_to), a percent
 * prepayment ≤ 100.
 */
export const weekScheduleFieldIssues = (value: Record<string, unknown>): FieldIssue[] => {
  for (const [list, max] of [
    ['days_data', 7],
    ['excluded_periods_data', MAX_EXCLUDED_PERIODS],
  ] as const) {
    const rows = value[list];
    if (Array.isArray(rows) && rows.length > max) return [{ path: list, code: 'max_value', params: { max } }];
  }
  const issues = ruleIssues(value, WEEK_SCHEDULE_FIELD_RULES);
  const has = (path: string) => issues.some((i) => i.path === path);
  const seenDays = new Set<unknown>();
  rowsOf(value.days_data).forEach((d, i) => {
    const at = `days_data.${i}`;
    if (seenDays.has(d?.day_of_week) && !has(`${at}.day_of_week`))
      issues.push({ path: `${at}.day_of_week`, code: 'incorrect_value' });
    seenDays.add(d?.day_of_week);
    const times = Array.isArray(d?.times) ? (d.times as unknown[]) : [];
    if (times.length > MAX_WEEK_SCHEDULE_TIMES)
      issues.push({ path: `${at}.times`, code: 'max_value', params: { max: MAX_WEEK_SCHEDULE_TIMES } });
    times.forEach((t, j) => {
      if (times.indexOf(t) < j && !has(`${at}.times.${j}`))
        issues.push({ path: `${at}.times.${j}`, code: 'incorrect_value' });
    });
  });
  rowsOf(value.excluded_periods_data).forEach((p, i) => {
    const from = p?.date_from;
    const to = p?.date_to;
    if (typeof from === 'string' && typeof to === 'string' && from && to && to < from)
      issues.push({ path: `excluded_periods_data.${i}.date_to`, code: 'end_before_start' });
  });
  const size = numberOf(value.prepayment_size);
  if (value.prepayment_type !== 'currency' && size !== null && size > 100)
    issues.push({ path: 'prepayment_size', code: 'max_value', params: { max: 100 } });
  return issues;
};
