import { newProvider, openSignedIn } from './provider';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/*
 * Issue 15, the dates of a tour, in Chromium against the real server: a series of departures on
 * chosen weekdays previewed and added, seen in the month calendar and the list; one changed;
 * zero seats refused on the field before anything is sent, an end before the start refused by
 * the server on its field with nothing written; in English and in Russian; a weekly schedule
 * that makes departures. Serial: each step builds on the previous one.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let token = '';
let orgId = 0;
let tourId = 0;
let excursionId = 0;

const DAY_MS = 86_400_000;
/** The browser's (and this machine's) calendar day n days from today, 'yyyy-MM-dd'. */
const dayFromToday = (n: number): string => {
  const d = new Date(Date.now() + n * DAY_MS);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
/** The days of [from, to] on a weekday (Sunday 0). */
const daysOn = (from: string, to: string, wd: number): string[] => {
  const out: string[] = [];
  for (let d = from; d <= to; d = plus(d, 1)) if (weekday(d) === wd) out.push(d);
  return out;
};
const format = (lang: 'en' | 'ru', options: Intl.DateTimeFormatOptions) => (day: string) =>
  new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const short = (lang: 'en' | 'ru') => format(lang, { day: 'numeric', month: 'short', year: 'numeric' });
/** How the editor writes a departure's days: 'Dec 5, 2026 – Dec 7, 2026'. */
const when = (lang: 'en' | 'ru', from: string, to: string) => `${short(lang)(from)} – ${short(lang)(to)}`;
const monthTitle = (lang: 'en' | 'ru', day: string) => {
  const t = format(lang, { month: 'long', year: 'numeric' })(day);
  return t.charAt(0).toLocaleUpperCase(lang) + t.slice(1);
};

const open = (page: Page, url: string, language: 'en' | 'ru' = 'en') => openSignedIn(page, url, token, language);

/** Text of a part of the page (light theme) that does not read against its background, as axe's color-contrast finds it. */
const lowContrast = async (page: Page, part: string): Promise<string[]> => {
  const { violations } = await new AxeBuilder({ page }).include(part).withRules(['color-contrast']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
};

/** Picks a range in the kit's date picker its trigger opens; its days read against the picker. */
const pickRange = async (page: Page, trigger: Locator, name: string, from: string, to: string) => {
  await trigger.click();
  const picker = page.getByRole('dialog', { name });
  const day = async (value: string) => {
    const cell = picker.locator(`[data-day="${value}"]:not([data-outside]) button`);
    for (let i = 0; i < 24 && (await cell.count()) === 0; i++)
      await picker.getByRole('button', { name: /next|следующ/i }).click();
    await cell.click();
  };
  await day(from);
  await day(to);
  expect(await lowContrast(page, '.rdp-kit')).toEqual([]);
  await picker.getByRole('button', { name: /^(Apply|Применить)$/ }).click();
};

/** Shows the month of `day` in the departures calendar, with the month buttons. */
const showMonth = async (page: Page, lang: 'en' | 'ru', day: string): Promise<Locator> => {
  const grid = page.getByRole('grid', { name: monthTitle(lang, day), exact: true });
  await expect(page.getByRole('grid')).toBeVisible();
  for (let i = 0; i < 24 && !(await grid.isVisible()); i++)
    await page.getByRole('button', { name: lang === 'en' ? 'Next month' : 'Следующий месяц' }).click();
  await expect(grid).toBeVisible();
  return grid;
};

test.beforeAll(async ({ request }) => {
  ({ token, orgId } = await newProvider(request, {
    email: `tour-dates-${run}@example.com`,
    organizer: `Chuya Rivers ${run}`,
  }));
  const headers = { Authorization: `Bearer ${token}` };
  const tour = await request.post('/crm/api/tour/create', {
    headers,
    data: { organizer_id: orgId, name: 'Chuya rafting, three days', price: 32000, duration: 3, group_max: 8 },
  });
  expect(tour.ok()).toBe(true);
  tourId = ((await tour.json()) as { id: number }).id;
  const excursion = await request.post('/crm/api/tour/create', {
    headers,
    data: { organizer_id: orgId, name: 'Chemal by boat', type: 2, price: 3500, duration_hours: 3, group_max: 12 },
  });
  expect(excursion.ok()).toBe(true);
  excursionId = ((await excursion.json()) as { id: number }).id;
});

const from = dayFromToday(1);
const to = dayFromToday(35);
const saturdays = daysOn(from, to, 6);

test('a series of Saturdays is previewed, zero seats refused first, and lands in the calendar and the list', async ({
  page,
}) => {
  await open(page, `/org/${orgId}/tours/${tourId}`);
  await page.getByRole('button', { name: 'Add a series' }).click();
  const dialog = page.getByRole('dialog', { name: 'A series of departures' });
  await dialog.getByRole('group', { name: 'Weekdays' }).getByRole('button', { name: 'Saturday' }).click();
  await pickRange(page, dialog.getByRole('button', { name: 'Period' }), 'Period', from, to);
  await dialog.getByLabel(/^Seats/).fill('0');
  await dialog.getByRole('button', { name: 'Show the departures' }).click();
  await expect(dialog.getByText('Minimum 1')).toBeVisible();
  await dialog.getByLabel(/^Seats/).fill('6');
  await dialog.getByRole('button', { name: 'Show the departures' }).click();

  // the preview: each Saturday of the period, three days long, before anything is saved
  await expect(dialog.getByText(`${saturdays.length} departures will be added:`)).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'The series' });
  await expect(preview.getByRole('row')).toHaveCount(saturdays.length + 1);
  await expect(preview).toContainText(when('en', saturdays[0]!, plus(saturdays[0]!, 2)));
  await dialog.getByRole('button', { name: `Add ${saturdays.length} departures` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${saturdays.length} departures added`)).toBeVisible();

  const list = page.getByRole('list', { name: 'Departures', exact: true });
  await expect(list.getByRole('listitem')).toHaveCount(saturdays.length);
  await expect(list.getByRole('listitem').first()).toContainText(when('en', saturdays[0]!, plus(saturdays[0]!, 2)));
  await expect(list.getByRole('listitem').first()).toContainText('6 of 6 seats free');
  for (const saturday of [saturdays[0]!, saturdays.at(-1)!]) {
    const grid = await showMonth(page, 'en', saturday);
    // past days, the days of other months and today read against the calendar
    expect(await lowContrast(page, '[role="grid"]')).toEqual([]);
    await expect(
      grid.getByRole('button', { name: `Departure ${when('en', saturday, plus(saturday, 2))}: 6 of 6 seats free` }),
    ).toHaveText('6/6');
  }
});

test('the same series again is refused on its rows, and nothing is added', async ({ page }) => {
  await open(page, `/org/${orgId}/tours/${tourId}`);
  await page.getByRole('button', { name: 'Add a series' }).click();
  const dialog = page.getByRole('dialog', { name: 'A series of departures' });
  await dialog.getByRole('button', { name: 'Saturday' }).click();
  await pickRange(page, dialog.getByRole('button', { name: 'Period' }), 'Period', from, plus(saturdays[0]!, 7));
  await dialog.getByRole('button', { name: 'Show the departures' }).click();
  await dialog.getByRole('button', { name: 'Add 2 departures' }).click();
  await expect(dialog.getByText('This departure already exists')).toHaveCount(2);
  await expect(dialog.getByText('2 departures are refused: change the series or leave them out.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Departures', exact: true }).getByRole('listitem')).toHaveCount(
    saturdays.length,
  );
});

test('a departure is changed from the calendar; its new seats show in the list and on its day', async ({ page }) => {
  await open(page, `/org/${orgId}/tours/${tourId}`);
  const first = saturdays[0]!;
  const grid = await showMonth(page, 'en', first);
  await grid.getByRole('button', { name: new RegExp(`^Departure ${when('en', first, plus(first, 2))}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the departure' });
  await dialog.getByLabel(/^Seats/).fill('0');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText('Minimum 1')).toBeVisible();
  await dialog.getByLabel(/^Seats/).fill('10');
  await dialog.getByRole('group', { name: 'Prepayment in' }).getByRole('button', { name: 'RUB' }).click();
  await dialog.getByLabel('Prepayment, RUB').fill('5000');
  await dialog.getByLabel('Comment').fill('Meet at the Chuya bridge');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('list', { name: 'Departures', exact: true }).getByRole('listitem').first();
  await expect(row).toContainText('10 of 10 seats free');
  await expect(row).toContainText('prepayment RUB 5,000');
  await expect(
    grid.getByRole('button', { name: `Departure ${when('en', first, plus(first, 2))}: 10 of 10 seats free` }),
  ).toBeVisible();
  // what is saved is what a reload shows
  await page.reload();
  await page
    .getByRole('list', { name: 'Departures', exact: true })
    .getByRole('button', {
      name: `Change the departure ${when('en', first, plus(first, 2))}`,
    })
    .click();
  await expect(page.getByRole('dialog', { name: 'Change the departure' }).getByLabel('Comment')).toHaveValue(
    'Meet at the Chuya bridge',
  );
});

test('a departure ending before it starts is refused on date_end and nothing is written', async ({ request }) => {
  // the editor's range picker cannot make one; the server refuses a client that sends it
  const headers = { Authorization: `Bearer ${token}`, 'X-Language': 'en' };
  const res = await request.post('/crm/api/tour/save-date', {
    headers,
    data: {
      tour_id: tourId,
      date_start: dayFromToday(40),
      date_end: dayFromToday(38),
      price: 32000,
      number_of_seats: 6,
    },
  });
  expect(res.status()).toBe(422);
  expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toEqual({
    date_end: ['The end must be later than the start'],
  });
  const dates = await request.get(`/crm/api/tour/get-dates?tour_id=${tourId}&limit=100`, { headers });
  expect(((await dates.json()) as { total: number }).total).toBe(saturdays.length);
});

test('in Russian: a series of Wednesdays, the calendar Monday first, zero seats refused', async ({ page }) => {
  const wednesdays = daysOn(from, dayFromToday(21), 3);
  const forms = new Intl.PluralRules('ru').select(wednesdays.length);
  const word = { one: 'заезд', few: 'заезда', many: 'заездов', other: 'заезда' }[forms as 'one'];
  await open(page, `/org/${orgId}/tours/${tourId}`, 'ru');
  await page.getByRole('button', { name: 'Добавить серию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Серия заездов' });
  await dialog.getByRole('group', { name: 'Дни недели' }).getByRole('button', { name: 'Среда' }).click();
  await pickRange(page, dialog.getByRole('button', { name: 'Период' }), 'Период', from, dayFromToday(21));
  await dialog.getByLabel(/^Мест/).fill('0');
  await dialog.getByRole('button', { name: 'Показать заезды' }).click();
  await expect(dialog.getByText('Минимум 1')).toBeVisible();
  await dialog.getByLabel(/^Мест/).fill('4');
  await dialog.getByRole('button', { name: 'Показать заезды' }).click();
  await expect(dialog.getByRole('table', { name: 'Серия' }).getByRole('row')).toHaveCount(wednesdays.length + 1);
  await dialog.getByRole('button', { name: `Добавить ${wednesdays.length} ${word}` }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Заезды', exact: true });
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(20, saturdays.length + wednesdays.length));
  await expect(list).toContainText('свободно 4 из 4');
  const grid = await showMonth(page, 'ru', wednesdays[0]!);
  await expect(grid.getByRole('columnheader').first()).toContainText('Понедельник');
  await expect(
    grid.getByRole('button', {
      name: `Заезд ${when('ru', wednesdays[0]!, plus(wednesdays[0]!, 2))}: свободно 4 из 4`,
    }),
  ).toHaveText('4/4');
});

test('a weekly schedule makes departures that show in the calendar and the list', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${token}` };
  // the tour becomes weekly in its basics; the dates area then shows the weekly schedule
  expect(
    (await request.post('/crm/api/tour/update', { headers, data: { id: excursionId, schedule_type: 2 } })).ok(),
  ).toBe(true);
  await open(page, `/org/${orgId}/tours/${excursionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Chemal by boat' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Weekly schedule' });
  await expect(form).toBeVisible();
  const tuesday = form.getByRole('group', { name: 'Tuesday', exact: true });
  await tuesday.getByRole('button', { name: 'Add a start time, Tuesday' }).click();
  await tuesday.getByRole('button', { name: 'Add a start time, Tuesday' }).click();
  await expect(tuesday.getByRole('textbox', { name: 'Start time 2, Tuesday' })).toHaveValue('10:00 AM');
  await form.getByLabel(/^Days ahead/).fill('21');
  await form.getByLabel(/^Seats/).fill('0');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Minimum 1')).toBeVisible();
  await form.getByLabel(/^Seats/).fill('12');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The schedule is saved')).toBeVisible();

  const tuesdays = daysOn(dayFromToday(0), dayFromToday(20), 2);
  const list = page.getByRole('list', { name: 'Departures by the schedule', exact: true });
  await expect(list.getByRole('listitem')).toHaveCount(tuesdays.length * 2);
  await expect(list.getByRole('listitem').first()).toContainText('09:00');
  await expect(list.getByRole('listitem').first()).toContainText('12 of 12 seats free');
  const grid = await showMonth(page, 'en', tuesdays[0]!);
  await expect(
    grid.getByRole('button', { name: new RegExp(`^Departure ${short('en')(tuesdays[0]!)}, 10:00`) }),
  ).toBeVisible();
  // the stored schedule is what the form opens with
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Weekly schedule' }).getByRole('textbox', { name: 'Start time 1, Tuesday' }),
  ).toHaveValue('9:00 AM');
});
