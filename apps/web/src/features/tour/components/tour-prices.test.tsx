import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import type { TourPrices } from '@tourdesk/contract/api/prices';
import { tourSchema } from '@tourdesk/contract/entities/tour';
import { createTestI18n } from '../../../lib/i18n/resources';
import { validationError } from '../../../test/error-bodies';
import { TourEditor } from './tour-editor';

// a busy two-core machine: the editor's many sections take a while to render
configure({ asyncUtilTimeout: 5000 });

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

const TOUR = tourSchema.parse({ id: 21, tour_organizer_id: 3, name: 'Altai lakes', price: 45000, currency: 'RUB' });
const ADULT = {
  id: 1,
  code: 'adult',
  name_en: 'Adult',
  name_ru: 'Взрослый',
  age_from: null,
  age_to: null,
  pricing: 'base',
  value: 0,
  takes_seat: true,
  min_per_booking: 0,
  max_per_booking: null,
} as const;
const PRICES: TourPrices = { categories: [ADULT], extras: [] };

/** The editor over a server that answers the prices and whatever `answer` says to a save. */
const renderEditor = (
  answer: (path: string, body: Record<string, unknown>) => Response | undefined,
  language = 'en',
) => {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') {
      const answered = answer(path, bodyOf(init));
      if (answered) return answered;
    }
    if (path === '/crm/api/tour/prices') return json(200, PRICES);
    if (path === '/crm/api/tour/get-dates') return json(200, { items: [], total: 0, page: 1, limit: 50 });
    if (path === '/crm/api/tour/ical-feeds') return json(200, { items: [] });
    return json(200, []);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language as 'en' | 'ru')}>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <TourEditor tour={TOUR} /> }])} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fetch;
};

afterEach(() => vi.unstubAllGlobals());

describe('the tour editor: traveller categories and extras', () => {
  it('adds a child category, shows the server’s field error on its row, then saves the whole list', async () => {
    const sent: Record<string, unknown>[] = [];
    renderEditor((path, body) => {
      if (path !== '/crm/api/tour/save-traveller-categories') return undefined;
      sent.push(body);
      if (sent.length === 1) return json(422, validationError({ 'categories.1.age_from': 'category_ages_overlap' }));
      const categories = (body.categories as Record<string, unknown>[]).map((c, i) => ({ id: i + 1, ...c }));
      return json(200, { categories, extras: [] });
    });
    const form = await screen.findByRole('form', { name: 'Traveller categories' });
    expect(within(form).getByDisplayValue('Adult')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Add a category' }));
    const child = within(form).getAllByRole('listitem')[1]!;
    await userEvent.type(within(child).getByLabelText('Name in English'), 'Child');
    await userEvent.type(within(child).getByLabelText('Name in Russian'), 'Ребёнок');
    await userEvent.type(within(child).getByLabelText('Age from'), '2');
    await userEvent.type(within(child).getByLabelText('Age to'), '11');
    await userEvent.type(within(child).getByLabelText('Percent off'), '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(child).findByText('The ages overlap with another category')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      tour_id: 21,
      categories: [
        ADULT,
        {
          code: 'child',
          name_en: 'Child',
          name_ru: 'Ребёнок',
          age_from: 2,
          age_to: 11,
          pricing: 'percent_off',
          value: 30,
          takes_seat: true,
          min_per_booking: 0,
          max_per_booking: null,
        },
      ],
    });

    await userEvent.clear(within(child).getByLabelText('Age from'));
    await userEvent.type(within(child).getByLabelText('Age from'), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1]!.categories as { age_from: number }[])[1]!.age_from).toBe(3);
    expect(await screen.findByText('Saved', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('refuses text in a number before sending, and saves an extra in Russian', async () => {
    const sent: Record<string, unknown>[] = [];
    renderEditor((path, body) => {
      if (path !== '/crm/api/tour/save-extras') return undefined;
      sent.push(body);
      const extras = (body.extras as Record<string, unknown>[]).map((e, i) => ({ id: i + 1, ...e }));
      return json(200, { categories: [ADULT], extras });
    }, 'ru');
    const form = await screen.findByRole('form', { name: 'Дополнительные услуги' });
    expect(within(form).getByText('Дополнительных услуг пока нет.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Добавить услугу' }));
    await userEvent.type(within(form).getByLabelText('Название на русском'), 'Одноместное размещение');
    await userEvent.type(within(form).getByLabelText('Сумма, RUB'), 'много');
    await userEvent.type(within(form).getByLabelText('Количество на дату'), '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText('Некорректное значение')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Сумма, RUB'));
    await userEvent.type(within(form).getByLabelText('Сумма, RUB'), '7000,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      tour_id: 21,
      extras: [
        {
          name_en: '',
          name_ru: 'Одноместное размещение',
          price: 7000.5,
          per: 'booking',
          is_mandatory: false,
          stock: 4,
        },
      ],
    });
  });
});
