import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@tourdesk/ui';
import type {
  Questionnaire,
  QuestionnaireSaveResponse,
  QuestionnaireSavedTourist,
  TouristsInfo,
} from '@tourdesk/contract/api/request-tourist';
import { createTestI18n } from '../../../lib/i18n/resources';
import { messageError, validationError } from '../../../test/error-bodies';
import { TELEGRAM_LINK_POLL_MS } from './components/telegram-updates';
import { QuestionnairePage } from './questionnaire-page';

const UUID = '3f0c1d3e-9a7b-4c1d-8e2f-5a6b7c8d9e0f';
const questionnaire = (over: Partial<Questionnaire> = {}): Questionnaire => ({
  uuid: UUID,
  status: 2,
  is_closed: false,
  trip: {
    tour_name: 'Altai lakes',
    tour_type: 1,
    date_start: '2030-06-12',
    date_end: '2030-06-16',
    time_start: '08:00',
  },
  organizer: {
    id: 7,
    name: 'Altai Trails',
    email: 'team@altai.example',
    phone: '+79991112233',
    website: 'https://altai.example',
  },
  tourists_count: 3,
  places_left: 1,
  tourists: [
    {
      id: 11,
      full_name: 'Ivanova Anna',
      first_name: 'Anna',
      last_name: 'Ivanova',
      middle_name: '',
      is_questionnaire_filled: false,
      category: { code: 'adult', name_en: 'Adult', name_ru: 'Взрослый' },
    },
    {
      id: 12,
      full_name: 'Ivanov Oleg',
      first_name: 'Oleg',
      last_name: 'Ivanov',
      middle_name: '',
      is_questionnaire_filled: true,
      category: { code: 'child', name_en: 'Child', name_ru: 'Ребёнок' },
    },
  ],
  travellers: [
    { code: 'adult', name_en: 'Adult', name_ru: 'Взрослый', count: 2 },
    { code: 'child', name_en: 'Child', name_ru: 'Ребёнок', count: 1 },
  ],
  ...over,
});
const tripInfo: TouristsInfo = {
  uuid: UUID,
  status: 2,
  is_closed: false,
  trip: questionnaire().trip,
  organizer: questionnaire().organizer,
  gathering_place: 'Gorno-Altaysk bus station',
  in_price: 'Guides\nMeals',
  not_in_price: 'Flights',
  days: 5,
  duration_hours: null,
};
const saved = (over: Partial<QuestionnaireSavedTourist> = {}): QuestionnaireSavedTourist => ({
  id: 11,
  full_name: 'Ivanova Anna Sergeevna',
  first_name: 'Anna',
  last_name: 'Ivanova',
  middle_name: 'Sergeevna',
  birthday: '1991-03-08',
  passport: '4510 654321',
  email: '',
  phone: '+79161234567',
  food_restriction: 'no nuts',
  is_questionnaire_filled: true,
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
type Answer = { status: number; body: unknown };
/** The server: get-by-uuid and tourists-info, and whatever each write answers. */
const serve = (opts: { questionnaire?: Answer; write?: Answer } = {}) => {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/get-by-uuid')) {
      const a = opts.questionnaire ?? { status: 200, body: questionnaire() };
      return json(a.status, a.body);
    }
    if (url.includes('/spa/tourists-info')) return json(200, tripInfo);
    if (url.includes('/update-tourists-questionnaires') || url.includes('/add-tourists')) {
      const a = opts.write ?? { status: 500, body: messageError('server') };
      return json(a.status, a.body);
    }
    return json(404, messageError('not_found'));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const bodyOf = (fetch: ReturnType<typeof serve>, path: string): unknown => {
  const call = fetch.mock.calls.find(([input]) => String(input).includes(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

const renderPage = (language: 'en' | 'ru' = 'en') => {
  const router = createMemoryRouter([{ path: '/questionnaire/:uuid', element: <QuestionnairePage /> }], {
    initialEntries: [`/questionnaire/${UUID}`],
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

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the questionnaire page', () => {
  it('shows the trip, the organizer to call and the group by name with who has filled in', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Travellers’ questionnaire', level: 1 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Altai lakes' })).toBeVisible();
    expect(await screen.findByText('Gorno-Altaysk bus station')).toBeVisible();
    expect(screen.getByText(/^12\s–\s16 June 2030/)).toHaveTextContent('12 – 16 June 2030 · 5 days');
    expect(screen.getByRole('link', { name: 'Call +79991112233' })).toHaveAttribute('href', 'tel:+79991112233');
    expect(screen.getByRole('link', { name: 'Write to team@altai.example' })).toHaveAttribute(
      'href',
      'mailto:team@altai.example',
    );
    expect(screen.getByText('Included in the price')).toBeVisible();

    const list = within(screen.getByRole('list'));
    const rows = list.getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      // entered by the organizer: the traveller is asked to check, not told something is missing
      expect.stringContaining('Anna IvanovaAdultEntered by the organizer: please check'),
      expect.stringContaining('Oleg IvanovChildFilled in'),
    ]);
    expect(screen.getByText('2 of 3 listed')).toBeVisible();
    // the booking by category: who is counted as what
    expect(screen.getByText('This booking: 2 × Adult, 1 × Child')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Fill in the questionnaire of Anna Ivanova' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change the questionnaire of Oleg Ivanov' })).toBeVisible();
    expect(screen.getByText('1 more traveller can be added.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add myself' })).toBeVisible();
    // no form until a traveller is chosen
    expect(screen.queryByRole('textbox', { name: /Passport/ })).toBeNull();
  });

  it('a place without a name yet is not filled in yet', async () => {
    serve({
      questionnaire: {
        status: 200,
        body: questionnaire({
          tourists: [
            { ...questionnaire().tourists[0]!, full_name: '', first_name: '', last_name: '', middle_name: '' },
          ],
        }),
      },
    });
    renderPage();
    const list = within(await screen.findByRole('list'));
    expect(list.getAllByRole('listitem').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Traveller 1AdultNot filled in yet'),
    ]);
  });

  it('a tourist fills in their own data: names prefilled, the body as the server takes it, then what was saved', async () => {
    const response: QuestionnaireSaveResponse = {
      questionnaire: questionnaire({
        tourists: questionnaire().tourists.map((x) =>
          x.id === 11
            ? { ...x, full_name: 'Ivanova Anna Sergeevna', middle_name: 'Sergeevna', is_questionnaire_filled: true }
            : x,
        ),
      }),
      saved: [saved()],
    };
    const fetch = serve({ write: { status: 200, body: response } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Fill in the questionnaire of Anna Ivanova' }));
    expect(screen.getByRole('heading', { name: 'Anna Ivanova' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Anna');
    expect(screen.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Ivanova');
    await userEvent.type(screen.getByRole('textbox', { name: 'Middle name' }), 'Sergeevna');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1991-03-08' } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Passport' }), '4510 654321');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '9161234567');
    await userEvent.type(screen.getByRole('textbox', { name: 'Food restrictions' }), 'no nuts');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Thank you, Anna!' })).toHaveFocus();
    expect(bodyOf(fetch, '/update-tourists-questionnaires')).toEqual({
      uuid: UUID,
      id: 11,
      first_name: 'Anna',
      last_name: 'Ivanova',
      middle_name: 'Sergeevna',
      birthday: '1991-03-08',
      passport: '4510 654321',
      email: '',
      phone: '+79161234567',
      food_restriction: 'no nuts',
    });
    expect(screen.getByText('8 March 1991')).toBeVisible();
    expect(screen.getByText('4510 654321')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    // the list is the save's answer: Anna is filled in now, and her data is not on it
    expect(
      await screen.findByRole('button', { name: 'Change the questionnaire of Anna Sergeevna Ivanova' }),
    ).toBeVisible();
    expect(screen.queryByText('4510 654321')).toBeNull();
  });

  it('clear field errors by code before anything is sent: names required, no birthday in the future', async () => {
    const fetch = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Fill in the questionnaire of Anna Ivanova' }));
    await userEvent.clear(screen.getByRole('textbox', { name: /^First name/ }));
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2099-01-01' } });
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'anna@');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required field')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveAccessibleDescription('Required field');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('The birthday cannot be in the future');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Please enter a valid e-mail');
    expect(bodyOf(fetch, '/update-tourists-questionnaires')).toBeUndefined();
  });

  it('adds a traveller while places remain; the server’s field errors land on the form’s fields', async () => {
    const fetch = serve({
      write: {
        status: 422,
        body: validationError({ 'tourists.0.passport': { code: 'max_length', params: { length: 100 } } }),
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add myself' }));
    expect(screen.getByRole('heading', { name: 'Add yourself' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('');
    await userEvent.type(screen.getByRole('textbox', { name: /^First name/ }), 'Vera');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Orlova');
    await userEvent.type(screen.getByRole('textbox', { name: 'Passport' }), 'AB 123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Passport' })).toHaveAccessibleDescription(/Maximum 100 characters/),
    );
    expect(bodyOf(fetch, '/add-tourists')).toEqual({
      uuid: UUID,
      tourists: [
        {
          first_name: 'Vera',
          last_name: 'Orlova',
          middle_name: '',
          birthday: null,
          passport: 'AB 123',
          email: '',
          phone: '',
          food_restriction: '',
        },
      ],
    });
  });

  it('the last place taken by someone else meanwhile: says so and shows the list again, refreshed', async () => {
    const fetch = serve({
      write: {
        status: 422,
        body: validationError(
          { tourists: { code: 'tourists_over_count', params: { count: 3 } } },
          { code: 'tourists_over_count', params: { count: 3 } },
        ),
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add myself' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^First name/ }), 'Vera');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Orlova');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone took the last place first. Ask your organizer to add one.')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Travellers' })).toBeVisible();
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([input]) => String(input).includes('/get-by-uuid')).length).toBeGreaterThan(1),
    );
  });

  it('a trip that is over or canceled: the list without any form, and why', async () => {
    serve({ questionnaire: { status: 200, body: questionnaire({ status: 6, is_closed: true }) } });
    renderPage();
    expect(await screen.findByText('The trip is over or canceled: the questionnaire is closed.')).toHaveAttribute(
      'role',
      'status',
    );
    // English names the given name first (the provider's own order is surname first in Russian)
    expect(screen.getByText('Anna Ivanova')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Fill in|Change|Add myself/ })).toBeNull();
  });

  it('an unknown link says it is no longer valid', async () => {
    serve({ questionnaire: { status: 404, body: messageError('questionnaire_not_found') } });
    renderPage();
    expect(await screen.findByText('This link is no longer valid')).toBeVisible();
    expect(screen.getByText('Ask your organizer for a new questionnaire link.')).toBeVisible();
  });

  it('reads in Russian, the language the visitor chose', async () => {
    window.localStorage.setItem('language', 'ru');
    serve();
    renderPage('ru');
    expect(await screen.findByRole('heading', { name: 'Анкета туристов', level: 1 })).toBeVisible();
    expect(screen.getByText(/^12–16 июня 2030 г\./)).toHaveTextContent('12–16 июня 2030 г. · 5 дней');
    expect(screen.getByText('В списке 2 из 3')).toBeVisible();
    expect(screen.getByText('Можно добавить ещё 1 участника.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Заполнить анкету: Ivanova Anna' }));
    await userEvent.clear(screen.getByRole('textbox', { name: /^Фамилия/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Обязательное поле')).toBeVisible();
  });

  it('a visitor who never chose a language gets the browser’s (Accept-Language), not stored', async () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'ru-RU', languages: ['ru-RU', 'en'] });
    serve();
    renderPage('en');
    expect(await screen.findByRole('heading', { name: 'Анкета туристов', level: 1 })).toBeVisible();
    expect(window.localStorage.getItem('language')).toBeNull();
  });
});

