import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import type { RoomingList, RoomingListRow } from '@tourdesk/contract/api/request-docs';
import { createTestI18n } from '../../../lib/i18n/resources';
import { clearToken, setToken } from '../../../lib/api/token-storage';
import { messageError } from '../../../test/error-bodies';
import { RoomingListPage } from './rooming-list-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ROW: RoomingListRow = {
  tourist_id: 1,
  request_id: 12,
  request_status: 2,
  position: 1,
  full_name: 'Petrova Olga Ivanovna',
  first_name: 'Olga',
  last_name: 'Petrova',
  middle_name: 'Ivanovna',
  birthday: '1988-07-11',
  age: 41,
  passport: '45 10 123456',
  phone: '+79161234567',
  email: 'olga@example.com',
  food_restriction: 'vegetarian',
  is_contact_person: true,
  is_child: false,
  needs_transfer: true,
  category: { code: 'adult', name_en: 'Adult', name_ru: 'Взрослый' },
  contact_name: 'Olga Petrova',
  contact_phone: '+79160000001',
  contact_email: 'olga@example.com',
  missing: { name: false, passport: false, birthday: false, phone: false },
};
const LIST: RoomingList = {
  departure: {
    id: 5,
    tour_id: 21,
    tour_name: 'Altai lakes',
    tour_organizer_id: 3,
    date_start: '2030-07-10',
    date_end: '2030-07-15',
    time_start: '09:00',
    tour_variant: '',
    number_of_seats: 20,
    number_of_free_seats: 16,
  },
  rows: [
    ROW,
    {
      ...ROW,
      tourist_id: 2,
      request_id: 14,
      request_status: 3,
      full_name: 'Sidorov Ivan',
      first_name: 'Ivan',
      last_name: 'Sidorov',
      middle_name: '',
      birthday: null,
      age: null,
      passport: '',
      phone: '',
      email: '',
      food_restriction: '',
      is_contact_person: false,
      needs_transfer: false,
      contact_name: 'Ivan Sidorov',
      missing: { name: false, passport: true, birthday: true, phone: true },
    },
    {
      ...ROW,
      tourist_id: null,
      request_id: 14,
      request_status: 3,
      position: 2,
      full_name: '',
      first_name: '',
      last_name: '',
      middle_name: '',
      birthday: null,
      age: null,
      passport: '',
      phone: '',
      email: '',
      food_restriction: '',
      is_contact_person: false,
      needs_transfer: false,
      category: { code: 'child', name_en: 'Child', name_ru: 'Ребёнок' },
      contact_name: 'Ivan Sidorov',
      missing: { name: true, passport: true, birthday: true, phone: true },
    },
  ],
  totals: {
    requests: 2,
    tourists: 3,
    children: 0,
    needs_transfer: 1,
    with_food_restriction: 1,
    missing_name: 1,
    missing_passport: 2,
    missing_birthday: 2,
    missing_phone: 2,
    with_missing_data: 2,
  },
};
const EMPTY: RoomingList = {
  ...LIST,
  rows: [],
  totals: {
    ...LIST.totals,
    requests: 0,
    tourists: 0,
    needs_transfer: 0,
    with_food_restriction: 0,
    with_missing_data: 0,
  },
};

