import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOUR_DATES_PAGE_SIZE } from '@tourdesk/contract/api/tour-routes';
import { tourSchema, type Tour } from '@tourdesk/contract/entities/tour';
import { callsTo, departure, departuresServer, renderDates, TOUR_ID } from './tour-dates-test-server';

const TOUR: Tour = tourSchema.parse({
  id: TOUR_ID,
  tour_organizer_id: 3,
  name: 'Multinskiye lakes',
  price: 45000,
  duration: 7,
  group_max: 12,
  accommodations: [{ name: 'Camp', nights: 6, variants: [{ name: 'Tent' }, { name: 'Cabin', price: 3000 }] }],
});

/** Thursday 1 July 2027, 10:00 in the browser's zone: the departures editor's today. */
const TODAY = '2027-07-01';

beforeEach(() => {
  // only the clock: timers stay real for the queries and user events
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2027, 6, 1, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const STORED = [
  departure(7, '2027-07-03', { booked: 3 }),
  departure(8, '2027-07-03', { time_start: '14:00', number_of_seats: 4, booked: 4, tour_variant: 'Cabin' }),
  departure(9, '2027-08-07'),
  departure(5, '2027-06-12', { booked: 10 }),
];

/** Picks a range in the kit's date picker opened by `trigger` (days as 'yyyy-MM-dd'). */
const pickRange = async (trigger: HTMLElement, from: string, to: string) => {
  await userEvent.click(trigger);
  const picker = await screen.findByRole('dialog', { name: trigger.getAttribute('aria-label')!.split(':')[0] });
  const day = async (value: string) => {
    // the picker opens on the month of the start, or today's: move on to the month wanted
    for (let i = 0; i < 24 && !picker.querySelector(`[data-day="${value}"]:not([data-outside]) button`); i++)
      await userEvent.click(within(picker).getByRole('button', { name: /next month/i }));
    return picker.querySelector(`[data-day="${value}"]:not([data-outside]) button`) as HTMLButtonElement;
  };
  await userEvent.click(await day(from));
  await userEvent.click(await day(to));
  await userEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
};

describe('the departures calendar', () => {
  it("shows the month's departures on their days with free and total seats, and moves between months by keys and buttons", async () => {
    const server = departuresServer(TOUR, STORED, TODAY);
    vi.stubGlobal('fetch', server.fetch);
    renderDates(TOUR);
    const july = await screen.findByRole('grid', { name: 'July 2027' });
    // Sunday first in English: the 1st is a Thursday, in the first week's fifth column
    expect(
      within(july)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['SunSunday', 'MonMonday', 'TueTuesday', 'WedWednesday', 'ThuThursday', 'FriFriday', 'SatSaturday']);
    const saturday = await within(july).findByRole('button', {
      name: 'Saturday, July 3, 2027, 2 departures, new departure',
    });
    expect(saturday).toBeInTheDocument();
    const open = within(july).getByRole('button', { name: 'Departure Jul 3, 2027 – Jul 9, 2027: 9 of 12 seats free' });
    expect(open).toHaveTextContent('9/12');
    const full = within(july).getByRole('button', {
      name: 'Departure Jul 3, 2027 – Jul 9, 2027, 14:00: 0 of 4 seats free',
    });
    expect(full).toHaveTextContent('14:00 0/4');
    // a past day shows its departures but starts none
    expect(within(july).getByRole('button', { name: 'Wednesday, June 30, 2027' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    // today is the one day in the Tab order; Page Down goes to the next month, the arrows between days
    const today = within(july).getByRole('button', { name: /^Thursday, July 1, 2027/ });
    expect(today).toHaveAttribute('tabindex', '0');
    expect(today).toHaveAttribute('aria-current', 'date');
    today.focus();
    await userEvent.keyboard('{PageDown}');
    const august = await screen.findByRole('grid', { name: 'August 2027' });
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Sunday, August 1, 2027, new departure'));
    await userEvent.keyboard('{ArrowDown}{ArrowRight}{End}');
    expect(document.activeElement).toHaveAccessibleName('Saturday, August 14, 2027, new departure');
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveAccessibleName('Saturday, August 7, 2027, 1 departure, new departure');
    expect(within(august).getByRole('button', { name: /^Departure Aug 7, 2027/ })).toHaveTextContent('12/12');
    await userEvent.keyboard('{ArrowLeft}{Home}');
    expect(document.activeElement).toHaveAccessibleName('Sunday, August 1, 2027, new departure');
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('grid', { name: 'July 2027' })).toBeInTheDocument();
    expect(document.activeElement).toHaveAccessibleName('Saturday, July 31, 2027, new departure');

    // the buttons: back to June, where a past departure is
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    const june = await screen.findByRole('grid', { name: 'June 2027' });
    expect(await within(june).findByRole('button', { name: /^Departure Jun 12, 2027/ })).toHaveTextContent('2/12');
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('grid', { name: 'July 2027' })).toBeInTheDocument();
    // the calendar reads get-dates forwards and backwards, 100 at a time
    const queries = callsTo(server.fetch, '/crm/api/tour/get-dates').map((c) => c.url.searchParams);
    expect(queries.some((q) => q.get('period') === 'upcoming' && q.get('limit') === '100')).toBe(true);
    expect(queries.some((q) => q.get('period') === 'past' && q.get('limit') === '100')).toBe(true);
  });

  it('shows the month in Russian with Monday first', async () => {
    vi.stubGlobal('fetch', departuresServer(TOUR, STORED, TODAY).fetch);
    renderDates(TOUR, 'ru');
    const july = await screen.findByRole('grid', { name: 'Июль 2027 г.' });
    expect(within(july).getAllByRole('columnheader')[0]).toHaveTextContent('Понедельник');
    expect(
      await within(july).findByRole('button', { name: 'суббота, 3 июля 2027 г., 2 заезда, новый заезд' }),
    ).toBeInTheDocument();
    expect(
      within(july).getByRole('button', { name: /^Заезд 3 июл\. 2027 г\. – 9 июл\. 2027 г\.: свободно 9 из 12$/ }),
    ).toBeInTheDocument();
  });

  it('starts a departure on the day clicked and sends every field of it; the new one shows on its day', async () => {
    const server = departuresServer(TOUR, STORED, TODAY);
    vi.stubGlobal('fetch', server.fetch);
    renderDates(TOUR);
    const july = await screen.findByRole('grid', { name: 'July 2027' });
    await userEvent.click(within(july).getByRole('button', { name: 'Saturday, July 10, 2027, new departure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a departure' });
    // the tour's length from the day picked, its price and group
    expect(
      await within(dialog).findByRole('button', { name: 'Dates: Jul 10, 2027 – Jul 16, 2027' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Price/)).toHaveValue('45000');
    expect(within(dialog).getByLabelText(/^Seats/)).toHaveValue('12');
    // no prepayment unless one is set, and the field says what that means
    const prepayment = within(dialog).getByLabelText('Prepayment, %');
    expect(prepayment).toHaveValue('0');
    expect(prepayment).toHaveAccessibleDescription(
      '0: no prepayment; the booking is secured once the whole price is paid',
    );
    await userEvent.type(within(dialog).getByLabelText('Start time'), '9:30');
    await userEvent.type(within(dialog).getByLabelText('Full payment, days before the start'), '14');
    await userEvent.click(
      within(within(dialog).getByRole('group', { name: 'Prepayment in' })).getByRole('button', { name: 'RUB' }),
    );
    await userEvent.type(within(dialog).getByLabelText('Prepayment, RUB'), '5000');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Not guaranteed' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Flight included' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Accommodation variant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cabin' }));
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Meet at Tyungur');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The departure is added')).toBeInTheDocument();
    const [sent] = callsTo(server.fetch, '/crm/api/tour/save-date');
    expect(sent!.body).toEqual({
      tour_id: 21,
      date_start: '2027-07-10',
      date_end: '2027-07-16',
      time_start: '09:30',
      price: 45000,
      days: null,
      number_of_seats: 12,
      full_payment_days: 14,
      prepayment_type: 'currency',
      prepayment_size: 5000,
      not_guaranteed: true,
      flight_included: true,
      tour_variant: 'Cabin',
      commentary: 'Meet at Tyungur',
    });
    expect(
      await within(await screen.findByRole('grid', { name: 'July 2027' })).findByRole('button', {
        name: 'Departure Jul 10, 2027 – Jul 16, 2027, 09:30: 12 of 12 seats free',
      }),
    ).toBeInTheDocument();
  });

  it('refuses zero seats and a percent prepayment over 100 before sending, and puts a refused range on its field', async () => {
    const server = departuresServer(TOUR, STORED, TODAY, (path) =>
      path === '/crm/api/tour/save-date'
        ? new Response(
            JSON.stringify({
              message: 'The given data was invalid',
              code: 'validation',
              errors: { date_end: ['The end must be later than the start'] },
              codes: { date_end: [{ code: 'end_before_start' }] },
            }),
            { status: 422, headers: { 'Content-Type': 'application/json' } },
          )
        : undefined,
    );
    vi.stubGlobal('fetch', server.fetch);
    renderDates(TOUR);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a departure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a departure' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    await pickRange(await within(dialog).findByRole('button', { name: 'Dates' }), '2027-07-17', '2027-07-23');
    await userEvent.clear(within(dialog).getByLabelText(/^Seats/));
    await userEvent.type(within(dialog).getByLabelText(/^Seats/), '0');
    await userEvent.type(within(dialog).getByLabelText('Prepayment, %'), '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Minimum 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Maximum 100')).toBeInTheDocument();
    expect(callsTo(server.fetch, '/crm/api/tour/save-date')).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText(/^Seats/));
    await userEvent.type(within(dialog).getByLabelText(/^Seats/), '8');
    await userEvent.clear(within(dialog).getByLabelText('Prepayment, %'));
    await userEvent.type(within(dialog).getByLabelText('Prepayment, %'), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    // the server's refusal of the range shows under the dates
    expect(await within(dialog).findByText('The end must be later than the start')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Dates/ })).toHaveAttribute('data-invalid', 'true');
  });
});

