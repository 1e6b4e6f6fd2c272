import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newProvider, openSignedIn } from './provider';

/*
 * Issue 16, money in Chromium against the real server: a provider with a tour, a departure and its
 * own requests (made, confirmed and invoiced through the API); the payer pays the prepayment on the
 * sandbox page and lands on /org/success with the amount; a failed attempt lands on /org/fail; the
 * payments screen lists the paid invoice with the totals per currency and downloads the CSV; the
 * dashboard shows the new request and the weeks' chart. One pass of the payments screen in Russian.
 */
test.describe.configure({ mode: 'serial' });

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let provider: { token: string; orgId: number; headers: Record<string, string> };
let paidToken = '';
let failToken = '';
let paidRequest = 0;
let departure = { tourId: 0, dateId: 0 };

const api = async (request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown) => {
  const res =
    method === 'GET'
      ? await request.get(url, { headers: provider.headers })
      : await request.post(url, { headers: provider.headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};

/** An own request of 2 places on the departure; confirmed with a prepayment invoice when `invoice` is given. */
const booking = async (
  request: APIRequestContext,
  d: { tourId: number; dateId: number },
  name: string,
  invoice?: number,
): Promise<{ id: number; token: string }> => {
  const created = await api(request, 'POST', '/crm/api/request/create-request-with-own-type', {
    tour_organizer_id: provider.orgId,
    tour_id: d.tourId,
    tour_date_id: d.dateId,
    tourists_count: 2,
    customer_name: name,
    customer_email: 'payer@example.com',
    idempotency_key: `e2e-payments-${name.replace(/\W/g, '-')}-${Date.now()}`,
  });
  const id = created.request_id as number;
  if (invoice === undefined) return { id, token: '' };
  await api(request, 'POST', '/crm/api/request/confirm', { id });
  const inv = await api(request, 'POST', '/crm/api/invoice/create-payment', {
    request_id: id,
    amount: invoice,
    payment_type: 'prepayment',
    title: 'Prepayment',
  });
  return { id, token: String(inv.payment_url).split('/pay/')[1]! };
};

test.beforeAll(async ({ request }) => {
  provider = await newProvider(request, {
    email: `payments-${Date.now().toString(36)}@e2e.example`,
    organizer: 'Katun Rafting',
  });
  const tour = await api(request, 'POST', '/crm/api/tour/create', {
    organizer_id: provider.orgId,
    name: 'Katun rapids weekend',
    currency: 'RUB',
  });
  const date = await api(request, 'POST', '/crm/api/tour/save-date', {
    tour_id: tour.id,
    date_start: day(5),
    date_end: day(7),
    price: 10000,
    number_of_seats: 20,
    full_payment_days: 2,
    prepayment_type: 'percent',
    prepayment_size: 30,
  });
  const d = { tourId: tour.id as number, dateId: date.id as number };
  departure = d;
  const paid = await booking(request, d, 'Olga Petrova', 6000);
  paidRequest = paid.id;
  paidToken = paid.token;
  failToken = (await booking(request, d, 'Ivan Sokolov', 6000)).token;
  await booking(request, d, 'Anna Kuznetsova'); // stays new (status 1)
});

/** The payer on the sandbox page: chooses the method, then pays or fails. */
const payOnSandbox = async (page: Page, token: string, method: RegExp, button: RegExp) => {
  await page.goto(`/pay/${token}?lang=en`);
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: button }).click();
};

test('the payer pays the prepayment on the sandbox page and lands on /org/success with the amount', async ({
  page,
}) => {
  await payOnSandbox(page, paidToken, /Bank card/, /^Pay /);
  await expect(page).toHaveURL(new RegExp(`/org/success\\?invoice=${paidToken}`));
  await expect(page.getByRole('heading', { name: 'Payment received', level: 1 })).toBeVisible();
  await expect(page.getByTestId('paid-amount')).toHaveText('RUB 6,000.00');
  await expect(page.getByText('Katun rapids weekend')).toBeVisible();
  await expect(page.getByText(`Prepayment, booking No. ${paidRequest}`)).toBeVisible();
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('Your booking is confirmed');
  await expect(next).toContainText('The rest, RUB 14,000.00, is due by');
});

