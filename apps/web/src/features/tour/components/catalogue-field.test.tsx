import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { toApiError } from '../../../lib/api/api-error';
import { validationError } from '../../../test/error-bodies';
import { CatalogueField, CountriesField, LanguagesField } from './catalogue-field';
import { TourFieldForm, json, renderWithApp } from './tour-fields-test-utils';

/** The seeded catalogue in both languages, as GET tour/catalogue names it by X-Language. */
const CATALOGUE: Record<string, Record<'en' | 'ru', { id: number; name: string }[]>> = {
  region: {
    en: [
      { id: 1, name: 'Altai Republic' },
      { id: 2, name: 'Irkutsk Oblast' },
      { id: 3, name: 'Karelia' },
    ],
    ru: [
      { id: 2, name: 'Иркутская область' },
      { id: 1, name: 'Республика Алтай' },
      { id: 3, name: 'Республика Карелия' },
    ],
  },
  activity: {
    en: [
      { id: 20, name: 'Hiking' },
      { id: 21, name: 'Rafting' },
    ],
    ru: [
      { id: 20, name: 'Пеший туризм' },
      { id: 21, name: 'Рафтинг' },
    ],
  },
};

interface CatalogueCall {
  kind: string | null;
  language: string;
}

const catalogueServer = ({ pending = false } = {}) => {
  const calls: CatalogueCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const language = (init?.headers as Record<string, string>)['X-Language'] === 'ru' ? 'ru' : 'en';
      const kind = url.searchParams.get('kind');
      calls.push({ kind, language });
      if (url.pathname !== '/crm/api/tour/catalogue') return json(404, { message: 'Not found', code: 'not_found' });
      if (pending) return new Promise<Response>(() => undefined);
      return json(200, { items: CATALOGUE[kind ?? '']?.[language] ?? [] });
    }),
  );
  return calls;
};

const renderForm = (
  defaults: Record<string, unknown>,
  field: ReactNode,
  { language = 'en' as 'en' | 'ru', send = vi.fn<(body: unknown) => Promise<unknown> | void>() } = {},
) => {
  renderWithApp(
    <TourFieldForm defaults={defaults} send={send}>
      {field}
    </TourFieldForm>,
    { language },
  );
  const save = async () => {
    send.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Save the section' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    return send.mock.lastCall![0];
  };
  return { send, save };
};

/** Opens a searchable select by its label and types into its search. */
const search = async (label: string, query: string) => {
  const combobox = screen.getByRole('combobox', { name: label });
  if (combobox.getAttribute('aria-expanded') !== 'true') await userEvent.click(combobox);
  const box = await screen.findByRole('searchbox');
  await userEvent.clear(box);
  if (query) await userEvent.type(box, query);
  return screen.getByRole('listbox');
};

afterEach(() => vi.unstubAllGlobals());

