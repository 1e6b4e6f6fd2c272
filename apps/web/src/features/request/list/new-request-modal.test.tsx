import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { NewRequestModal } from './components/new-request-modal';
import type { TourPrices } from '@tourdesk/contract/api/prices';
import { ORG, departure, renderWithApp, requestServer, tourChoice } from './test-utils';

const ALTAI = tourChoice({ id: 11, name: 'Altai lakes', price: 45000 });
const DRAFT = tourChoice({ id: 12, name: 'Chuya rafting', status: 'draft', price: 32000, currency: 'EUR' });
/** Fresh departures per test: the server takes seats from them. */
const june = () => departure({ id: 51, tour_id: 11, number_of_seats: 12, number_of_free_seats: 2 });
const july = () =>
  departure({
    id: 52,
    tour_id: 11,
    date_start: '2027-07-03',
    date_end: '2027-07-09',
    number_of_seats: 10,
    number_of_free_seats: 0,
  });

/** A button that opens the form, as the bookings screen has. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the form
      </button>
      <NewRequestModal orgId={ORG} open={open} onOpenChange={setOpen} />
    </>
  );
}

const setup = (language: 'en' | 'ru' = 'en', tours = [ALTAI, DRAFT]) => {
  const server = requestServer({ tours, departures: { 11: [june(), july()], 12: [] } });
  vi.stubGlobal('fetch', server.handler);
  renderWithApp(<Opener />, { language });
  return server;
};

const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Open the form' }));
  return screen.findByRole('dialog');
};

const choose = async (combobox: string, option: string | RegExp) => {
  // the departures load once a tour is chosen
  await waitFor(() => expect(screen.getByRole('combobox', { name: combobox })).toBeEnabled());
  await userEvent.click(screen.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

afterEach(() => vi.unstubAllGlobals());

/** The browser's calendar day n days from today, 'yyyy-MM-dd'. */
const inDays = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Picks a range in the kit's date picker opened by `trigger` (days as 'yyyy-MM-dd'). */
const pickRange = async (trigger: HTMLElement, from: string, to: string) => {
  await userEvent.click(trigger);
  const picker = await screen.findByRole('dialog', { name: trigger.getAttribute('aria-label')!.split(':')[0] });
  const day = async (value: string) => {
    for (let i = 0; i < 24 && !picker.querySelector(`[data-day="${value}"]:not([data-outside]) button`); i++)
      await userEvent.click(within(picker).getAllByRole('button', { name: /next month/i })[0]!);
    return picker.querySelector(`[data-day="${value}"]:not([data-outside]) button`) as HTMLButtonElement;
  };
  await userEvent.click(await day(from));
  await userEvent.click(await day(to));
  await userEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
};

