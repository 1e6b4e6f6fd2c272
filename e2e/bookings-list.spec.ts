import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { newProvider, openSignedIn } from './provider';
import { joinedChannel } from './sockets';

/*
 * Issue 16, the request list (/{orgId}/bookings) in Chromium against the real server: a provider
 * with a tour and a departure made through the API makes an own request in the "New request"
 * dialog (a double click makes one), lands on its page, and finds it in the list with the
 * navigation badge; the saved filter (tab, search, source) survives a reload; a second browser of
 * the same provider sees a request made in the first appear live, highlighted, and its badge
 * count change — in Russian. Serial: each step builds on the one before.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TOUR = `Katun rafting ${run}`;
const DAY_MS = 86_400_000;
const day = (n: number): string => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

let token = '';
let orgId = 0;
let headers: Record<string, string> = {};
let tourId = 0;

const open = (page: Page, url: string, language: 'en' | 'ru' = 'en') => openSignedIn(page, url, token, language);

/** The organizer's requests as the API lists them (all groups, departures). */
const listed = async (request: APIRequestContext) => {
  const res = await request.get(`/crm/api/request/list-for-org?organizer_id=${orgId}&is_individual_tour=0`, {
    headers,
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { items: { id: number; customer_name: string; status: number; source: string }[] };
};

/** Picks an option of one of the kit's selects. */
const choose = async (page: Page, scope: Locator | Page, combobox: string, option: string | RegExp) => {
  const box = scope.getByRole('combobox', { name: combobox, exact: true });
  await expect(box).toBeEnabled();
  await box.click();
  await page.getByRole('option', { name: option }).click();
};

/** The "New request" dialog filled in for the tour's departure. */
const fillNewRequest = async (
  page: Page,
  t: { dialog: string; tour: string; departure: string; tourists: string; name: string; email: string; phone: string },
  values: { departure: RegExp; count: string; name: string; email: string; phone: string },
) => {
  const dialog = page.getByRole('dialog', { name: t.dialog });
  await expect(dialog).toBeVisible();
  await choose(page, dialog, t.tour, TOUR);
  await choose(page, dialog, t.departure, values.departure);
  await dialog.getByLabel(t.tourists).fill(values.count);
  await dialog.getByLabel(new RegExp(`^${t.name}\\*?$`)).fill(values.name);
  await dialog.getByLabel(t.email, { exact: true }).fill(values.email);
  await dialog.getByRole('textbox', { name: t.phone }).pressSequentially(values.phone);
  return dialog;
};

const EN = {
  dialog: 'New request',
  tour: 'Tour',
  departure: 'Departure',
  tourists: 'Tourists',
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
};
const RU = {
  dialog: 'Новая заявка',
  tour: 'Тур',
  departure: 'Заезд',
  tourists: 'Туристов',
  name: 'Имя',
  email: 'E-mail',
  phone: 'Телефон',
};

/** The navigation's Bookings badge (on a wide screen the sidebar shows it). */
const badge = (page: Page) =>
  page.getByRole('navigation', { name: /^(Main navigation|Основная навигация)$/ }).getByTestId('bookings-badge');

test.beforeAll(async ({ request }) => {
  ({ token, orgId, headers } = await newProvider(request, {
    email: `bookings-list-${run}@e2e.example`,
    organizer: `Katun Trails ${run}`,
    timezone: 'Asia/Barnaul',
  }));
  const tour = await request.post('/crm/api/tour/create', {
    headers,
    data: { organizer_id: orgId, name: TOUR, price: 25000, duration: 3, group_max: 6 },
  });
  expect(tour.ok(), await tour.text()).toBe(true);
  tourId = ((await tour.json()) as { id: number }).id;
  const date = await request.post('/crm/api/tour/save-date', {
    headers,
    data: { tour_id: tourId, date_start: day(30), date_end: day(32), price: 25000, number_of_seats: 6 },
  });
  expect(date.ok(), await date.text()).toBe(true);
});

test('a provider makes an own request in the dialog (a double click makes one) and finds it in the list', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, `/org/${orgId}/bookings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await expect(page.getByText('No requests yet')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'New request' }).first().click();
  const dialog = await fillNewRequest(page, EN, {
    departure: /6 of 6 seats free · RUB\s25,000/,
    count: '7',
    name: 'Olga Petrova',
    email: 'olga@e2e.example',
    phone: '9161234567',
  });
  // more tourists than the departure's 6 free seats: the server's refusal lands on the field
  await dialog.getByRole('button', { name: 'Create request' }).click();
  await expect(dialog.getByText('Not enough free seats: 6 left on this departure')).toBeVisible();
  await expect(dialog.getByLabel(EN.tourists)).toHaveAttribute('aria-invalid', 'true');
  expect((await listed(request)).items).toHaveLength(0);

  await dialog.getByLabel(EN.tourists).fill('2');
  const made = page.waitForResponse((r) => r.url().includes('/crm/api/request/create-request-with-own-type') && r.ok());
  await dialog.getByRole('button', { name: 'Create request' }).dblclick();
  const requestId = ((await (await made).json()) as { request_id: number }).request_id;
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/bookings/${requestId}$`));
  await expect(page.getByText(`Request #${requestId} created`)).toBeVisible();

  // one request, however many clicks reached the server
  const items = (await listed(request)).items;
  expect(items.map((r) => ({ name: r.customer_name, status: r.status, source: r.source }))).toEqual([
    { name: 'Olga Petrova', status: 1, source: 'own' },
  ]);

  await page
    .getByRole('navigation')
    .getByRole('link', { name: /Bookings/ })
    .click();
  const table = page.getByRole('table', { name: 'Requests' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: `Request #${requestId}` }) });
  await expect(row).toContainText('Pending confirmation');
  await expect(row).toContainText('Own');
  await expect(row).toContainText(TOUR);
  await expect(row).toContainText('Olga Petrova');
  await expect(row).toContainText(/RUB\s50,000/);
  await expect(page.getByRole('tab', { name: 'New 1' })).toBeVisible();
  await expect(badge(page)).toHaveText(/1 new request/);
  // the row opens its request
  await row.getByRole('link', { name: `Request #${requestId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/bookings/${requestId}$`));
});

