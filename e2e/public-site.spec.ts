import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { SITE_BLOCK_TYPE, type SiteBlockTypeName } from '../packages/contract/src/enum-values';
import { SITE_PAGE_BLOCKS } from '../packages/contract/src/entities/site-values';
import { SITE_BLOCK_FIELDS, type SiteBlockField } from '../packages/contract/src/entities/site-block-fields.generated';
import { startTestDnsServer, type TestDnsServer } from '../apps/server/src/test/dns-server';
import { CHROMIUM, CHROMIUM_ARGS } from './playwright.config';
import { e2eDnsPort } from './e2e-env';

/*
 * Issue 25, the public site in Chromium against the real server: the demo provider's first
 * organizer (Altai Trails, whose tours are published) gets a site through the API, its pages are
 * published, and a traveller opens it at <subdomain>.localhost (Chromium resolves *.localhost to
 * this machine): with JavaScript off the pages are there (rendered on the server); with it on they
 * hydrate without a console error, in Russian on a phone too; a tour's dates and prices are the
 * tour's own; a booking starts a chat with the organizer; a change republished appears; a payload
 * in every text field of every block runs nothing; a custom domain (its CNAME answered by a local
 * DNS server) serves the site by its Host.
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
  // its script and stylesheet go compressed (built beside them), cached for good (hashed names)
  for (const selector of ['script[type="module"]', 'link[rel="stylesheet"]']) {
    const el = page.locator(selector).first();
    const url = (await el.getAttribute('src')) ?? (await el.getAttribute('href'))!;
    const asset = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers()['content-encoding'], url).toBe('br');
    expect(asset.headers()['cache-control']).toContain('immutable');
  }
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

/** What a block's text fields get: markup that would run if anything let it through. */
const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>"'><svg onload="window.__xss=1">`;
/** The block's data with every free text field poisoned (addresses keep their format: the contract refuses others). */
const poisoned = (fields: readonly SiteBlockField[]): Record<string, unknown> => {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.default !== undefined) data[field.name] = field.default;
    else if (field.kind === 'select') data[field.name] = field.options?.[0];
    if (/url|email|phone|href|image/.test(field.name)) {
      if (field.kind === 'text' && field.default === undefined) data[field.name] = 'https://example.com/';
    } else if (field.kind === 'text' || field.kind === 'textarea')
      data[field.name] = PAYLOAD.slice(0, field.max ?? 200);
    else if (field.kind === 'richtext') data[field.name] = `<p>${PAYLOAD}</p><a href="javascript:window.__xss=1">x</a>`;
    else if (field.kind === 'array' && field.of) {
      const item = poisoned(field.of);
      data[field.name] = [field.scalar ? item[field.of[0]!.name] : item, field.scalar ? item[field.of[0]!.name] : item]
        .filter((v) => v !== undefined)
        .slice(0, field.max ?? 2);
    }
  }
  return data;
};
const poisonedPage = (type: 'site' | 'main' | 'tour') =>
  SITE_PAGE_BLOCKS[type].map((name: SiteBlockTypeName, i: number) => ({
    id: `x${i}-${run}`,
    type: SITE_BLOCK_TYPE[name],
    data: poisoned(SITE_BLOCK_FIELDS[name]),
  }));

test('no block text runs script: a payload in every text field of every block, on every page', async ({
  browser,
  request,
}) => {
  const kept: Record<string, unknown> = {};
  for (const type of ['site', 'main', 'tour'] as const) {
    kept[type] = (
      (await call(request, 'GET', `/crm/api/site/get-page?${q}&type=${type}`)) as { blocks: unknown }
    ).blocks;
    await call(request, 'POST', `/crm/api/site/save-page-blocks?${q}`, { type, blocks: poisonedPage(type) });
    await publish(request, type);
  }
  const { context, page, errors } = await watched(browser, { viewport: { width: 1280, height: 900 } });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  for (const path of ['/', `/tours/${tour.screen_name}`, '/?lang=ru']) {
    await page.goto(siteUrl(path));
    await expect(page.locator('main')).toBeVisible();
    // the payload is there as text, and nothing of it became markup or ran
    await expect(page.getByText('window.__xss=1').first()).toBeAttached();
    expect(
      await page.evaluate(() => ({
        ran: (window as { __xss?: number }).__xss ?? 0,
        handlers: document.querySelectorAll('[onerror], [onload]').length,
        // the page's data (hydration, JSON-LD) carries the payload as JSON text: no other script does
        scripts: [...document.scripts].filter((s) => !/json/.test(s.type) && s.text.includes('__xss')).length,
        data: [...document.scripts].filter((s) => /json/.test(s.type)).every((s) => JSON.parse(s.text) !== null),
        jsLinks: [...document.links].filter((a) => a.href.startsWith('javascript:')).length,
      })),
    ).toEqual({ ran: 0, handlers: 0, scripts: 0, data: true, jsLinks: 0 });
  }
  expect(dialogs).toEqual([]);
  expect(errors.filter((e) => !/Content Security Policy|Failed to load resource/.test(e))).toEqual([]);
  await context.close();
  // the pages as they were, for the next test
  for (const type of ['site', 'main', 'tour'] as const) {
    await call(request, 'POST', `/crm/api/site/save-page-blocks?${q}`, { type, blocks: kept[type] });
    await publish(request, type);
  }
});

test('a custom domain whose CNAME points at the sites domain serves the site by its Host', async ({ request }) => {
  const domain = `altai-${run}.example`;
  let dns: TestDnsServer | null = null;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      // the custom domain is this machine, as its DNS A record would say
      `--host-resolver-rules=MAP ${domain} 127.0.0.1`,
    ],
  });
  try {
    dns = await startTestDnsServer(new Map(), e2eDnsPort(PORT));
    // no record yet: refused with the reason
    const refused = await request.post(`/crm/api/site/change-domain?${q}`, {
      headers,
      data: { domain, is_custom: true },
    });
    expect(refused.status()).toBe(422);
    dns.records.set(domain, 'localhost');
    const changed = await call(request, 'POST', `/crm/api/site/change-domain?${q}`, { domain, is_custom: true });
    expect(changed).toMatchObject({ custom_domain: domain, is_custom_domain: true });
    const page = await browser.newPage();
    await page.goto(`http://${domain}:${PORT}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Altai Trails' })).toBeVisible();
    await page.getByRole('link', { name: tour.name }).first().click();
    await expect(page).toHaveURL(`http://${domain}:${PORT}/tours/${tour.screen_name}`);
    await expect(page.getByRole('heading', { level: 1, name: tour.name })).toBeVisible();
  } finally {
    await browser.close();
    await dns?.close();
  }
});
