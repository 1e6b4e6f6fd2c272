import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { BookingCancelQuote, BookingPage as BookingPageData } from '@tourdesk/contract/api/booking-page';
import { createTestI18n } from '../../lib/i18n/resources';
import { BookingPage } from './booking-page';

const TOKEN = 'A'.repeat(43);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PAGE: BookingPageData = {
  request_id: 41,
  status: 3,
  canceled: false,
  tour_name: 'Altai ridge',
  organizer_name: 'Altai Trails',
  date_start: '2027-07-01',
  date_end: '2027-07-03',
  customer_name: 'Olga Petrova',
  tourists: ['Olga Petrova', 'Ivan Petrov'],
  pricing: {
    currency: 'RUB',
    travellers: [
      {
        category_id: 1,
        code: 'adult',
        name_en: 'Adult',
        name_ru: 'Взрослый',
        count: 2,
        unit_price: 10000,
        amount: 20000,
        takes_seat: true,
      },
    ],
    extras: [],
    adjustments: [],
    discount: null,
    promo: null,
    travellers_total: 20000,
    extras_total: 0,
    total: 20000,
    paid: 6000,
    balance_due: 14000,
    tourists_count: 2,
    seats: 2,
  },
  penalty: null,
  invoices: [
    {
      id: 7,
      title: 'Prepayment for your booking',
      amount: 6000,
      currency: 'RUB',
      status: 'payed',
      paid_at: '2027-05-01T10:00:00.000Z',
      pay_url: null,
    },
  ],
  can_pay: true,
  can_cancel: true,
  chat_url: 'https://crm.example.test/org/traveller-chat/5.abc',
  questionnaire_url: 'https://crm.example.test/org/questionnaire/u-1',
  contract_url: `https://crm.example.test/spa/booking/contract?token=${'t'.repeat(43)}`,
  language: 'en',
};
const QUOTE: BookingCancelQuote = {
  currency: 'RUB',
  days_before_start: 30,
  penalties: [{ days_before: 90, percent: 10 }],
  applied_penalty: { days_before: 90, percent: 10 },
  price: 20000,
  paid_amount: 6000,
  penalty_amount: 2000,
  refund_amount: 4000,
  cancellation_terms: 'Cancel in writing.',
};

const server = (page: BookingPageData | null) =>
  vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/spa/booking/page')
      return page
        ? json(200, page)
        : json(404, { message: 'This booking link is not valid', code: 'booking_link_not_found' });
    if (url.pathname === '/spa/booking/cancel-quote') return json(200, QUOTE);
    if (url.pathname === '/spa/booking/cancel') {
      const body = JSON.parse(String(init?.body)) as { penalty_amount: number };
      if (body.penalty_amount !== 2000) return json(422, { message: 'changed', code: 'booking_penalty_changed' });
      return json(200, { ...page, status: 5, canceled: true, penalty: 2000, can_pay: false, can_cancel: false });
    }
    if (url.pathname === '/spa/booking/pay-balance')
      return json(200, { pay_url: 'https://crm.example.test/pay/x?lang=en' });
    return json(404, { message: 'Not found' });
  });
const callsTo = (fetch: ReturnType<typeof vi.fn>, path: string) =>
  fetch.mock.calls
    .map(([u, init]) => ({ url: new URL(String(u), 'http://localhost'), init: init as RequestInit | undefined }))
    .filter((c) => c.url.pathname === path);

const renderPage = (language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter([{ path: '/booking/:token', element: <BookingPage /> }], {
    initialEntries: [`/booking/${TOKEN}`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};
/** Intl separates digits and currency with no-break spaces */
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => vi.unstubAllGlobals());

describe('/booking/:token', () => {
  it('shows the booking: number, tour, status in words, travellers, price, paid and due, documents, chat', async () => {
    const fetch = server(PAGE);
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Altai ridge', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Booking No. 41')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Confirmed and prepaid');
    expect(screen.getByText('Olga Petrova, Ivan Petrov')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 travellers' })).toBeInTheDocument();
    const price = screen.getByRole('region', { name: 'Price' });
    expect(plain(price.textContent)).toContain('Adult × 2RUB 20,000.00');
    expect(plain(price.textContent)).toContain('Left to payRUB 14,000.00');
    expect(plain(screen.getByRole('button', { name: /Pay/ }).textContent)).toBe('Pay RUB 14,000.00');
    const docs = screen.getByRole('region', { name: 'Documents' });
    expect(plain(docs.textContent)).toBe(
      'DocumentsContract (PDF)DownloadPrepayment for your booking · RUB 6,000.00 · paid',
    );
    const contract = within(docs).getByRole('link', { name: 'Download' });
    expect(contract).toHaveAttribute('href', PAGE.contract_url);
    expect(contract).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Write to Altai Trails' })).toHaveAttribute('href', PAGE.chat_url);
    expect(callsTo(fetch, '/spa/booking/page')[0]!.url.searchParams.get('token')).toBe(TOKEN);
  });

  it('cancels only after showing the penalty and the refund', async () => {
    const fetch = server(PAGE);
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const section = await screen.findByRole('region', { name: 'Cancel this booking' });
    await within(section).findByText('Cancelling now, 90 days or fewer before the start, costs 10% of the price.');
    expect(plain(section.textContent)).toContain('PenaltyRUB 2,000.00');
    expect(plain(section.textContent)).toContain('RefundRUB 4,000.00');
    expect(callsTo(fetch, '/spa/booking/cancel')).toHaveLength(0);
    await user.type(within(section).getByLabelText('Reason (optional)'), 'Plans changed');
    await user.click(within(section).getByRole('button', { name: /Cancel with penalty/ }));
    await waitFor(() => expect(callsTo(fetch, '/spa/booking/cancel')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetch, '/spa/booking/cancel')[0]!.init!.body))).toEqual({
      token: TOKEN,
      message: 'Plans changed',
      penalty_amount: 2000,
    });
    expect(
      await screen.findByText('This booking is canceled. Any refund comes from the organizer.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Canceled by you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('the pay button names the open invoice it pays first', async () => {
    const open = {
      ...PAGE.invoices[0]!,
      id: 8,
      status: 'new',
      paid_at: null,
      pay_url: 'https://crm.example.test/pay/t',
    };
    vi.stubGlobal('fetch', server({ ...PAGE, invoices: [PAGE.invoices[0]!, { ...open, amount: 5000 }] }));
    renderPage();
    const pay = await screen.findByRole('button', { name: /^Pay/ });
    expect(plain(pay.textContent)).toBe('Pay RUB 5,000.00');
  });

  it('in Russian', async () => {
    vi.stubGlobal('fetch', server({ ...PAGE, status: 1, can_pay: false }));
    renderPage('ru');
    expect(await screen.findByText('Бронирование № 41')).toBeInTheDocument();
    expect(screen.getByText('Ждёт подтверждения организатора')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 путешественника' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отменить бронирование' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
  });

  it('a forged link says so', async () => {
    vi.stubGlobal('fetch', server(null));
    renderPage();
    expect(await screen.findByText('This booking link is not valid')).toBeInTheDocument();
    expect(screen.getByText('Check the link in your e-mail, or ask the organizer for a new one.')).toBeInTheDocument();
  });
});
