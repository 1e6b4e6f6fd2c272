import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import { requestSchema, type BookingRequest } from '@tourdesk/contract/entities/request';
import { tourDateSchema } from '@tourdesk/contract/entities/tour';
import type { CancelPopupData } from '@tourdesk/contract/api/request';
import { createTestI18n } from '../../../lib/i18n/resources';
import { validationError } from '../../../test/error-bodies';
import { RequestPage } from './request-page';

// a busy two-core machine: the page's lazy parts and queries may take longer than the default second
configure({ asyncUtilTimeout: 5000 });

// jsdom has no ResizeObserver; the kit's Radix checkbox and radio measure themselves with it
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const bodyOf = (init: RequestInit | undefined) =>
  (init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
const pathOf = (input: RequestInfo | URL) => new URL(String(input), 'http://localhost').pathname;

const DEPARTURE = {
  id: 70,
  date_start: '2031-07-10',
  date_end: '2031-07-16',
  time_start: '',
  tour_variant: '',
  price: 30000,
  number_of_seats: 12,
  number_of_free_seats: 9,
  full_payment_days: 14,
};

/** A confirmed request of 3 tourists at 30 000 ₽, one named, 54 000 ₽ paid. */
const REQUEST: BookingRequest = requestSchema.parse({
  request_id: 41,
  uuid: '5b0d8f3e-6c1f-4f57-9a43-8d1b2a6e7c10',
  tour_organizer_id: 3,
  status: 2,
  source: 'own',
  tour: { id: 9, name: 'Altai lakes', type: 1 },
  tour_date_id: 70,
  date_start: '2031-07-10',
  date_end: '2031-07-16',
  currency: 'RUB',
  tourists_count: 3,
  unit_price: 30000,
  price: 90000,
  paid_amount: 54000,
  balance: 36000,
  customer_name: 'Olga Petrova',
  customer_email: 'olga@example.com',
  departure: DEPARTURE,
  seats_taken: 3,
  tourists: [
    {
      id: 501,
      request_id: 41,
      full_name: 'Petrova Olga',
      first_name: 'Olga',
      last_name: 'Petrova',
      passport: '',
      is_contact_person: true,
    },
  ],
  history: [
    { status: 1, previous_status: null, user_name: 'Anna Guide', message: '', created_at: '2031-05-01T09:00:00.000Z' },
    { status: 2, previous_status: 1, user_name: 'Anna Guide', message: '', created_at: '2031-05-01T09:05:00.000Z' },
  ],
  created_at: '2031-05-01T09:00:00.000Z',
});

/** 5 days before the start: of the rows "30 days or less → 10 %" and "7 days or less → 50 %", 50 % applies. */
const QUOTE: CancelPopupData = {
  request_id: 41,
  currency: 'RUB',
  days_before_start: 5,
  penalties: [
    { days_before: 30, percent: 10 },
    { days_before: 7, percent: 50 },
  ],
  penalties_source: 'tour',
  applied_penalty: { days_before: 7, percent: 50 },
  price: 90000,
  paid_amount: 54000,
  penalty_amount: 45000,
  refund_amount: 9000,
  cancellation_terms: 'Write to us before the trip.',
  actual_expenses: 'Permits and the cabins booked for the group.',
};

const ASIDE: Record<string, unknown> = {
  '/crm/api/request/base-sale-statuses-by-request-id': {
    items: [1, 2, 3, 4, 5].map((id) => ({ id, name: String(id), is_current: id === 2 })),
  },
  '/crm/api/request/tour-dates': {
    items: [
      tourDateSchema.parse({
        ...DEPARTURE,
        tour_id: 9,
        time_start: null,
        days: 7,
        prepayment_type: 'percent',
        prepayment_size: 30,
      }),
    ],
  },
};

type Handler = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> | Response | undefined;

/** The page's server: the request, its aside queries, and whatever `handler` answers first. */
const serve = (handler: Handler = () => undefined, request: BookingRequest = REQUEST) => {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const own = await handler(input, init);
    if (own) return own;
    const path = pathOf(input);
    if (path === '/crm/api/request/get') return json(200, request);
    if (path in ASIDE) return json(200, ASIDE[path]);
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const renderPage = (language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter([{ path: '/:orgId/bookings/:id', element: <RequestPage /> }], {
    initialEntries: ['/3/bookings/41'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
};

const rub = (n: number, language = 'en') =>
  new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'RUB',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  })
    .format(n)
    // the page's text as testing-library reads it: Intl's no-break spaces are plain ones
    .replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the request page', () => {
  it('shows the price breakdown, the tourists with what is missing, and the history', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Request #41' })).toBeInTheDocument();
    const price = screen.getByLabelText('Price');
    expect(within(price).getByText(`${rub(30000)} × 3 tourists`)).toBeInTheDocument();
    expect(within(price).getByText('Left to pay').nextElementSibling).toHaveTextContent(rub(36000));
    const tourists = screen.getByRole('table', { name: 'Tourists' });
    expect(within(tourists).getByText('Olga Petrova')).toBeInTheDocument();
    expect(within(tourists).getByText('Missing: passport, birthday, phone')).toBeInTheDocument();
    expect(within(tourists).getAllByText('Not named yet')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Tourists: 1 of 3' })).toBeInTheDocument();
    expect(screen.getByText('0 of 3 filled in')).toBeInTheDocument();
    expect(screen.getByLabelText('Questionnaire link')).toHaveValue(
      'http://localhost:3000/org/questionnaire/5b0d8f3e-6c1f-4f57-9a43-8d1b2a6e7c10'.replace(
        'http://localhost:3000',
        window.location.origin,
      ),
    );
    const history = screen.getByRole('list', { name: 'Status history' });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Pending prepayment');
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('from Pending confirmation');
  });

  it('counts a held request down in mm:ss and keeps it longer on "extend"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const holding = { ...REQUEST, status: 1 as const, hold_expires_at: new Date(Date.now() + 125_000).toISOString() };
    const fetch = serve(
      (input) =>
        pathOf(input) === '/crm/api/request/extend-hold'
          ? json(200, { ...holding, hold_expires_at: new Date(Date.now() + 3_725_000).toISOString() })
          : undefined,
      holding,
    );
    renderPage();
    const timer = await screen.findByRole('timer', { name: 'Seats held' });
    expect(timer).toHaveTextContent('02:05');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(timer).toHaveTextContent('02:02');
    fireEvent.click(within(timer).getByRole('button', { name: 'Hold 15 min longer' }));
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('01:02:0'));
    const [, init] = fetch.mock.calls.find(([u]) => pathOf(u) === '/crm/api/request/extend-hold')!;
    expect(bodyOf(init)).toEqual({ id: 41, seconds: 900 });
  });
});

