import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { newProvider, openSignedIn } from './provider';
import { day, money, spaced } from './format';

/*
 * Issue 26 in Chromium against the real server: the provider sets adult, child and infant prices
 * and two extras on a tour in the tour editor, makes a promo code in Settings, records a booking of
 * 2 adults + 1 child with the single room and the promo code in the New request form, the request
 * page lists its lines and the contract prints them
 * ({request.price_lines}); then "Change booking" makes it 3 adults: the seats and the balance
 * follow. Once more in Russian on a phone. Serial: each step builds on the one before.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TOUR = `Altai lakes ${run}`;
const PROMO = `SPRING${run}`.toUpperCase().slice(0, 32);

let token = '';
let orgId = 0;
let headers: Record<string, string> = {};
let tourId = 0;
let departureId = 0;
let requestId = 0;
const ids = { adult: 0, child: 0, infant: 0, single: 0, insurance: 0 };

const ok = async (request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> => {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
const getJson = async <T>(request: APIRequestContext, url: string): Promise<T> => {
  const res = await request.get(url, { headers });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};
const open = (page: Page, url: string, language: 'en' | 'ru' = 'en') => openSignedIn(page, url, token, language);

/** Picks an option of one of the kit's selects. */
const choose = async (page: Page, scope: Locator, combobox: string, option: string) => {
  await scope.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** A booking by category on the departure, as the checkout will record one. */
const bookByCategory = async (
  request: APIRequestContext,
  key: string,
  body: { travellers: { category_id: number; count: number }[]; extras?: object[]; promo_code?: string },
) =>
  (
    await ok(request, '/crm/api/request/create-request-with-own-type', {
      tour_organizer_id: orgId,
      tour_id: tourId,
      tour_date_id: departureId,
      tourists_count: body.travellers.reduce((n, x) => n + x.count, 0),
      customer_name: 'Olga Petrova',
      customer_email: `${key}-${run}@e2e.example`,
      idempotency_key: `${key}-${run}`,
      hold_seconds: 3600,
      ...body,
    })
  ).request_id as number;

test.beforeAll(async ({ request }) => {
  ({ token, orgId, headers } = await newProvider(request, {
    email: `prices-${run}@e2e.example`,
    organizer: `Katun Trails ${run}`,
  }));
  tourId = (await ok(request, '/crm/api/tour/create', { organizer_id: orgId, name: TOUR, price: 30000, duration: 5 }))
    .id as number;
  departureId = (
    await ok(request, '/crm/api/tour/save-date', {
      tour_id: tourId,
      date_start: day(40),
      date_end: day(44),
      price: 30000,
      number_of_seats: 10,
      prepayment_type: 'percent',
      prepayment_size: 30,
      full_payment_days: 14,
    })
  ).id as number;
  // the organizer's contract prints the booking's lines
  await ok(request, '/crm/api/organizer-contract-template/create', {
    organizer_id: orgId,
    name: 'Contract',
    type: 'contract',
    content: '<h2>Contract</h2><p>{request.price_lines}</p><p>Total: {request.total_price}</p>',
    is_default: true,
  });
});

test('the provider prices adults, children and infants and two extras, and makes a promo code', async ({ page }) => {
  await open(page, `/org/${orgId}/tours/${tourId}`);
  const categories = page.getByRole('form', { name: 'Traveller categories' });
  await expect(categories.getByLabel('Name in English')).toHaveValue('Adult');
  await categories.getByRole('button', { name: 'Add a category' }).click();
  const child = categories.getByRole('listitem').nth(1);
  await child.getByLabel('Name in English').fill('Child');
  await child.getByLabel('Name in Russian').fill('Ребёнок');
  await child.getByLabel('Age from').fill('2');
  await child.getByLabel('Age to').fill('11');
  await child.getByLabel('Percent off').fill('30');
  await categories.getByRole('button', { name: 'Add a category' }).click();
  const infant = categories.getByRole('listitem').nth(2);
  await choose(page, infant, 'Kind', 'Infant');
  await infant.getByLabel('Name in English').fill('Infant');
  await infant.getByLabel('Name in Russian').fill('Младенец');
  await infant.getByLabel('Age from').fill('0');
  await infant.getByLabel('Age to').fill('1');
  await choose(page, infant, 'Price', 'Fixed price');
  await infant.getByLabel('Amount, RUB').fill('0');
  await infant.getByRole('checkbox', { name: 'Takes a seat' }).click();
  await categories.getByRole('button', { name: 'Save' }).click();
  await expect(categories.getByRole('button', { name: 'Save' })).toHaveCount(0);

  const extras = page.getByRole('form', { name: 'Extras' });
  await extras.getByRole('button', { name: 'Add an extra' }).click();
  const single = extras.getByRole('listitem').nth(0);
  await single.getByLabel('Name in English').fill('Single room');
  await single.getByLabel('Name in Russian').fill('Одноместный номер');
  await single.getByLabel('Amount, RUB').fill('7000');
  await single.getByLabel('Stock per departure').fill('4');
  await extras.getByRole('button', { name: 'Add an extra' }).click();
  const insurance = extras.getByRole('listitem').nth(1);
  await insurance.getByLabel('Name in English').fill('Insurance');
  await insurance.getByLabel('Name in Russian').fill('Страховка');
  await insurance.getByLabel('Amount, RUB').fill('500');
  await choose(page, insurance, 'Counted', 'Per traveller');
  await insurance.getByRole('checkbox', { name: 'Mandatory' }).click();
  await extras.getByRole('button', { name: 'Save' }).click();
  await expect(extras.getByRole('button', { name: 'Save' })).toHaveCount(0);

  const prices = await getJson<{
    categories: { id: number; code: string; pricing: string; value: number; takes_seat: boolean }[];
    extras: { id: number; name_en: string; per: string; is_mandatory: boolean; stock: number | null }[];
  }>(page.request, `/crm/api/tour/prices?tour_id=${tourId}`);
  expect(prices.categories.map((c) => [c.code, c.pricing, c.value, c.takes_seat])).toEqual([
    ['adult', 'base', 0, true],
    ['child', 'percent_off', 30, true],
    ['infant', 'fixed', 0, false],
  ]);
  expect(prices.extras.map((e) => [e.name_en, e.per, e.is_mandatory, e.stock])).toEqual([
    ['Single room', 'booking', false, 4],
    ['Insurance', 'traveller', true, null],
  ]);
  [ids.adult, ids.child, ids.infant] = prices.categories.map((c) => c.id) as [number, number, number];
  [ids.single, ids.insurance] = prices.extras.map((e) => e.id) as [number, number];

  await page.goto(`/org/${orgId}/settings/promo`);
  await page.getByRole('button', { name: 'New promo code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo code' });
  await dialog.getByLabel('Code').fill(PROMO.toLowerCase());
  await dialog.getByLabel('Size of the discount').fill('10');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Promo codes' }).getByText(PROMO, { exact: true })).toBeVisible();
});

test('the provider records 2 adults + 1 child with the single room and the promo code; the lines show and the contract prints them', async ({
  page,
}) => {
  await open(page, `/org/${orgId}/bookings`);
  await page.getByRole('button', { name: 'New request' }).first().click();
  const form = page.getByRole('dialog', { name: 'New request' });
  await choose(page, form, 'Tour', `${TOUR} (draft)`);
  await form.getByRole('combobox', { name: 'Departure', exact: true }).click();
  await page.getByRole('option').first().click();
  const travellers = form.getByRole('group', { name: 'Travellers' });
  await travellers.getByLabel('Adult', { exact: true }).fill('2');
  await travellers.getByLabel('Child', { exact: true }).fill('1');
  const extras = form.getByRole('group', { name: 'Extras' });
  await expect(extras.getByText('Always included: Insurance')).toBeVisible();
  await extras.getByLabel('Single room', { exact: true }).fill('1');
  await form.getByLabel('Promo code').fill(PROMO.toLowerCase());
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Olga Petrova');
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`en-${run}@e2e.example`);
  await form.getByRole('button', { name: 'Create request' }).click();
  await page.waitForURL(/\/bookings\/\d+$/);
  requestId = Number(/\/bookings\/(\d+)$/.exec(page.url())![1]);
  // 2 × 30 000 + 21 000 + 7 000 + 3 × 500 insurance = 89 500, less 10 % = 80 550
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toContainText(spaced(`Adult: ${money(30000)} × 2`));
  await expect(price).toContainText(spaced(`Child: ${money(21000)} × 1`));
  await expect(price).toContainText(spaced(`Single room: ${money(7000)} × 1`));
  await expect(price).toContainText(spaced(`Insurance: ${money(500)} × 3`));
  await expect(price).toContainText(`Promo code ${PROMO}`);
  await expect(price).toContainText(spaced(`−${money(8950)}`));
  await expect(price).toContainText(spaced(money(80550)));
  await expect(page.getByRole('heading', { name: 'Tourists: 0 of 3' })).toBeVisible();

  const pdf = await page.request.get(`/crm/api/request/download-contract?id=${requestId}&use_stamp=0`, { headers });
  expect(pdf.ok()).toBe(true);
  const text = (
    await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })
  ).text.replace(/\s+/g, ' ');
  expect(text).toMatch(/(Adult|Взрослый) × 2/);
  expect(text).toMatch(/(Child|Ребёнок) × 1/);
  expect(text).toMatch(/(Single room|Одноместный номер) × 1/);
  expect(text).toContain(PROMO);
});

