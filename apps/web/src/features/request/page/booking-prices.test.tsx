import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import type { BookingChangeFigures, BookingPricing, TourPrices } from '@tourdesk/contract/api/prices';
import { requestSchema, type BookingRequest } from '@tourdesk/contract/entities/request';
import { createTestI18n } from '../../../lib/i18n/resources';
import { validationError } from '../../../test/error-bodies';
import { RequestPage } from './request-page';
import { ChangeFigures } from './components/change-booking-modal';
import { useRequestFormat } from './request-format';

configure({ asyncUtilTimeout: 5000 });

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

/** A confirmed booking of 2 adults and a child, one tourist named, 30 000 ₽ paid. */
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
  price: 87150,
  paid_amount: 30000,
  balance: 57150,
  customer_name: 'Olga Petrova',
  seats_taken: 3,
  tourists: [{ id: 501, request_id: 41, full_name: 'Petrova Olga', first_name: 'Olga', last_name: 'Petrova' }],
  history: [],
  created_at: '2031-05-01T09:00:00.000Z',
});

const category = (id: number, code: string, name_en: string, name_ru: string, extra: object = {}) => ({
  id,
  code,
  name_en,
  name_ru,
  age_from: null,
  age_to: null,
  pricing: 'base',
  value: 0,
  takes_seat: true,
  min_per_booking: 0,
  max_per_booking: null,
  ...extra,
});
const PRICES = {
  categories: [
    category(1, 'adult', 'Adult', 'Взрослый'),
    category(2, 'child', 'Child', 'Ребёнок', { pricing: 'percent_off', value: 30, age_from: 2, age_to: 11 }),
    category(3, 'infant', 'Infant', 'Младенец', { pricing: 'fixed', age_to: 1, takes_seat: false }),
  ],
  extras: [
    {
      id: 11,
      name_en: 'Single room',
      name_ru: 'Одноместный номер',
      price: 7000,
      per: 'booking',
      is_mandatory: false,
      stock: 4,
    },
    {
      id: 13,
      name_en: 'Bike rental',
      name_ru: 'Прокат велосипеда',
      price: 1500,
      per: 'traveller',
      is_mandatory: false,
      stock: 2,
    },
    {
      id: 12,
      name_en: 'Insurance',
      name_ru: 'Страховка',
      price: 500,
      per: 'traveller',
      is_mandatory: true,
      stock: null,
    },
  ],
} as TourPrices;
const line = (c: (typeof PRICES.categories)[number], count: number, unit_price: number) => ({
  category_id: c.id,
  code: c.code,
  name_en: c.name_en,
  name_ru: c.name_ru,
  count,
  unit_price,
  amount: count * unit_price,
  takes_seat: c.takes_seat,
});
const PRICING: BookingPricing = {
  request_id: 41,
  currency: 'RUB',
  travellers: [line(PRICES.categories[0]!, 2, 30000), line(PRICES.categories[1]!, 1, 21000)],
  extras: [
    {
      extra_id: 11,
      name_en: 'Single room',
      name_ru: 'Одноместный номер',
      per: 'booking',
      is_mandatory: false,
      quantity: 1,
      unit_price: 7000,
      amount: 7000,
    },
    {
      extra_id: 12,
      name_en: 'Insurance',
      name_ru: 'Страховка',
      per: 'traveller',
      is_mandatory: true,
      quantity: 3,
      unit_price: 500,
      amount: 1500,
    },
  ],
  adjustments: [{ kind: 'fee', amount: 500, reason: 'Late booking' }],
  discount: null,
  promo: { code: 'SPRING', value: 10, value_type: 'percent', is_combinable: true, amount: 8950 },
  travellers_total: 81000,
  extras_total: 8500,
  total: 87150,
  paid: 30000,
  balance_due: 57150,
  tourists_count: 3,
  seats: 3,
};
const CHANGE = {
  id: 1,
  user_id: 3,
  user_name: 'Anna Guide',
  what: ['travellers'],
  before: {
    travellers: [
      { category_id: 1, name_en: 'Adult', count: 1 },
      { category_id: 2, name_en: 'Child', count: 1 },
    ],
    extras: [],
    adjustments: [],
    promo_code: null,
    total: 51000,
  },
  after: {
    travellers: [
      { category_id: 1, name_en: 'Adult', count: 2 },
      { category_id: 2, name_en: 'Child', count: 1 },
    ],
    extras: [{ extra_id: 11, name_en: 'Single room', quantity: 1 }],
    adjustments: [],
    promo_code: 'SPRING',
    total: 87150,
  },
  created_at: '2031-05-02T10:00:00.000Z',
};