describe('booking updates in Telegram', () => {
  const LINKS = {
    en: 'https://t.me/tourdesk_bot?start=rq-5-en-AAAAAAAAAAAAAAAAAAAAAA',
    ru: 'https://t.me/tourdesk_bot?start=rq-5-ru-BBBBBBBBBBBBBBBBBBBBBB',
  };
  const withTelegram = (isLinked: boolean, over: Partial<Questionnaire> = {}) =>
    questionnaire({ telegram: { link_urls: LINKS, is_linked: isLinked }, ...over });
  /** get-by-uuid answers each of `answers` in turn (the last one again), unlink-telegram `unlinked`. */
  const serveTelegram = (answers: Questionnaire[], unlinked?: Questionnaire) => {
    let calls = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/get-by-uuid')) return json(200, answers[Math.min(calls++, answers.length - 1)]);
      if (url.includes('/spa/tourists-info')) return json(200, tripInfo);
      if (url.includes('/unlink-telegram') && unlinked) return json(200, unlinked);
      return json(404, messageError('not_found'));
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const getCalls = (fetch: ReturnType<typeof serveTelegram>) =>
    fetch.mock.calls.filter(([input]) => String(input).includes('/get-by-uuid')).length;

  it('no bot configured: no Telegram offered', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Travellers' })).toBeVisible();
    expect(screen.queryByText(/Telegram/)).toBeNull();
  });

  it("opens the bot's deep link of the page's language in a new tab, then says linked once the bot has linked it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = serveTelegram([withTelegram(false), withTelegram(false), withTelegram(true)]);
    renderPage();
    const link = await screen.findByRole('link', { name: 'Get booking updates in Telegram' });
    expect(link).toHaveAttribute('href', LINKS.en);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('button', { name: 'Unlink Telegram' })).toBeNull();
    // nothing asked before the traveller goes to Telegram
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_LINK_POLL_MS * 2));
    expect(getCalls(fetch)).toBe(1);

    fireEvent.click(link);
    expect(screen.getByText('Once you press Start in Telegram, this page shows Telegram linked.')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_LINK_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_LINK_POLL_MS));
    expect(await screen.findByText('Telegram linked')).toBeVisible();
    expect(screen.getByText('Updates about this booking come to Telegram too.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unlink Telegram' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Link another Telegram' })).toHaveAttribute('href', LINKS.en);
    // linked: the page stops asking
    const asked = getCalls(fetch);
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_LINK_POLL_MS * 3));
    expect(getCalls(fetch)).toBe(asked);
  });

  it('unlinks: posts the link, says so, and offers the bot again', async () => {
    const fetch = serveTelegram([withTelegram(true)], withTelegram(false));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Telegram' }));
    expect(await screen.findByText('Telegram unlinked: updates about this booking no longer go there.')).toBeVisible();
    expect(bodyOf(fetch, '/unlink-telegram')).toEqual({ uuid: UUID });
    expect(screen.getByRole('link', { name: 'Get booking updates in Telegram' })).toBeVisible();
    expect(screen.queryByText('Telegram linked')).toBeNull();
  });

  it('a closed trip offers no new link but still shows a linked chat with its unlink', async () => {
    serveTelegram([withTelegram(true, { status: 6, is_closed: true })]);
    renderPage();
    expect(await screen.findByText('Telegram linked')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unlink Telegram' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Telegram/ })).toBeNull();
  });

  it('a closed trip without a linked chat: nothing of Telegram', async () => {
    serveTelegram([withTelegram(false, { status: 6, is_closed: true })]);
    renderPage();
    expect(await screen.findByText('The trip is over or canceled: the questionnaire is closed.')).toBeVisible();
    expect(screen.queryByText(/Telegram/)).toBeNull();
  });

  it('in Russian: the Russian text and the ru deep link', async () => {
    window.localStorage.setItem('language', 'ru');
    serveTelegram([withTelegram(false)]);
    renderPage('ru');
    const link = await screen.findByRole('link', { name: 'Получать сообщения о бронировании в Telegram' });
    expect(link).toHaveAttribute('href', LINKS.ru);
  });
});
