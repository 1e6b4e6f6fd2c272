import { describe, expect, it } from 'vitest';
import { MAX_PENALTIES, penaltyDaysBeforeRules } from './organizer-rules';
import { organizerUpdateBodySchema } from './organizer';
import { validate } from '../validation';

const issuesOf = (body: unknown): Record<string, string> => {
  const r = organizerUpdateBodySchema.safeParse(body);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('cancellation penalties', () => {
  it('allows up to MAX_PENALTIES rows with distinct days_before', () => {
    const penalties = Array.from({ length: MAX_PENALTIES }, (_, i) => ({ days_before: i, percent: 50 }));
    expect(organizerUpdateBodySchema.safeParse({ id: 1, penalties }).success).toBe(true);
    expect(organizerUpdateBodySchema.safeParse({ id: 1, penalties: [] }).success).toBe(true);
  });

  it('refuses more rows than MAX_PENALTIES with "Maximum 20" on penalties (and no per-row noise)', () => {
    const penalties = Array.from({ length: 5000 }, () => ({ days_before: 7, percent: 50 }));
    expect(issuesOf({ id: 1, penalties })).toEqual({ penalties: `Maximum ${MAX_PENALTIES}` });
  });

  it('refuses a days_before an earlier row already has, on the later row', () => {
    const penalties = [
      { days_before: 30, percent: 10 },
      { days_before: 7, percent: 50 },
      { days_before: 30, percent: 20 },
    ];
    expect(issuesOf({ id: 1, penalties })).toEqual({ 'penalties.2.days_before': 'Incorrect value' });
  });

  it('refuses days_before past a year with "Maximum 365"', () => {
    expect(issuesOf({ id: 1, penalties: [{ days_before: 366, percent: 10 }] })).toEqual({
      'penalties.0.days_before': 'Maximum 365',
    });
    expect(issuesOf({ id: 1, penalties: [{ days_before: 365, percent: 10 }] })).toEqual({});
  });

  it("the same rules work on the form's text values (the settings cancellation tab)", () => {
    const all = {
      penalties: [
        { days_before: '7', percent: '10' },
        { days_before: ' 7', percent: '20' },
        { days_before: '', percent: '' },
      ],
    };
    expect(validate('7', penaltyDaysBeforeRules(0), all)).toBeNull();
    expect(validate(' 7', penaltyDaysBeforeRules(1), all)).toBe('Incorrect value');
    // blank and non-numeric values are left to the form's required and format rules
    expect(validate('', penaltyDaysBeforeRules(2), all)).toBeNull();
    expect(validate('400', penaltyDaysBeforeRules(0), all)).toBe('Maximum 365');
  });
});
