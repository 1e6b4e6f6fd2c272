import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { invoiceListItemSchema, type InvoiceListItem, type InvoiceTotals } from '@tourdesk/contract/api/invoice';
import type { DashboardWeek } from '@tourdesk/contract/api/organizer';
import { createTestI18n } from '../../lib/i18n/resources';
import { clearToken, setToken } from '../../lib/api/token-storage';
import { filtersOf, PaymentsPage } from './payments-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const invoice = (patch: Partial<InvoiceListItem>): InvoiceListItem =>
  invoiceListItemSchema.parse({
    id: 1,
    request_id: 10,
    amount: 1000,
    customer_name: 'Olga Petrova',
    request_status: 2,
    tour: { id: 7, name: 'Altai ridge' },
    date_start: '2027-07-01',
    paid_amount: 0,
    refunded_amount: 0,
    created_at: '2027-05-03T09:00:00.000Z',
    ...patch,
  });

const PAID = invoice({
  id: 31,
  request_id: 12,
  status: 2,
  payment_type: 'prepayment',
  amount: 6000,
  currency: 'RUB',
  paid_amount: 6000,
  refunded_amount: 1500.5,
  payments: [
    {
      id: 501,
      invoice_id: 31,
      amount: 6000,
      currency: 'RUB',
      method: 'sbp',
      status: 'succeeded',
      provider: 'sandbox',
      provider_payment_id: 'sbx_501',
      refunded_amount: 1500.5,
      problem: null,
      collected_by: 'organizer',
      created_at: '2027-05-03T10:00:00.000Z',
      paid_at: '2027-05-03T10:00:05.000Z',
    },
  ],
});
/** An invoice whose payments were not credited: one paid short (attention), one after another paid (returned). */
const UNCREDITED = invoice({
  id: 33,
  request_id: 15,
  status: 2,
  amount: 1500,
  currency: 'RUB',
  paid_amount: 1500,
  payments: [
    ['succeeded', null, 1500],
    ['returned', 'duplicate', 1500],
    ['attention', 'amount_mismatch', 1400],
  ].map(([status, problem, amount], i) => ({
    id: 600 + i,
    invoice_id: 33,
    amount: amount as number,
    currency: 'RUB' as const,
    method: 'card' as const,
    status: status as 'succeeded' | 'returned' | 'attention',
    provider: 'yookassa',
    provider_payment_id: `yk_${i}`,
    refunded_amount: status === 'returned' ? 1500 : 0,
    problem: problem as 'duplicate' | 'amount_mismatch' | null,
    collected_by: 'platform' as const,
    created_at: '2027-05-04T10:00:00.000Z',
    paid_at: '2027-05-04T10:00:05.000Z',
  })),
});
const OPEN = invoice({
  id: 32,
  request_id: 14,
  status: 1,
  amount: 360,
  currency: 'EUR',
  customer_name: 'Hans Weber',
  tour: { id: 8, name: 'Lake Teletskoye' },
});
const TOTALS: InvoiceTotals[] = [
  { currency: 'EUR', invoiced: 360, paid: 0, refunded: 0 },
  { currency: 'RUB', invoiced: 6000, paid: 6000, refunded: 1500.5 },
];
const week = (i: number, revenue: DashboardWeek['revenue'] = [], requests = 0): DashboardWeek => ({
  week_start: new Date(Date.UTC(2027, 1, 15 + 7 * i)).toISOString().slice(0, 10),
  requests,
  revenue,
});
const WEEKS = Array.from({ length: 12 }, (_, i) =>
  i === 11
    ? week(i, [{ currency: 'RUB', amount: 6000 }])
    : i === 9
      ? week(i, [{ currency: 'EUR', amount: 200 }])
      : week(i),
);

/** A server of the payments screen: the list (filtered by its query, paged), the tours, the dashboard's weeks, the CSV. */
const server = (items: InvoiceListItem[], opts: { total?: number } = {}) =>
  vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const q = url.searchParams;
    if (url.pathname === '/crm/api/invoice/list') {
      const found = items.filter(
        (i) =>
          (!q.get('status') || String(i.status) === q.get('status')) &&
          (!q.get('method') || i.payments.some((p) => p.method === q.get('method'))) &&
          (!q.get('tour_id') || String(i.tour?.id) === q.get('tour_id')),
      );
      return json(200, {
        items: found,
        total: opts.total ?? found.length,
        page: Number(q.get('page') ?? 1),
        limit: 20,
        totals: TOTALS.filter((x) => found.some((i) => i.currency === x.currency)),
      });
    }
    if (url.pathname === '/crm/api/request/tours')
      return json(200, { items: [{ id: 7, name: 'Altai ridge', count: 3 }] });
    if (url.pathname === '/crm/api/request/individual-tours')
      return json(200, { items: [{ id: 8, name: 'Lake Teletskoye', count: 1 }] });
    if (url.pathname === '/crm/api/user/dashboard') return json(200, { weeks: WEEKS });
    if (url.pathname === '/crm/api/invoice/export-csv')
      return new Response('\uFEFFInvoice;Request\n31;12\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="payments-2027-05-03.csv"',
        },
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

