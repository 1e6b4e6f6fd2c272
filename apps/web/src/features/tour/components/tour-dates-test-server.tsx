/**
 * Test helpers of the departures editor: a tour's departures kept in memory and served as the
 * server's routes do (get-dates paged by period and schedule type, save-date, save-dates all or
 * none with duplicates refused on their rows, remove-date refusing a booked one), and the editor
 * rendered with the app's providers.
 */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, UiTextsProvider } from '@tourdesk/ui';
import type { Tour, TourDate } from '@tourdesk/contract/entities/tour';
import { createTestI18n } from '../../../lib/i18n/resources';
import { validationError } from '../../../test/error-bodies';
import { TourDates } from './tour-dates';

// jsdom has no ResizeObserver; the kit's Radix checkbox measures itself with it
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The tour of these tests' departures. */
export const TOUR_ID = 21;

const DAY_MS = 86_400_000;
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** A departure as the server answers it (every SPEC §3 field), from what a test names. */
const tourDate = (fields: Partial<TourDate> & Pick<TourDate, 'id' | 'date_start' | 'number_of_seats'>): TourDate => ({
  tour_id: TOUR_ID,
  uid: null,
  date_end: fields.date_start,
  date_start_formatted: '',
  date_end_formatted: '',
  time_start: null,
  price: 45000,
  currency: 'RUB',
  days: 1,
  number_of_free_seats: fields.number_of_seats,
  full_payment_days: null,
  prepayment_type: 'percent',
  prepayment_size: 0,
  not_guaranteed: false,
  flight_included: false,
  tour_variant: null,
  commentary: '',
  is_busy: false,
  is_from_schedule: false,
  ...fields,
});

/** A stored departure of 7 days and 12 seats unless told, its seats free unless `booked`. */
export const departure = (
  id: number,
  date_start: string,
  over: Partial<TourDate> & { booked?: number } = {},
): TourDate => {
  const { booked = 0, ...rest } = over;
  const seats = rest.number_of_seats ?? 12;
  const days = rest.days ?? 7;
  return tourDate({
    id,
    date_start,
    date_end: plusDays(date_start, days - 1),
    days,
    number_of_seats: seats,
    number_of_free_seats: seats - booked,
    is_busy: booked > 0,
    ...rest,
  });
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

type Answer = Response | undefined;

/**
 * A server of one tour's departures, `today` being the server's day. `override` answers a call
 * first (a refusal to test); undefined lets the server answer.
 */
export const departuresServer = (
  tour: Tour,
  stored: TourDate[],
  today: string,
  override: (path: string, body: Record<string, unknown> | null) => Answer = () => undefined,
) => {
  const dates = [...stored];
  let nextId = 1000;
  const keyOf = (d: Record<string, unknown> | TourDate) =>
    `${String(d.date_start)}|${String(d.time_start ?? '')}|${String(d.tour_variant ?? '')}`;
  const fromBody = (b: Record<string, unknown>, id: number, old?: TourDate): TourDate => {
    const seats = Number(b.number_of_seats);
    const booked = old ? old.number_of_seats - old.number_of_free_seats : 0;
    return tourDate({
      ...(b as Partial<TourDate>),
      date_start: String(b.date_start),
      id,
      uid: (b.uid as string | undefined) ?? null,
      days: (b.days as number | null) ?? 1,
      number_of_seats: seats,
      number_of_free_seats: seats - booked,
      is_busy: booked > 0,
      is_from_schedule: old?.is_from_schedule ?? false,
    });
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? bodyOf(init) : null;
    const answer = override(url.pathname, body);
    if (answer) return answer;
    switch (url.pathname) {
      case '/crm/api/tour/view':
        return json(200, tour);
      case '/crm/api/tour/get-dates': {
        const q = url.searchParams;
        const period = q.get('period') ?? 'upcoming';
        const page = Number(q.get('page') ?? 1);
        const limit = Number(q.get('limit') ?? 20);
        const type = q.get('schedule_type');
        const rows = dates
          .filter((d) =>
            period === 'upcoming' ? d.date_start >= today : period === 'past' ? d.date_start < today : true,
          )
          .filter((d) => (type === null ? true : d.is_from_schedule === (type === '2')))
          .sort((a, b) => (period === 'past' ? -1 : 1) * a.date_start.localeCompare(b.date_start));
        return json(200, { items: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit });
      }
      case '/crm/api/tour/save-date': {
        const b = body!;
        const old = dates.find((d) => d.id === b.date_id);
        if (dates.some((d) => d.id !== b.date_id && keyOf(d) === keyOf(b)))
          return json(422, validationError({ date_start: 'tour_date_duplicate' }));
        const saved = fromBody(b, old?.id ?? nextId++, old);
        if (old) dates.splice(dates.indexOf(old), 1, saved);
        else dates.push(saved);
        return json(200, saved);
      }
      case '/crm/api/tour/save-dates': {
        const rows = body!.dates as Record<string, unknown>[];
        const taken = new Set(dates.map(keyOf));
        const refused = Object.fromEntries(
          rows.flatMap((r, i) =>
            taken.has(keyOf(r)) ? [[`dates.${i}.date_start`, 'tour_date_duplicate' as const]] : [],
          ),
        );
        if (Object.keys(refused).length) return json(422, validationError(refused));
        const saved = rows.map((r) => fromBody(r, nextId++));
        dates.push(...saved);
        return json(200, { items: saved });
      }
      case '/crm/api/tour/remove-date': {
        const d = dates.find((x) => x.id === body!.date_id);
        if (!d) return json(404, { message: 'Departure not found', code: 'tour_date_not_found' });
        if (d.is_busy) return json(422, validationError({ date_id: 'tour_date_busy' }));
        dates.splice(dates.indexOf(d), 1);
        return json(200, { success: true });
      }
      default:
        return json(404, { message: 'Not found', code: 'not_found' });
    }
  });
  return { fetch, dates };
};

/** The calls made to a path, with their bodies or queries. */
export const callsTo = (fetch: ReturnType<typeof departuresServer>['fetch'], path: string) =>
  fetch.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      body: init?.body ? bodyOf(init) : null,
    }));

/** The dates area of the editor for a tour, as the editor renders it. */
export const renderDates = (tour: Tour, language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter([{ path: '*', element: <TourDates tour={tour} /> }], {
    initialEntries: [`/${tour.tour_organizer_id}/tours/${tour.id}`],
  });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        {/* the kit in the interface language, as the app's providers set it */}
        <UiTextsProvider locale={language}>
          <RouterProvider router={router} />
          <Toaster />
        </UiTextsProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};
