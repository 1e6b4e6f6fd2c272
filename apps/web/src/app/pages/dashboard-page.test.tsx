import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CURRENT_AGREEMENT_VERSION } from '@tourdesk/contract/api/organizer-routes';
import type { DashboardResponse, DashboardWeek } from '@tourdesk/contract/api/organizer';
import { createTestI18n } from '../../lib/i18n/resources';
import { DashboardPage } from './dashboard-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** 12 weeks from Monday 2027-02-15; the last is this one. */
const weeks = (fill: (i: number) => Partial<DashboardWeek>): DashboardWeek[] =>
  Array.from({ length: 12 }, (_, i) => ({
    week_start: new Date(Date.UTC(2027, 1, 15 + 7 * i)).toISOString().slice(0, 10),
    requests: 0,
    revenue: [],
    ...fill(i),
  }));

const DASHBOARD: DashboardResponse = {
  organizer_country: 'RU',
  should_show_agreement_popup: false,
  agreement_version: CURRENT_AGREEMENT_VERSION,
  organizer_verification: { internal_check_status: 'success', verification_status: 'success' },
  organizer_commission: 10,
  is_verification_failed: false,
  verification_next_step: 'none',
  verification_reason: null,
  figures_shown: true,
  new_requests_count: 3,
  upcoming_departures_count: 2,
  unpaid_invoices_count: 3,
  unpaid_invoices: [
    { currency: 'EUR', count: 1, amount: 360 },
    { currency: 'RUB', count: 2, amount: 10000.5 },
  ],
  today: '2027-05-05',
  upcoming_departures_to: '2027-05-11',
  weeks: weeks((i) => ({
    requests: [0, 1, 0, 2, 4, 1, 0, 3, 5, 2, 6, 3][i],
    revenue:
      i === 11
        ? [
            { currency: 'EUR', amount: 360 },
            { currency: 'RUB', amount: 6000 },
          ]
        : i === 10 || i === 8
          ? [{ currency: 'RUB', amount: 25000 }]
          : [],
  })),
};

const server = (dashboard: DashboardResponse) =>
  vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/crm/api/user/dashboard') return json(200, dashboard);
    if (url.pathname === '/crm/api/organizer/list')
      return json(200, [{ id: 3, name: 'Altai Trails', logo: null, is_internal_check_success: true }]);
    if (url.pathname === '/crm/api/organizer/partners')
      return json(200, { connected_sites: [], available_for_connection: [], agents: [] });
    return json(404, { message: 'Not found' });
  });

const renderAt = (language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      { path: '/:orgId/dashboard', element: <DashboardPage /> },
      { path: '/:orgId/bookings', element: <p>The bookings</p> },
      { path: '/:orgId/payments', element: <p>The payments</p> },
    ],
    { initialEntries: ['/3/dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
};

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard', () => {
  it('shows the morning figures, each a link to its filtered list', async () => {
    vi.stubGlobal('fetch', server(DASHBOARD));
    const router = renderAt();
    expect(await screen.findByTestId('count-new_requests')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: /3\s*new requests/ })).toHaveAttribute('href', '/3/bookings?group=new');
    expect(screen.getByRole('link', { name: /2\s*departures in the next 7 days/ })).toHaveAttribute(
      'href',
      '/3/bookings?group=all&date_from=2027-05-05&date_to=2027-05-11',
    );
    const unpaid = screen.getByRole('link', { name: /3\s*unpaid invoices/ });
    expect(unpaid).toHaveAttribute('href', '/3/payments?status=1');
    // the amounts per currency, side by side, never added together
    expect(screen.getByTestId('detail-unpaid_invoices')).toHaveTextContent('€360.00 · RUB 10,000.50');
    await userEvent.click(unpaid);
    expect(await screen.findByText('The payments')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=1');
  });

  it('charts requests and what came in per week over the last 12 weeks, with a table of every figure', async () => {
    vi.stubGlobal('fetch', server(DASHBOARD));
    renderAt();
    const weeksSection = await screen.findByRole('region', { name: 'The last 12 weeks' });
    const requests = within(weeksSection).getByRole('figure', { name: 'Requests per week' });
    const rows = within(requests).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1]).toHaveTextContent('Feb 15');
    expect(rows[1]).toHaveTextContent('0 requests');
    expect(rows[2]).toHaveTextContent('1 request');
    expect(rows[12]).toHaveTextContent('May 3 (this week so far)3 requests');
    // bars in proportion: the busiest week (6) under a scale up to 6
    const bars = within(requests).getAllByTestId('week-bar');
    expect(bars.map((b) => b.dataset.value)).toEqual(['0', '1', '0', '2', '4', '1', '0', '3', '5', '2', '6', '3']);
    expect((bars[10]!.firstChild as HTMLElement).style.height).toBe('100%');
    expect((bars[3]!.firstChild as HTMLElement).style.height).toBe(`${(2 / 6) * 100}%`);
    expect((bars[0]!.firstChild as HTMLElement).style.height).toBe('0%');

    // money: one currency at a time (the one it came in most), a switch for the others
    const revenue = within(weeksSection).getByRole('figure', { name: 'Received per week, RUB' });
    expect(within(revenue).getByRole('row', { name: /this week so far/ })).toHaveTextContent('RUB 6,000.00');
    expect(within(revenue).getAllByRole('row')[11]).toHaveTextContent('RUB 25,000.00');
    await userEvent.click(within(screen.getByRole('group', { name: 'Currency' })).getByRole('button', { name: 'EUR' }));
    const euros = within(weeksSection).getByRole('figure', { name: 'Received per week, EUR' });
    expect(within(euros).getByRole('row', { name: /this week so far/ })).toHaveTextContent('€360.00');
    expect(within(euros).getAllByRole('row')[11]).toHaveTextContent('€0.00');
  });

  it('says so when no money came in, and speaks Russian', async () => {
    vi.stubGlobal(
      'fetch',
      server({
        ...DASHBOARD,
        new_requests_count: 1,
        unpaid_invoices_count: 0,
        unpaid_invoices: [],
        weeks: weeks(() => ({})),
      }),
    );
    renderAt('ru');
    expect(await screen.findByRole('link', { name: /1\s*новая заявка/ })).toHaveAttribute(
      'href',
      '/3/bookings?group=new',
    );
    expect(screen.getByRole('link', { name: /0\s*неоплаченных счетов/ })).toBeInTheDocument();
    expect(screen.queryByTestId('detail-unpaid_invoices')).not.toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Заявки по неделям' })).toBeInTheDocument();
    expect(screen.getByText('За эти недели оплат ещё не было.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Валюта' })).not.toBeInTheDocument();
  });

  it('a rejected verification says why the marketplace refused it (ru)', async () => {
    vi.stubGlobal(
      'fetch',
      server({
        ...DASHBOARD,
        organizer_verification: { internal_check_status: 'failed', verification_status: 'failed' },
        is_verification_failed: true,
        verification_next_step: 'resubmit_verification_data',
        verification_reason: 'Номер паспорта не совпадает',
      }),
    );
    renderAt('ru');
    expect(await screen.findByTestId('verification-reason')).toHaveTextContent(
      'Причина от площадки: Номер паспорта не совпадает',
    );
    expect(screen.getByRole('alert')).toContainElement(screen.getByTestId('verification-reason'));
  });
});
