import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { tourListItemSchema, type TourListItem } from '@tourdesk/contract/entities/tour';
import { createTestI18n } from '../../lib/i18n/resources';
import { ToursPage } from './tours-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const tour = (patch: Partial<TourListItem>): TourListItem =>
  tourListItemSchema.parse({ id: 1, tour_organizer_id: 3, name: 'Altai lakes', ...patch });

const ALTAI = tour({
  id: 11,
  name: 'Altai lakes',
  status: 'published',
  price: 45000,
  currency: 'RUB',
  duration: 7,
  next_dates: [
    {
      id: 5,
      date_start: '2027-06-12',
      date_end: '2027-06-18',
      time_start: null,
      number_of_seats: 12,
      number_of_free_seats: 5,
      not_guaranteed: false,
    },
  ],
  sites: [{ site_id: 1, status: 'moderation', reason: null }],
  alerts: ['need_add_active_dates'],
});
const WALK = tour({ id: 12, name: 'Old Barnaul walk', type: 2, duration_hours: 3, status: 'draft' });

/** A server of two tours: answers the list by its query, and the partners. */
const server = (items: TourListItem[]) =>
  vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/crm/api/organizer/partners')
      return json(200, {
        connected_sites: [{ site_id: 1, name: 'Travelpath', domain: 'travelpath.example', logo: null }],
        available_for_connection: [],
        agents: [],
      });
    const q = url.searchParams;
    const found = items.filter(
      (t) =>
        (!q.get('status') || t.status === q.get('status')) &&
        (!q.get('type') || String(t.type) === q.get('type')) &&
        (!q.get('search') || t.name.toLowerCase().includes(String(q.get('search')).toLowerCase())),
    );
    // a page when asked (limit), as the server does
    const limit = Number(q.get('limit') ?? found.length);
    const from = (Number(q.get('page') ?? 1) - 1) * limit;
    return json(200, { items: found.slice(from, from + limit), total: found.length });
  });

const renderAt = (language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      { path: '/:orgId/tours', element: <ToursPage /> },
      { path: '/:orgId/tours/create', element: <p>The editor</p> },
    ],
    { initialEntries: ['/3/tours'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

afterEach(() => vi.unstubAllGlobals());

describe('the tours screen', () => {
  it('shows each tour with its price, next departures and free seats, sites and alerts', async () => {
    vi.stubGlobal('fetch', server([ALTAI, WALK]));
    renderAt();
    const list = await screen.findByRole('list', { name: 'Tours' });
    const altai = within(list).getByRole('link', { name: 'Altai lakes' }).closest('li') as HTMLElement;
    expect(within(list).getByRole('link', { name: 'Altai lakes' })).toHaveAttribute('href', '/3/tours/11');
    expect(altai).toHaveTextContent('Published');
    expect(altai).toHaveTextContent('7 days');
    expect(altai).toHaveTextContent('Jun 12 · 5 of 12 seats free');
    expect(altai).toHaveTextContent('Travelpath');
    expect(within(altai).getByText('On moderation')).toBeInTheDocument();
    expect(altai).toHaveTextContent('Add dates travellers can book');
    const walk = within(list).getByRole('link', { name: 'Old Barnaul walk' }).closest('li') as HTMLElement;
    expect(walk).toHaveTextContent('Excursion');
    expect(walk).toHaveTextContent('3 hours');
    expect(walk).toHaveTextContent('No departures ahead');
    expect(screen.getByText('2 tours')).toBeInTheDocument();
  });

  it('filters by status, type and name through the list query', async () => {
    const fetch = server([ALTAI, WALK]);
    vi.stubGlobal('fetch', fetch);
    renderAt();
    await screen.findByRole('list', { name: 'Tours' });
    await userEvent.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Draft' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Altai lakes' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Old Barnaul walk' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'All' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Type' })).getByRole('button', { name: 'Tour' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Old Barnaul walk' })).not.toBeInTheDocument());
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Type' })).getByRole('button', { name: 'All types' }),
    );
    await userEvent.type(screen.getByLabelText('Search by name'), 'nothing like it');
    expect(await screen.findByText('No tours match these filters')).toBeInTheDocument();
    const lastList = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/crm/api/tour/list')
      .at(-1);
    expect(lastList?.searchParams.get('search')).toBe('nothing like it');
    expect(lastList?.searchParams.get('organizer_id')).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'Altai lakes' })).toBeInTheDocument();
  });

  it('shows a page of 20 tours at a time and goes back to the first page on another filter', async () => {
    const many = Array.from({ length: 45 }, (_, i) => tour({ id: 100 + i, name: `Tour ${i + 1}` }));
    vi.stubGlobal('fetch', server(many));
    renderAt();
    const list = await screen.findByRole('list', { name: 'Tours' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('45 tours')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of tours' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Tour 41' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tours' })).getAllByRole('listitem')).toHaveLength(5);
    // the search's first settling after the page opened does not send the provider back to page 1
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByRole('link', { name: 'Tour 41' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Draft' }));
    expect(await screen.findByRole('link', { name: 'Tour 1' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('leads a provider without tours to the first one, in Russian too', async () => {
    vi.stubGlobal('fetch', server([]));
    renderAt('ru');
    expect(await screen.findByText('Туров пока нет')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Новый тур' });
    expect(links.every((l) => l.getAttribute('href') === '/3/tours/create')).toBe(true);
    await userEvent.click(links.at(-1) as HTMLElement);
    expect(await screen.findByText('The editor')).toBeInTheDocument();
  });
});
