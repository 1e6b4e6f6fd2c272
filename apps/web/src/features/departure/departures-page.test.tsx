import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { CalendarDeparture } from '@tourdesk/contract/api/departure';
import { createTestI18n } from '../../lib/i18n/resources';
import { DeparturesPage } from './departures-page';
import { rangeOf, shift } from './calendar-range';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const base = { tour_variant: '', time_start: '', guides: [], status: 'scheduled' as const, checked_in: 0 };
const ITEMS: CalendarDeparture[] = [
  {
    ...base,
    tour_date_id: 11,
    tour_id: 7,
    tour_name: 'Altai ridge',
    date_start: '2030-06-01',
    date_end: '2030-06-03',
    time_start: '09:00',
    capacity: 10,
    booked: 3,
    held: 2,
    free: 5,
    checked_in: 2,
    guides: [{ id: 4, first_name: 'Olga', last_name: 'Petrova', user_id: null }],
  },
  {
    ...base,
    tour_date_id: 12,
    tour_id: 8,
    tour_name: 'Baikal ice',
    date_start: '2030-06-03',
    date_end: '2030-06-05',
    capacity: 4,
    booked: 4,
    held: 0,
    free: 0,
  },
];

const server = () =>
  vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/crm/api/departure/calendar') return json(200, { items: ITEMS });
    return json(404, { message: 'Not found' });
  });

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const renderAt = (path: string, language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      {
        path: '/:orgId/departures',
        element: (
          <>
            <DeparturesPage />
            <Address />
          </>
        ),
      },
      { path: '/:orgId/departures/:id/manifest', element: <Address /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('calendar ranges', () => {
  it('are the month, the week from Monday, the day; and move by one of them', () => {
    expect(rangeOf('month', '2030-06-14')).toEqual({ from: '2030-06-01', to: '2030-06-30' });
    expect(rangeOf('week', '2030-06-14')).toEqual({ from: '2030-06-10', to: '2030-06-16' });
    expect(rangeOf('day', '2030-06-14')).toEqual({ from: '2030-06-14', to: '2030-06-14' });
    expect(shift('month', '2030-12-14', 1)).toBe('2031-01-01');
    expect(shift('week', '2030-06-14', -1)).toBe('2030-06-07');
  });
});

describe('the departures screen', () => {
  it('shows every departure of the month with its counts and fullness in words, and opens its manifest', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/departures?day=2030-06-14');
    const altai = await screen.findByRole('link', { name: /Altai ridge/ });
    expect(altai).toHaveTextContent(
      'Altai ridge09:003 booked · 2 held / 10 · half full2 checked inGuides: Olga Petrova',
    );
    expect(altai).toHaveAttribute('data-fullness', 'medium');
    const baikal = screen.getByRole('link', { name: /Baikal ice/ });
    expect(baikal).toHaveTextContent('4 booked · 0 held / 4 · full');
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ organizer_id: '3', from: '2030-06-01', to: '2030-06-30' });
    // the tour filter
    await userEvent.selectOptions(screen.getByLabelText('Tour'), 'Baikal ice');
    expect(screen.queryByRole('link', { name: /Altai ridge/ })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: /Baikal ice/ }));
    expect(screen.getByTestId('address')).toHaveTextContent('/3/departures/12/manifest');
  });

  it('switches to the week and moves with the keyboard, in Russian', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/departures?day=2030-06-03&view=week', 'ru');
    const list = await screen.findByRole('list', { name: 'Заезды' });
    expect(within(list).getByRole('link', { name: /Baikal ice/ })).toHaveTextContent(
      '4 забронировано · 0 в резерве / 4 · мест нет',
    );
    expect(screen.getByRole('button', { name: 'Неделя' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Следующий период' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/3/departures?day=2030-06-10&view=week');
    const last = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost');
    expect(last.searchParams.get('from')).toBe('2030-06-10');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('address')).toHaveTextContent('/3/departures?day=2030-06-03&view=week');
  });
});