test('the filter is saved: the tab, the search and the source come back after a reload', async ({ page, request }) => {
  // a second request, of another customer, through the API
  const other = await request.post('/crm/api/request/create-request-with-own-type', {
    headers,
    data: {
      tour_organizer_id: orgId,
      tour_id: tourId,
      tour_date_id: (
        (await (await request.get(`/crm/api/tour/get-dates?tour_id=${tourId}`, { headers })).json()) as {
          items: { id: number }[];
        }
      ).items[0]!.id,
      tourists_count: 1,
      customer_name: 'Boris Ivanov',
      idempotency_key: `boris-${run}`,
    },
  });
  expect(other.ok(), await other.text()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, `/org/${orgId}/bookings`);
  const table = page.getByRole('table', { name: 'Requests' });
  await expect(table.getByRole('row')).toHaveCount(3);

  const saved = () => page.waitForResponse((r) => r.url().includes('/crm/api/request/set-search-filter') && r.ok());
  let save = saved();
  await page.getByRole('tab', { name: /^New/ }).click();
  await save;
  save = saved();
  await page.getByRole('searchbox', { name: 'Search' }).fill('olga');
  await save;
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Olga Petrova');
  await expect(table).not.toContainText('Boris Ivanov');
  save = saved();
  await choose(page, page, 'Source', /Own/);
  await page.keyboard.press('Escape');
  await save;

  await page.reload();
  await expect(page.getByRole('tab', { name: /^New/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('olga');
  await expect(page.getByRole('combobox', { name: 'Source', exact: true })).toHaveText(/Own/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Olga Petrova');
  await expect(table).not.toContainText('Boris Ivanov');

  // clearing is saved too
  save = saved();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await save;
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('in Russian: a request made in one browser appears live in another, highlighted, and its badge counts it', async ({
  browser,
}) => {
  const first = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  const second = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  try {
    const making = await first.newPage();
    const watching = await second.newPage();
    const joined = joinedChannel(watching, `organizer:${orgId}`);
    await open(watching, `/org/${orgId}/bookings`, 'ru');
    const table = watching.getByRole('table', { name: 'Заявки' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(badge(watching)).toHaveText(/2 новые заявки/);
    await expect.poll(joined, { message: "the watching page's socket joins the organizer channel" }).toBe(true);
    await watching.evaluate(() => ((window as { __noReload?: boolean }).__noReload = true));

    await open(making, `/org/${orgId}/bookings`, 'ru');
    await making.getByRole('button', { name: 'Новая заявка' }).first().click();
    const dialog = await fillNewRequest(making, RU, {
      // two requests hold 3 of the 6 seats
      departure: /свободно 3 из 6/,
      count: '1',
      name: 'Вера Орлова',
      email: 'vera@e2e.example',
      phone: '9031234567',
    });
    const made = making.waitForResponse(
      (r) => r.url().includes('/crm/api/request/create-request-with-own-type') && r.ok(),
    );
    await dialog.getByRole('button', { name: 'Создать заявку' }).click();
    const requestId = ((await (await made).json()) as { request_id: number }).request_id;
    await expect(making).toHaveURL(new RegExp(`/org/${orgId}/bookings/${requestId}$`));

    // the other browser: the new row, highlighted and announced, without a reload
    const row = table.getByRole('row').filter({ has: watching.getByRole('link', { name: `Заявка №${requestId}` }) });
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-live', 'new');
    await expect(row).toContainText('Новая');
    await expect(row).toContainText('Вера Орлова');
    await expect(row).toContainText('Ожидает подтверждения');
    await expect(watching.getByRole('status').filter({ hasText: `Новая заявка №${requestId}` })).toHaveCount(1);
    await expect(badge(watching)).toHaveText(/3 новые заявки/);
    await expect(watching.getByRole('tab', { name: 'Новые 3' })).toBeVisible();
    expect(await watching.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
    // the highlight is brief
    await expect(row).not.toHaveAttribute('data-live', /.+/, { timeout: 15_000 });
  } finally {
    await first.close();
    await second.close();
  }
});

test('on a phone the requests are cards and the filters fold away', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/org/${orgId}/bookings`, 'ru');
  const list = page.getByRole('list', { name: 'Заявки' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('combobox', { name: 'Источник', exact: true })).toBeHidden();
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  await expect(page.getByRole('combobox', { name: 'Источник', exact: true })).toBeVisible();
  await list.getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/bookings/\\d+$`));
});
