import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/*
 * Issue 25, the public site in Chromium against the real server: the demo provider's first
 * organizer (Altai Trails, whose tours are published) gets a site through the API, its pages are
 * published, and a traveller opens it at <subdomain>.localhost (Chromium resolves *.localhost to
 * this machine): with JavaScript off the pages are there (rendered on the server); with it on they
 * hydrate without a console error, in Russian on a phone too; a tour's dates and prices are the
 * tour's own; a booking starts a chat with the organizer; a change republished appears.
 */
test.describe.configure({ mode: 'serial' });

const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
const PORT = Number(process.env.E2E_PORT ?? 18431);
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let headers: Record<string, string> = {};
let q = '';
let subdomain = '';
let tour = { id: 0, name: '', screen_name: '' };

const siteUrl = (path: string) => `http://${subdomain}.localhost:${PORT}${path}`;
const call = async (request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: object) => {
  const res = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
const publish = async (request: APIRequestContext, type: 'site' | 'main' | 'tour') =>
  call(request, 'POST', `/crm/api/site/publish-data?${q}`, { type });

/** A page that records its console errors and uncaught exceptions. */
const watched = async (browser: Browser, opts: Parameters<Browser['newContext']>[0]) => {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
};
const noSeriousAxe = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

test.beforeAll(async ({ request }) => {
  const auth = await request.post('/crm/api/user/auth', { data: DEMO });
  expect(auth.ok()).toBe(true);
  headers = { Authorization: `Bearer ${((await auth.json()) as { token: string }).token}` };
  const organizers = (await (await request.get('/crm/api/organizer/list', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const altai = organizers.find((o) => o.name === 'Altai Trails')!;
  q = `organizer_id=${altai.id}`;
  const site = await call(request, 'POST', `/crm/api/site/attach-site?${q}`, { subdomain: `altai-${run}` });
  subdomain = site.subdomain as string;
  for (const type of ['site', 'main', 'tour'] as const) await publish(request, type);
  const cards = (await (await request.get(`/spa/tours-crm?domain=${subdomain}.localhost`)).json()) as (typeof tour)[];
  tour = cards[0]!;
  expect(tour.screen_name).toBeTruthy();
});

test('with JavaScript off the main page and a tour page are there, rendered on the server', async ({ browser }) => {
  const { context, page } = await watched(browser, {
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  await page.goto(siteUrl('/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Altai Trails' })).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.getByRole('link', { name: tour.name }).first().click();
  await expect(page).toHaveURL(siteUrl(`/tours/${tour.screen_name}`));
  await expect(page.getByRole('heading', { level: 1, name: tour.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dates' })).toBeVisible();
  await context.close();
});

test('a tour page shows the tour’s live departures and prices; it hydrates without a console error', async ({
  browser,
  request,
}) => {
  const full = (await call(request, 'GET', `/spa/tour-crm?domain=${subdomain}.localhost&slug=${tour.screen_name}`)) as {
    dates: { date_start: string; price: number }[];
  };
  expect(full.dates.length).toBeGreaterThan(0);
  const { context, page, errors } = await watched(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(siteUrl(`/tours/${tour.screen_name}`));
  const first = full.dates[0]!;
  const price = new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(first.price);
  await expect(page.getByRole('listitem').filter({ hasText: price }).first()).toBeVisible();
  // hydrated: a button that only JavaScript makes work opens the other departures
  const more = page.getByRole('button', { name: /Show more dates/ });
  if (full.dates.length > 5) {
    await more.click();
    await expect(page.getByRole('button', { name: 'Show fewer dates' })).toHaveAttribute('aria-expanded', 'true');
  }
  await noSeriousAxe(page);
  expect(errors).toEqual([]);
  await context.close();
});

test('in Russian on a phone: the menu, and a booking that goes on to the chat with the organizer', async ({
  browser,
}) => {
  const { context, page, errors } = await watched(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
  });
  await page.goto(siteUrl('/?lang=ru'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.locator('summary', { hasText: 'Меню' }).click();
  await expect(page.getByRole('navigation', { name: 'Главное меню' }).first()).toBeVisible();
  await page.goto(siteUrl(`/tours/${tour.screen_name}?lang=ru`));
  // the button's text is the provider's (the block's), the page around it the site's language
  await page.locator('a[href*="/booking?tour="]').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Заявка на тур' })).toBeVisible();
  await page.getByLabel('Ваше имя').fill(`Ольга ${run}`);
  await page.getByLabel('Ваша эл. почта').fill(`olga-${run}@e2e.example`);
  await page.getByLabel('Сообщение').fill('Нас двое, есть ли места?');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page).toHaveURL(/\/org\/traveller-chat\/[^?]+\?lang=ru$/);
  await expect(page.getByText('Нас двое, есть ли места?')).toBeVisible();
  expect(errors.filter((e) => !e.includes('/socket.io/'))).toEqual([]);
  await context.close();
});

test('a change republished appears; the draft alone does not', async ({ browser, request }) => {
  const page0 = (await call(request, 'GET', `/crm/api/site/get-page?${q}&type=main`)) as { blocks: unknown[] };
  const title = `Winter season ${run}`;
  await call(request, 'POST', `/crm/api/site/save-page-blocks?${q}`, {
    type: 'main',
    blocks: [
      ...page0.blocks,
      { id: `news-${run}`, type: 24, data: { title, html: '<p>Snowshoe walks every day.</p>' } },
    ],
  });
  const { context, page } = await watched(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(siteUrl('/'));
  await expect(page.getByRole('heading', { name: 'Altai Trails', level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await publish(request, 'main');
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Snowshoe walks every day.')).toBeVisible();
  await noSeriousAxe(page);
  await context.close();
});
