import type { tourCreateBodySchema } from '@tourdesk/contract';
import type { z } from 'zod';
import type { FieldMessages } from '../../lib/app-error';
import { sanitizeTemplateHtml } from '../template';
import type { TourChildren, TourRow, TourValues } from './tour.repository';

type Body = z.output<typeof tourCreateBodySchema>;
export type TourFields = Omit<Body, 'organizer_id' | 'with_publish' | 'save_without_duration_checking'>;
export type TourPatch = Partial<TourFields>;
export interface SaveFlags {
  with_publish?: boolean;
  save_without_duration_checking?: boolean;
}

/** Fields stored under their own name. */
export const SAME_NAME = [
  'name',
  'screen_name',
  'type',
  'schedule_type',
  'is_periodical',
  'is_dates_preliminary',
  'is_program_preliminary',
  'video_url',
  'countries',
  'languages',
  'currency',
  'difficulty',
  'gathering_place',
  'group_min',
  'group_max',
  'duration',
  'min_age',
  'max_age',
  'max_tourist_weight',
  'in_price',
  'not_in_price',
  'base',
  'base_plus',
  'medium',
  'improved',
  'premium',
  'living_base',
  'booking_end_hours',
  'booking_auto_end_one_hour',
  'instant_booking',
  'is_request_period_limited',
  'request_period_from',
  'request_period_to',
  'use_standard_cancellation_terms',
  'is_insurance_included',
  'is_insurance_required',
  'insurance_description',
  'lat',
  'lng',
] as const satisfies readonly (keyof TourFields & keyof TourValues)[];
/** Catalogue lists: the body's name, the column, the catalogue kind. */
export const REF_LISTS = [
  ['regions', 'region_ids', 'region'],
  ['host_cities', 'host_city_ids', 'city'],
  ['rest_kinds', 'rest_kind_ids', 'rest_kind'],
  ['collections', 'collection_ids', 'collection'],
  ['showplaces', 'showplace_ids', 'showplace'],
] as const;

export const money = (v: number | null | undefined): string | null =>
  v === null || v === undefined ? null : v.toFixed(2);

/** The tour's own columns from the fields a body holds (undefined: not in the body, kept). */
export const valuesOf = (p: TourPatch): Partial<TourValues> => {
  const v: Record<string, unknown> = {};
  for (const key of SAME_NAME) if (p[key] !== undefined) v[key] = p[key];
  if (p.description !== undefined) v.description = sanitizeTemplateHtml(p.description);
  if (p.price !== undefined) v.price = money(p.price);
  if (p.duration_hours !== undefined) v.duration_hours = money(p.duration_hours);
  if (p.insurance_price !== undefined) v.insurance_price = money(p.insurance_price);
  for (const [field, column] of REF_LISTS) if (p[field] !== undefined) v[column] = p[field];
  if (p.main_activity !== undefined) v.main_activity_id = p.main_activity;
  if (p.map_photo_id !== undefined) v.map_photo_file_id = p.map_photo_id;
  return v as Partial<TourValues>;
};

/** The tour's lists from a body (undefined: not in the body, kept). */
export const childrenOf = (p: TourPatch): TourChildren => ({
  photos: p.photos && {
    items: p.photos.map((ph) => ({ file_id: ph.id, alt: ph.alt })),
    cover_file_id: p.cover_photo_id ?? null,
  },
  program: p.program?.map((d) => ({
    day: d.day,
    title: d.title,
    description: d.description,
    meals: d.meals,
    photos: d.photos.map((ph) => ({ file_id: ph.id, alt: ph.alt })),
  })),
  accommodations: p.accommodations?.map((a) => ({
    name: a.name,
    nights: a.nights,
    variants: a.variants.map((v) => ({
      name: v.name,
      description: v.description,
      price: money(v.price) ?? '0',
      places: v.places,
    })),
  })),
  questions: p.questions,
  guide_ids: p.guides && [...new Set(p.guides)],
  penalties: p.penalties?.map((x) => ({ days_before: x.days_before, percent: money(x.percent)! })),
  discounts: p.discounts && [
    ...p.discounts.early_booking_dates.map((d, position) => ({
      kind: 'early_booking_dates',
      position,
      date_from: d.date_from,
      date_to: d.date_to,
      value: money(d.value)!,
      value_type: d.value_type,
    })),
    ...p.discounts.early_booking_days.map((d, position) => ({
      kind: 'early_booking_days',
      position,
      days_before: d.days_before,
      value: money(d.value)!,
      value_type: d.value_type,
    })),
    ...p.discounts.seasonal.map((d, position) => ({
      kind: 'seasonal',
      position,
      date_from: d.date_from,
      date_to: d.date_to,
      value: money(d.value)!,
      value_type: d.value_type,
    })),
  ],
  cities: p.cities?.map((c, position) => ({
    city_id: c.city_id,
    position,
    arrival_enabled: c.arrival.is_enabled,
    arrival_transport: c.arrival.transport,
    arrival_day: c.arrival.day,
    arrival_time: c.arrival.time,
    departure_enabled: c.departure.is_enabled,
    departure_transport: c.departure.transport,
    departure_day: c.departure.day,
    departure_time: c.departure.time,
  })),
});

/** What the cross-field rules read of a stored tour, so an update sending half a range is checked whole. */
export const storedRanges = (row: TourRow): Record<string, unknown> => ({
  type: row.type,
  group_min: row.group_min,
  group_max: row.group_max,
  min_age: row.min_age,
  max_age: row.max_age,
  duration: row.duration,
  request_period_from: row.request_period_from,
  request_period_to: row.request_period_to,
});

export const addIssue = (errors: FieldMessages, path: string, ref: FieldMessages[string][number]): void => {
  (errors[path] ??= []).push(ref);
};
