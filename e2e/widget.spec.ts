import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openSignedIn } from './provider';

/*
 * Issue 27, the booking widget in Chromium against the real server: the demo provider's Altai
 * Trails gets a published site and a departure with 5 places. A page on ANOTHER origin (a tiny
 * HTTP server of this test at 127.0.0.1, the site at <subdomain>.localhost) pastes the snippet:
 * its "Book" button opens the checkout in an overlay frame of the site; a traveller books two
 * places through it, and the host page hears tourdesk:opened, tourdesk:resize, tourdesk:booked
 * (with the booking number) and tourdesk:closed. Inline mode in Russian puts the checkout in the page.
 */
test.describe.configure({ mode: 'serial' });

const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
const PORT = Number(process.env.E2E_PORT ?? 18431);
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let headers: Record<string, string> = {};
let token = '';
let orgId = 0;
let subdomain = '';
let tourId = 0;
let dateId = 0;
let host: http.Server;
let hostOrigin = '';
/** the host page's body per path: set by each test */
const hostPages = new Map<string, string>();

const siteOrigin = () => `http://${subdomain}.localhost:${PORT}`;
const call = async (request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: object) => {
  const res = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A provider's page elsewhere: the snippet, and a log of what the widget tells the page. */
const hostPage = (lang: string, snippet: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>Provider's own site</title></head>
<body>
<h1>Our tours</h1>
<p><a href="#top">A link before the widget</a></p>
${snippet}
<script>
  window.heard = [];
  for (const type of ['tourdesk:opened', 'tourdesk:booked', 'tourdesk:closed', 'tourdesk:resize'])
    window.addEventListener(type, (e) => window.heard.push({ type, detail: e.detail }));
  window.messages = [];
  window.addEventListener('message', (e) => window.messages.push({ origin: e.origin, type: e.data && e.data.type }));
</script>
</body></html>`;

test.beforeAll(async ({ request }) => {
  const auth = await request.post('/crm/api/user/auth', { data: DEMO });
  expect(auth.ok()).toBe(true);
  token = ((await auth.json()) as { token: string }).token;
  headers = { Authorization: `Bearer ${token}` };
  const organizers = (await (await request.get('/crm/api/organizer/list', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const altai = organizers.find((o) => o.name === 'Altai Trails')!;
  orgId = altai.id;
  const q = `organizer_id=${altai.id}`;
  const site = await call(request, 'POST', `/crm/api/site/attach-site?${q}`, { subdomain: `widget-${run}` });
  subdomain = site.subdomain as string;
  for (const type of ['site', 'main', 'tour'] as const)
    await call(request, 'POST', `/crm/api/site/publish-data?${q}`, { type });
  const cards = (await (await request.get(`/spa/tours-crm?domain=${subdomain}.localhost`)).json()) as { id: number }[];
  // a tour two travellers may book alone (the demo's have their own group sizes)
  for (const card of cards) {
    const o = (await (await request.get(`/spa/checkout/options?tour_id=${card.id}`)).json()) as {
      tour: { group_min: number | null; group_max: number | null };
    };
    if ((o.tour.group_min ?? 0) <= 2 && (o.tour.group_max ?? 2) >= 2) {
      tourId = card.id;
      break;
    }
  }
  expect(tourId).toBeGreaterThan(0);
  const saved = await call(request, 'POST', '/crm/api/tour/save-date', {
    tour_id: tourId,
    date_start: day(61),
    date_end: day(63),
    time_start: `1${Math.floor(Math.random() * 9)}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`,
    price: 12000,
    number_of_seats: 5,
    prepayment_type: 'percent',
    prepayment_size: 30,
  });
  dateId = saved.id as number;
  host = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    // the browser asks a page's host for its icon: none here
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const body = hostPages.get(path);
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
});

const heard = (page: Page) =>
  page.evaluate(() => (window as unknown as { heard: { type: string; detail: Record<string, unknown> }[] }).heard);

test('a page on another origin: the "Book" button opens the checkout over it, the traveller books, the page hears it', async ({
  browser,
  request,
}) => {
  hostPages.set(
    '/tours',
    hostPage(
      'en',
      `<script src="${siteOrigin()}/widget.js" data-tour="${tourId}" data-date="${dateId}" async></script>`,
    ),
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  await page.goto(`${hostOrigin}/tours`);
  const book = page.getByRole('button', { name: 'Book', exact: true });
  await book.click();
  const dialog = page.getByRole('dialog', { name: 'Booking' });
  await expect(dialog).toBeVisible();
  const frame = page.frameLocator('iframe[title="Booking"]');
  const checkout = frame.getByTestId('checkout');
  await expect(checkout).toBeVisible();
  await expect.poll(async () => (await heard(page)).map((h) => h.type)).toContain('tourdesk:opened');
  // the frame tells its height: the dialog grows to it
  await expect
    .poll(async () => (await heard(page)).some((h) => h.type === 'tourdesk:resize' && Number(h.detail.height) > 600))
    .toBe(true);
  await expect(frame.getByRole('radio', { checked: true })).toHaveValue(String(dateId));
  await page.screenshot({ path: 'test-results/widget-overlay-en.png' });
  await frame.getByLabel(/^Adult/).fill('2');
  await expect(frame.getByTestId('checkout-total')).toBeVisible();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await expect(frame.getByTestId('checkout-countdown')).toHaveText(/Your places are held for 1[45]:\d\d/);
  await checkout.getByLabel('Your name').fill(`Wanda ${run}`);
  await checkout.getByLabel('Your e-mail').fill(`wanda-${run}@e2e.example`);
  await checkout.getByLabel('Your phone').fill('+7 999 222-33-44');
  await checkout.getByRole('checkbox', { name: /^I accept the organizer’s terms/ }).check();
  await checkout.getByRole('button', { name: /^(Book|Send the booking request)$/ }).click();
  await expect(frame.getByTestId('checkout-done')).toBeVisible();
  const number = Number(await frame.getByTestId('checkout-number').textContent());
  expect(number).toBeGreaterThan(0);
  // the host page hears the booking, with its number, from the site's origin only
  await expect
    .poll(async () => (await heard(page)).find((h) => h.type === 'tourdesk:booked')?.detail.request_id)
    .toBe(number);
  const booked = (await heard(page)).find((h) => h.type === 'tourdesk:booked')!;
  expect(booked.detail.tour).toBe(tourId);
  const messages = await page.evaluate(
    () => (window as unknown as { messages: { origin: string; type: string }[] }).messages,
  );
  expect(messages.filter((m) => m.type === 'tourdesk:booked')).toEqual([
    { origin: siteOrigin(), type: 'tourdesk:booked' },
  ]);
  const saved = await call(request, 'GET', `/crm/api/request/get?id=${number}`);
  expect(saved).toMatchObject({ source: 'direct_sales', tourists_count: 2 });
  expect((saved.tour as { id: number } | undefined)?.id ?? saved.tour_id).toBe(tourId);
  // a pay link leaves the frame for a tab of its own
  const pay = frame.getByTestId('checkout-done').getByRole('link', { name: /^Pay / });
  if ((await pay.count()) > 0) await expect(pay).toHaveAttribute('target', '_blank');
  // Esc in the frame closes the dialog; focus is back on the button
  await frame.getByTestId('checkout-done').getByRole('heading').click();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(book).toBeFocused();
  expect((await heard(page)).at(-1)).toEqual({ type: 'tourdesk:closed', detail: { tour: tourId } });
  // opened again, the close button closes it
  await book.click();
  await expect(page.getByRole('dialog', { name: 'Booking' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('inline mode in Russian on a phone: the checkout in the page, as tall as it is', async ({ browser }) => {
  hostPages.set(
    '/ru',
    hostPage('ru', `<script src="${siteOrigin()}/widget.js" data-tour="${tourId}" data-mode="inline" async></script>`),
  );
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${hostOrigin}/ru`);
  await expect(page.getByRole('button', { name: 'Забронировать' })).toHaveCount(0);
  const frame = page.frameLocator('iframe[title="Бронирование"]');
  await expect(frame.getByRole('button', { name: 'Продолжить' })).toBeVisible();
  await expect(frame.getByLabel(/^Взрослый/)).toBeVisible();
  // the frame is as tall as its page: no scrollbar inside it
  await expect
    .poll(async () =>
      page.locator('iframe').evaluate((el) => {
        const doc = (el as HTMLIFrameElement).getBoundingClientRect().height;
        return doc;
      }),
    )
    .toBeGreaterThan(600);
  await page.screenshot({ path: 'test-results/widget-inline-ru.png', fullPage: true });
  const last = (await heard(page)).filter((h) => h.type === 'tourdesk:resize').at(-1)!;
  expect(await page.locator('iframe').evaluate((el) => (el as HTMLIFrameElement).style.height)).toBe(
    `${Math.ceil(Number(last.detail.height))}px`,
  );
  expect(errors).toEqual([]);
  await context.close();
});

test('the site editor gives the snippet: a tour, the mode, the language, copied (in Russian)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'http://127.0.0.1:' + PORT });
  const page = await context.newPage();
  await openSignedIn(page, `/org/${orgId}/site`, token, 'ru');
  await page.getByRole('button', { name: 'Виджет' }).click();
  const dialog = page.getByRole('dialog', { name: 'Виджет бронирования' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Как показывать').selectOption('inline');
  await dialog.getByLabel('Язык', { exact: true }).selectOption('ru');
  const tour = await dialog.getByLabel('Тур').inputValue();
  const code = await dialog.getByLabel('Код для вставки').inputValue();
  expect(code).toMatch(
    new RegExp(
      `^<script src="https?://[^"]+/widget\\.js" data-tour="${tour}" data-mode="inline" data-lang="ru" async></script>$`,
    ),
  );
  await page.screenshot({ path: 'test-results/widget-editor-ru.png' });
  await dialog.getByRole('button', { name: 'Скопировать код' }).click();
  await expect(page.getByText('Код скопирован')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await context.close();
});
