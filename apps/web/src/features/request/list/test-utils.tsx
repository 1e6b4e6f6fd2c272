import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import type { TourPrices } from '@tourdesk/contract/api/prices';
import type { ReactNode } from 'react';
import { REQUEST_GROUPS, requestListItemSchema, type RequestListItem } from '@tourdesk/contract/api/request-list';
import { tourForRequestSchema, type TourForRequest } from '@tourdesk/contract/api/tour';
import {
  requestSchema,
  requestSearchFilterSchema,
  type RequestSearchFilter,
} from '@tourdesk/contract/entities/request';
import { tourDateSchema, type TourDate } from '@tourdesk/contract/entities/tour';
import { REQUEST_SOURCES } from '@tourdesk/contract/enum-values';
import type { RealtimeEvent } from '@tourdesk/contract/realtime-values';
import { createTestI18n } from '../../../lib/i18n/resources';
import { createRealtimeClient } from '../../../lib/socket/realtime-client';
import { RealtimeProvider } from '../../../lib/socket/realtime-context';

export const ORG = 3;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const request = (patch: Partial<RequestListItem> & { id: number }): RequestListItem =>
  requestListItemSchema.parse({
    status: 1,
    source: 'marketplace',
    tour: { id: 11, name: 'Altai lakes' },
    tour_date_id: 51,
    date_start: '2027-06-12',
    date_end: '2027-06-18',
    tourists_count: 2,
    price: 90000,
    paid_amount: 0,
    balance: 90000,
    currency: 'RUB',
    customer_name: 'Anna Smirnova',
    customer_email: 'anna@example.com',
    customer_phone: '+79161234567',
    created_at: '2027-05-01T09:30:00.000Z',
    updated_at: '2027-05-01T09:30:00.000Z',
    hold_expires_at: null,
    base_sale_status: null,
    is_individual_tour: false,
    ...patch,
  });

export const tourChoice = (patch: Partial<TourForRequest> & { id: number; name: string }): TourForRequest =>
  tourForRequestSchema.parse({
    type: 1,
    schedule_type: 1,
    status: 'published',
    currency: 'RUB',
    price: 45000,
    ...patch,
  });

export const departure = (patch: Partial<TourDate> & { id: number }): TourDate =>
  tourDateSchema.parse({
    tour_id: 11,
    date_start: '2027-06-12',
    date_end: '2027-06-18',
    price: 45000,
    days: 7,
    number_of_seats: 12,
    number_of_free_seats: 5,
    ...patch,
  });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

export interface ServerState {
  requests: RequestListItem[];
  saved: Record<0 | 1, RequestSearchFilter>;
  tours: TourForRequest[];
  departures: Record<number, TourDate[]>;
  /** a tour's traveller categories and extras (GET tour/prices); a tour without is not found */
  prices: Record<number, TourPrices>;
  calls: Call[];
  /** idempotency key → the request it made */
  keys: Map<string, number>;
}

const defaultFilter = (kind: 0 | 1) => requestSearchFilterSchema.parse({ is_individual_tour: kind });

/**
 * The HTTP side of the request list screen as the server answers it (request-list.service.ts and
 * request.service.ts): list-for-org with groups, kind, filters and search; the groups' counts; the
 * saved filter per kind; the filters' choices; the badge's count; the tours and departures a new
 * request picks from; create-request-with-own-type with its seat check and idempotency key.
 */
