import type {
  Currency,
  Image,
  Language,
  Penalty,
  Ref,
  ScheduleType,
  SiteStatus,
  Tour,
  TourAlertType,
  TourStatus,
  TourType,
  TransportKind,
  DiscountValueType,
  PrepaymentType,
  WeekSchedule,
} from '@tourdesk/contract';
import { DAYS_IN_WEEK } from '@tourdesk/contract';
import type { CatalogueRow, TourQueries, TourRow } from './tour.repository';
import type { ScheduleToSweep } from './week-schedule.repository';

type Children = Awaited<ReturnType<TourQueries['loadChildren']>>;
export type FileUrl = (fileId: number | null) => string | null;

/** Numerics come from the database as text. */
export const num = (v: string | null): number | null => (v === null ? null : Number(v));

/** Preliminary dates need confirming once the next departure is this close. */
export const PRELIMINARY_DATES_WARN_DAYS = 30;

/**
 * SPEC §4 tour alerts: the dates are preliminary; preliminary dates to update (the next
 * departure is within PRELIMINARY_DATES_WARN_DAYS, or none is left); no active dates (a dated,
 * non-archived tour with no departure ahead that has free seats).
 */
export const tourAlerts = (
  tour: Pick<TourRow, 'status' | 'schedule_type' | 'is_dates_preliminary'>,
  next: { date_start: string; number_of_free_seats: number }[],
  now = new Date(),
): TourAlertType[] => {
  const alerts: TourAlertType[] = [];
  if (tour.status === 'archived') return alerts;
  if (tour.is_dates_preliminary) {
    alerts.push('dates_preliminary');
    const soon = new Date(now.getTime() + PRELIMINARY_DATES_WARN_DAYS * 86_400_000).toISOString().slice(0, 10);
    if (next.length === 0 || next[0]!.date_start <= soon) alerts.push('need_update_preliminary_dates');
  }
  if (tour.schedule_type === 1 && !next.some((d) => d.number_of_free_seats > 0)) alerts.push('need_add_active_dates');
  return alerts;
};

export const refOf = (row: CatalogueRow, lang: Language): Ref => ({
  id: row.id,
  name: lang === 'ru' ? row.name_ru : row.name_en,
});

export const imageOf = (fileUrl: FileUrl, fileId: number, alt: string): Image => ({
  id: fileId,
  url: fileUrl(fileId) ?? '',
  alt,
});

export const guideOf = (fileUrl: FileUrl, g: Children['guides'][number]) => ({
  id: g.id,
  tour_organizer_id: g.organizer_id,
  first_name: g.first_name,
  last_name: g.last_name,
  about: g.about,
  photo: g.photo_file_id ? imageOf(fileUrl, g.photo_file_id, '') : null,
});

/** A stored week schedule as SPEC §3 Week schedule: the seven weekdays, Sunday first, and its departure template. */
export const weekScheduleOf = (s: ScheduleToSweep): Required<WeekSchedule> => {
  const { schedule: r } = s;
  return {
    publish_count_days: r.publish_count_days,
    last_tour_date: r.last_tour_date,
    days_data: Array.from({ length: DAYS_IN_WEEK }, (_, day_of_week) => ({
      day_of_week,
      times: s.times.filter((t) => t.day_of_week === day_of_week).map((t) => t.time),
    })),
    excluded_periods_data: s.excluded,
    price: Number(r.price),
    days: r.days,
    number_of_seats: r.number_of_seats,
    full_payment_days: r.full_payment_days,
    prepayment_type: r.prepayment_type as PrepaymentType,
    prepayment_size: Number(r.prepayment_size),
    not_guaranteed: r.not_guaranteed,
    flight_included: r.flight_included,
    commentary: r.commentary,
  };
};