describe('the list of departures', () => {
  it("changes a departure; a capacity below its booked seats is refused on the field with the server's words", async () => {
    const server = departuresServer(TOUR, STORED, TODAY);
    vi.stubGlobal('fetch', server.fetch);
    const original = server.fetch.getMockImplementation()!;
    server.fetch.mockImplementation(async (input, init) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      if (String(input).includes('/save-date') && Number(body?.number_of_seats) < 3)
        return new Response(
          JSON.stringify({
            message: 'The given data was invalid',
            code: 'validation',
            errors: { number_of_seats: ['At least 3: that many seats are booked'] },
            codes: { number_of_seats: [{ code: 'tour_date_seats_below_booked', params: { booked: 3 } }] },
          }),
          { status: 422, headers: { 'Content-Type': 'application/json' } },
        );
      return original(input, init);
    });
    renderDates(TOUR);
    const list = await screen.findByRole('list', { name: 'Departures' });
    // soonest first: the two of July 3, then August's; the past one is under "Past"
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Jul 3, 2027 – Jul 9, 2027, 14:00');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Cabin');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('0 of 4 seats free');
    await userEvent.click(within(list).getByRole('button', { name: 'Change the departure Jul 3, 2027 – Jul 9, 2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the departure' });
    expect(dialog).toHaveTextContent('9 of 12 seats free · 3 seats booked');
    const seats = within(dialog).getByLabelText(/^Seats/);
    expect(seats).toHaveValue('12');
    await userEvent.clear(seats);
    await userEvent.type(seats, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least 3: that many seats are booked')).toBeInTheDocument();
    await userEvent.clear(seats);
    await userEvent.type(seats, '14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The departure is saved')).toBeInTheDocument();
    expect(callsTo(server.fetch, '/crm/api/tour/save-date').at(-1)!.body).toMatchObject({
      tour_id: 21,
      date_id: 7,
      number_of_seats: 14,
      date_start: '2027-07-03',
    });
    // free seats are the server's: 14 less the 3 booked
    expect(await within(list).findByText('11 of 14 seats free')).toBeInTheDocument();
  });

  it('keeps a departure with bookings, saying why, and removes one without; past ones are a tab away', async () => {
    const server = departuresServer(TOUR, STORED, TODAY);
    vi.stubGlobal('fetch', server.fetch);
    renderDates(TOUR);
    const list = await screen.findByRole('list', { name: 'Departures' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove the departure Jul 3, 2027 – Jul 9, 2027' }));
    expect(await screen.findByText('This departure has bookings and cannot be removed')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(
      within(list).getByRole('button', { name: 'Remove the departure Aug 7, 2027 – Aug 13, 2027' }),
    );
    expect(await screen.findByText('The departure is removed')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(callsTo(server.fetch, '/crm/api/tour/remove-date').map((c) => c.body)).toEqual([
      { tour_id: 21, date_id: 7 },
      { tour_id: 21, date_id: 9 },
    ]);
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Which departures' })).getByRole('button', { name: 'Past' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Departures' })).toHaveTextContent('Jun 12, 2027 – Jun 18, 2027'),
    );
    expect(screen.getByRole('list', { name: 'Departures' })).toHaveTextContent('2 of 12 seats free');
  });

  it('pages through many departures', async () => {
    const many = Array.from({ length: TOUR_DATES_PAGE_SIZE + 5 }, (_, i) =>
      departure(
        100 + i,
        `2027-${String(8 + Math.floor(i / 28)).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        { days: 1 },
      ),
    );
    const server = departuresServer(TOUR, many, TODAY);
    vi.stubGlobal('fetch', server.fetch);
    renderDates(TOUR);
    const list = await screen.findByRole('list', { name: 'Departures' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(TOUR_DATES_PAGE_SIZE));
    const pages = screen.getByRole('navigation', { name: 'Departures: pages' });
    expect(pages).toHaveTextContent(`1–${TOUR_DATES_PAGE_SIZE} of ${TOUR_DATES_PAGE_SIZE + 5}`);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Aug 21, 2027');
  });
});

describe('a series of departures', () => {
  it('previews every Saturday of a period, shows a duplicate refused on its row, leaves it out and saves the rest', async () => {
    const server = departuresServer(TOUR, STORED, TODAY);
    vi.stubGlobal('fetch', server.fetch);
    renderDates(TOUR);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a series' }));
    const dialog = await screen.findByRole('dialog', { name: 'A series of departures' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the departures' }));
    expect(await within(dialog).findAllByText('Required field')).toHaveLength(2);

    await userEvent.click(
      within(within(dialog).getByRole('group', { name: 'Weekdays' })).getByRole('button', { name: 'Saturday' }),
    );
    expect(within(dialog).getByRole('button', { name: 'Saturday' })).toHaveAttribute('aria-pressed', 'true');
    await pickRange(await within(dialog).findByRole('button', { name: 'Period' }), '2027-07-01', '2027-07-31');
    const seats = within(dialog).getByLabelText(/^Seats/);
    await userEvent.clear(seats);
    await userEvent.type(seats, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the departures' }));
    expect(await within(dialog).findByText('Minimum 1')).toBeInTheDocument();
    await userEvent.clear(seats);
    await userEvent.type(seats, '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the departures' }));

    expect(await within(dialog).findByText('5 departures will be added:')).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'The series' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(table).toHaveTextContent('Jul 3, 2027 – Jul 9, 2027');
    expect(table).toHaveTextContent('Jul 31, 2027 – Aug 6, 2027');
    // July 3 has a departure already: the server refuses the batch on that row, nothing is added
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 5 departures' }));
    expect(await within(table).findByText('This departure already exists')).toBeInTheDocument();
    expect(within(dialog).getByText('1 departure is refused: change the series or leave it out.')).toBeInTheDocument();
    expect(server.dates).toHaveLength(STORED.length);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave out the refused ones' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave out Jul 31, 2027 – Aug 6, 2027' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 3 departures' }));
    expect(await screen.findByText('3 departures added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'A series of departures' })).toBeNull());
    const sent = callsTo(server.fetch, '/crm/api/tour/save-dates').at(-1)!.body as {
      tour_id: number;
      dates: Record<string, unknown>[];
    };
    expect(sent.tour_id).toBe(21);
    expect(sent.dates.map((d) => [d.date_start, d.date_end])).toEqual([
      ['2027-07-10', '2027-07-16'],
      ['2027-07-17', '2027-07-23'],
      ['2027-07-24', '2027-07-30'],
    ]);
    expect(sent.dates[0]).toMatchObject({
      price: 45000,
      number_of_seats: 10,
      days: 7,
      time_start: null,
      tour_variant: null,
    });
    // the new departures are on the calendar
    const july = await screen.findByRole('grid', { name: 'July 2027' });
    expect(await within(july).findByRole('button', { name: /^Departure Jul 24, 2027/ })).toHaveTextContent('10/10');
  });

  it('says when no day of the period falls on the weekdays chosen', async () => {
    vi.stubGlobal('fetch', departuresServer(TOUR, [], TODAY).fetch);
    renderDates(TOUR);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a series' }));
    const dialog = await screen.findByRole('dialog', { name: 'A series of departures' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Monday' }));
    await pickRange(await within(dialog).findByRole('button', { name: 'Period' }), '2027-07-06', '2027-07-11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the departures' }));
    expect(await within(dialog).findByText('No day of this period falls on the chosen weekdays.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add 0 departures' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    // the form keeps what was chosen
    expect(within(dialog).getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
  });
});