describe('the new request form', () => {
  it("books a tour's travellers per category: a count for each, their sum the tourists", async () => {
    const category = (id: number, code: 'adult' | 'child' | 'infant', name_en: string, takes_seat = true) => ({
      id,
      code,
      name_en,
      name_ru: '',
      age_from: null,
      age_to: null,
      pricing: 'base' as const,
      value: 0,
      takes_seat,
      min_per_booking: 0,
      max_per_booking: null,
    });
    const server = requestServer({
      tours: [ALTAI],
      departures: { 11: [june()] },
      prices: {
        11: {
          categories: [
            category(1, 'adult', 'Adult'),
            category(2, 'child', 'Child'),
            category(3, 'infant', 'Infant', false),
          ],
          extras: [],
        },
      },
    });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<Opener />);
    const dialog = await open();
    await choose('Tour', 'Altai lakes');
    await choose('Departure', /Jun 12/);
    const travellers = await within(dialog).findByRole('group', { name: 'Travellers' });
    expect(within(dialog).queryByLabelText(/^Tourists/)).toBeNull();
    expect(within(travellers).getByLabelText('Adult')).toHaveValue('1');
    expect(within(travellers).getByText('Takes no seat')).toBeInTheDocument();
    await userEvent.clear(within(travellers).getByLabelText('Adult'));
    await userEvent.type(within(travellers).getByLabelText('Adult'), '0');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Olga Petrova');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    expect(await within(travellers).findByRole('alert')).toHaveTextContent(
      'A booking needs at least one traveller taking a seat',
    );
    expect(server.callsTo('request/create-request-with-own-type')).toHaveLength(0);
    await userEvent.clear(within(travellers).getByLabelText('Adult'));
    await userEvent.type(within(travellers).getByLabelText('Adult'), '2');
    await userEvent.clear(within(travellers).getByLabelText('Child'));
    await userEvent.type(within(travellers).getByLabelText('Child'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    await waitFor(() => expect(server.callsTo('request/create-request-with-own-type')).toHaveLength(1));
    expect(server.callsTo('request/create-request-with-own-type')[0]!.body).toMatchObject({
      tourists_count: 3,
      travellers: [
        { category_id: 1, count: 2 },
        { category_id: 2, count: 1 },
      ],
    });
  });

  it('takes extras and a promo code: a one-category tour then books its count as its travellers, refusals land on their fields', async () => {
    const extra = (id: number, name_en: string, over: Partial<TourPrices['extras'][number]> = {}) => ({
      id,
      name_en,
      name_ru: '',
      per: 'booking' as const,
      price: 7000,
      is_mandatory: false,
      stock: null,
      ...over,
    });
    const server = requestServer({
      tours: [ALTAI],
      departures: { 11: [june()] },
      prices: {
        11: {
          categories: [
            {
              id: 1,
              code: 'adult',
              name_en: 'Adult',
              name_ru: '',
              age_from: null,
              age_to: null,
              pricing: 'base',
              value: 0,
              takes_seat: true,
              min_per_booking: 0,
              max_per_booking: null,
            },
          ],
          extras: [
            extra(5, 'Transfer'),
            extra(6, 'Single room', { stock: 1 }),
            extra(7, 'Insurance', { per: 'traveller', price: 500, is_mandatory: true }),
          ],
        },
      },
    });
    vi.stubGlobal('fetch', server.handler);
    renderWithApp(<Opener />);
    const dialog = await open();
    await choose('Tour', 'Altai lakes');
    await choose('Departure', /Jun 12/);
    const extras = await within(dialog).findByRole('group', { name: 'Extras' });
    expect(within(extras).getByText('Always included: Insurance')).toBeInTheDocument();
    expect(within(extras).queryByLabelText('Insurance')).toBeNull();
    await userEvent.clear(within(dialog).getByLabelText(/^Tourists/));
    await userEvent.type(within(dialog).getByLabelText(/^Tourists/), '2');
    await userEvent.clear(within(extras).getByLabelText('Single room'));
    await userEvent.type(within(extras).getByLabelText('Single room'), '2');
    await userEvent.type(within(dialog).getByLabelText('Promo code'), 'winter');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Olga Petrova');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    expect(await within(dialog).findByText('No such promo code')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Promo code'));
    await userEvent.type(within(dialog).getByLabelText('Promo code'), 'spring');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    // the body's extras.0 is the form's second row: the refusal lands on "Single room"
    await waitFor(() =>
      expect(within(extras).getByLabelText('Single room')).toHaveAccessibleDescription(
        /Not enough left: 1 for this departure/,
      ),
    );
    await userEvent.clear(within(extras).getByLabelText('Single room'));
    await userEvent.type(within(extras).getByLabelText('Single room'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const calls = server.callsTo('request/create-request-with-own-type');
    expect(calls).toHaveLength(3);
    expect(calls[2]!.body).toMatchObject({
      tourists_count: 2,
      travellers: [{ category_id: 1, count: 2 }],
      extras: [{ extra_id: 6, quantity: 1 }],
      promo_code: 'spring',
    });
  });

  it('books a departure: its free seats show, a full one cannot be chosen, and the request page opens after', async () => {
    const server = setup();
    const dialog = await open();
    expect(dialog).toHaveAccessibleName('New request');
    // nothing chosen yet: the departure waits for the tour
    expect(within(dialog).getByRole('combobox', { name: 'Departure' })).toBeDisabled();
    await choose('Tour', 'Altai lakes');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Departure' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Departure' }));
    expect(
      await screen.findByRole('option', { name: /Jun 12 – Jun 18, 2027 · 2 of 12 seats free · RUB\s45,000/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Jul 3 – Jul 9, 2027 · no free seats/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('option', { name: /Jun 12/ }));
    expect(within(dialog).getByText(/^RUB\s45,000 per person before discounts$/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Tourists/));
    await userEvent.type(within(dialog).getByLabelText(/Tourists/), '2');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Olga Petrova');
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'olga@example.com');
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Vegetarian meals');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/${ORG}/bookings/101`));
    const [made] = server.callsTo('request/create-request-with-own-type');
    expect(made?.body).toEqual({
      tour_organizer_id: ORG,
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
      tour_id: 11,
      is_individual_tour: false,
      tour_date_id: 51,
      date_start: null,
      date_end: null,
      tourists_count: 2,
      customer_name: 'Olga Petrova',
      customer_email: 'olga@example.com',
      customer_phone: '',
      comment: 'Vegetarian meals',
    });
    expect(await screen.findByText('Request #101 created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks before sending: a tour, a departure, a name, a count', async () => {
    const server = setup();
    const dialog = await open();
    await userEvent.clear(within(dialog).getByLabelText(/Tourists/));
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    expect(await within(dialog).findAllByText('Required field')).toHaveLength(3);
    expect(within(dialog).getByText('Choose a departure')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid e-mail')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Tour/ })).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('request/create-request-with-own-type')).toHaveLength(0);
  });

  it("puts the server's refusal on its field: more tourists than free seats", async () => {
    const server = setup();
    const dialog = await open();
    await choose('Tour', 'Altai lakes');
    await choose('Departure', /Jun 12/);
    await userEvent.clear(within(dialog).getByLabelText(/Tourists/));
    await userEvent.type(within(dialog).getByLabelText(/Tourists/), '3');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Olga Petrova');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    const tourists = within(dialog).getByLabelText(/Tourists/);
    await waitFor(() =>
      expect(tourists).toHaveAccessibleDescription(/Not enough free seats: 2 left on this departure/),
    );
    expect(tourists).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/${ORG}/bookings$`));
    expect(server.state.requests).toHaveLength(0);
    // fixed, the same form (and key) makes the request
    await userEvent.clear(tourists);
    await userEvent.type(tourists, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/${ORG}/bookings/101`));
    const calls = server.callsTo('request/create-request-with-own-type');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body?.idempotency_key).toBe(calls[0]?.body?.idempotency_key);
  });

  it('a double click makes one request and says so once', async () => {
    const server = setup();
    const dialog = await open();
    await choose('Tour', 'Altai lakes');
    await choose('Departure', /Jun 12/);
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Olga Petrova');
    const submit = within(dialog).getByRole('button', { name: 'Create request' });
    await userEvent.dblClick(submit);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/${ORG}/bookings/101`));
    // the second click sends nothing while the first is on its way; had it gone, the same key would make nothing new
    expect(server.callsTo('request/create-request-with-own-type')).toHaveLength(1);
    expect(server.state.requests).toHaveLength(1);
    expect(await screen.findAllByText('Request #101 created')).toHaveLength(1);
  });

  it('each opening of the form has a new key, and starts empty', async () => {
    const server = setup();
    const attempt = async (name: string) => {
      const dialog = await open();
      expect(within(dialog).getByLabelText(/Name/)).toHaveValue('');
      await choose('Tour', 'Altai lakes');
      await choose('Departure', /Jun 12/);
      await userEvent.clear(within(dialog).getByLabelText(/Tourists/));
      // more than the departure's 2 free seats: refused, nothing made
      await userEvent.type(within(dialog).getByLabelText(/Tourists/), '3');
      await userEvent.type(within(dialog).getByLabelText(/Name/), name);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
      await within(dialog).findByText('Not enough free seats: 2 left on this departure');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await attempt('First');
    await attempt('Second');
    const calls = server.callsTo('request/create-request-with-own-type');
    expect(calls.map((c) => c.body?.customer_name)).toEqual(['First', 'Second']);
    expect(calls[0]?.body?.idempotency_key).not.toBe(calls[1]?.body?.idempotency_key);
  });

  it('an individual tour takes dates instead of a departure, and asks for them', async () => {
    const server = setup();
    const dialog = await open();
    await choose('Tour', 'Chuya rafting (draft)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'An individual tour' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Departure' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('€32,000 per person before discounts')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Ivan Guide');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    expect(server.callsTo('request/create-request-with-own-type')).toHaveLength(0);
    await pickRange(await within(dialog).findByRole('button', { name: /^Dates/ }), inDays(40), inDays(43));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/${ORG}/bookings/101`));
    expect(server.callsTo('request/create-request-with-own-type')[0]?.body).toMatchObject({
      tour_id: 12,
      is_individual_tour: true,
      tour_date_id: null,
      date_start: inDays(40),
      date_end: inDays(43),
      customer_name: 'Ivan Guide',
    });
  });

  it('a tour without departures says so', async () => {
    setup();
    const dialog = await open();
    await choose('Tour', 'Chuya rafting (draft)');
    expect(
      await within(dialog).findByText(
        'This tour has no upcoming departures. Add one on the tour, or book it as an individual tour.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Departure' })).toBeDisabled();
  });

  it('in Russian, with no tours yet', async () => {
    setup('ru', []);
    await userEvent.click(screen.getByRole('button', { name: 'Open the form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новая заявка' });
    expect(await within(dialog).findByText('Пока нечего бронировать')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Создать тур' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/${ORG}/tours/create`);
  });

  it('in Russian: labels, free seats and the server’s message', async () => {
    setup('ru');
    const dialog = await open();
    await choose('Тур', 'Altai lakes');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Заезд' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Заезд' }));
    expect(await screen.findByRole('option', { name: /свободно 2 из 12/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: /свободно 2 из 12/ }));
    await userEvent.clear(within(dialog).getByLabelText(/Туристов/));
    await userEvent.type(within(dialog).getByLabelText(/Туристов/), '5');
    await userEvent.type(within(dialog).getByLabelText(/Имя/), 'Ольга');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Создать заявку' }));
    expect(await within(dialog).findByText('Не хватает свободных мест: на этом заезде осталось 2')).toBeInTheDocument();
  });
});