const renderAt = (path = '/3/payments', language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      {
        path: '/:orgId/payments',
        element: (
          <>
            <PaymentsPage />
            <Address />
          </>
        ),
      },
      { path: '/:orgId/bookings/:id', element: <p>The request page</p> },
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

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
beforeEach(() => setWidth(1280));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the payments screen', () => {
  it('lists every invoice with its payments, status and request link, and the totals per currency', async () => {
    vi.stubGlobal('fetch', server([PAID, OPEN]));
    const router = renderAt();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#31');
    expect(rows[0]).toHaveTextContent('Prepayment');
    expect(rows[0]).toHaveTextContent('Olga Petrova');
    expect(rows[0]).toHaveTextContent('Altai ridge');
    expect(rows[0]).toHaveTextContent('Departure Jul 1, 2027');
    expect(rows[0]).toHaveTextContent('RUB 6,000.00');
    expect(rows[0]).toHaveTextContent('Refunded RUB 1,500.50');
    expect(within(rows[0]!).getByRole('list', { name: 'Payments of invoice #31' })).toHaveTextContent(
      'SBP · paid · to your YooKassa',
    );
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('€360.00');
    expect(rows[1]).toHaveTextContent('No payment yet');
    expect(within(rows[1]!).getByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByText('2 invoices')).toBeInTheDocument();

    // totals per currency, each on its own (never one sum of roubles and euros)
    const rub = screen.getByTestId('totals-RUB');
    expect(within(rub).getByTestId('total-invoiced')).toHaveTextContent('RUB 6,000.00');
    expect(within(rub).getByTestId('total-paid')).toHaveTextContent('RUB 6,000.00');
    expect(within(rub).getByTestId('total-refunded')).toHaveTextContent('RUB 1,500.50');
    expect(within(screen.getByTestId('totals-EUR')).getByTestId('total-invoiced')).toHaveTextContent('€360.00');
    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(
      within(totals)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['EUR', 'RUB']);

    // paid per week: the chart (a figure with a table of its weeks), in the currency money came in most
    const chart = await screen.findByRole('figure', { name: 'Paid per week, RUB' });
    expect(within(chart).getAllByRole('row')).toHaveLength(13);
    expect(within(chart).getByRole('row', { name: /this week so far/ })).toHaveTextContent('RUB 6,000.00');
    await userEvent.click(within(screen.getByRole('group', { name: 'Currency' })).getByRole('button', { name: 'EUR' }));
    expect(screen.getByRole('figure', { name: 'Paid per week, EUR' })).toHaveTextContent('€200.00');

    // a row leads to its request
    await userEvent.click(within(rows[1]!).getByRole('link', { name: 'Open request #14' }));
    expect(await screen.findByText('The request page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/3/bookings/14');
  });

  it('shows a payment that was not credited and why: returned to the payer, or needing attention', async () => {
    vi.stubGlobal('fetch', server([UNCREDITED]));
    renderAt();
    const list = await screen.findByRole('list', { name: 'Payments of invoice #33' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/\s+/g, ' '))).toEqual([
      'Card · paid · collected by Travelpath',
      'Card · returned to the payer · the invoice was already paid: the money went back to the payer · collected by Travelpath',
      'Card · RUB 1,400.00 · needs attention · the amount paid differs from the invoice; not counted · collected by Travelpath',
    ]);
    expect(within(items[2]!).getByText('needs attention')).toHaveClass('text-danger-700');
  });

  it('says why a payment was not credited in Russian too', async () => {
    vi.stubGlobal('fetch', server([UNCREDITED]));
    renderAt('/3/payments', 'ru');
    const list = await screen.findByRole('list', { name: /33/ });
    expect(list).toHaveTextContent('требует внимания · оплаченная сумма не совпадает со счётом; не засчитано');
    expect(list).toHaveTextContent('возвращено плательщику · счёт уже был оплачен: деньги возвращены плательщику');
    expect(list).toHaveTextContent('принял Travelpath');
  });

  it('filters by status, method and tour through the list query and keeps them in the address', async () => {
    const fetch = server([PAID, OPEN]);
    vi.stubGlobal('fetch', fetch);
    renderAt();
    await screen.findByRole('table', { name: 'Invoices' });
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Invoice status' })).getByRole('button', { name: 'Paid' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(1));
    expect(screen.getByTestId('address')).toHaveTextContent('/3/payments?status=2');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Payment method' })).getByRole('button', { name: 'Card' }),
    );
    expect(await screen.findByText('No invoice matches these filters')).toBeInTheDocument();
    let last = callsTo(fetch, '/crm/api/invoice/list').at(-1)!.url.searchParams;
    expect(last.get('status')).toBe('2');
    expect(last.get('method')).toBe('card');
    expect(last.get('organizer_id')).toBe('3');
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(2));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/3\/payments$/);

    // the tour: departures' and individual tours' tours, by name
    await userEvent.click(screen.getByRole('combobox', { name: 'Tour' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lake Teletskoye' }));
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(1));
    last = callsTo(fetch, '/crm/api/invoice/list').at(-1)!.url.searchParams;
    expect(last.get('tour_id')).toBe('8');
    expect(screen.getByTestId('address')).toHaveTextContent('/3/payments?tour_id=8');
  });

  it('opens filtered from a link (the dashboard’s unpaid invoices) and ignores what is malformed', async () => {
    const fetch = server([PAID, OPEN]);
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/payments?status=1&method=cash&date_from=2027-05-01&date_to=2027-04-01&tour_id=x');
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(1));
    const q = callsTo(fetch, '/crm/api/invoice/list').at(-1)!.url.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      organizer_id: '3',
      status: '1',
      date_from: '2027-05-01',
      page: '1',
      limit: '20',
    });
    expect(
      within(screen.getByRole('group', { name: 'Invoice status' })).getByRole('button', { name: 'Awaiting payment' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(filtersOf(new URLSearchParams('date_from=2027-05-01&date_to=2027-05-31&page=3&method=sbp'))).toEqual({
      filters: { date_from: '2027-05-01', date_to: '2027-05-31', method: 'sbp' },
      page: 3,
    });
  });

  it('pages 20 invoices at a time', async () => {
    const fetch = server([PAID, OPEN], { total: 45 });
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/payments?status=2');
    await screen.findByRole('table', { name: 'Invoices' });
    const pages = screen.getByRole('navigation', { name: 'Pages of invoices' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(callsTo(fetch, '/crm/api/invoice/list').at(-1)!.url.searchParams.get('page')).toBe('3'));
    expect(screen.getByTestId('address')).toHaveTextContent('/3/payments?status=2&page=3');
  });

  it('downloads the matching invoices as CSV with the access token', async () => {
    const fetch = server([PAID, OPEN]);
    vi.stubGlobal('fetch', fetch);
    setToken('token-abc');
    const created = vi.fn((_: Blob) => 'blob:payments');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/3/payments?method=sbp');
    await screen.findByRole('table', { name: 'Invoices' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = callsTo(fetch, '/crm/api/invoice/export-csv').at(-1)!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ organizer_id: '3', method: 'sbp' });
    expect((call.init?.headers as Record<string, string>)['X-Authorization']).toBe('Bearer token-abc');
    expect(await created.mock.calls[0]![0].text()).toContain('31;12');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('payments-2027-05-03.csv');
    clearToken();
  });

  it('shows the invoices as cards on a phone, and an empty organizer in Russian', async () => {
    setWidth(390);
    vi.stubGlobal('fetch', server([PAID]));
    renderAt('/3/payments', 'ru');
    const list = await screen.findByRole('list', { name: 'Счета' });
    const card = within(list).getByTestId('invoice-row');
    expect(card).toHaveTextContent('Счёт №31');
    expect(card).toHaveTextContent('Предоплата');
    expect(card).toHaveTextContent('6 000,00 ₽');
    expect(within(card).getByText('Оплачен')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Открыть заявку №12' })).toHaveAttribute('href', '/3/bookings/12');
    expect(screen.getByRole('button', { name: 'Скачать CSV' })).toBeEnabled();
  });

  it('says when there are no invoices yet, without filters to clear', async () => {
    vi.stubGlobal('fetch', server([]));
    renderAt('/3/payments', 'ru');
    expect(await screen.findByText('Счетов пока нет')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Фильтры' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Скачать CSV' })).toBeDisabled();
  });
});