type Answer = (url: URL) => Response | Promise<Response>;
const serve = (answers: Record<string, Answer>) => {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[url.pathname];
    return answer ? answer(url) : json(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  const sent = (path: string) =>
    fetch.mock.calls
      .filter(([u]) => new URL(String(u), 'http://localhost').pathname === path)
      .map(([u, init]) => ({
        url: String(u),
        headers: (init as RequestInit | undefined)?.headers as Record<string, string>,
      }));
  return { fetch, sent };
};

const renderPage = (language: 'en' | 'ru' = 'en', path = '/3/tours/21/departures/5/rooming-list') => {
  const router = createMemoryRouter(
    [
      { path: '/:orgId/tours/:tourId/departures/:dateId/rooming-list', element: <RoomingListPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const { container } = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider router={router} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // the page itself; the print sheet lives outside it (a portal on <body>), hidden on screen
  return within(container);
};

beforeEach(() => setToken('test-access-token'));
afterEach(() => {
  clearToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the rooming list page', () => {
  it('shows the departure, its totals and every traveller, what is missing in words', async () => {
    const { sent } = serve({ '/crm/api/request/rooming-list': () => json(200, LIST) });
    const view = renderPage();
    expect(await view.findByRole('heading', { level: 1, name: 'Rooming list' })).toBeInTheDocument();
    expect(sent('/crm/api/request/rooming-list')[0]!.url).toBe('/crm/api/request/rooming-list?tour_date_id=5');
    expect(view.getByText('Altai lakes · Jul 10, 2030 – Jul 15, 2030 at 09:00')).toBeInTheDocument();
    expect(view.getByRole('link', { name: 'Back to the tour' })).toHaveAttribute('href', '/3/tours/21');

    const summary = view.getByLabelText('Summary');
    expect(summary.tagName).toBe('DL');
    expect(within(summary).getByText('3 travellers')).toBeInTheDocument();
    expect(within(summary).getByText('in 2 bookings')).toBeInTheDocument();
    expect(within(summary).getByText('16 free of 20')).toBeInTheDocument();
    expect(within(summary).getByText('2 travellers', { selector: 'span' })).toBeInTheDocument();
    expect(within(summary).getByText('names: 1, passports: 2, dates of birth: 2, phones: 2')).toBeInTheDocument();

    const table = view.getByRole('table', { name: 'Travellers of the departure' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['No', 'Traveller', 'Date of birth', 'Passport', 'Phone and e-mail', 'Food', 'Transfer', 'Booking']);
    const olga = rows[1]!;
    expect(within(olga).getByRole('rowheader')).toHaveTextContent('Petrova Olga Ivanovnacontact person');
    expect(olga).toHaveTextContent('07/11/1988');
    expect(olga).toHaveTextContent('41 years');
    expect(olga).toHaveTextContent('45 10 123456');
    expect(within(olga).getByRole('link', { name: '+79161234567' })).toHaveAttribute('href', 'tel:+79161234567');
    expect(olga).toHaveTextContent('vegetarian');
    expect(within(olga).getByRole('link', { name: 'Open booking 12' })).toHaveAttribute('href', '/3/bookings/12');
    expect(olga).toHaveTextContent('Confirmed');
    expect(olga).not.toHaveTextContent(/No passport|No phone|No date of birth/);

    const ivan = rows[2]!;
    for (const gap of ['No date of birth', 'No passport', 'No phone'])
      expect(within(ivan).getByText(gap)).toBeInTheDocument();
    expect(ivan).toHaveTextContent('Prepaid');
    const unnamed = rows[3]!;
    // the place not named yet is a child's: the list says so (an adult's category goes unsaid)
    expect(within(unnamed).getByRole('rowheader')).toHaveTextContent('Place 2: not named yetchild');
    expect(within(unnamed).getByText('No name')).toBeInTheDocument();
  });

  it('prints the manifest alone: a print sheet outside the app, hidden on screen, and window.print', async () => {
    serve({ '/crm/api/request/rooming-list': () => json(200, LIST) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    const sheet = document.querySelector<HTMLElement>('body > .rooming-print')!;
    expect(sheet).not.toBeNull();
    expect(sheet.style.display).toBe('none');
    expect(sheet).toHaveTextContent('Altai lakes · Jul 10, 2030 – Jul 15, 2030 at 09:00');
    expect(sheet).toHaveTextContent('Travellers: 3 · Seats: 16 free of 20 · Printed on');
    expect(sheet.querySelectorAll('tbody tr')).toHaveLength(3);
    // on paper the booking is named, not linked
    expect(sheet.querySelector('a[href^="/3/bookings"]')).toBeNull();
    expect(sheet.querySelectorAll('tbody tr')[0]).toHaveTextContent('Booking 12 · ConfirmedOlga Petrova, +79160000001');
    const css = document.querySelector('style')!.textContent!;
    expect(css).toContain('body > :not(.rooming-print) { display: none !important; }');
    expect(css).toContain('@page { size: A4 landscape');
  });

  it('downloads CSV and XLSX with the access token and the language, under the server’s file name', async () => {
    const { sent } = serve({
      '/crm/api/request/rooming-list': () => json(200, LIST),
      '/crm/api/request/rooming-list-csv': () =>
        new Response(new Blob(['\uFEFFNo;Request'], { type: 'text/csv' }), {
          status: 200,
          headers: { 'Content-Disposition': `attachment; filename="list.csv"; filename*=UTF-8''Rooming%20list.csv` },
        }),
      '/crm/api/request/rooming-list-xlsx': () => json(404, messageError('tour_date_not_found')),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download the rooming list as CSV (opens in Excel)' }),
    );
    expect(await screen.findByText('The file is downloaded')).toBeInTheDocument();
    expect(clicked).toEqual([{ href: 'blob:csv', download: 'Rooming list.csv' }]);
    const csv = sent('/crm/api/request/rooming-list-csv')[0]!;
    expect(csv.url).toBe('/crm/api/request/rooming-list-csv?tour_date_id=5');
    expect(csv.headers['X-Authorization']).toBe('Bearer test-access-token');
    expect(csv.headers['X-Language']).toBe('en');

    // a failed download says why, and saves nothing
    await userEvent.click(
      screen.getByRole('button', { name: 'Download the rooming list as an Excel workbook (XLSX)' }),
    );
    expect(await screen.findByText('Departure not found')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
  });

  it('speaks Russian', async () => {
    serve({ '/crm/api/request/rooming-list': () => json(200, LIST) });
    const view = renderPage('ru');
    expect(await view.findByRole('heading', { level: 1, name: 'Список туристов' })).toBeInTheDocument();
    expect(view.getByText('3 туриста')).toBeInTheDocument();
    expect(view.getByText('в 2 заявках')).toBeInTheDocument();
    expect(view.getByText('свободно 16 из 20')).toBeInTheDocument();
    expect(view.getByText('41 год')).toBeInTheDocument();
    expect(view.getByText('11.07.1988')).toBeInTheDocument();
    expect(view.getAllByText('Нет паспорта')).toHaveLength(2);
    expect(view.getByText('Место 2: турист ещё не указан')).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Печать' })).toBeInTheDocument();
    expect(
      view.getByRole('button', { name: 'Скачать список туристов в CSV (открывается в Excel)' }),
    ).toBeInTheDocument();
  });

  it('says so when nobody is confirmed yet', async () => {
    serve({ '/crm/api/request/rooming-list': () => json(200, EMPTY) });
    const view = renderPage();
    expect(
      await view.findByText(
        'No confirmed travellers on this departure yet. A booking shows here once it is confirmed.',
      ),
    ).toBeInTheDocument();
    expect(view.queryByRole('table', { name: 'Travellers of the departure' })).not.toBeInTheDocument();
    expect(view.getByText('Nothing missing')).toBeInTheDocument();
    // transfer and food restrictions: nobody, said so (not '0 travellers')
    expect(view.getAllByText('Nobody')).toHaveLength(2);
  });

  it('answers a departure of another organizer with its not-found text', async () => {
    serve({ '/crm/api/request/rooming-list': () => json(404, messageError('tour_date_not_found')) });
    renderPage();
    expect(
      await screen.findByText('This departure is not there: it was removed, or it belongs to another organizer.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument());
  });
});