/** The stored tour as SPEC §3 Tour (every field, the contract's defaults where nothing is stored). */
export const toTour = (
  row: TourRow,
  c: Children,
  refs: Map<number, CatalogueRow>,
  alerts: TourAlertType[],
  lang: Language,
  fileUrl: FileUrl,
  schedule: ScheduleToSweep | null = null,
): Tour => {
  const refList = (ids: number[]): Ref[] =>
    ids.flatMap((id) => {
      const r = refs.get(id);
      return r ? [refOf(r, lang)] : [];
    });
  const mainActivity = row.main_activity_id ? refs.get(row.main_activity_id) : undefined;
  const discountsOf = (kind: string) => c.discounts.filter((d) => d.kind === kind);
  const value = (d: Children['discounts'][number]) => ({
    value: Number(d.value),
    value_type: d.value_type as DiscountValueType,
  });
  const cover = c.photos.find((p) => p.is_cover);
  return {
    id: row.id,
    tour_organizer_id: row.organizer_id,
    status: row.status as TourStatus,
    name: row.name,
    screen_name: row.screen_name,
    type: row.type as TourType,
    schedule_type: row.schedule_type as ScheduleType,
    is_periodical: row.is_periodical,
    is_dates_preliminary: row.is_dates_preliminary,
    is_program_preliminary: row.is_program_preliminary,
    description: row.description,
    video_url: row.video_url,
    countries: row.countries,
    regions: refList(row.region_ids),
    host_cities: refList(row.host_city_ids),
    rest_kinds: refList(row.rest_kind_ids),
    collections: refList(row.collection_ids),
    showplaces: refList(row.showplace_ids),
    main_activity: mainActivity ? refOf(mainActivity, lang) : null,
    languages: row.languages,
    currency: row.currency as Currency,
    price: num(row.price),
    difficulty: row.difficulty,
    gathering_place: row.gathering_place,
    group_min: row.group_min,
    group_max: row.group_max,
    duration: row.duration,
    duration_hours: num(row.duration_hours),
    min_age: row.min_age,
    max_age: row.max_age,
    max_tourist_weight: row.max_tourist_weight,
    in_price: row.in_price,
    not_in_price: row.not_in_price,
    base: row.base,
    base_plus: row.base_plus,
    medium: row.medium,
    improved: row.improved,
    premium: row.premium,
    living_base: row.living_base,
    accommodations: c.accommodations.map((a) => ({
      name: a.name,
      nights: a.nights,
      variants: c.variants
        .filter((v) => v.accommodation_id === a.id)
        .map((v) => ({
          name: v.name,
          description: v.description,
          price: Number(v.price),
          places: v.places,
          photos: [],
        })),
    })),
    program: c.days.map((d) => ({
      day: d.day,
      title: d.title,
      description: d.description,
      meals: d.meals as Tour['program'][number]['meals'],
      photos: c.dayPhotos.filter((p) => p.program_day_id === d.id).map((p) => imageOf(fileUrl, p.file_id, p.alt)),
    })),
    questions: c.questions.map((q) => ({
      question: q.question,
      answer: q.answer,
      added_to_voucher: q.added_to_voucher,
    })),
    guides: c.guides.map((g) => guideOf(fileUrl, g)),
    penalties: c.penalties.map((p): Penalty => ({ days_before: p.days_before, percent: Number(p.percent) })),
    discounts: {
      early_booking_dates: discountsOf('early_booking_dates').map((d) => ({
        date_from: d.date_from!,
        date_to: d.date_to!,
        ...value(d),
      })),
      early_booking_days: discountsOf('early_booking_days').map((d) => ({ days_before: d.days_before!, ...value(d) })),
      seasonal: discountsOf('seasonal').map((d) => ({ date_from: d.date_from!, date_to: d.date_to!, ...value(d) })),
    },
    cities: c.cities.flatMap((city) => {
      const ref = refs.get(city.city_id);
      if (!ref) return [];
      return [
        {
          city: refOf(ref, lang),
          arrival: {
            is_enabled: city.arrival_enabled,
            transport: city.arrival_transport as TransportKind[],
            day: city.arrival_day,
            time: city.arrival_time,
          },
          departure: {
            is_enabled: city.departure_enabled,
            transport: city.departure_transport as TransportKind[],
            day: city.departure_day,
            time: city.departure_time,
          },
        },
      ];
    }),
    // stored by save-week-schedule; kept when the tour goes back to dates, so the form reopens with it
    tour_week_schedule: schedule ? weekScheduleOf(schedule) : null,
    booking_end_hours: row.booking_end_hours,
    booking_auto_end_one_hour: row.booking_auto_end_one_hour,
    instant_booking: row.instant_booking,
    is_request_period_limited: row.is_request_period_limited,
    request_period_from: row.request_period_from,
    request_period_to: row.request_period_to,
    use_standard_cancellation_terms: row.use_standard_cancellation_terms,
    is_insurance_included: row.is_insurance_included,
    is_insurance_required: row.is_insurance_required,
    insurance_description: row.insurance_description,
    insurance_price: num(row.insurance_price),
    photos: c.photos.map((p) => imageOf(fileUrl, p.file_id, p.alt)),
    cover_photo_id: cover?.file_id ?? null,
    map_photo: row.map_photo_file_id ? imageOf(fileUrl, row.map_photo_file_id, '') : null,
    lat: row.lat,
    lng: row.lng,
    sites: c.sites.map((s) => ({ site_id: s.site_id, status: s.status as SiteStatus, reason: s.reason ?? null })),
    alerts,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
};

/** The ids a tour row and its cities point at in the catalogue. */
export const catalogueIdsOf = (row: TourRow, cityIds: number[]): number[] => [
  ...row.region_ids,
  ...row.host_city_ids,
  ...row.rest_kind_ids,
  ...row.collection_ids,
  ...row.showplace_ids,
  ...(row.main_activity_id ? [row.main_activity_id] : []),
  ...cityIds,
];
