import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { OccupancyReport, RevenueReport, SalesReport } from '@tourdesk/contract/api/report';
import { createTestI18n } from '../../lib/i18n/resources';
import { reportStateOf, ReportsPage } from './reports-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const REVENUE: RevenueReport = {
  rows: [
    {
      period: '2026-01-01',
      currency: 'RUB',
      bookings: 2,
      canceled: 0,
      tourists: 5,
      sold: 50000,
      paid: 36000,
      refunded: 5000,
      outstanding: 19000,
    },
    {
      period: '2026-02-01',
      currency: 'EUR',
      bookings: 1,
      canceled: 0,
      tourists: 2,
      sold: 1000,
      paid: 300,
      refunded: 0,
      outstanding: 700,
    },
  ],
  totals: [
    { currency: 'EUR', bookings: 1, canceled: 0, tourists: 2, sold: 1000, paid: 300, refunded: 0, outstanding: 700 },
    {
      currency: 'RUB',
      bookings: 2,
      canceled: 0,
      tourists: 5,
      sold: 50000,
      paid: 36000,
      refunded: 5000,
      outstanding: 19000,
    },
  ],
};
const SALES: SalesReport = {
  rows: [
    {
      source: 'marketplace',
      currency: 'RUB',
      bookings: 1,
      tourists: 3,
      sold: 30000,
      paid: 25000,
      marketplace_commission: 3000,
      agent_commission: 0,
    },
  ],
  agents: [
    {
      agent_id: 4,
      name: 'Sputnik Travel',
      currency: 'RUB',
      bookings: 1,
      sold: 10000,
      commission_percent: 10,
      commission: 1000,
    },
  ],
  extras: [
    { name_en: 'Single room', name_ru: 'Одноместный номер', currency: 'RUB', bookings: 2, quantity: 3, amount: 21000 },
  ],
  totals: [
    {
      currency: 'RUB',
      bookings: 1,
      tourists: 3,
      sold: 30000,
      paid: 25000,
      marketplace_commission: 3000,
      agent_commission: 0,
    },
  ],
  marketplace_commission_percent: 10,
  checkout_recovery: { sent: 4, recovered: 1 },
};
const OCCUPANCY: OccupancyReport = {
  rows: [
    {
      tour_date_id: 9,
      tour_id: 7,
      tour_name: 'Altai ridge',
      date_start: '2027-07-01',
      date_end: '2027-07-03',
      tour_variant: '',
      capacity: 20,
      sold: 6,
      held: 2,
      free: 12,
      percent_full: 40,
      is_upcoming: true,
    },
  ],
  totals: { departures: 1, capacity: 20, sold: 6, held: 2, free: 12 },
  is_truncated: false,
};

const server = () =>
  vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/crm/api/report/revenue') return json(200, REVENUE);
    if (url.pathname === '/crm/api/report/sales') return json(200, SALES);
    if (url.pathname === '/crm/api/report/occupancy') return json(200, OCCUPANCY);
    if (url.pathname === '/crm/api/report/cancellations') return json(200, { rows: [], totals: [] });
    if (url.pathname === '/crm/api/report/ledger')
      return json(422, { message: 'The given data was invalid', errors: {} });
    if (url.pathname === '/crm/api/request/tours')
      return json(200, { items: [{ id: 7, name: 'Altai ridge', count: 3 }] });
    if (url.pathname === '/crm/api/request/individual-tours') return json(200, { items: [] });
    if (url.pathname === '/crm/api/report/export')
      return new Response('\uFEFFPeriod,Currency\r\n2026-01-01,RUB\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report-revenue.csv"' },
      });
    return json(404, { message: 'Not found' });
  });
