import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import { tourSchema, type Tour } from '@tourdesk/contract/entities/tour';
import { createTestI18n } from '../../../lib/i18n/resources';
import { validationError } from '../../../test/error-bodies';
import { TourEditor } from './tour-editor';
import { moved } from './tour-photos';

// jsdom has no ResizeObserver; the kit's Radix checkbox measures itself with it
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

const photo = (id: number) => ({ id, url: `/files/${id}.jpg`, alt: '' });
const TOUR: Tour = tourSchema.parse({
  id: 21,
  tour_organizer_id: 3,
  name: 'Altai lakes',
  price: 45000,
  currency: 'EUR',
  photos: [photo(1), photo(2), photo(3)],
  cover_photo_id: 1,
});

/** The editor over a fetch that answers view/get-dates and echoes an update into the tour. */
const renderEditor = (
  tour: Tour = TOUR,
  language: 'en' | 'ru' = 'en',
  answer: (path: string, init?: RequestInit) => Response | undefined = () => undefined,
) => {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const answered = answer(path, init);
    if (answered) return answered;
    if (path === '/crm/api/tour/get-dates') return json(200, { items: [], total: 0, page: 1, limit: 50 });
    if (path === '/crm/api/tour/update') {
      const body = bodyOf(init);
      // the server answers with the stored images
      const photos = Array.isArray(body.photos)
        ? (body.photos as { id: number; alt: string }[]).map((p) => ({ ...photo(p.id), alt: p.alt }))
        : tour.photos;
      return json(200, tourSchema.parse({ ...tour, ...body, photos }));
    }
    if (path === '/crm/api/tour/ical-feeds') return json(200, { items: [] });
    if (path === '/crm/api/tour/prices') return json(200, { categories: [], extras: [] });
    return json(200, []);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RouterProvider
          router={createMemoryRouter([
            {
              path: '/',
              element: (
                <>
                  <Link to="/bookings">Bookings</Link>
                  <TourEditor tour={tour} />
                </>
              ),
            },
            { path: '/bookings', element: <h1>Bookings screen</h1> },
          ])}
        />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const sent = () => {
    const calls = fetch.mock.calls.filter(([u]) => String(u).includes('/crm/api/tour/update'));
    return calls.map(([, init]) => bodyOf(init));
  };
  return { fetch, sent };
};

afterEach(() => vi.unstubAllGlobals());

/** The "Saved" toast: the first toast of a file waits for sonner to load, seconds on a busy machine. */
const savedToast = (text = 'Saved') => screen.findByText(text, {}, { timeout: 8000 });

