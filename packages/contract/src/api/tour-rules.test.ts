import { describe, expect, it } from 'vitest';
import { tourCreateBodySchema, tourUpdateBodySchema } from './tour';
import { tourDateFieldIssues, tourFieldIssues, tourPublishIssues } from './tour-rules';

describe('tour field rules', () => {
  it('put each broken range on its upper field', () => {
    expect(tourFieldIssues({ group_min: 10, group_max: 5, min_age: 18, max_age: 12 })).toEqual([
      { path: 'group_max', code: 'tour_group_max_below_min' },
      { path: 'max_age', code: 'tour_max_age_below_min' },
    ]);
  });
  it('refuse a negative or absurd price, a bad slug, a foreign video host', () => {
    const paths = (v: Record<string, unknown>) => tourFieldIssues(v).map((i) => `${i.path}:${i.code}`);
    expect(paths({ price: -1 })).toEqual(['price:min_value']);
    expect(paths({ price: 1e12 })).toEqual(['price:max_value']);
    expect(paths({ screen_name: 'Altai Trek' })).toEqual(['screen_name:tour_slug']);
    expect(paths({ screen_name: 'altai-trek-2' })).toEqual([]);
    expect(paths({ video_url: 'https://example.com/v' })).toEqual(['video_url:tour_video_url']);
    expect(paths({ video_url: 'https://www.youtube.com/watch?v=x' })).toEqual([]);
  });
  it('check discounts, penalties and the request period', () => {
    const issues = tourFieldIssues({
      discounts: {
        seasonal: [{ date_from: '2026-06-10', date_to: '2026-06-01', value: 10, value_type: 'percent' }],
        early_booking_days: [{ days_before: 30, value: 120, value_type: 'percent' }],
      },
      penalties: [
        { days_before: 10, percent: 50 },
        { days_before: 10, percent: 100 },
      ],
      request_period_from: '2026-05-02',
      request_period_to: '2026-05-01',
    });
    expect(issues.map((i) => i.path).sort()).toEqual([
      'discounts.early_booking_days.0.value',
      'discounts.seasonal.0.date_to',
      'penalties.1.days_before',
      'request_period_to',
    ]);
  });
  it('name what publishing needs', () => {
    expect(tourPublishIssues({ type: 1, name: 'Altai' }).map((i) => i.path)).toEqual([
      'description',
      'price',
      'photos',
      'duration',
      'group_max',
      'program',
    ]);
    expect(tourPublishIssues({ type: 2, name: 'Walk' }).map((i) => i.path)).toContain('duration_hours');
  });
});

describe('tour bodies', () => {
  it('create fills defaults; the rules refine it', () => {
    const body = tourCreateBodySchema.parse({ organizer_id: 1, name: ' Altai ' });
    expect(body).toMatchObject({ name: 'Altai', currency: 'RUB', booking_end_hours: 12, photos: [], guides: [] });
    const bad = tourCreateBodySchema.safeParse({ organizer_id: 1, name: 'A', group_min: 5, group_max: 2 });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['group_max']);
  });
  it('update keeps out what is not sent', () => {
    expect(tourUpdateBodySchema.parse({ id: 3, price: 100 })).toEqual({ id: 3, price: 100 });
    expect(tourUpdateBodySchema.safeParse({ id: 3, name: '' }).success).toBe(false);
  });
});

describe('departure rules', () => {
  it('refuse zero seats, an end before the start, a percent prepayment over 100', () => {
    const issues = tourDateFieldIssues({
      date_start: '2026-06-10',
      date_end: '2026-06-09',
      price: 100,
      number_of_seats: 0,
      prepayment_type: 'percent',
      prepayment_size: 120,
    });
    expect(issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      'number_of_seats:min_value',
      'date_end:end_before_start',
      'prepayment_size:max_value',
    ]);
    expect(
      tourDateFieldIssues({ date_start: '2026-06-10', date_end: '2026-06-10', price: 0, number_of_seats: 1 }),
    ).toEqual([]);
  });
});
