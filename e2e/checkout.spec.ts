import { expect, test, type APIRequestContext } from '@playwright/test';
import { PHONE, setupCheckoutSite, watched, type CheckoutSite } from './checkout-setup';

/*
 * Issue 27, the traveller's checkout in Chromium on a phone against the real server: the demo
 * provider's Altai Trails gets a published site; a departure with 5 places is added to one of its
 * tours. A traveller opens the booking page on the site's host, chooses two places, holds them
 * (a countdown), leaves a contact, accepts the documents and books: with instant booking the
 * request is confirmed and the prepayment is paid in the sandbox; with request-to-book (in
 * Russian) it waits for the provider. The provider's API shows both with source "direct sales".
 */
test.describe.configure({ mode: 'serial' });

let site: CheckoutSite;
let tourId = 0;
let dateId = 0;
let run = '';
let siteUrl: CheckoutSite['siteUrl'];
let call: CheckoutSite['call'];

test.beforeAll(async ({ request }) => {
  site = await setupCheckoutSite(request, {
    prefix: 'book',
    date: { not_guaranteed: true, flight_included: true },
  });
  ({ tourId, dateId, run, siteUrl, call } = site);
});

/** The server's total of two adults on the departure, as the site shows it. */
const expectedTotal = async (request: APIRequestContext, locale: 'en-GB' | 'ru-RU') => {
  const o = (await (await request.get(`/spa/checkout/options?tour_id=${tourId}`)).json()) as {
    categories: { id: number; code: string }[];
  };
  const adult = o.categories.find((c) => c.code === 'adult')!.id;
  const res = await request.post('/spa/checkout/quote', {
    data: { tour_id: tourId, tour_date_id: dateId, travellers: [{ category_id: adult, count: 2 }] },
  });
  const total = ((await res.json()) as { pricing: { total: number } }).pricing.total;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'RUB',
    maximumFractionDigits: Number.isInteger(total) ? 0 : 2,
  }).format(total);
};

const setInstant = (request: APIRequestContext, on: boolean) =>
  call(request, 'POST', '/crm/api/tour/update', { id: tourId, instant_booking: on });