type Handler = (path: string, body: Record<string, unknown>) => Response | undefined;

const serve = (handler: Handler = () => undefined) => {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = pathOf(input);
    const own = handler(path, bodyOf(init));
    if (own) return own;
    if (path === '/crm/api/request/get') return json(200, REQUEST);
    if (path === '/crm/api/request/pricing') return json(200, { pricing: PRICING, prices: PRICES });
    if (path === '/crm/api/request/booking-changes') return json(200, { items: [CHANGE] });
    if (path === '/crm/api/request/base-sale-statuses-by-request-id') return json(200, { items: [] });
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
};

const rub = (n: number, language = 'en') =>
  new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'RUB',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  })
    .format(n)
    .replace(/[\u00a0\u202f]/g, ' ');

const FIGURES: BookingChangeFigures = {
  total_before: 87150,
  total_after: 114150,
  paid: 30000,
  balance_due: 84150,
  overpaid: 0,
  penalty_percent: 0,
  penalty: 0,
  refund_offered: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe('the request page: the booking’s prices (issue 26)', () => {
  it('lists the lines, changes the booking to 3 adults and shows the balance to invoice and the change history', async () => {
    const sent: Record<string, unknown>[] = [];
    serve((path, body) => {
      if (path !== '/crm/api/request/change-booking') return undefined;
      // the dialog's preview: the same change as a dry run
      if (body.dry_run) return json(200, { pricing: { ...PRICING, total: 114150 }, figures: FIGURES });
      sent.push(body);
      return json(200, { pricing: { ...PRICING, total: 114150 }, figures: FIGURES });
    });
    renderPage();
    const price = await screen.findByLabelText('Price');
    expect(await within(price).findByText(`Adult: ${rub(30000)} × 2`)).toBeInTheDocument();
    expect(within(price).getByText(`Child: ${rub(21000)} × 1`).nextElementSibling).toHaveTextContent(rub(21000));
    expect(within(price).getByText(`Insurance: ${rub(500)} × 3`)).toBeInTheDocument();
    expect(within(price).getByText('Promo code SPRING').closest('div')).toHaveTextContent(`−${rub(8950)}`);
    expect(within(price).getByText('Fee: Late booking').nextElementSibling).toHaveTextContent(`+${rub(500)}`);
    const history = screen.getByRole('list', { name: 'Booking changes' });
    expect(within(history).getByText('Travellers')).toBeInTheDocument();
    expect(within(history).getByText(/1 × Adult, 1 × Child/)).toBeInTheDocument();
    expect(within(history).getByText(/2 × Adult, 1 × Child, Single room × 1 · SPRING/)).toBeInTheDocument();

    // a booking by category moves too: the seats it needs are its travellers taking one, repriced there
    await userEvent.click(screen.getByRole('button', { name: 'Change departure' }));
    const move = await screen.findByRole('dialog', { name: 'Move to another departure' });
    expect(move).toHaveAccessibleDescription(/free seats for 3 tourists\. .*Each category is priced by its rule/);
    await userEvent.click(within(move).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(move).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Change booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change booking #41' });
    expect(within(dialog).getByLabelText('Child')).toHaveValue('1');
    expect(within(dialog).getByText('Always included: Insurance')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Adult'));
    await userEvent.type(within(dialog).getByLabelText('Adult'), '3');
    // before applying, the server's dry run of the change: the new total and the balance
    const preview = await within(dialog).findByRole('region', { name: 'If you apply it' });
    expect(await within(preview).findByText('New total')).toBeInTheDocument();
    expect(within(preview).getByText('Balance to invoice').nextElementSibling).toHaveTextContent(rub(84150));
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply changes' }));

    const figures = await within(dialog).findByLabelText('What the change did');
    expect(within(figures).getByText('Balance to invoice').nextElementSibling).toHaveTextContent(rub(84150));
    expect(within(figures).getByText('New total').nextElementSibling).toHaveTextContent(rub(114150));
    expect(sent).toEqual([
      // only the part that changed: the extras, the manual line and the code stay as they are
      {
        request_id: 41,
        travellers: [
          { category_id: 1, count: 3 },
          { category_id: 2, count: 1 },
          { category_id: 3, count: 0 },
        ],
      },
    ]);
  });

  it('puts the server’s errors on the extra and the promo code they concern, in Russian', async () => {
    const sent: Record<string, unknown>[] = [];
    serve((path, body) => {
      if (path !== '/crm/api/request/change-booking') return undefined;
      if (body.dry_run) return json(200, { pricing: PRICING, figures: FIGURES });
      sent.push(body);
      return json(
        422,
        validationError({
          'extras.0.quantity': { code: 'extra_out_of_stock', params: { free: 1 } },
          promo_code: 'promo_code_used_up',
        }),
      );
    });
    renderPage('ru');
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить бронирование' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменение бронирования №41' });
    await userEvent.clear(within(dialog).getByLabelText('Одноместный номер'));
    await userEvent.type(within(dialog).getByLabelText('Одноместный номер'), '0');
    await userEvent.clear(within(dialog).getByLabelText('Прокат велосипеда'));
    await userEvent.type(within(dialog).getByLabelText('Прокат велосипеда'), '2');
    await userEvent.clear(within(dialog).getByLabelText('Промокод'));
    await userEvent.type(within(dialog).getByLabelText('Промокод'), 'summer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Применить' }));

    // the body's first extra is the bike: its error lands on the bike's field, not the single room's
    expect(await within(dialog).findByText('Не хватает: на этот заезд осталось 1')).toBeInTheDocument();
    const bike = within(dialog).getByLabelText('Прокат велосипеда');
    expect(bike).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Одноместный номер')).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Этот промокод закончился')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ extras: [{ extra_id: 13, quantity: 2 }], promo_code: 'summer' });
  });

  it('sets a named tourist’s category from the booking’s categories', async () => {
    const sent: Record<string, unknown>[] = [];
    const tourists = [{ ...REQUEST.tourists[0]!, category_id: 2 }];
    serve((path, body) => {
      // the server as it stores the category: the request read after it has it too
      if (path === '/crm/api/request/get' && sent.length > 0) return json(200, { ...REQUEST, tourists });
      if (path !== '/crm/api/request/set-tourist-category') return undefined;
      sent.push(body);
      return json(200, { request_id: 41, tourists_count: 3, tourists });
    });
    renderPage();
    const choice = await screen.findByRole('combobox', { name: 'Category of Olga Petrova' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Category not set', 'Adult', 'Child']);
    await userEvent.selectOptions(choice, 'Child');
    await waitFor(() => expect(sent).toEqual([{ id: 501, category_id: 2 }]));
    await waitFor(() => expect(choice).toHaveValue('2'));
  });
});

