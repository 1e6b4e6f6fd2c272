import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tourSchema, type Tour } from '@tourdesk/contract/entities/tour';
import { validationError } from '../../../test/error-bodies';
import { callsTo, departure, departuresServer, renderDates, TOUR_ID } from './tour-dates-test-server';

const TODAY = '2027-07-01';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2027, 6, 1, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A weekly excursion whose schedule is stored: Mondays at 08:00 and 10:00, Sundays at 12:15. */
const WEEKLY: Tour = tourSchema.parse({
  id: TOUR_ID,
  tour_organizer_id: 3,
  name: 'Chemal in three hours',
  price: 45000,
  group_max: 12,
  type: 2,
  schedule_type: 2,
  tour_week_schedule: {
    publish_count_days: 30,
    last_tour_date: null,
    days_data: [
      { day_of_week: 0, times: ['12:15'] },
      { day_of_week: 1, times: ['08:00', '10:00'] },
      ...[2, 3, 4, 5, 6].map((day_of_week) => ({ day_of_week, times: [] })),
    ],
    excluded_periods_data: [{ date_from: '2027-07-20', date_to: '2027-07-25' }],
    price: 2500,
    days: null,
    number_of_seats: 14,
    full_payment_days: null,
    prepayment_type: 'percent',
    prepayment_size: 0,
    not_guaranteed: false,
    flight_included: false,
    commentary: '',
  },
});

/** The departures the schedule made (and one made by hand, which its view leaves out). */
const MADE = [
  departure(31, '2027-07-04', { days: 1, time_start: '12:15', is_from_schedule: true, number_of_seats: 14 }),
  departure(32, '2027-07-05', { days: 1, time_start: '08:00', is_from_schedule: true, number_of_seats: 14, booked: 2 }),
  departure(33, '2027-07-05', { days: 1, time_start: '10:00', is_from_schedule: true, number_of_seats: 14 }),
  departure(40, '2027-07-06', { days: 1, time_start: '18:00' }),
];