test('a failed payment lands on /org/fail: nothing charged, try again', async ({ page }) => {
  await payOnSandbox(page, failToken, /SBP/, /Fail the payment/);
  await expect(page).toHaveURL(new RegExp(`/org/fail\\?invoice=${failToken}`));
  await expect(page.getByRole('heading', { name: 'The payment did not go through', level: 1 })).toBeVisible();
  await expect(page.getByText('Nothing was charged.', { exact: false })).toBeVisible();
  // back to the payment page, which still takes the payment
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/${failToken}`));
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
});

test('the payments screen lists the paid invoice with the totals per currency; the CSV downloads', async ({ page }) => {
  await openSignedIn(page, `/org/${provider.orgId}/payments`, provider.token, 'en');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const rub = page.getByTestId('totals-RUB');
  await expect(rub.getByTestId('total-invoiced')).toHaveText('RUB 12,000.00');
  await expect(rub.getByTestId('total-paid')).toHaveText('RUB 6,000.00');
  await expect(rub.getByTestId('total-refunded')).toHaveText('RUB 0.00');
  await expect(page.getByText('2 invoices')).toBeVisible();

  // on a phone each currency's amounts are lines of their own, every one on the screen (not cut off)
  await page.setViewportSize({ width: 375, height: 740 });
  const totals = page.getByRole('table', { name: 'Totals' });
  for (const amount of ['total-invoiced', 'total-paid', 'total-refunded']) {
    const box = (await rub.getByTestId(amount).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await totals.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(
    true,
  );
  await page.setViewportSize({ width: 1280, height: 720 });

  // only what is paid: the paid invoice, its card payment, its request
  await page.getByRole('group', { name: 'Invoice status' }).getByRole('button', { name: 'Paid' }).click();
  await expect(page).toHaveURL(/status=2/);
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Olga Petrova');
  await expect(rows.first()).toContainText('Card · paid');
  await expect(page.getByRole('figure', { name: 'Paid per week, RUB' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('Olga Petrova');
  expect(csv).not.toContain('Ivan Sokolov');
  await expect(page.getByText('The CSV file is downloaded')).toBeVisible();

  await rows
    .first()
    .getByRole('link', { name: `Open request #${paidRequest}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/org/${provider.orgId}/bookings/${paidRequest}$`));
});

test('the dashboard shows the new request, the unpaid invoice and the weeks’ chart', async ({ page }) => {
  await openSignedIn(page, `/org/${provider.orgId}/dashboard`, provider.token, 'en');
  await expect(page.getByTestId('count-new_requests')).toHaveText('1');
  await expect(page.getByTestId('count-upcoming_departures')).toHaveText('1');
  await expect(page.getByTestId('count-unpaid_invoices')).toHaveText('1');
  await expect(page.getByTestId('detail-unpaid_invoices')).toHaveText('RUB 6,000.00');
  const requests = page.getByRole('figure', { name: 'Requests per week' });
  await expect(requests).toBeVisible();
  await expect(requests.getByRole('row', { name: /this week so far/ })).toContainText('3 requests');
  const revenue = page.getByRole('figure', { name: 'Received per week, RUB' });
  await expect(revenue.getByRole('row', { name: /this week so far/ })).toContainText('RUB 6,000.00');
  await page.getByRole('link', { name: '1 new request', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${provider.orgId}/bookings`));
});

test('in Russian: the payments screen and the unpaid invoices from the dashboard', async ({ page }) => {
  await openSignedIn(page, `/org/${provider.orgId}/dashboard`, provider.token, 'ru');
  await page.getByRole('link', { name: /^1 неоплаченный счёт 6\s000,00\s₽$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${provider.orgId}/payments\\?status=1`));
  await expect(page.getByRole('heading', { name: 'Платежи', level: 1 })).toBeVisible();
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ivan Sokolov');
  await expect(rows.first()).toContainText('СБП · не прошла');
  await expect(rows.first().getByText('Ожидает оплаты')).toBeVisible();
  await expect(page.getByTestId('totals-RUB').getByTestId('total-invoiced')).toHaveText('6 000,00 ₽');
});

test('a payment link from a Russian screen opens the page in Russian in an English browser; the payer stays in it', async ({
  page,
  request,
}) => {
  const { id, token } = await booking(request, departure, 'Pavel Orlov', 6000);
  await openSignedIn(page, `/org/${provider.orgId}/bookings/${id}`, provider.token, 'ru');
  const link = page.getByRole('link', { name: 'Открыть страницу оплаты' });
  await expect(link).toHaveAttribute('href', new RegExp(`/pay/${token}\\?lang=ru$`));
  // the payer's browser asks for English (locale en-US): the link's language wins, and can be switched
  await page.goto((await link.getAttribute('href'))!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('radio', { name: /Bank card/ })).toBeVisible();
  await page.getByRole('link', { name: 'Русский' }).click();
  await page.getByRole('radio', { name: /Банковская карта/ }).check();
  await page.getByRole('button', { name: /^Оплатить / }).click();
  await expect(page).toHaveURL(new RegExp(`/org/success\\?invoice=${token}&lang=ru`));
  await expect(page.getByRole('heading', { name: 'Оплата получена', level: 1 })).toBeVisible();
});