describe('CatalogueField', () => {
  it('picks values of a kind by search, shows them as chips that remove them, and sends their ids', async () => {
    catalogueServer();
    const { save } = renderForm({ regions: [] }, <CatalogueField name="regions" kind="region" label="Regions" />);
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());

    const list = await search('Regions', 'kar');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Karelia']);
    await userEvent.click(within(list).getByRole('option', { name: 'Karelia' }));
    await search('Regions', 'alt');
    await userEvent.click(screen.getByRole('option', { name: 'Altai Republic' }));
    await userEvent.keyboard('{Escape}');

    const chips = screen.getByRole('list', { name: 'Chosen' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Karelia', 'Altai Republic']);
    expect(await save()).toEqual({ regions: [3, 1] });

    await userEvent.click(within(chips).getByRole('button', { name: 'Remove Karelia' }));
    expect(screen.queryByRole('button', { name: 'Remove Karelia' })).not.toBeInTheDocument();
    expect(await save()).toEqual({ regions: [1] });
  });

  it('finds a value by its name in the other language too, loading those names only when the list opens', async () => {
    const calls = catalogueServer();
    renderForm({ regions: [] }, <CatalogueField name="regions" kind="region" label="Regions" />);
    await waitFor(() => expect(calls).toEqual([{ kind: 'region', language: 'en' }]));

    const list = await search('Regions', 'Алтай');
    expect(await within(list).findByRole('option', { name: 'Altai Republic' })).toBeInTheDocument();
    expect(calls).toContainEqual({ kind: 'region', language: 'ru' });
  });

  it('names the stored tour’s values (its refs) while the list loads', async () => {
    catalogueServer({ pending: true });
    const { save } = renderForm(
      {
        regions: [2],
        host_cities: [
          { id: 7, name: 'Gorno-Altaysk' },
          { id: 8, name: 'Chemal' },
        ],
      },
      <>
        {/* the form holds ids, the stored tour's refs name them */}
        <CatalogueField name="regions" kind="region" label="Regions" selected={[{ id: 2, name: 'Irkutsk Oblast' }]} />
        {/* or the value itself is the refs */}
        <CatalogueField name="host_cities" kind="city" label="Cities" />
      </>,
    );
    expect(screen.getAllByText('Loading…')[0]).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Remove Irkutsk Oblast' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Gorno-Altaysk' })).toBeInTheDocument();
    expect(await save()).toMatchObject({ regions: [2] });
    // a change writes ids, and the other value keeps its name
    await userEvent.click(screen.getByRole('button', { name: 'Remove Gorno-Altaysk' }));
    expect(screen.getByRole('button', { name: 'Remove Chemal' })).toBeInTheDocument();
    expect(await save()).toEqual({ regions: [2], host_cities: [8] });
  });

  it('holds one id with multiple={false} (main activity), cleared to null', async () => {
    catalogueServer();
    const { save } = renderForm(
      { main_activity: null },
      <CatalogueField name="main_activity" kind="activity" label="Main activity" multiple={false} />,
      { language: 'ru' },
    );
    await waitFor(() => expect(screen.queryByText('Загрузка…')).not.toBeInTheDocument());
    await search('Main activity', 'раф');
    await userEvent.click(screen.getByRole('option', { name: 'Рафтинг' }));
    expect(screen.getByRole('combobox', { name: 'Main activity' })).toHaveTextContent('Рафтинг');
    expect(await save()).toEqual({ main_activity: 21 });
    await userEvent.click(screen.getByRole('button', { name: 'Убрать: Рафтинг' }));
    expect(await save()).toEqual({ main_activity: null });
  });

  it('puts the server’s error on one of its values (an unknown id) under the field', async () => {
    catalogueServer();
    const send = vi.fn(() => Promise.reject(toApiError(422, validationError({ 'regions.0': 'tour_unknown_item' }))));
    renderForm({ regions: [1] }, <CatalogueField name="regions" kind="region" label="Regions" />, { send });
    await userEvent.click(screen.getByRole('button', { name: 'Save the section' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Choose a value from the list');
    expect(screen.getByRole('combobox', { name: 'Regions' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Regions' })).toHaveAccessibleDescription(
      'Choose a value from the list',
    );
  });
});

describe('CountriesField and LanguagesField', () => {
  it('names countries in the interface language, finds them in either language or by code, and sends ISO codes', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { save } = renderForm({ countries: ['RU'] }, <CountriesField name="countries" label="Страны" />, {
      language: 'ru',
    });
    expect(screen.getByRole('button', { name: 'Убрать: Россия' })).toBeInTheDocument();

    let list = await search('Страны', '');
    expect(within(list).getByText('Основные направления')).toBeInTheDocument();
    list = await search('Страны', 'груз');
    await userEvent.click(within(list).getByRole('option', { name: 'Грузия' }));
    list = await search('Страны', 'Armenia');
    await userEvent.click(within(list).getByRole('option', { name: 'Армения' }));
    list = await search('Страны', 'MN');
    expect(within(list).getByRole('option', { name: 'Монголия' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    expect(await save()).toEqual({ countries: ['RU', 'GE', 'AM'] });
  });

  it('names languages by Intl.DisplayNames and sends two-letter codes', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { save } = renderForm({ languages: [] }, <LanguagesField name="languages" label="Languages" />);
    let list = await search('Languages', 'russ');
    await userEvent.click(within(list).getByRole('option', { name: 'Russian' }));
    // the Russian name finds it as well
    list = await search('Languages', 'немец');
    await userEvent.click(within(list).getByRole('option', { name: 'German' }));
    await userEvent.keyboard('{Escape}');
    const chips = screen.getByRole('list', { name: 'Chosen' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Russian', 'German']);
    expect(await save()).toEqual({ languages: ['ru', 'de'] });
  });
});