describe('moved', () => {
  it('moves one item to another place', () => {
    expect(moved([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
  });
});

describe('the tour editor: photos', () => {
  it('reorders, picks the cover, describes and removes photos, then sends ids with alt texts', async () => {
    const { sent } = renderEditor();
    const media = await screen.findByRole('form', { name: 'Photos' });
    expect(within(media).getAllByTestId('tour-photo')).toHaveLength(3);
    await userEvent.click(within(media).getByRole('button', { name: 'Move photo 3 back' }));
    await userEvent.click(within(media).getByRole('button', { name: 'Make photo 2 the cover' }));
    expect(within(media).getByRole('button', { name: 'Make photo 2 the cover' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.type(within(media).getByLabelText('Description of photo 1'), 'Lake at dawn');
    await userEvent.click(within(media).getByRole('button', { name: 'Remove photo 2' }));
    await userEvent.click(within(media).getByRole('button', { name: 'Save' }));
    expect(await savedToast()).toBeInTheDocument();
    expect(sent()[0]).toEqual({
      id: 21,
      photos: [
        { id: 1, alt: 'Lake at dawn' },
        { id: 2, alt: '' },
      ],
      // the cover (photo 3) was removed: the first photo is the cover now
      cover_photo_id: 1,
    });
  });
});

describe('the tour editor: programme', () => {
  it('numbers the days by their place, with meals', async () => {
    const { sent } = renderEditor();
    const program = await screen.findByRole('form', { name: 'Programme' });
    expect(within(program).getByText('No days yet: describe the tour day by day.')).toBeInTheDocument();
    await userEvent.click(within(program).getByRole('button', { name: 'Add a day' }));
    await userEvent.click(within(program).getByRole('button', { name: 'Add a day' }));
    await userEvent.type(within(program).getByLabelText('Title of day 1'), 'Arrival in Gorno-Altaysk');
    await userEvent.type(within(program).getByLabelText('Title of day 2'), 'Teletskoye lake');
    await userEvent.click(within(program).getAllByRole('checkbox', { name: 'Dinner' })[1]!);
    await userEvent.click(within(program).getByRole('button', { name: 'Move day 2 up' }));
    await userEvent.click(within(program).getByRole('button', { name: 'Save' }));
    expect(await savedToast()).toBeInTheDocument();
    expect(sent()[0]).toEqual({
      id: 21,
      program: [
        { day: 1, title: 'Teletskoye lake', description: '', meals: ['dinner'], photos: [] },
        { day: 2, title: 'Arrival in Gorno-Altaysk', description: '', meals: [], photos: [] },
      ],
    });
  });
});

describe('the tour editor: discounts and accommodation', () => {
  it("checks a discount with the contract's rules and sends it in the tour's currency", async () => {
    const { sent } = renderEditor();
    const discounts = await screen.findByRole('form', { name: 'Discounts' });
    await userEvent.click(within(discounts).getByRole('button', { name: 'Add a discount by days' }));
    await userEvent.type(within(discounts).getByLabelText('Booked at least, days before the start'), '60');
    await userEvent.type(within(discounts).getByLabelText('Discount'), '150');
    await userEvent.click(within(discounts).getByRole('button', { name: 'Save' }));
    expect(await within(discounts).findByText('Maximum 100')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    await userEvent.click(within(discounts).getByRole('button', { name: 'EUR' }));
    await userEvent.click(within(discounts).getByRole('button', { name: 'Save' }));
    expect(await savedToast()).toBeInTheDocument();
    expect(sent()[0]).toEqual({
      id: 21,
      discounts: {
        early_booking_dates: [],
        early_booking_days: [{ days_before: 60, value: 150, value_type: 'currency' }],
        seasonal: [],
      },
    });
  });

  it('refuses a room variant without a name, in Russian too', async () => {
    const { sent } = renderEditor(TOUR, 'ru');
    const comfort = await screen.findByRole('form', { name: 'Комфорт и проживание' });
    await userEvent.click(within(comfort).getByRole('button', { name: 'Добавить проживание' }));
    await userEvent.type(within(comfort).getByLabelText('Проживание 1'), 'Турбаза «Алтын-Ту»');
    await userEvent.click(within(comfort).getByRole('button', { name: 'Добавить вариант' }));
    await userEvent.click(within(comfort).getByRole('button', { name: 'Сохранить' }));
    expect(await within(comfort).findByText('Обязательное поле')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    await userEvent.type(within(comfort).getByLabelText(/^Вариант 1/), 'Двухместный номер');
    await userEvent.click(within(comfort).getByRole('button', { name: 'Сохранить' }));
    expect(await savedToast('Сохранено')).toBeInTheDocument();
    expect(sent()[0]).toMatchObject({
      accommodations: [
        {
          name: 'Турбаза «Алтын-Ту»',
          nights: 1,
          variants: [{ name: 'Двухместный номер', description: '', price: 0, places: null }],
        },
      ],
    });
  });
});

describe('the tour editor: description', () => {
  it('formats the description as rich text and sends its HTML', async () => {
    const { sent } = renderEditor(tourSchema.parse({ ...TOUR, description: '<p>Seven lakes in seven days</p>' }));
    const content = await screen.findByRole('form', { name: 'Description' });
    const text = await within(content).findByRole('textbox', { name: 'Description' });
    // the text reads as formatted before the editor loads; focusing it loads the editor
    expect(within(content).getByTestId('rich-text-preview')).toBeInTheDocument();
    expect(text).toHaveTextContent('Seven lakes in seven days');
    expect(within(content).queryByRole('toolbar')).not.toBeInTheDocument();
    await userEvent.click(text);
    await userEvent.click(await within(content).findByRole('button', { name: 'Bulleted list' }));
    await userEvent.click(within(content).getByRole('button', { name: 'Save' }));
    expect(await savedToast()).toBeInTheDocument();
    expect(sent()[0]?.description).toContain('<ul><li><p>Seven lakes in seven days</p></li></ul>');
    // saved: the editor's one line says so too (nothing is left to ask about on leaving)
    await waitFor(() =>
      expect(screen.getByText('All changes are saved', { selector: '[role=status] span' })).toBeInTheDocument(),
    );
  });
});

describe('the tour editor: catalogue values and guides', () => {
  const guide = (id: number, first_name: string) => ({
    id,
    tour_organizer_id: 3,
    first_name,
    last_name: 'Sokolov',
    about: '',
    photo: null,
    tours_count: 1,
  });
  const tour = tourSchema.parse({
    ...TOUR,
    regions: [
      { id: 5, name: 'Altai Republic' },
      { id: 6, name: 'Karelia' },
    ],
    main_activity: { id: 9, name: 'Trekking' },
    guides: [guide(4, 'Ivan')],
  });

  it('sends the stored names as ids: a region removed, a guide ticked', async () => {
    const { sent } = renderEditor(tour, 'en', (path, init) => {
      if (path === '/crm/api/tour/guides') return json(200, [guide(4, 'Ivan'), guide(5, 'Pavel')]);
      if (path === '/crm/api/tour/catalogue') return json(200, { items: [] });
      if (path === '/crm/api/tour/update')
        return json(200, tourSchema.parse({ ...tour, ...bodyOf(init), regions: [], main_activity: null, guides: [] }));
      return undefined;
    });
    const places = await screen.findByRole('form', { name: 'Destinations and themes' });
    await userEvent.click(within(places).getByRole('button', { name: 'Remove Karelia' }));
    await userEvent.click(within(places).getByRole('button', { name: 'Save' }));
    expect(await savedToast()).toBeInTheDocument();
    expect(sent()[0]).toMatchObject({ id: 21, regions: [5], main_activity: 9, host_cities: [], countries: [] });

    const guides = screen.getByRole('form', { name: 'Guides' });
    await userEvent.click(await within(guides).findByRole('checkbox', { name: 'Pavel Sokolov' }));
    await userEvent.click(within(guides).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual({ id: 21, guides: [4, 5] });
  });
});

describe('the tour editor: arrival and departure', () => {
  it('sends each city by id with its transfers; a new row needs its city', async () => {
    const tour = tourSchema.parse({
      ...TOUR,
      duration: 5,
      cities: [
        {
          city: { id: 7, name: 'Gorno-Altaysk' },
          arrival: { is_enabled: true, transport: ['plane'], day: 1, time: '10:00' },
        },
      ],
    });
    const { sent } = renderEditor(tour, 'en', (path) =>
      path === '/crm/api/tour/catalogue'
        ? json(200, { items: [] })
        : path === '/crm/api/tour/update'
          ? json(200, tour)
          : undefined,
    );
    const cities = await screen.findByRole('form', { name: 'Arrival and departure' });
    expect(within(cities).getByText('Gorno-Altaysk')).toBeInTheDocument();
    await userEvent.click(within(cities).getByRole('checkbox', { name: 'Travellers leave from here' }));
    await userEvent.click(within(cities).getAllByRole('checkbox', { name: 'Bus' }).at(-1)!);
    await userEvent.type(within(cities).getAllByLabelText('Day of the tour').at(-1)!, '5');
    await userEvent.click(within(cities).getByRole('button', { name: 'Add a city' }));
    await userEvent.click(within(cities).getByRole('button', { name: 'Save' }));
    expect(await within(cities).findByText('Required field')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    await userEvent.click(within(cities).getByRole('button', { name: 'Remove city 2' }));
    await userEvent.click(within(cities).getByRole('button', { name: 'Save' }));
    expect(await savedToast()).toBeInTheDocument();
    expect(sent()[0]).toEqual({
      id: 21,
      cities: [
        {
          city_id: 7,
          arrival: { is_enabled: true, transport: ['plane'], day: 1, time: '10:00' },
          departure: { is_enabled: true, transport: ['bus'], day: 5, time: null },
        },
      ],
    });
  });
});

describe('the tour editor: penalties and the duration check', () => {
  it("fills the penalties from the organizer's cancellation terms", async () => {
    const { sent } = renderEditor(TOUR, 'en', (path) =>
      path === '/crm/api/tour/default-penalties'
        ? json(200, [
            { days_before: 30, percent: 10 },
            { days_before: 7, percent: 50 },
          ])
        : undefined,
    );
    const penalties = await screen.findByRole('form', { name: 'Cancellation penalties' });
    await userEvent.click(within(penalties).getByRole('button', { name: 'Fill in from my cancellation terms' }));
    expect(await within(penalties).findByLabelText('Row 2: Penalty, % of the price')).toHaveValue('50');
    await userEvent.click(within(penalties).getByRole('button', { name: 'Save' }));
    expect(await savedToast()).toBeInTheDocument();
    expect(sent()[0]).toMatchObject({
      penalties: [
        { days_before: 30, percent: 10 },
        { days_before: 7, percent: 50 },
      ],
    });
  });

  it('asks before saving a programme whose days differ from the duration, then saves anyway', async () => {
    let asked = 0;
    const { sent } = renderEditor(tourSchema.parse({ ...TOUR, duration: 3 }), 'en', (path, init) => {
      if (path !== '/crm/api/tour/update') return undefined;
      if (bodyOf(init).save_without_duration_checking) return undefined;
      asked += 1;
      return json(
        422,
        validationError({ duration: { code: 'tour_duration_mismatch', params: { days: 1, duration: 3 } } }),
      );
    });
    const program = await screen.findByRole('form', { name: 'Programme' });
    await userEvent.click(within(program).getByRole('button', { name: 'Add a day' }));
    await userEvent.type(within(program).getByLabelText('Title of day 1'), 'Arrival');
    await userEvent.click(within(program).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'The programme and the duration differ' });
    expect(dialog).toHaveTextContent('The programme has 1 days, the duration is 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    expect(await savedToast()).toBeInTheDocument();
    expect(asked).toBe(1);
    expect(sent().at(-1)).toMatchObject({ save_without_duration_checking: true, program: [{ title: 'Arrival' }] });
  });
});

describe('the tour editor: one place for what is unsaved', () => {
  it('asks before leaving by a link with an edit in any section (not only the last one), and keeps it on Stay', async () => {
    renderEditor();
    const basics = await screen.findByRole('form', { name: 'Name and type' });
    const name = within(basics).getByDisplayValue('Altai lakes');
    await userEvent.type(name, ', seven days');
    await userEvent.click(screen.getByRole('link', { name: 'Bookings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('heading', { name: 'Bookings screen' })).not.toBeInTheDocument();
    expect(name).toHaveValue('Altai lakes, seven days');

    await userEvent.click(await screen.findByRole('link', { name: 'Bookings' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Bookings screen' })).toBeInTheDocument();
  });

  it('lists the sections in the order of the page and names the unsaved ones in one place', async () => {
    renderEditor();
    const menu = await screen.findByRole('navigation', { name: 'Sections of the tour' });
    const names = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names.slice(0, 10)).toEqual([
      'Name and type',
      'Description',
      'Destinations and themes',
      'Photos',
      'Price and terms',
      'Traveller categories',
      'Extras',
      'Departures',
      'Share the tour',
      'Programme',
    ]);
    expect(screen.getByText('All changes are saved', { selector: '[role=status] span' })).toBeInTheDocument();
    const price = screen.getByRole('form', { name: 'Price and terms' });
    // a saved section has no save bar of its own, only a quiet line
    expect(within(price).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.type(within(price).getByLabelText('Group up to'), '12');
    const basics = screen.getByRole('form', { name: 'Name and type' });
    await userEvent.type(within(basics).getByDisplayValue('Altai lakes'), '!');
    expect(await screen.findByText('Not saved yet (2 sections):')).toBeInTheDocument();
    expect(screen.getByText('Name and type, Price and terms')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Price and terms (not saved)' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Description' })).toBeInTheDocument();

    await userEvent.click(within(price).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(/^Not saved yet:/)).toBeInTheDocument());
    expect(within(menu).getByRole('link', { name: 'Price and terms' })).toBeInTheDocument();
  });

  it('marks the part being read in the menu, and the part a link goes to', async () => {
    // the page's parts as an IntersectionObserver reports them crossing the reading band
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        constructor(callback: IntersectionObserverCallback) {
          observers.push({ callback, targets: this.targets });
        }
        observe(target: Element) {
          this.targets.push(target);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    renderEditor();
    const menu = await screen.findByRole('navigation', { name: 'Sections of the tour' });
    expect(within(menu).getByRole('link', { name: 'Name and type' })).toHaveAttribute('aria-current', 'location');
    const parts = observers.find((o) => o.targets.some((t) => (t as HTMLElement).dataset.part === 'price'))!;
    const cross = (part: string, isIntersecting: boolean) =>
      act(() =>
        parts.callback(
          [
            {
              target: parts.targets.find((t) => (t as HTMLElement).dataset.part === part)!,
              isIntersecting,
            } as IntersectionObserverEntry,
          ],
          {} as IntersectionObserver,
        ),
      );
    cross('basics', false);
    cross('price', true);
    expect(within(menu).getByRole('link', { name: 'Price and terms' })).toHaveAttribute('aria-current', 'location');
    expect(within(menu).getByRole('link', { name: 'Name and type' })).not.toHaveAttribute('aria-current');
    // a gap between two parts crosses the band: the last one stays marked
    cross('price', false);
    expect(within(menu).getByRole('link', { name: 'Price and terms' })).toHaveAttribute('aria-current', 'location');
    await userEvent.click(within(menu).getByRole('link', { name: 'Guides' }));
    expect(within(menu).getByRole('link', { name: 'Guides' })).toHaveAttribute('aria-current', 'location');
    expect(document.getElementById('section-guides')).toHaveFocus();
  });

  it("takes each of publishing's needs to its field with the focus on it", async () => {
    renderEditor(tourSchema.parse({ ...TOUR, description: '', group_max: null, duration: 3 }));
    const needs = await screen.findByRole('region', { name: 'Publishing still needs' });
    await userEvent.click(within(needs).getByRole('button', { name: 'Group up to' }));
    expect(screen.getByLabelText('Group up to')).toHaveFocus();
    await userEvent.click(within(needs).getByRole('button', { name: 'Description' }));
    const content = screen.getByRole('form', { name: 'Description' });
    await waitFor(() => expect(within(content).getByRole('textbox', { name: 'Description' })).toHaveFocus());
  });
});

describe('where the tour is published', () => {
  it('names each partner site with its moderation, and why the marketplace sent it back (ru)', async () => {
    renderEditor(
      tourSchema.parse({
        ...TOUR,
        sites: [
          { site_id: 1, status: 'unpublished', reason: 'Добавьте фотографии' },
          { site_id: 2, status: 'published', reason: null },
        ],
      }),
      'ru',
      (path) =>
        path === '/crm/api/organizer/partners'
          ? json(200, {
              connected_sites: [
                { site_id: 1, name: 'Site A' },
                { site_id: 2, name: 'Site B' },
              ],
              available_for_connection: [],
              agents: [],
            })
          : undefined,
    );
    const reasons = await screen.findAllByTestId('site-reason');
    expect(reasons.map((r) => r.textContent)).toEqual(['Возвращён на доработку: Добавьте фотографии']);
    // the site's name once the partners are loaded
    await waitFor(() => expect(reasons[0]!.closest('li')).toHaveTextContent('Site A'));
  });
});