test('instant booking on a phone: two places held with a countdown, booked, the prepayment paid in the sandbox', async ({
  browser,
  request,
}) => {
  await setInstant(request, true);
  const { context, page, errors } = await watched(browser, PHONE);
  await page.goto(siteUrl(`/booking?tour=${tourId}&date=${dateId}&lang=en`));
  const checkout = page.getByTestId('checkout');
  await expect(checkout).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveValue(String(dateId));
  // what the departure is: the flight, whether the group is sure to gather
  await expect(page.getByRole('radio', { checked: true }).locator('..')).toContainText(
    'Flight included · Departure not guaranteed yet',
  );
  await page.getByLabel(/^Adult/).fill('2');
  // the server's price: the tour's own discounts taken off
  await expect(page.getByTestId('checkout-total')).toHaveText(await expectedTotal(request, 'en-GB'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('checkout-countdown')).toHaveText(/Your places are held for 1[45]:\d\d/);
  // the places are held: 3 left of 5
  const options = (await (await request.get(`/spa/checkout/options?tour_id=${tourId}`)).json()) as {
    departures: { id: number; free_seats: number }[];
  };
  expect(options.departures.find((d) => d.id === dateId)!.free_seats).toBe(3);
  await page.getByTestId('checkout').getByLabel('Your name').fill(`Olga ${run}`);
  await page.getByTestId('checkout').getByLabel('Your e-mail').fill(`olga-${run}@e2e.example`);
  await page.getByTestId('checkout').getByLabel('Your phone').fill('+7 999 123-45-67');
  // the travellers' details later: the questionnaire link
  await expect(page.getByTestId('checkout')).toContainText('Or later: the booking’s questionnaire link');
  await page
    .getByTestId('checkout')
    .getByRole('checkbox', { name: /I accept/ })
    .check();
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  const done = page.getByTestId('checkout-done');
  await expect(done.getByRole('heading', { name: 'Booked!' })).toBeVisible();
  const number = Number(await page.getByTestId('checkout-number').textContent());
  expect(number).toBeGreaterThan(0);
  const pay = done.getByRole('link', { name: /^Pay / });
  await expect(pay).toHaveText(/^Pay RUB\s[\d,]+$/);
  const request0 = await call(request, 'GET', `/crm/api/request/get?id=${number}`);
  expect(request0).toMatchObject({ status: 2, source: 'direct_sales', tourists_count: 2 });
  const invoice = (request0.invoices as { prepayment_invoice: { amount: number; payment_url: string } })
    .prepayment_invoice;
  await expect(pay).toHaveAttribute('href', invoice.payment_url);
  await pay.click();
  await page.getByRole('radio', { name: /Bank card/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment received', level: 1 })).toBeVisible();
  await expect.poll(async () => (await call(request, 'GET', `/crm/api/request/get?id=${number}`)).status).toBe(3);
  expect(errors.filter((e) => !e.includes('/socket.io/'))).toEqual([]);
  await context.close();
});

test('request-to-book in Russian on a phone: the request waits for the provider', async ({ browser, request }) => {
  await setInstant(request, false);
  const { context, page, errors } = await watched(browser, { ...PHONE, locale: 'ru-RU' });
  await page.goto(siteUrl(`/booking?tour=${tourId}&date=${dateId}&lang=ru`));
  await expect(page.getByTestId('checkout')).toBeVisible();
  await page.getByLabel(/^Взрослый/).fill('2');
  await expect(page.getByTestId('checkout-total')).toHaveText(await expectedTotal(request, 'ru-RU'));
  await expect(page.getByRole('radio', { checked: true }).locator('..')).toContainText(
    'Перелёт включён · Заезд пока не гарантирован',
  );
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByTestId('checkout-countdown')).toHaveText(/Места держатся за вами ещё 1[45]:\d\d/);
  await page.getByTestId('checkout').getByLabel('Ваше имя').fill(`Ольга ${run}`);
  await page.getByTestId('checkout').getByLabel('Ваша эл. почта').fill(`olga-ru-${run}@e2e.example`);
  await page.getByTestId('checkout').getByLabel('Ваш телефон').fill('+7 999 765-43-21');
  // one of the two travellers named now (the shared tourist fields), the other later
  await page.getByRole('checkbox', { name: 'Указать данные каждого туриста сейчас' }).check();
  const first = page.getByRole('group', { name: 'Турист 1' });
  await first.getByRole('textbox', { name: 'Фамилия', exact: true }).fill('Петрова');
  await first.getByRole('textbox', { name: 'Имя', exact: true }).fill(`Ольга ${run}`);
  await expect(page.getByRole('group', { name: 'Турист 2' })).toBeVisible();
  await page
    .getByTestId('checkout')
    .getByRole('checkbox', { name: /Я принимаю/ })
    .check();
  await page.getByRole('button', { name: 'Запросить бронирование' }).click();
  const done = page.getByTestId('checkout-done');
  await expect(done.getByRole('heading', { name: 'Заявка отправлена' })).toBeVisible();
  await expect(done.getByRole('link', { name: /^Оплатить/ })).toHaveCount(0);
  const number = Number(await page.getByTestId('checkout-number').textContent());
  const made = await call(request, 'GET', `/crm/api/request/get?id=${number}`);
  expect(made).toMatchObject({ status: 1, source: 'direct_sales' });
  expect(
    (made.tourists as { last_name: string; first_name: string }[]).map((t) => [t.last_name, t.first_name]),
  ).toEqual([['Петрова', `Ольга ${run}`]]);
  expect(errors.filter((e) => !e.includes('/socket.io/'))).toEqual([]);
  await context.close();
});
