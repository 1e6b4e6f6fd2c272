import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Manifest } from '@tourdesk/contract/api/manifest';
import { createTestI18n } from '../../lib/i18n/resources';
import { clearToken, setToken } from '../../lib/api/token-storage';
import { queued } from './manifest-queue';
import { ManifestPage } from './manifest-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const TRAVELLER = {
  tourist_id: 1,
  place: 1,
  full_name: 'Petrova Olga',
  phone: '+7 916 123-45-67',
  is_lead: true,
  category: { code: 'adult', name_en: 'Adult', name_ru: 'Взрослый' },
  birthday: '1988-07-11',
  age: 41,
  food_restriction: 'vegetarian',
  is_child: false,
  needs_transfer: false,
  checkin: null,
};
const MANIFEST: Manifest = {
  departure: {
    id: 5,
    tour_id: 2,
    tour_name: 'Altai lakes',
    organizer_id: 3,
    date_start: '2030-07-10',
    date_end: '2030-07-15',
    time_start: '09:00',
    number_of_seats: 20,
  },
  guides: [{ id: 1, name: 'Gleb Guide' }],
  requests: [
    {
      request_id: 12,
      status: 2,
      contact_name: 'Olga Petrova',
      contact_phone: '+79160000001',
      balance_due_minor: 1_250_000,
      currency: 'RUB',
      travellers: [
        TRAVELLER,
        {
          ...TRAVELLER,
          tourist_id: null,
          place: 2,
          full_name: '',
          phone: '',
          is_lead: false,
          age: null,
          food_restriction: '',
          birthday: null,
        },
      ],
    },
  ],
  totals: { travellers: 2, checked_in: 0, no_show: 0 },
};

const renderPage = (language: 'en' | 'ru') => {
  const router = createMemoryRouter(
    [{ path: '/:orgId/departures/:tour_date_id/manifest', element: <ManifestPage /> }],
    { initialEntries: ['/3/departures/5/manifest'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

beforeEach(() => {
  localStorage.clear();
  setToken('test-access-token');
});
afterEach(() => {
  clearToken();
  vi.unstubAllGlobals();
});

describe('the manifest page', () => {
  it('shows travellers by request with tap-to-call, badges, balance due and an unnamed place (en)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, MANIFEST)),
    );
    renderPage('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Altai lakes' })).toBeInTheDocument();
    expect(screen.getByTestId('manifest-counts')).toHaveTextContent('0 of 2 checked in');
    expect(screen.getByText('Guides: Gleb Guide')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Petrova Olga' })).toHaveAttribute('href', 'tel:+79161234567');
    expect(screen.getByText('Food: vegetarian')).toBeInTheDocument();
    expect(screen.getByText('41 y.o.')).toBeInTheDocument();
    expect(screen.getByText('Traveller 2 of 2')).toBeInTheDocument();
    expect(screen.getByText(/Due: /)).toHaveTextContent('Due: RUB 12,500.00');
  });

  it('queues a check-in made offline, shows it waiting, and sends it when back online (ru)', async () => {
    let online = false;
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/crm/api/departure/checkin') {
          if (!online) throw new TypeError('Failed to fetch');
          const body = JSON.parse(String(init?.body)) as { request_id: number; place: number };
          posted.push(body);
          return json(200, { request_id: body.request_id, place: body.place, checkin: null, replayed: false });
        }
        return json(200, MANIFEST);
      }),
    );
    renderPage('ru');
    await screen.findByRole('heading', { level: 1, name: 'Altai lakes' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Отметить: Petrova Olga пришёл' }));
    const olga = screen.getByRole('listitem', { name: 'Petrova Olga' });
    expect(within(olga).getByTestId('checkin-state')).toHaveTextContent('ПришёлЖдёт отправки');
    expect(screen.getByTestId('manifest-counts')).toHaveTextContent('Отмечено 1 из 2');
    expect(screen.getByText('1 отметка ждёт отправки')).toBeInTheDocument();
    expect(queued()).toEqual([
      { tour_date_id: 5, request_id: 12, place: 1, status: 'checked_in', client_key: expect.any(String) },
    ]);
    const key = queued()[0]!.client_key;
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ tour_date_id: 5, request_id: 12, place: 1, status: 'checked_in', client_key: key });
    await waitFor(() => expect(screen.queryByText('1 отметка ждёт отправки')).toBeNull());
    expect(queued()).toEqual([]);
  });
});
