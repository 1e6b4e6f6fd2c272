import { describe, expect, it } from 'vitest';
import { calendarDayIn } from './calendar-day';
import { dateFormat, numberFormat } from './intl';

describe('Intl formatters made once', () => {
  it('answers the same formatter for the same locale and options, another for other options', () => {
    const a = dateFormat('en-CA', { timeZone: 'Asia/Novosibirsk' });
    expect(dateFormat('en-CA', { timeZone: 'Asia/Novosibirsk' })).toBe(a);
    expect(dateFormat('en-CA', { timeZone: 'UTC' })).not.toBe(a);
    expect(a!.format(new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
    expect(numberFormat('en-GB', { style: 'currency', currency: 'RUB' })!.format(1500.5)).toBe('RUB\u00a01,500.50');
  });

  it('answers null for what Intl refuses, and callers fall back', () => {
    expect(dateFormat('en-CA', { timeZone: 'Mars/Olympus' })).toBeNull();
    expect(numberFormat('en-GB', { style: 'currency', currency: 'NOPE1' })).toBeNull();
    expect(calendarDayIn('Mars/Olympus', new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-01');
  });
});