export const requestServer = (init: Partial<Omit<ServerState, 'calls' | 'keys'>> = {}) => {
  const state: ServerState = {
    requests: init.requests ?? [],
    saved: init.saved ?? { 0: defaultFilter(0), 1: defaultFilter(1) },
    tours: init.tours ?? [],
    departures: init.departures ?? {},
    prices: init.prices ?? {},
    calls: [],
    keys: new Map(),
  };
  const ofKind = (q: URLSearchParams) => {
    const kind = q.get('is_individual_tour');
    return state.requests.filter((r) => kind === null || r.is_individual_tour === (kind === '1'));
  };
  const handler = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const q = url.searchParams;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    state.calls.push({ method: init?.method ?? 'GET', path: url.pathname, query: q, body });
    switch (url.pathname) {
      case '/crm/api/request/list-for-org': {
        const group = REQUEST_GROUPS.find((g) => g.id === Number(q.get('group_id') ?? 1))!;
        const f = JSON.parse(q.get('filters') ?? '{}') as {
          tour_ids?: number[];
          statuses?: number[];
          sources?: string[];
          date_from?: string;
          date_to?: string;
          query?: string;
        };
        const text = f.query?.toLowerCase().replace(/^#/, '');
        const found = ofKind(q)
          .filter((r) => (group.statuses as readonly number[]).includes(r.status))
          .filter((r) => !f.statuses?.length || f.statuses.includes(r.status))
          .filter((r) => !f.tour_ids?.length || (r.tour !== null && f.tour_ids.includes(r.tour.id)))
          .filter((r) => !f.sources?.length || f.sources.includes(r.source))
          .filter((r) => !f.date_from || (r.date_start !== null && r.date_start >= f.date_from))
          .filter((r) => !f.date_to || (r.date_start !== null && r.date_start <= f.date_to))
          .filter((r) => !text || r.customer_name.toLowerCase().includes(text) || String(r.id) === text)
          .sort((a, b) => b.id - a.id);
        const limit = Number(q.get('limit') ?? 20);
        const page = Number(q.get('page') ?? 1);
        return json(200, {
          items: found.slice((page - 1) * limit, page * limit),
          total: found.length,
          total_exact: true,
          page,
          limit,
        });
      }
      case '/crm/api/request/groups':
        return json(200, {
          items: REQUEST_GROUPS.map((g) => ({
            ...g,
            statuses: [...g.statuses],
            count: ofKind(q).filter((r) => (g.statuses as readonly number[]).includes(r.status)).length,
            count_exact: true,
          })),
        });
      case '/crm/api/request/count-for-org':
        return json(200, { count: state.requests.filter((r) => r.status === 1).length });
      case '/crm/api/request/get-search-filter':
        return json(200, state.saved[q.get('is_individual_tour') === '1' ? 1 : 0]);
      case '/crm/api/request/set-search-filter': {
        const kind = body?.is_individual_tour === 1 ? 1 : 0;
        const { organizer_id: _org, ...rest } = body ?? {};
        state.saved[kind] = requestSearchFilterSchema.parse({ ...rest, is_individual_tour: kind });
        return json(200, state.saved[kind]);
      }
      case '/crm/api/request/tours':
      case '/crm/api/request/individual-tours': {
        const individual = url.pathname.endsWith('individual-tours');
        const counts = new Map<number, { id: number; name: string; count: number }>();
        for (const r of state.requests)
          if (r.tour && r.is_individual_tour === individual) {
            const c = counts.get(r.tour.id) ?? { ...r.tour, count: 0 };
            c.count += 1;
            counts.set(r.tour.id, c);
          }
        return json(200, { items: [...counts.values()].sort((a, b) => a.name.localeCompare(b.name)) });
      }
      case '/crm/api/request/get-date-start-request':
      case '/crm/api/request/get-date-start-individual-tours': {
        const starts = state.requests
          .filter((r) => r.is_individual_tour === url.pathname.endsWith('individual-tours') && r.date_start)
          .map((r) => r.date_start as string)
          .sort();
        return json(200, { min: starts[0] ?? null, max: starts.at(-1) ?? null, months: [] });
      }
      case '/crm/api/request/request-sources':
        return json(200, {
          items: REQUEST_SOURCES.map((source) => ({
            source,
            count: ofKind(q).filter((r) => r.source === source).length,
          })),
        });
      case '/crm/api/tour/list-for-request-with-own-type':
        return json(200, { items: state.tours });
      case '/crm/api/tour/prices': {
        const prices = state.prices[Number(q.get('tour_id'))];
        return prices ? json(200, prices) : json(404, { message: 'Tour not found', code: 'tour_not_found' });
      }
      case '/crm/api/tour/get-dates': {
        const items = state.departures[Number(q.get('tour_id'))] ?? [];
        return json(200, { items, total: items.length, page: 1, limit: Number(q.get('limit') ?? 20) });
      }
      case '/crm/api/request/create-request-with-own-type': {
        const b = body as {
          idempotency_key: string;
          tour_id: number;
          tour_date_id: number | null;
          tourists_count: number;
          customer_name: string;
          is_individual_tour: boolean;
          extras?: { extra_id: number; quantity: number }[];
          promo_code?: string;
        };
        // the pricing refusals, as the server words them: a code it does not know, an extra's stock
        const refused = (field: string, message: string, code: string, params: object = {}) =>
          json(422, {
            message,
            code: 'validation_failed',
            errors: { [field]: [message] },
            codes: { [field]: [{ code, params }] },
          });
        if (b.promo_code !== undefined && b.promo_code.toUpperCase() !== 'SPRING')
          return refused('promo_code', 'No such promo code', 'promo_code_unknown');
        const extras = state.prices[b.tour_id]?.extras ?? [];
        const over = (b.extras ?? []).findIndex(
          (x) => x.quantity > (extras.find((e) => e.id === x.extra_id)?.stock ?? Infinity),
        );
        if (over >= 0)
          return refused(`extras.${over}.quantity`, 'Not enough left', 'extra_out_of_stock', {
            free: extras.find((e) => e.id === b.extras![over]!.extra_id)!.stock,
          });
        const made = state.keys.get(b.idempotency_key);
        const existing = made !== undefined ? state.requests.find((r) => r.id === made) : undefined;
        const tour = state.tours.find((t) => t.id === b.tour_id)!;
        const date = (state.departures[b.tour_id] ?? []).find((d) => d.id === b.tour_date_id);
        if (!existing && date && b.tourists_count > date.number_of_free_seats)
          return json(422, {
            message: 'The given data was invalid',
            code: 'validation_failed',
            errors: { tourists_count: [`Not enough free seats: ${date.number_of_free_seats} left on this departure`] },
            codes: { tourists_count: [{ code: 'not_enough_seats', params: { free: date.number_of_free_seats } }] },
          });
        const row =
          existing ??
          request({
            id: Math.max(100, ...state.requests.map((r) => r.id)) + 1,
            source: 'own',
            tour: { id: tour.id, name: tour.name },
            tour_date_id: b.tour_date_id,
            tourists_count: b.tourists_count,
            customer_name: b.customer_name,
            is_individual_tour: b.is_individual_tour,
          });
        if (!existing) {
          state.requests.push(row);
          state.keys.set(b.idempotency_key, row.id);
          if (date) date.number_of_free_seats -= b.tourists_count;
        }
        return json(
          200,
          requestSchema.parse({
            request_id: row.id,
            uuid: '0b7e4a8c-4a52-4e2e-9d8a-3f1c2b6d7e90',
            tour_organizer_id: ORG,
            source: 'own',
            tourists_count: row.tourists_count,
            customer_name: row.customer_name,
          }),
        );
      }
      default:
        return json(404, { message: 'Not found', code: 'not_found' });
    }
  });
  /** The calls made to a path, oldest first. */
  const callsTo = (path: string) => state.calls.filter((c) => c.path === `/crm/api/${path}`);
  return { state, handler, callsTo };
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `element` at `path` (under /:orgId/bookings routes) with the query cache, i18n and a socket the test drives. */
export const renderWithApp = (
  element: ReactNode,
  { path = `/${ORG}/bookings`, language = 'en' }: { path?: string; language?: 'en' | 'ru' } = {},
) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const realtime = createRealtimeClient({ fetchChannels: async () => ({ connectionToken: 't', channels: [] }) });
  const router = createMemoryRouter(
    [
      {
        path: '/:orgId/bookings',
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '/:orgId/bookings/:id', element: <Where /> },
      { path: '/:orgId/tours/create', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const i18n = createTestI18n(language);
  render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
          <Toaster />
        </I18nextProvider>
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  /** What the server publishes, as the socket hands it to the client. */
  const publish = (channel: string, event: RealtimeEvent, payload: Record<string, unknown>) =>
    act(() => realtime.dispatch({ channel, event, payload }));
  return { queryClient, router, publish };
};
