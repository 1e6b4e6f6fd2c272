import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CalendarDeparture } from '@tourdesk/contract/api/departure';
import { createTestI18n } from '../../lib/i18n/resources';
import { DeparturesPage } from './departures-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ALTAI: CalendarDeparture = {
  checked_in: 0,
  tour_date_id: 11,
  tour_id: 7,
  tour_name: 'Altai ridge',
  date_start: '2030-06-01',
  date_end: '2030-06-03',
  time_start: '09:00',
  tour_variant: '',
  capacity: 10,
  booked: 3,
  held: 0,
  free: 7,
  guides: [],
  status: 'scheduled',
};
const OLGA = { id: 4, first_name: 'Olga', last_name: 'Petrova', user_id: null };

/** The API as the panel sees it; `role` is the caller's in organizer 3. */
const server = (role: string) => {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ path: url.pathname + url.search, body });
    switch (url.pathname) {
      case '/crm/api/organizer/list':
        return json(200, [{ id: 3, name: 'Altai Trails', role }]);
      case '/crm/api/departure/calendar':
        return json(200, { items: [ALTAI] });
      case '/crm/api/departure/guides':
        return json(200, { tour_date_id: 11, guides: [], conflicts: [] });
      case '/crm/api/tour/guides':
        return json(200, [{ ...OLGA, tour_organizer_id: 3, about: '', photo: null, tours_count: 1 }]);
      case '/crm/api/team/members':
        return json(200, { items: [] });
      case '/crm/api/departure/set-guides':
        return json(200, {
          tour_date_id: 11,
          guides: [OLGA],
          conflicts: [
            {
              guide_id: 4,
              tour_date_id: 12,
              tour_id: 8,
              tour_name: 'Baikal ice',
              date_start: '2030-06-03',
              date_end: '2030-06-05',
              time_start: '',
            },
          ],
        });
      case '/crm/api/departure/cancel-preview':
        return json(200, {
          tour_date_id: 11,
          rule: url.searchParams.get('rule'),
          canceled_at: null,
          items: [
            {
              request_id: 41,
              customer_name: 'Ivan Petrov',
              status: 3,
              seats: 3,
              currency: 'RUB',
              paid: 6000,
              penalty: url.searchParams.get('rule') === 'none' ? 6000 : 0,
              refund: url.searchParams.get('rule') === 'none' ? 0 : 6000,
            },
          ],
        });
      case '/crm/api/departure/cancel':
        return json(200, {
          tour_date_id: 11,
          canceled_at: '2030-05-01T10:00:00Z',
          items: [
            {
              request_id: 41,
              customer_name: 'Ivan Petrov',
              result: 'canceled',
              currency: 'RUB',
              refunded: 6000,
              refund_left: 0,
              error: null,
            },
          ],
        });
      case '/crm/api/departure/message':
        return json(200, { tour_date_id: 11, requests: 1, messages: 1, failed: [] });
      default:
        return json(404, { message: 'Not found' });
    }
  });
  return { fetch, calls };
};

const renderAt = (language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter([{ path: '/:orgId/departures', element: <DeparturesPage /> }], {
    initialEntries: ['/3/departures?day=2030-06-01'],
  });
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

describe('the departure panel', () => {
  it('assigns a guide and shows the clash, previews the cancel by rule and confirms it, messages the travellers', async () => {
    const { fetch, calls } = server('manager');
    vi.stubGlobal('fetch', fetch);
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: /Manage the departure Altai ridge/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Olga Petrova' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save guides' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A guide is on another departure at the same time:Olga Petrova: Baikal ice',
    );
    expect(calls.find((c) => c.path === '/crm/api/departure/set-guides')!.body).toEqual({
      organizer_id: 3,
      tour_date_id: 11,
      guide_ids: [4],
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel departure' }));
    const row = await within(dialog).findByRole('row', { name: /Ivan Petrov/ });
    expect(row).toHaveTextContent('№ 41 Ivan Petrov3RUB 6,000.00RUB 6,000.00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Refund'), 'none');
    expect(await within(dialog).findByRole('row', { name: /\b0\.00$/ })).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Refund'), 'full');
    await userEvent.type(within(dialog).getByLabelText('Message to the travellers (optional)'), 'Storm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the departure' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Departure canceled: 1 request canceled№ 41 Ivan Petrov: refunded RUB 6,000.00',
    );
    expect(calls.find((c) => c.path === '/crm/api/departure/cancel')!.body).toEqual({
      organizer_id: 3,
      tour_date_id: 11,
      rule: 'full',
      message: 'Storm',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Message travellers' }));
    await userEvent.type(within(dialog).getByLabelText('Message to everyone on this departure'), 'Meet at 7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sent to 1 request');
    expect(calls.find((c) => c.path === '/crm/api/departure/message')!.body).toEqual({
      organizer_id: 3,
      tour_date_id: 11,
      text: 'Meet at 7',
    });
  });

  it('is not offered to a guide', async () => {
    const { fetch } = server('guide');
    vi.stubGlobal('fetch', fetch);
    renderAt();
    expect(await screen.findByRole('link', { name: /Altai ridge/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Manage/ })).toBeNull();
  });

  it('speaks Russian', async () => {
    const { fetch } = server('owner');
    vi.stubGlobal('fetch', fetch);
    renderAt('ru');
    await userEvent.click(await screen.findByRole('button', { name: /Управлять заездом Altai ridge/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Отменить заезд' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Написать участникам' })).toBeInTheDocument();
  });
});
