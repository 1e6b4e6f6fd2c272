import { describe, expect, it } from 'vitest';
import { MAX_TOUR_DATES_PER_SAVE } from '@tourdesk/contract/api/tour-routes';
import {
  addMonths,
  monthBounds,
  monthGrid,
  sameDayIn,
  seriesDepartures,
  spanDays,
  weekdayName,
  weekdaysInOrder,
} from './tour-date-values';

const TERMS = { price: 5000, number_of_seats: 8, time_start: '10:00' };

describe('days of the departures editor', () => {
  it('shows a month as 6 weeks of 7 days, Monday first in Russian and Sunday first in English', () => {
    // July 2027 starts on a Thursday
    const ru = monthGrid('2027-07', 1);
    expect(ru).toHaveLength(6);
    expect(ru.every((w) => w.length === 7)).toBe(true);
    expect(ru[0]![0]).toBe('2027-06-28');
    expect(ru[0]![3]).toBe('2027-07-01');
    const en = monthGrid('2027-07', 0);
    expect(en[0]![0]).toBe('2027-06-27');
    expect(en[5]![6]).toBe('2027-08-07');
    expect(weekdaysInOrder('ru')).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdaysInOrder('en')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayName('ru', 1)).toBe('Понедельник');
    expect(weekdayName('en', 6, 'short')).toBe('Sat');
  });

  it('moves between months keeping the day where the month has it', () => {
    expect(addMonths('2027-12', 1)).toBe('2028-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(sameDayIn('2027-01-31', '2027-02')).toBe('2027-02-28');
    expect(sameDayIn('2027-01-15', '2027-02')).toBe('2027-02-15');
    expect(spanDays('2027-03-27', '2027-03-29')).toBe(3);
  });
});

describe('a series of departures', () => {
  it('makes one on each chosen weekday of the period, both ends included, lasting its days', () => {
    // every Saturday of July 2027: the 3rd, 10th, 17th, 24th and 31st
    const rows = seriesDepartures({ from: '2027-07-03', to: '2027-07-31', weekdays: [6], days: 3 }, TERMS);
    expect(rows.map((r) => r.date_start)).toEqual([
      '2027-07-03',
      '2027-07-10',
      '2027-07-17',
      '2027-07-24',
      '2027-07-31',
    ]);
    expect(rows[4]).toMatchObject({ date_end: '2027-08-02', days: 3, price: 5000, number_of_seats: 8 });
    expect(new Set(rows.map((r) => r.uid)).size).toBe(5);
  });

  it('takes several weekdays, and nothing from a period the wrong way round', () => {
    const rows = seriesDepartures({ from: '2027-07-01', to: '2027-07-07', weekdays: [1, 3], days: 1 }, TERMS);
    expect(rows.map((r) => [r.date_start, r.date_end])).toEqual([
      ['2027-07-05', '2027-07-05'],
      ['2027-07-07', '2027-07-07'],
    ]);
    expect(seriesDepartures({ from: '2027-07-07', to: '2027-07-01', weekdays: [3], days: 1 }, TERMS)).toEqual([]);
  });

  it('stops one past what save-dates takes, so the preview can say there are too many', () => {
    const rows = seriesDepartures(
      { from: '2027-01-01', to: '2030-12-31', weekdays: [0, 1, 2, 3, 4, 5, 6], days: 1 },
      TERMS,
    );
    expect(rows).toHaveLength(MAX_TOUR_DATES_PER_SAVE + 1);
  });
});
