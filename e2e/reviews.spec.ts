import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newProvider, openSignedIn } from './provider';

/*
 * Issue 28, reviews in Chromium against the real server: a paid booking's departure ends (its dates
 * moved into the past, which its booking follows), the clock's sweep completes the request, the
 * traveller gets the review request by e-mail, writes a review with a photo on a phone, the
 * provider answers it in the CRM in Russian, and its site shows the review with the answer.
 */
test.describe.configure({ mode: 'serial' });
// the request sweep runs every minute, the messages' composer after it
test.setTimeout(300_000);

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const EMAIL = `traveller-${run}@e2e.example`;
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let provider: { token: string; orgId: number; headers: Record<string, string> };
let requestId = 0;
let reviewPath = '';

const api = async (request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown) => {
  const res =
    method === 'GET'
      ? await request.get(url, { headers: provider.headers })
      : await request.post(url, { headers: provider.headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};

test('a departure ends: the request completes and the traveller gets the review request', async ({ page, request }) => {
  provider = await newProvider(request, { email: `reviews-${run}@e2e.example`, organizer: `Katun Reviews ${run}` });
  await api(request, 'POST', '/crm/api/reviews/update-settings', { tour_organizer_id: provider.orgId, delay_hours: 0 });
  const tour = await api(request, 'POST', '/crm/api/tour/create', {
    organizer_id: provider.orgId,
    name: 'Katun rafting weekend',
    currency: 'RUB',
  });
  const date = await api(request, 'POST', '/crm/api/tour/save-date', {
    tour_id: tour.id,
    date_start: day(10),
    date_end: day(12),
    price: 10000,
    number_of_seats: 12,
  });
  const made = await api(request, 'POST', '/crm/api/request/create-request-with-own-type', {
    tour_organizer_id: provider.orgId,
    tour_id: tour.id,
    tour_date_id: date.id,
    tourists_count: 2,
    customer_name: 'Maria Ivanova',
    customer_email: EMAIL,
    idempotency_key: `e2e-reviews-${run}`,
  });
  requestId = made.request_id as number;
  await api(request, 'POST', '/crm/api/request/confirm', { id: requestId });
  const invoice = await api(request, 'POST', '/crm/api/invoice/create-payment', {
    request_id: requestId,
    amount: 6000,
    payment_type: 'prepayment',
    title: 'Prepayment',
  });
  await page.goto(`/pay/${String(invoice.payment_url).split('/pay/')[1]}?lang=en`);
  await page.getByRole('radio', { name: /Bank card/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/org\/success/);

  // the trip took place last week: the departure's dates, and with them the booking's
  await api(request, 'POST', '/crm/api/tour/save-date', {
    tour_id: tour.id,
    date_id: date.id,
    date_start: day(-7),
    date_end: day(-5),
    price: 10000,
    number_of_seats: 12,
  });
  await expect
    .poll(async () => (await api(request, 'GET', `/crm/api/request/get?id=${requestId}`)).status, {
      message: 'the sweep completes the request',
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe(4);
  await expect
    .poll(
      async () => {
        const outbox = (await (await request.get('/crm/api/debug/outbox?limit=200')).json()) as {
          items: { recipient: string; body: string }[];
        };
        const mail = outbox.items.find((m) => m.recipient === EMAIL && /\/org\/review\/[\w-]+/.test(m.body));
        reviewPath = mail ? /\/org\/review\/[\w-]+/.exec(mail.body)![0] : '';
        return reviewPath;
      },
      { message: 'the review request is e-mailed', timeout: 120_000, intervals: [2_000] },
    )
    .not.toBe('');
});

test('the traveller writes a review with a photo on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(reviewPath);
  await expect(page.getByRole('heading', { name: 'How was your trip?' })).toBeVisible();
  // the star drawn over each radio takes the tap for it (its label): check the radio behind it
  await page
    .getByRole('group', { name: 'Your rating' })
    .getByRole('radio', { name: 'Excellent' })
    .check({ force: true });
  await page.getByLabel('Your review').fill('The rapids were <b>great</b>, the guides careful.');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 180 } } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Add photos').setInputFiles({ name: 'river.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(/Your name as shown/).fill('Maria');
  await page.getByRole('button', { name: 'Publish review' }).click();
  await expect(page.getByText('Thank you! Your review is published.')).toBeVisible();
  // the markup is text
  await expect(page.getByText('The rapids were <b>great</b>, the guides careful.')).toBeVisible();
  await context.close();
});

test('the provider answers it in Russian, and its site shows the review with the answer', async ({ page, request }) => {
  await openSignedIn(page, `/org/${provider.orgId}/reviews`, provider.token, 'ru');
  const article = page.getByRole('article', { name: 'Maria, 5/5' });
  await article.getByRole('button', { name: 'Ответить' }).click();
  await article.getByLabel('Ваш публичный ответ').fill('Спасибо, Мария! Ждём снова.');
  await article.getByRole('button', { name: 'Опубликовать ответ' }).click();
  await expect(article.getByText('Спасибо, Мария! Ждём снова.')).toBeVisible();

  // the provider's own site: its main page gets a reviews block of its reviews, published
  const q = `organizer_id=${provider.orgId}`;
  const site = await api(request, 'POST', `/crm/api/site/attach-site?${q}`, { subdomain: `katun-${run}` });
  const main = (await api(request, 'GET', `/crm/api/site/get-page?${q}&type=main`)) as { blocks: unknown[] };
  await api(request, 'POST', `/crm/api/site/save-page-blocks?${q}`, {
    type: 'main',
    blocks: [
      ...main.blocks,
      { id: `reviews-${run}`, type: 17, data: { title: 'What travellers say', source: 'mine' } },
    ],
  });
  for (const type of ['site', 'main'] as const) await api(request, 'POST', `/crm/api/site/publish-data?${q}`, { type });
  const port = new URL(page.url()).port;
  await page.goto(`http://${String(site.subdomain)}.localhost:${port}/`);
  const block = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'What travellers say' }) })
    .last();
  await expect(block.getByText('The rapids were <b>great</b>, the guides careful.')).toBeVisible();
  await expect(block.getByText('Спасибо, Мария! Ждём снова.')).toBeVisible();

  const res = await request.get(`/spa/organizer-reviews?id=${provider.orgId}&limit=5&page=1`);
  expect(res.ok()).toBe(true);
  const body = JSON.stringify(await res.json());
  expect(body).toContain('The rapids were <b>great</b>');
  expect(body).toContain('Спасибо, Мария! Ждём снова.');
});