const callsTo = (fetch: ReturnType<typeof server>, path: string) =>
  fetch.mock.calls
    .map(([u, init]) => ({ url: new URL(String(u), 'http://localhost'), init: init as RequestInit | undefined }))
    .filter((c) => c.url.pathname === path);

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const renderAt = (path = '/3/reports', language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      {
        path: '/:orgId/reports',
        element: (
          <>
            <ReportsPage />
            <Address />
          </>
        ),
      },
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
  return router;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the reports screen', () => {
  it('shows revenue per period and currency with the totals, and a chart named for its table', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    renderAt();
    const table = await screen.findByRole('table', { name: 'Revenue: the figures' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('PeriodCurrencyBookingsCanceledTouristsSoldPaidRefundedOutstanding');
    expect(rows[1]).toHaveTextContent('Jan 2026');
    expect(rows[1]).toHaveTextContent('RUB 50,000.00');
    expect(rows[1]).toHaveTextContent('RUB 19,000.00');
    expect(rows[3]).toHaveTextContent('Total');
    expect(rows[3]).toHaveTextContent('€700.00');
    expect(
      screen.getByRole('img', { name: 'Revenue chart, EUR. The table below holds the same figures.' }),
    ).toBeInTheDocument();
    // amounts of two currencies: the chart shows one, a switch chooses it
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Currency of the chart' })).getByRole('button', { name: 'RUB' }),
    );
    expect(
      screen.getByRole('img', { name: 'Revenue chart, RUB. The table below holds the same figures.' }),
    ).toBeInTheDocument();
    expect(Object.fromEntries(callsTo(fetch, '/crm/api/report/revenue')[0]!.url.searchParams)).toEqual({
      organizer_id: '3',
      basis: 'booking',
      granularity: 'month',
    });
  });

  it('sends the filters of the address and keeps the ones chosen in it', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    renderAt(
      '/3/reports?basis=departure&date_from=2026-01-01&date_to=2026-03-31&tour_id=7&source=agent&granularity=week',
    );
    await screen.findByRole('table', { name: 'Revenue: the figures' });
    expect(Object.fromEntries(callsTo(fetch, '/crm/api/report/revenue')[0]!.url.searchParams)).toEqual({
      organizer_id: '3',
      basis: 'departure',
      date_from: '2026-01-01',
      date_to: '2026-03-31',
      tour_ids: '7',
      sources: 'agent',
      granularity: 'week',
    });
    await userEvent.click(within(screen.getByRole('group', { name: 'Group by' })).getByRole('button', { name: 'Day' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('granularity=day'));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Date' })).getByRole('button', { name: 'Booking date' }),
    );
    await waitFor(() => expect(screen.getByTestId('address')).not.toHaveTextContent('basis='));
    await waitFor(() =>
      expect(callsTo(fetch, '/crm/api/report/revenue').at(-1)!.url.searchParams.get('basis')).toBe('booking'),
    );
  });

  it('switches tabs: sales with the commissions and what agents are owed, occupancy per departure', async () => {
    vi.stubGlobal('fetch', server());
    renderAt();
    await screen.findByRole('table', { name: 'Revenue: the figures' });
    await userEvent.click(screen.getByRole('tab', { name: 'Sales by source' }));
    const sales = await screen.findByRole('table', { name: 'Sales by source: the figures' });
    expect(within(sales).getAllByRole('row')[1]).toHaveTextContent(
      'MarketplaceRUB13RUB 30,000.00RUB 25,000.00RUB 3,000.00RUB 0.00',
    );
    expect(screen.getByRole('table', { name: 'What agents are owed' })).toHaveTextContent('Sputnik Travel');
    const extras = screen.getByRole('table', { name: 'Extras sold' });
    expect(within(extras).getAllByRole('row')[1]).toHaveTextContent(/Single room.*RUB.*2.*3.*21,000/);
    expect(screen.getByText('Marketplace commission: 10 % of marketplace sales.')).toBeInTheDocument();
    // the abandoned checkouts' reminders and the bookings they brought back
    const recovery = screen.getByRole('region', { name: 'Unfinished bookings' });
    expect(within(recovery).getByText('Reminders sent').nextElementSibling).toHaveTextContent('4');
    expect(within(recovery).getByText('Booked from a reminder').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByTestId('address')).toHaveTextContent('/3/reports?report=sales');

    await userEvent.click(screen.getByRole('tab', { name: 'Occupancy' }));
    const occupancy = await screen.findByRole('table', { name: 'Occupancy: the figures' });
    const row = within(occupancy).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Altai ridge');
    expect(row).toHaveTextContent('upcoming');
    expect(row).toHaveTextContent('40 %');
    // occupancy has no basis, source or granularity
    expect(screen.queryByRole('group', { name: 'Date' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Departures are chosen by their start date; the source filter does not apply.'),
    ).toBeInTheDocument();
  });

  it('says when nothing matches, and shows a failed report with a retry', async () => {
    vi.stubGlobal('fetch', server());
    renderAt('/3/reports?report=cancellations');
    expect(await screen.findByText('Nothing to show yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('downloads the report as CSV and XLSX in the reader’s language', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const created = vi.fn((_: Blob) => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/3/reports?date_from=2026-01-01&date_to=2026-01-31', 'ru');
    await screen.findByRole('table', { name: 'Выручка: цифры' });
    await userEvent.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csv = callsTo(fetch, '/crm/api/report/export').at(-1)!;
    expect(Object.fromEntries(csv.url.searchParams)).toEqual({
      organizer_id: '3',
      basis: 'booking',
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      granularity: 'month',
      report: 'revenue',
      format: 'csv',
    });
    expect((csv.init?.headers as Record<string, string>)['X-Language']).toBe('ru');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('report-revenue.csv');
    await userEvent.click(screen.getByRole('button', { name: 'Скачать XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(callsTo(fetch, '/crm/api/report/export').at(-1)!.url.searchParams.get('format')).toBe('xlsx');
  });
});

describe('reportStateOf', () => {
  it('takes the tab and filters of the address and leaves out what is malformed', () => {
    expect(
      reportStateOf(
        new URLSearchParams(
          'report=ledger&basis=x&date_from=2026-02-01&date_to=2026-01-01&tour_id=-1&source=friends&granularity=year',
        ),
      ),
    ).toEqual({ kind: 'ledger', filters: { basis: 'booking', granularity: 'month', date_from: '2026-02-01' } });
    expect(reportStateOf(new URLSearchParams('report=nope')).kind).toBe('revenue');
  });
});
