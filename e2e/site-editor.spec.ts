import { newProvider, openSignedIn } from './provider';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

/*
 * The site editor in Chromium against the real server (issue 25, the provider's side): a new
 * provider creates its site, adds a block, fills it, uploads its picture, moves and removes
 * blocks, saves and publishes; the public JSON (/spa/custom-page) then shows the block. Then the
 * editor's screenshots in en and ru at 1280 and 390 px. Serial: each step builds on the last.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const subdomain = `se${run}`;
let token = '';
let orgId = 0;
let headers: Record<string, string> = {};

const open = (page: Page, language: 'en' | 'ru' = 'en') => openSignedIn(page, `/org/${orgId}/site`, token, language);

const picture = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 40, g: 110, b: 80 } } })
    .jpeg()
    .toBuffer();

test.beforeAll(async ({ request }) => {
  ({ token, orgId, headers } = await newProvider(request, {
    email: `site-editor-${run}@example.com`,
    organizer: `Altai Sites ${run}`,
  }));
});

test('a new provider creates its site, edits, moves and removes blocks, saves and publishes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message, e.stack?.split('\n').slice(0, 6).join(' | ')));
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text().slice(0, 400)));
  await open(page);
  await page.getByRole('button', { name: 'Create my site' }).click();
  await page.getByLabel('Site address').fill(subdomain);
  // checked while typed, before the site exists
  await expect(page.getByText(`${subdomain} is free`)).toBeVisible();
  await page.getByRole('radio', { name: 'Sea' }).click();
  await page.getByRole('button', { name: 'Create the site' }).click();

  // the editor, on the home page
  await expect(page.getByRole('tab', { name: 'Home', selected: true })).toBeVisible({ timeout: 30_000 });
  const actions = page.getByRole('group', { name: 'Block actions' });
  await expect(actions).toBeVisible();

  // add an "About us" block: it is selected, its fields shown
  await actions.getByLabel('Block type to add').selectOption({ label: 'About us' });
  await actions.getByRole('button', { name: 'Add block' }).click();
  // Puck mounts its fields panel twice, one hidden: the visible one is the provider's
  const field = (label: string) => page.getByLabel(label, { exact: true }).filter({ visible: true });
  await field('Title').fill('Who we are');
  await field('Text').first().fill('Guides of the Altai since 2010.');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload an image' }).filter({ visible: true }).last().click();
  await (await chooser).setFiles({ name: 'team.jpg', mimeType: 'image/jpeg', buffer: await picture() });
  await expect(page.locator('img[src*="/files/"]').filter({ visible: true }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  // move it up with the buttons, then add a block and remove it
  await actions.getByRole('button', { name: 'Move up' }).click();
  await actions.getByLabel('Block type to add').selectOption({ label: 'Figures' });
  await actions.getByRole('button', { name: 'Add block' }).click();
  await actions.getByRole('button', { name: 'Remove' }).click();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Unpublished changes' })).toBeVisible();

  const draft = (await (
    await request.get(`/crm/api/site/get-page?organizer_id=${orgId}&type=main`, { headers })
  ).json()) as { blocks: { id: string; type: number; data: Record<string, unknown> }[] };
  const about = draft.blocks.filter((b) => b.type === 5);
  expect(about.at(-1)?.data).toMatchObject({ title: 'Who we are', media: { kind: 'image' } });
  expect(draft.blocks.some((b) => b.type === 8 && !(b.data.items as unknown[]).length && b.id.startsWith('b'))).toBe(
    false,
  );

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the page?' });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the site shows the page now')).toBeVisible();

  const site = (await (
    await request.get(`/crm/api/site/get-attached-site?organizer_id=${orgId}`, { headers })
  ).json()) as { domain: string };
  const published = await request.get(`/spa/custom-page?domain=${encodeURIComponent(site.domain)}&type=main`);
  expect(published.ok(), await published.text()).toBe(true);
  const body = (await published.json()) as { blocks: { type: number; data: Record<string, unknown> }[] };
  expect(body.blocks.find((b) => b.type === 5 && b.data.title === 'Who we are')?.data).toMatchObject({
    text: 'Guides of the Altai since 2010.',
    media: { kind: 'image' },
  });
});

test('a booking button picks one of the published tours and, if wanted, its departure', async ({ page, request }) => {
  const auth = await request.post('/crm/api/user/auth', {
    data: { login: 'demo@tourdesk.app', password: 'Demo12345!' },
  });
  const demo = ((await auth.json()) as { token: string }).token;
  const demoHeaders = { Authorization: `Bearer ${demo}` };
  const organizers = (await (await request.get('/crm/api/organizer/list', { headers: demoHeaders })).json()) as {
    id: number;
    name: string;
  }[];
  const altai = organizers.find((o) => o.name === 'Altai Trails')!;
  await request.post(`/crm/api/site/attach-site?organizer_id=${altai.id}`, {
    headers: demoHeaders,
    data: { subdomain: `altai-editor-${run}` },
  });
  const tours = (await (
    await request.get(`/crm/api/tour/list?organizer_id=${altai.id}&limit=100`, { headers: demoHeaders })
  ).json()) as { items: { name: string; status: string }[] };
  const published = tours.items.filter((t) => t.status === 'published').map((t) => t.name);
  expect(published.length).toBeGreaterThan(0);

  await openSignedIn(page, `/org/${altai.id}/site`, demo);
  const actions = page.getByRole('group', { name: 'Block actions' });
  await actions.getByLabel('Block type to add').selectOption({ label: 'Intro' });
  await actions.getByRole('button', { name: 'Add block' }).click();
  const visible = (label: string) => page.getByLabel(label, { exact: true }).filter({ visible: true });
  await visible('Where it leads').selectOption({ label: 'Booking of a tour' });
  const tour = visible('Tour');
  // the site's own tours only: a draft would lead to a page that is not there
  const offered = (await tour.locator('option').allTextContents()).slice(1);
  expect(offered.sort()).toEqual([...published].sort());
  await tour.selectOption({ label: published[0]! });
  const departure = visible('Departure');
  await expect(departure.locator('option')).not.toHaveCount(1);
  const second = await departure.locator('option').nth(1).getAttribute('value');
  await departure.selectOption(second!);
  await expect(departure).toHaveValue(second!);
});

for (const language of ['en', 'ru'] as const)
  for (const width of [1280, 390])
    test(`the editor in ${language} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await open(page, language);
      await expect(page.getByRole('tablist')).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `test-results/site-editor-${language}-${width}.png` });
    });