const saveAnswer = (body: Record<string, unknown>) =>
  new Response(JSON.stringify({ tour_id: 21, ...body }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

describe('the weekly schedule', () => {
  it('opens with the stored schedule, Monday first in Russian, and sends the changed one whole', async () => {
    const server = departuresServer(WEEKLY, MADE, TODAY, (path, body) =>
      path === '/crm/api/tour/save-week-schedule' ? saveAnswer(body!) : undefined,
    );
    vi.stubGlobal('fetch', server.fetch);
    renderDates(WEEKLY, 'ru');
    const form = await screen.findByRole('form', { name: 'Расписание по дням недели' });
    const days = within(form).getAllByRole('group', {
      name: /^(Понедельник|Вторник|Среда|Четверг|Пятница|Суббота|Воскресенье)$/,
    });
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Понедельник',
      'Вторник',
      'Среда',
      'Четверг',
      'Пятница',
      'Суббота',
      'Воскресенье',
    ]);
    expect(within(days[0]!).getByRole('textbox', { name: 'Время начала 1, Понедельник' })).toHaveValue('08:00');
    expect(within(days[0]!).getByRole('textbox', { name: 'Время начала 2, Понедельник' })).toHaveValue('10:00');
    expect(within(days[6]!).getByRole('textbox', { name: 'Время начала 1, Воскресенье' })).toHaveValue('12:15');
    expect(within(days[2]!).getByText('Нет заездов')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Дней вперёд/)).toHaveValue('30');
    expect(within(form).getByLabelText(/^Мест/)).toHaveValue('14');
    expect(await within(form).findByRole('button', { name: /^Период 1/ })).toHaveTextContent('20.07.2027 – 25.07.2027');

    // Saturdays at 9:00 and 10:00 (each new time an hour after the last), Monday's 10:00 gone
    await userEvent.click(within(days[5]!).getByRole('button', { name: 'Добавить время начала, Суббота' }));
    await userEvent.click(within(days[5]!).getByRole('button', { name: 'Добавить время начала, Суббота' }));
    expect(within(days[5]!).getByRole('textbox', { name: 'Время начала 2, Суббота' })).toHaveValue('10:00');
    await userEvent.click(within(days[0]!).getByRole('button', { name: 'Удалить 10:00, Понедельник' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Удалить период 1' }));
    const seats = within(form).getByLabelText(/^Мест/);
    await userEvent.clear(seats);
    await userEvent.type(seats, '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Расписание сохранено')).toBeInTheDocument();
    const [sent] = callsTo(server.fetch, '/crm/api/tour/save-week-schedule');
    expect(sent!.body).toEqual({
      id: 21,
      publish_count_days: 30,
      last_tour_date: null,
      days_data: [
        { day_of_week: 0, times: ['12:15'] },
        { day_of_week: 1, times: ['08:00'] },
        { day_of_week: 2, times: [] },
        { day_of_week: 3, times: [] },
        { day_of_week: 4, times: [] },
        { day_of_week: 5, times: [] },
        { day_of_week: 6, times: ['09:00', '10:00'] },
      ],
      excluded_periods_data: [],
      price: 2500,
      days: null,
      number_of_seats: 12,
      full_payment_days: null,
      prepayment_type: 'percent',
      prepayment_size: 0,
      not_guaranteed: false,
      flight_included: false,
      commentary: '',
    });
    // saved: nothing left to save, the bar is one quiet line
    await waitFor(() => expect(within(form).queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument());
    expect(within(form).getByText('Все изменения сохранены')).toBeInTheDocument();
  });

  it('starts from the defaults (90 days ahead, the tour price) and checks before sending: zero seats, an empty time', async () => {
    const fresh = tourSchema.parse({ ...WEEKLY, tour_week_schedule: null });
    const server = departuresServer(fresh, [], TODAY, (path, body) =>
      path === '/crm/api/tour/save-week-schedule' ? saveAnswer(body!) : undefined,
    );
    vi.stubGlobal('fetch', server.fetch);
    renderDates(fresh);
    const form = await screen.findByRole('form', { name: 'Weekly schedule' });
    expect(within(form).getByLabelText(/^Days ahead/)).toHaveValue('90');
    expect(within(form).getByLabelText(/^Price/)).toHaveValue('45000');
    expect(screen.getByText('Save the schedule to make its departures.')).toBeInTheDocument();
    // Sunday first in English
    expect(within(form).getAllByRole('group')[0]).toHaveAccessibleName('Sunday');

    const wednesday = within(form).getByRole('group', { name: 'Wednesday' });
    await userEvent.click(within(wednesday).getByRole('button', { name: 'Add a start time, Wednesday' }));
    await userEvent.clear(within(wednesday).getByRole('textbox', { name: 'Start time 1, Wednesday' }));
    const seats = within(form).getByLabelText(/^Seats/);
    await userEvent.clear(seats);
    await userEvent.type(seats, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(wednesday).findByText('Required field')).toBeInTheDocument();
    expect(within(form).getByText('Minimum 1')).toBeInTheDocument();
    expect(callsTo(server.fetch, '/crm/api/tour/save-week-schedule')).toHaveLength(0);

    await userEvent.type(within(wednesday).getByRole('textbox', { name: 'Start time 1, Wednesday' }), '7:45');
    await userEvent.clear(seats);
    await userEvent.type(seats, '6');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The schedule is saved')).toBeInTheDocument();
    expect(callsTo(server.fetch, '/crm/api/tour/save-week-schedule')[0]!.body).toMatchObject({
      publish_count_days: 90,
      price: 45000,
      number_of_seats: 6,
      days_data: expect.arrayContaining([{ day_of_week: 3, times: ['07:45'] }]),
    });
  });

  it("puts the server's refusal of a time on that time's input", async () => {
    const server = departuresServer(WEEKLY, MADE, TODAY, (path) =>
      path === '/crm/api/tour/save-week-schedule'
        ? new Response(JSON.stringify(validationError({ 'days_data.1.times.1': 'incorrect_value' })), {
            status: 422,
            headers: { 'Content-Type': 'application/json' },
          })
        : undefined,
    );
    vi.stubGlobal('fetch', server.fetch);
    renderDates(WEEKLY);
    const form = await screen.findByRole('form', { name: 'Weekly schedule' });
    const publish = within(form).getByLabelText(/^Days ahead/);
    await userEvent.clear(publish);
    await userEvent.type(publish, '60');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const monday = within(form).getByRole('group', { name: 'Monday' });
    expect(await within(monday).findByText('Incorrect value')).toBeInTheDocument();
    expect(within(monday).getByRole('textbox', { name: 'Start time 2, Monday' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('shows the departures it made (not those made by hand) to change, but not to remove', async () => {
    const server = departuresServer(WEEKLY, MADE, TODAY);
    vi.stubGlobal('fetch', server.fetch);
    renderDates(WEEKLY);
    const list = await screen.findByRole('list', { name: 'Departures by the schedule' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(list).not.toHaveTextContent('18:00');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Jul 5, 2027, 08:00');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('12 of 14 seats free');
    expect(within(list).queryByRole('button', { name: /^Remove/ })).toBeNull();
    const july = await screen.findByRole('grid', { name: 'July 2027' });
    expect(
      await within(july).findByRole('button', { name: 'Departure Jul 5, 2027, 10:00: 14 of 14 seats free' }),
    ).toBeInTheDocument();
    // its days start nothing: the schedule makes the departures
    expect(within(july).getByRole('button', { name: 'Saturday, July 10, 2027' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(
      callsTo(server.fetch, '/crm/api/tour/get-dates').every((c) => c.url.searchParams.get('schedule_type') === '2'),
    ).toBe(true);

    // changing one of them keeps it where the schedule put it
    await userEvent.click(within(list).getByRole('button', { name: 'Change the departure Jul 5, 2027, 08:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the departure' });
    expect(dialog).toHaveTextContent('made by the weekly schedule');
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).toBeNull();
    const seats = within(dialog).getByLabelText(/^Seats/);
    await userEvent.clear(seats);
    await userEvent.type(seats, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The departure is saved')).toBeInTheDocument();
    expect(callsTo(server.fetch, '/crm/api/tour/save-date')[0]!.body).toMatchObject({
      date_id: 32,
      time_start: '08:00',
      number_of_seats: 20,
    });
  });
});
