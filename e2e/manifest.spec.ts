import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newProvider, openSignedIn } from './provider';

/*
 * Issue 29, the manifest on a phone in Chromium against the real server: a provider with a tour,
 * a departure and two confirmed requests (three travellers), made through the API. On a 375 px
 * phone the manifest checks one traveller in; offline another is checked in and shown as waiting
 * to send; back online it is sent; a second phone on the same departure sees both live. In en and ru.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DAY_MS = 86_400_000;
const day = (n: number): string => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const PHONE = { width: 375, height: 740 };

let token = '';
let orgId = 0;
let headers: Record<string, string> = {};
let tourId = 0;

const ok = async (request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> => {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
const confirmed = async (request: APIRequestContext, dateId: number, key: string, tourists: object[]) => {
  const id = (
    await ok(request, '/crm/api/request/create-request-with-own-type', {
      tour_organizer_id: orgId,
      tour_id: tourId,
      tour_date_id: dateId,
      tourists_count: tourists.length,
      customer_name: `Customer ${key}`,
      customer_phone: '+79160000001',
      tourists,
      idempotency_key: `manifest-${key}-${run}`,
    })
  ).request_id as number;
  await ok(request, '/crm/api/request/confirm', { id });
};
const departure = async (request: APIRequestContext, offset: number, key: string): Promise<number> => {
  const id = (
    await ok(request, '/crm/api/tour/save-date', {
      tour_id: tourId,
      date_start: day(offset),
      date_end: day(offset + 2),
      price: 20000,
      number_of_seats: 10,
    })
  ).id as number;
  await confirmed(request, id, `${key}-a`, [
    { first_name: 'Olga', last_name: 'Petrova', phone: '+79161234567', food_restriction: 'vegetarian' },
    { first_name: 'Masha', last_name: 'Petrova', is_child: true, birthday: '2018-01-01' },
  ]);
  await confirmed(request, id, `${key}-b`, [{ first_name: 'Ivan', last_name: 'Sidorov', phone: '+79165550000' }]);
  return id;
};
const phonePage = async (browser: Browser, url: string, language: 'en' | 'ru'): Promise<Page> => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openSignedIn(page, url, token, language);
  return page;
};

test.beforeAll(async ({ request }) => {
  ({ token, orgId, headers } = await newProvider(request, {
    email: `manifest-${run}@e2e.example`,
    organizer: `Altai Lakes ${run}`,
  }));
  tourId = (await ok(request, '/crm/api/tour/create', { organizer_id: orgId, name: `Teletskoye ${run}`, duration: 3 }))
    .id as number;
});

const T = {
  en: {
    counts: (n: number) => `${n} of 3 checked in`,
    checkIn: (name: string) => `Check in ${name}`,
    waiting: 'Waiting to send',
    waitingCount: '1 action waiting to send',
    checked: 'Checked in',
    food: 'Food: vegetarian',
  },
  ru: {
    counts: (n: number) => `Отмечено ${n} из 3`,
    checkIn: (name: string) => `Отметить: ${name} пришёл`,
    waiting: 'Ждёт отправки',
    waitingCount: '1 отметка ждёт отправки',
    checked: 'Пришёл',
    food: 'Питание: vegetarian',
  },
} as const;

for (const [lang, offset] of [
  ['en', 20],
  ['ru', 30],
] as const) {
  test(`${lang}: check in on a phone, offline too, and a second phone sees it live`, async ({ browser, request }) => {
    const t = T[lang];
    const dateId = await departure(request, offset, lang);
    const url = `/org/${orgId}/departures/${dateId}/manifest`;
    const guide = await phonePage(browser, url, lang);
    const counts = guide.getByTestId('manifest-counts');
    await expect(counts).toHaveText(t.counts(0));
    await expect(guide.getByRole('heading', { name: `Teletskoye ${run}` })).toBeVisible();
    await expect(guide.getByText(t.food)).toBeVisible();
    await expect(guide.locator('a[href="tel:+79165550000"]')).toBeVisible();

    await guide.getByRole('button', { name: t.checkIn('Petrova Olga') }).click();
    await expect(counts).toHaveText(t.counts(1));
    await expect(guide.getByText(t.waiting, { exact: true })).toHaveCount(0);

    const office = await phonePage(browser, url, lang);
    await expect(office.getByTestId('manifest-counts')).toHaveText(t.counts(1));

    await guide.context().setOffline(true);
    await guide.getByRole('button', { name: t.checkIn('Sidorov Ivan') }).click();
    await expect(guide.getByText(t.waiting, { exact: true })).toBeVisible();
    await expect(guide.getByText(t.waitingCount)).toBeVisible();
    await expect(counts).toHaveText(t.counts(2));
    await guide.screenshot({ path: `e2e/.tmp/manifest-${lang}-offline.png`, fullPage: true });
    // nothing reached the server yet
    await expect(office.getByTestId('manifest-counts')).toHaveText(t.counts(1));

    await guide.context().setOffline(false);
    await expect(guide.getByText(t.waiting, { exact: true })).toHaveCount(0);
    await expect(counts).toHaveText(t.counts(2));
    // the second phone hears departure_was_updated and reads the manifest again
    await expect(office.getByTestId('manifest-counts')).toHaveText(t.counts(2));
    const ivan = office.getByRole('listitem', { name: 'Sidorov Ivan' });
    await expect(ivan.getByTestId('checkin-state')).toHaveText(t.checked);
    await office.screenshot({ path: `e2e/.tmp/manifest-${lang}.png`, fullPage: true });

    const res = await request.get(`/crm/api/departure/manifest?tour_date_id=${dateId}`, { headers });
    const m = (await res.json()) as { totals: unknown };
    expect(m.totals).toEqual({ travellers: 3, checked_in: 2, no_show: 0 });
    await guide.context().close();
    await office.context().close();
  });
}