describe('cancelling', () => {
  it('shows what cancelling costs now: the rows, the one that applies, the penalty and the refund; then cancels', async () => {
    const fetch = serve((input, init) => {
      const path = pathOf(input);
      if (path === '/crm/api/request/cancel-request-popup-data') return json(200, QUOTE);
      if (path === '/crm/api/request/cancel')
        return json(200, { ...REQUEST, status: 5, penalty: 45000, ...{ cancel_message: bodyOf(init).message } });
      return undefined;
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel request #41?' });
    expect(await within(dialog).findByText('The trip starts in 5 days.')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '30 days or less before the start10%',
      '7 days or less before the startapplies50%',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
    const figures = within(dialog).getByLabelText('Cancellation figures');
    const value = (term: string) => within(figures).getByText(term).nextElementSibling;
    expect(value('Price of the request')).toHaveTextContent(rub(90000));
    expect(value('Paid')).toHaveTextContent(rub(54000));
    expect(value('Penalty, 50% of the price')).toHaveTextContent(rub(45000));
    expect(value('To refund to the tourist')).toHaveTextContent(rub(9000));
    expect(within(dialog).getByText('Permits and the cabins booked for the group.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'The tourist asked to cancel' }));
    await userEvent.type(within(dialog).getByLabelText('Message to the client'), 'Family reasons');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    expect(await screen.findByText('The request is canceled')).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([u]) => pathOf(u) === '/crm/api/request/cancel')!;
    expect(bodyOf(init)).toEqual({ id: 41, message: 'Family reasons', notify_client: true, canceled_by: 'tourist' });
    expect(await screen.findByText(`Cancellation penalty: ${rub(45000)}`)).toBeInTheDocument();
    // a canceled request asks for nothing more: no balance, no questionnaire link, no reminder
    expect(screen.queryByText('Left to pay')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Questionnaire link')).not.toBeInTheDocument();
    expect(screen.queryByText(/balance reminder/i)).not.toBeInTheDocument();
  });

  it('says so when no penalty applies, in Russian', async () => {
    serve((input) =>
      pathOf(input) === '/crm/api/request/cancel-request-popup-data'
        ? json(200, { ...QUOTE, days_before_start: 45, applied_penalty: null, penalty_amount: 0, refund_amount: 54000 })
        : undefined,
    );
    renderPage('ru');
    await userEvent.click(await screen.findByRole('button', { name: 'Отменить заявку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отменить заявку №41?' });
    expect(await within(dialog).findByText('До начала поездки 45 дней.')).toBeInTheDocument();
    expect(within(dialog).queryByText('действует')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Штраф пока не действует: отмена сейчас бесплатна.')).toBeInTheDocument();
    const figures = within(dialog).getByLabelText('Расчёт отмены');
    expect(within(figures).getByText('Штраф').nextElementSibling).toHaveTextContent(rub(0, 'ru'));
    expect(within(figures).getByText('Вернуть туристу').nextElementSibling).toHaveTextContent(rub(54000, 'ru'));
  });
});

describe('a new invoice', () => {
  it('counts the prepayment as its fields change; a newer count aborts the older, whose late answer is ignored', async () => {
    const calls: { body: Record<string, unknown>; signal: AbortSignal; answer: (r: Response) => void }[] = [];
    const fetch = serve((input, init) => {
      const path = pathOf(input);
      if (path === '/crm/api/invoice/calculate-prepayment')
        return new Promise<Response>((answer) => calls.push({ body: bodyOf(init), signal: init!.signal!, answer }));
      if (path === '/crm/api/invoice/create-payment') return json(200, { id: 1, request_id: 41, amount: 45000 });
      return undefined;
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    // the departure's own terms start it: 30 % of 3 × 30 000
    const size = await within(dialog).findByLabelText('Prepayment, %');
    expect(size).toHaveValue('30');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      request_id: 41,
      tourists_count: 3,
      price: 30000,
      prepayment_type: 'percent',
      prepayment_size: 30,
    });
    await userEvent.clear(size);
    await userEvent.type(size, '50');
    await waitFor(() => expect(calls.at(-1)!.body.prepayment_size).toBe(50));
    // every older count was aborted when the newer started
    expect(calls.slice(0, -1).every((c) => c.signal.aborted)).toBe(true);
    expect(calls.at(-1)!.signal.aborted).toBe(false);
    calls.at(-1)!.answer(json(200, { prepayment: 45000, total: 90000, currency: 'RUB', prepayment_percent: 50 }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Amount, RUB/)).toHaveValue('45000'));
    // the first count's answer comes late: it changes nothing
    calls[0]!.answer(json(200, { prepayment: 27000, total: 90000, currency: 'RUB', prepayment_percent: 30 }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(within(dialog).getByLabelText(/^Amount, RUB/)).toHaveValue('45000');
    expect(within(dialog).getByRole('status')).toHaveTextContent(`Prepayment ${rub(45000)} of ${rub(90000)} (50%)`);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    expect(await screen.findByText('The invoice is created')).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([u]) => pathOf(u) === '/crm/api/invoice/create-payment')!;
    expect(bodyOf(init)).toEqual({
      request_id: 41,
      payment_type: 'prepayment',
      title: '',
      amount: 45000,
      message: '',
      contract_id: null,
      prepayment_percent: 50,
    });
  });

  it('refuses a percent over 100 on its field without asking the server', async () => {
    const fetch = serve((input) =>
      pathOf(input) === '/crm/api/invoice/calculate-prepayment'
        ? json(200, { prepayment: 27000, total: 90000, currency: 'RUB', prepayment_percent: 30 })
        : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    const size = await within(dialog).findByLabelText('Prepayment, %');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Amount, RUB/)).toHaveValue('27000'));
    await userEvent.clear(size);
    await userEvent.type(size, '120');
    expect(await within(dialog).findByText('Maximum 100')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 300)));
    const sizes = fetch.mock.calls
      .filter(([u]) => pathOf(u) === '/crm/api/invoice/calculate-prepayment')
      .map(([, init]) => bodyOf(init).prepayment_size);
    expect(sizes).not.toContain(120);
    expect(within(dialog).getByLabelText(/^Amount, RUB/)).toHaveValue('27000');
  });
});

describe('a full payment', () => {
  it('asks what no unpaid invoice asks yet', async () => {
    const invoice = {
      id: 7,
      request_id: 41,
      status: 1,
      payment_type: 'payment',
      title: 'Transfer',
      message: '',
      amount: 6000,
      currency: 'RUB',
      contract_id: null,
      prepayment_percent: null,
      payment_url: 'http://localhost/pay/x',
      payments: [],
      paid_at: null,
      canceled_at: null,
    };
    const fetch = serve(
      (input) => (pathOf(input) === '/crm/api/invoice/create-payment' ? json(200, { ...invoice, id: 8 }) : undefined),
      { ...REQUEST, invoices: { prepayment_invoice: null, additional_invoices: [invoice as never] } },
    );
    renderPage();
    expect(await screen.findByRole('article', { name: 'Transfer' })).toHaveTextContent(rub(6000));
    await userEvent.click(screen.getByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Full payment' }));
    // 36 000 left to pay, 6 000 of it already invoiced
    expect(within(dialog).getByLabelText(/^Amount, RUB/)).toHaveValue('30000');
    expect(within(dialog).getByText(`Left to pay: ${rub(36000)}; not invoiced yet: ${rub(30000)}`)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => pathOf(u) === '/crm/api/invoice/create-payment')).toBe(true),
    );
    const [, init] = fetch.mock.calls.find(([u]) => pathOf(u) === '/crm/api/invoice/create-payment')!;
    expect(bodyOf(init)).toMatchObject({ payment_type: 'full', amount: 30000, prepayment_percent: null });
  });
});

describe('the tourist form', () => {
  it("checks the contract's rules before sending, then puts the server's errors on their fields by code", async () => {
    const fetch = serve((input) =>
      pathOf(input) === '/crm/api/request/create-tourist'
        ? json(422, validationError({ passport: { code: 'max_length', params: { length: 100 } } }))
        : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add tourist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tourist' });
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    fireEvent.change(within(dialog).getByLabelText('Date of birth'), { target: { value: '2999-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tourist' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid e-mail')).toBeInTheDocument();
    expect(within(dialog).getByText('The birthday cannot be in the future')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.mock.calls.some(([u]) => pathOf(u) === '/crm/api/request/create-tourist')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Ivan');
    await userEvent.clear(within(dialog).getByLabelText('E-mail'));
    fireEvent.change(within(dialog).getByLabelText('Date of birth'), { target: { value: '1990-04-12' } });
    await userEvent.type(within(dialog).getByLabelText('Passport'), '4510 123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tourist' }));
    expect(await within(dialog).findByText('Maximum 100 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Passport')).toHaveFocus();
    const [, init] = fetch.mock.calls.find(([u]) => pathOf(u) === '/crm/api/request/create-tourist')!;
    expect(bodyOf(init)).toMatchObject({
      request_id: 41,
      first_name: 'Ivan',
      birthday: '1990-04-12',
      passport: '4510 123456',
      email: '',
      phone: '',
      is_contact_person: false,
    });
  });

  it('is in Russian too', async () => {
    serve();
    renderPage('ru');
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить туриста' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый турист' });
    fireEvent.change(within(dialog).getByLabelText('Дата рождения'), { target: { value: '2999-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Добавить туриста' }));
    expect(await within(dialog).findByText('Дата рождения не может быть в будущем')).toBeInTheDocument();
  });
});

describe('the payment link', () => {
  it("carries the provider's language (?lang=), opened or copied", async () => {
    const invoice = {
      id: 7,
      request_id: 41,
      status: 1,
      payment_type: 'payment',
      title: 'Transfer',
      message: '',
      amount: 6000,
      currency: 'RUB',
      contract_id: null,
      prepayment_percent: null,
      payment_url: 'http://localhost/pay/x',
      payments: [],
      paid_at: null,
      canceled_at: null,
    };
    serve(undefined, { ...REQUEST, invoices: { prepayment_invoice: null, additional_invoices: [invoice as never] } });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage('ru');
    const card = await screen.findByRole('article', { name: 'Transfer' });
    expect(within(card).getByRole('link', { name: 'Открыть страницу оплаты' })).toHaveAttribute(
      'href',
      'http://localhost/pay/x?lang=ru',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Скопировать ссылку на оплату' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/pay/x?lang=ru');
  });
});
