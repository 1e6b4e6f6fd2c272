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

const bodyOf = (init: RequestInit | undefined) =>
  (init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
/** What the editor's other parts read (departures, calendar feeds, guides, catalogue): nothing yet. */
const ASIDE: Record<string, unknown> = {
  '/crm/api/tour/get-dates': { items: [], total: 0, page: 1, limit: 50 },
  '/crm/api/tour/ical-feeds': { items: [] },
  '/crm/api/tour/guides': [],
  '/crm/api/tour/catalogue': { items: [] },
};
const asideOf = (input: RequestInfo | URL) => ASIDE[new URL(String(input), 'http://localhost').pathname];
const isAside = (input: RequestInfo | URL) => asideOf(input) !== undefined;

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
      if (isAside(input)) return json(200, asideOf(input));
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
    const fetch = vi.fn(async (input: RequestInfo | URL) => json(200, asideOf(input) ?? DRAFT));
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
          : isAside(input)
            ? json(200, asideOf(input))
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
      vi.fn(async (input: RequestInfo | URL) => json(200, asideOf(input) ?? DRAFT)),
    );
    renderAt('/3/tours/21', 'ru');
    const needs = await screen.findByRole('region', { name: 'Для публикации не хватает' });
    // each chip is a button that takes the focus to its field
    expect(within(needs).getByRole('button', { name: 'Описание' })).toBeInTheDocument();
    expect(within(needs).getByRole('button', { name: 'Фотографии' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Опубликовать' })).toBeDisabled();
  });

  it('creates a draft and opens it', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/crm/api/tour/create')
        ? json(200, { ...DRAFT, ...bodyOf(init), id: 22 })
        : isAside(input)
          ? json(200, asideOf(input))
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

// The departures (calendar, list, series, removal) are tested in features/tour/components/tour-dates.test.tsx.
