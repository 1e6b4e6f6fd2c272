import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import { tourSchema, type Tour } from '@tourdesk/contract/entities/tour';
import { createTestI18n } from '../../lib/i18n/resources';
import { validationError } from '../../test/error-bodies';
import { TourCreatePage, TourPage } from './tour-page';

// jsdom has no ResizeObserver; the kit's Radix checkbox measures itself with it
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const DRAFT: Tour = tourSchema.parse({ id: 21, tour_organizer_id: 3, name: 'Altai lakes', price: 45000 });

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const NO_DATES = { items: [], total: 0, page: 1, limit: 50 };
const isDates = (input: RequestInfo | URL) => String(input).includes('/crm/api/tour/get-dates');

const renderAt = (path: string, language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter(
    [
      { path: '/:orgId/tours/create', element: <TourCreatePage /> },
      { path: '/:orgId/tours/:id', element: <TourPage /> },
    ],
    { initialEntries: [path] },
  );
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

afterEach(() => vi.unstubAllGlobals());

describe('the tour editor', () => {
  it('saves a section on its own: only its fields, numbers as numbers', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/crm/api/tour/view') return json(200, DRAFT);
      if (isDates(input)) return json(200, NO_DATES);
      return json(200, { ...DRAFT, ...bodyOf(init) });
    });
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/tours/21');
    const price = await screen.findByRole('form', { name: 'Price and terms' });
    await userEvent.type(within(price).getByLabelText('Group from'), '4');
    await userEvent.type(within(price).getByLabelText('Group up to'), '12');
    await userEvent.type(within(price).getByLabelText('Length, days'), '7');
    await userEvent.click(within(price).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([u]) => String(u).includes('/crm/api/tour/update')) ?? [];
    const body = bodyOf(init);
    expect(body).toMatchObject({ id: 21, group_min: 4, group_max: 12, duration: 7, price: 45000, currency: 'RUB' });
    // another section's fields are not sent
    expect(body).not.toHaveProperty('name');
    expect(body).not.toHaveProperty('description');
  });

  it("checks the contract's rules before sending: a group larger at its start than its end", async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => json(200, isDates(input) ? NO_DATES : DRAFT));
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/tours/21');
    const price = await screen.findByRole('form', { name: 'Price and terms' });
    await userEvent.type(within(price).getByLabelText('Group from'), '20');
    await userEvent.type(within(price).getByLabelText('Group up to'), '5');
    await userEvent.click(within(price).getByRole('button', { name: 'Save' }));
    expect(await within(price).findAllByRole('alert')).not.toHaveLength(0);
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/crm/api/tour/update'))).toBe(false);
  });

  it("puts the server's field error on its field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/crm/api/tour/view')
          ? json(200, DRAFT)
          : isDates(input)
            ? json(200, NO_DATES)
            : json(422, validationError({ screen_name: 'incorrect_value' })),
      ),
    );
    renderAt('/3/tours/21');
    const basics = await screen.findByRole('form', { name: 'Name and type' });
    await userEvent.type(within(basics).getByLabelText('Address on the site'), 'altai');
    await userEvent.click(within(basics).getByRole('button', { name: 'Save' }));
    expect(await within(basics).findByText('Incorrect value')).toBeInTheDocument();
    expect(within(basics).getByLabelText('Address on the site')).toHaveFocus();
  });

  it('says what publishing still needs and offers Publish only when nothing is missing, in Russian too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => json(200, isDates(input) ? NO_DATES : DRAFT)),
    );
    renderAt('/3/tours/21', 'ru');
    const needs = await screen.findByRole('region', { name: 'Для публикации не хватает' });
    expect(within(needs).getByRole('link', { name: 'Описание' })).toHaveAttribute('href', '#section-content');
    expect(within(needs).getByRole('link', { name: 'Фотографии' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Опубликовать' })).toBeDisabled();
  });

  it('creates a draft and opens it', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/crm/api/tour/create')
        ? json(200, { ...DRAFT, ...bodyOf(init), id: 22 })
        : isDates(input)
          ? json(200, NO_DATES)
          : json(200, { ...DRAFT, id: 22, name: 'Teletskoye by boat', type: 2 }),
    );
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/3/tours/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Create the tour' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Teletskoye by boat');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Type' })).getByRole('button', { name: 'Excursion' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create the tour' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/3/tours/22'));
    const [, init] = fetch.mock.calls.find(([u]) => String(u).includes('/crm/api/tour/create')) ?? [];
    expect(bodyOf(init)).toEqual({ name: 'Teletskoye by boat', type: 2, schedule_type: 1, organizer_id: 3 });
  });
});

describe('the departures of a tour by dates', () => {
  const departure = {
    id: 7,
    tour_id: 21,
    date_start: '2027-07-03',
    date_end: '2027-07-09',
    price: 45000,
    days: 7,
    number_of_seats: 12,
    number_of_free_seats: 9,
  };
  const server = () =>
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/crm/api/tour/view') return json(200, DRAFT);
      if (path === '/crm/api/tour/get-dates') return json(200, { items: [departure], total: 1, page: 1, limit: 50 });
      if (path === '/crm/api/tour/save-date') return json(200, { ...departure, id: 8, ...bodyOf(init) });
      return json(200, { success: true });
    });

  it('lists the next departures with free seats and adds one picked in the calendar; zero seats are refused first', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/tours/21');
    const list = await screen.findByRole('list', { name: 'Departures' });
    expect(list).toHaveTextContent('Jul 3, 2027 – Jul 9, 2027');
    expect(list).toHaveTextContent('9 of 12 seats free');
    await userEvent.click(screen.getByRole('button', { name: 'Add a departure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a departure' });
    const iso = (days: number) => {
      const d = new Date(Date.now() + days * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Dates' }));
    const calendar = await screen.findByRole('dialog', { name: 'Dates' });
    const day = (value: string) =>
      calendar.querySelector(`[data-day="${value}"]:not([data-outside]) button`) as HTMLButtonElement;
    await userEvent.click(day(iso(3)));
    await userEvent.click(day(iso(9)));
    await userEvent.click(within(calendar).getByRole('button', { name: 'Apply' }));
    await userEvent.clear(within(dialog).getByLabelText(/^Seats/));
    await userEvent.type(within(dialog).getByLabelText(/^Seats/), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Minimum 1')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/save-date'))).toBe(false);
    await userEvent.clear(within(dialog).getByLabelText(/^Seats/));
    await userEvent.type(within(dialog).getByLabelText(/^Seats/), '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The departure is added')).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([u]) => String(u).includes('/save-date')) ?? [];
    expect(bodyOf(init)).toMatchObject({
      tour_id: 21,
      date_start: iso(3),
      date_end: iso(9),
      price: 45000,
      number_of_seats: 8,
      time_start: null,
    });
  });

  it('removes a departure', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    renderAt('/3/tours/21');
    await userEvent.click(await screen.findByRole('button', { name: /^Remove the departure/ }));
    expect(await screen.findByText('The departure is removed')).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([u]) => String(u).includes('/remove-date')) ?? [];
    expect(bodyOf(init)).toEqual({ tour_id: 21, date_id: 7 });
  });
});