test('"Change booking" makes it 3 adults: a seat more is taken and the balance to invoice follows', async ({
  page,
}) => {
  const before = await getJson<{ seats_taken: number; price: number }>(
    page.request,
    `/crm/api/request/get?id=${requestId}`,
  );
  expect(before.seats_taken).toBe(3);
  await open(page, `/org/${orgId}/bookings/${requestId}`);
  await page.getByRole('button', { name: 'Change booking' }).click();
  const dialog = page.getByRole('dialog', { name: `Change booking #${requestId}` });
  await expect(dialog.getByLabel('Child', { exact: true })).toHaveValue('1');
  await expect(dialog.getByText('Always included: Insurance')).toBeVisible();
  await dialog.getByLabel('Adult', { exact: true }).fill('3');
  await dialog.getByRole('button', { name: 'Apply changes' }).click();
  // 3 × 30 000 + 21 000 + 7 000 + 4 × 500 = 120 000, less 10 % = 108 000; nothing paid yet
  const figures = dialog.getByLabel('What the change did');
  await expect(figures).toContainText(spaced(`Total before${money(80550)}`));
  await expect(figures).toContainText(spaced(`New total${money(108000)}`));
  await expect(figures).toContainText(spaced(`Balance to invoice${money(108000)}`));
  await dialog.getByRole('button', { name: 'Done' }).click();

  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toContainText(spaced(`Adult: ${money(30000)} × 3`));
  await expect(price).toContainText(spaced(`Insurance: ${money(500)} × 4`));
  await expect(page.getByRole('heading', { name: 'Tourists: 0 of 4' })).toBeVisible();
  const changes = page.getByRole('list', { name: 'Booking changes' });
  await expect(changes).toContainText('Travellers');
  await expect(changes).toContainText('3 × Adult, 1 × Child');

  const after = await getJson<{ seats_taken: number; tourists_count: number; price: number; balance: number }>(
    page.request,
    `/crm/api/request/get?id=${requestId}`,
  );
  expect([after.seats_taken, after.tourists_count, after.price, after.balance]).toEqual([4, 4, 108000, 108000]);
});

test('in Russian on a phone: the categories in the editor, and a booking changed to 3 adults', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/org/${orgId}/tours/${tourId}`, 'ru');
  const categories = page.getByRole('form', { name: 'Категории путешественников' });
  await expect(categories.getByRole('listitem')).toHaveCount(3);
  await expect(categories.getByLabel('Название на русском').nth(1)).toHaveValue('Ребёнок');

  const id = await bookByCategory(page.request, 'ru', { travellers: [{ category_id: ids.adult, count: 2 }] });
  await page.goto(`/org/${orgId}/bookings/${id}`);
  await page.getByRole('button', { name: 'Изменить бронирование' }).click();
  const dialog = page.getByRole('dialog', { name: `Изменение бронирования №${id}` });
  await dialog.getByLabel('Взрослый', { exact: true }).fill('3');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  // 3 × 30 000 + 3 × 500 insurance
  await expect(dialog.getByLabel('Что изменилось в оплате')).toContainText(
    spaced(`Доплата к выставлению${money(91500, 'ru')}`),
  );
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await expect(page.getByLabel('Стоимость', { exact: true })).toContainText(
    spaced(`Взрослый: ${money(30000, 'ru')} × 3`),
  );
});
