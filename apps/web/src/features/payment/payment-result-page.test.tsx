import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PaymentResult } from '@tourdesk/contract/api/invoice';
import { createTestI18n } from '../../lib/i18n/resources';
import { FailPage, SuccessPage } from './payment-result-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const PAY_URL = `https://tourdesk.example/pay/${TOKEN}`;
const RESULT: PaymentResult = {
  status: 'paid',
  amount: 6000,
  currency: 'RUB',
  title: 'Prepayment',
  payment_type: 'prepayment',
  method: 'card',
  paid_at: '2027-05-03T10:00:05.000Z',
  request_number: 12,
  request_status: 3,
  tour_name: 'Altai ridge',
  date_start: '2027-07-01',
  date_end: '2027-07-03',
  organizer_name: 'Altai Trails',
  organizer_email: 'hello@altai.example',
  organizer_phone: '+7 (913) 000-11-22',
  balance: 14000,
  full_payment_due: '2027-06-17',
  pay_url: PAY_URL,
  collected_by: 'organizer',
};

/** The public result route: answers each call with the next of `answers` (the last one repeats). */
const server = (...answers: (Partial<PaymentResult> | number)[]) => {
  let n = 0;
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/spa/payment-result') return json(404, { message: 'Not found' });
    expect(url.searchParams.get('token')).toBe(TOKEN);
    const answer = answers[Math.min(n++, answers.length - 1)]!;
    return typeof answer === 'number'
      ? json(answer, { message: 'Invoice not found' })
      : json(200, { ...RESULT, ...answer });
  });
};

const renderAt = (path: string, language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      { path: '/success', element: <SuccessPage /> },
      { path: '/fail', element: <FailPage /> },
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

afterEach(() => vi.unstubAllGlobals());

describe('/success and /fail', () => {
  it('show what was paid, to whom and for what, and what comes next (the balance and its due date)', async () => {
    vi.stubGlobal('fetch', server({}));
    renderAt(`/success?invoice=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Payment received', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Thank you! Altai Trails has received your payment.')).toBeInTheDocument();
    expect(screen.getByTestId('paid-amount')).toHaveTextContent('RUB 6,000.00');
    const details = screen.getByLabelText('Payment details');
    expect(details).toHaveTextContent('ForPrepayment, booking No. 12');
    expect(details).toHaveTextContent('TourAltai ridge');
    expect(details).toHaveTextContent('DatesJul 1 – 3, 2027');
    expect(details).toHaveTextContent('Tour providerAltai Trails');
    expect(details).toHaveTextContent('Paid toAltai Trails’s own YooKassa account');
    expect(details).toHaveTextContent('MethodCard');
    const next = screen.getByRole('region', { name: 'What happens next' });
    const steps = within(next)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\u00a0/g, ' '));
    expect(steps).toEqual([
      '1Your booking is confirmed; the tour provider sees the payment at once.',
      '2Your documents for the trip come by e-mail.',
      '3The rest, RUB 14,000.00, is due by Jun 17, 2027. You will get the payment link before then.',
    ]);
    expect(screen.getByRole('link', { name: 'hello@altai.example' })).toHaveAttribute(
      'href',
      'mailto:hello@altai.example',
    );
    expect(screen.getByRole('link', { name: '+7 (913) 000-11-22' })).toHaveAttribute('href', 'tel:+79130001122');
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says a booking paid in full is paid in full, and that the provider confirms a pending one', async () => {
    vi.stubGlobal('fetch', server({ balance: 0, full_payment_due: null, request_status: 2, payment_type: 'full' }));
    renderAt(`/success?invoice=${TOKEN}`);
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('The tour provider sees the payment at once and confirms your booking.');
    expect(next).toHaveTextContent('The booking is paid in full.');
    expect(screen.getByText('Full payment, booking No. 12')).toBeInTheDocument();
  });

  it('/fail: nothing was charged, try again on the payment page', async () => {
    vi.stubGlobal('fetch', server({ status: 'failed', paid_at: null }));
    renderAt(`/fail?invoice=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'The payment did not go through', level: 1 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Nothing was charged. You can try again, with another card or by SBP.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `${PAY_URL}?lang=en`);
    expect(screen.getByRole('region', { name: 'What happens next' })).toHaveTextContent('pay by SBP');
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
  });

  it('waits for a payment still being confirmed, then shows it paid', async () => {
    const fetch = server({ status: 'pending', paid_at: null }, {});
    vi.stubGlobal('fetch', fetch);
    renderAt(`/success?invoice=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Your payment is being confirmed' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 6000 })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says a withdrawn invoice takes no payment', async () => {
    vi.stubGlobal('fetch', server({ status: 'canceled', paid_at: null, method: null }));
    renderAt(`/fail?invoice=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This invoice was withdrawn' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('without a token asks nothing and says the link is incomplete', async () => {
    const fetch = server(404);
    vi.stubGlobal('fetch', fetch);
    renderAt('/success?invoice=short');
    expect(await screen.findByText('This link is incomplete')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an unknown token: not found', async () => {
    vi.stubGlobal('fetch', server(404));
    renderAt(`/fail?invoice=${TOKEN}`);
    expect(await screen.findByText('We could not find this payment')).toBeInTheDocument();
  });

  it('takes the payment page’s language along (?lang=ru)', async () => {
    vi.stubGlobal('fetch', server({}));
    renderAt(`/success?invoice=${TOKEN}&lang=ru`);
    expect(await screen.findByRole('heading', { name: 'Оплата получена' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru');
    expect(screen.getByLabelText('Детали оплаты')).toHaveTextContent(
      'ПолучательСчёт ЮKassa организатора «Altai Trails»',
    );
  });

  it('says when Tourdesk collected the payment (no account of the organizer’s own)', async () => {
    vi.stubGlobal('fetch', server({ collected_by: 'platform' }));
    renderAt(`/success?invoice=${TOKEN}`);
    const details = await screen.findByLabelText('Payment details');
    expect(details).toHaveTextContent('Paid toTravelpath, collecting for Altai Trails');
  });

  it('sends a payer who reads Russian back to the payment page in Russian (?lang=ru)', async () => {
    vi.stubGlobal('fetch', server({ status: 'failed', paid_at: null }));
    renderAt(`/fail?invoice=${TOKEN}&lang=ru`);
    expect(await screen.findByRole('link', { name: 'Попробовать снова' })).toHaveAttribute(
      'href',
      `${PAY_URL}?lang=ru`,
    );
  });

  it('in Russian, on a phone-sized page', async () => {
    vi.stubGlobal('fetch', server({}));
    renderAt(`/success?invoice=${TOKEN}`, 'ru');
    expect(await screen.findByRole('heading', { name: 'Оплата получена' })).toBeInTheDocument();
    expect(screen.getByTestId('paid-amount')).toHaveTextContent('6 000,00 ₽');
    expect(screen.getByText('Предоплата, заявка №12')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Что дальше' })).toHaveTextContent(
      'Остаток, 14 000,00 ₽, нужно оплатить до 17 июн. 2027 г.',
    );
  });
});