describe('ChangeFigures', () => {
  function Figures({ figures }: { figures: BookingChangeFigures }) {
    return <ChangeFigures figures={figures} format={useRequestFormat('RUB')} />;
  }

  it('offers a refund by the penalty rules when the new total is below what was paid, in Russian', () => {
    render(
      <I18nextProvider i18n={createTestI18n('ru')}>
        <Figures
          figures={{
            total_before: 90000,
            total_after: 60000,
            paid: 90000,
            balance_due: 0,
            overpaid: 30000,
            penalty_percent: 25,
            penalty: 7500,
            refund_offered: 22500,
          }}
        />
      </I18nextProvider>,
    );
    const list = screen.getByLabelText('Что изменилось в оплате');
    expect(within(list).getByText('Оплачено сверх новой стоимости').nextElementSibling).toHaveTextContent(
      rub(30000, 'ru'),
    );
    expect(within(list).getByText('Штраф 25%').nextElementSibling).toHaveTextContent(`−${rub(7500, 'ru')}`);
    expect(within(list).getByText('Возврат').nextElementSibling).toHaveTextContent(rub(22500, 'ru'));
    expect(within(list).queryByText('Доплата к выставлению')).not.toBeInTheDocument();
    expect(screen.getByText('Верните деньги в разделе «Счета», по оплаченному счёту.')).toBeInTheDocument();
  });
});
