import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { URI } from 'otpauth';
import sharp from 'sharp';
import { newProvider, openSignedIn } from './provider';
import { joinedChannel } from './sockets';

/*
 * Issue 30 in Chromium against the real server: an admin operator (made as `npm run admin --
 * create-operator` makes one, with the server's operator token) signs in to /org/operator with its
 * password and the authenticator's code, and from the queues approves a new provider's
 * verification, publishes its partnership and its tour; the provider's open CRM shows each
 * without a reload. The browser never holds the operator token.
 */
test.describe.configure({ mode: 'serial' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(root, 'e2e', '.tmp', 'data');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ORGANIZER = `Onega Lakes ${run}`;
const TOUR_NAME = `Kizhi by boat ${run}`;
const OPERATOR = { email: `admin-${run}@ops.e2e.example`, name: `Olga Operator ${run}`, password: 'Operator-e2e-123' };

let token = '';
let orgId = 0;
let site = { id: 0, name: '' };
let otpauthUri = '';

const markDocument = (page: Page) => page.evaluate(() => ((window as { __noReload?: boolean }).__noReload = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as { __noReload?: boolean }).__noReload);

test.beforeAll(async ({ request }) => {
  const operatorToken = fs.readFileSync(path.join(DATA_DIR, 'admin-token'), 'utf8').trim();
  const created = await request.post('/crm/api/operator/create-operator', {
    headers: { 'x-operator-token': operatorToken },
    data: { ...OPERATOR, role: 'admin' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  otpauthUri = ((await created.json()) as { otpauth_uri: string }).otpauth_uri;

  ({ token, orgId } = await newProvider(request, { email: `onega-${run}@e2e.example`, organizer: ORGANIZER }));
  const headers = { Authorization: `Bearer ${token}` };
  // the provider sends its verification data (what the verification widget posts)
  const access = await request.get(`/crm/api/user/get-verification-access-token?orgId=${orgId}`, { headers });
  const sent = await request.post('/crm/api/user/verification-data', {
    headers,
    data: {
      orgId,
      access_token: ((await access.json()) as { token: string }).token,
      full_name: 'Olga Onega',
      document_type: 'passport',
      document_number: '4510 654321',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  // a partnership request with a site that does not ask for a tour author
  const partners = (await (
    await request.get(`/crm/api/organizer/partners?organizer_id=${orgId}`, { headers })
  ).json()) as { available_for_connection: { id: number; name: string; is_tour_author_required: boolean }[] };
  const plain = partners.available_for_connection.find((s) => !s.is_tour_author_required)!;
  site = { id: plain.id, name: plain.name };
  const signed = await request.post('/crm/api/organizer/sign-partnership', {
    headers,
    data: { tour_organizer_id: orgId, site_id: site.id, is_agreement_accepted: true, is_privacy_accepted: true },
  });
  expect(signed.ok()).toBe(true);
  // a published excursion: on moderation on that site
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 90, g: 140, b: 190 } } })
    .png()
    .toBuffer();
  const photo = await request.post('/crm/api/image/upload', {
    headers,
    multipart: { file: { name: 'kizhi.png', mimeType: 'image/png', buffer: png } },
  });
  const tour = await request.post('/crm/api/tour/create', {
    headers,
    data: {
      organizer_id: orgId,
      name: TOUR_NAME,
      type: 2,
      description: '<p>The wooden churches of Kizhi from the water</p>',
      price: 5200,
      duration_hours: 4,
      group_max: 10,
      photos: [{ id: ((await photo.json()) as { id: number }).id }],
      with_publish: true,
    },
  });
  expect(tour.ok(), await tour.text()).toBe(true);
});

let lastStep = -1;
/**
 * The admin's authenticator code of a 30 s step not signed in with yet: each code signs in once
 * (the server refuses a replay), and tests sign in one after another within seconds.
 */
const freshCode = async (): Promise<string> => {
  const step = Math.floor(Date.now() / 30_000);
  if (step <= lastStep) await new Promise((r) => setTimeout(r, (lastStep + 1) * 30_000 - Date.now() + 250));
  lastStep = Math.floor(Date.now() / 30_000);
  return URI.parse(otpauthUri).generate();
};

/** The console in a browser of its own, signed in with the password and the authenticator's code. */
const openConsole = async (browser: Browser): Promise<Page> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/org/operator');
  await page.getByLabel('E-mail').fill(OPERATOR.email);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  // a wrong code first: the field says so
  const code = await freshCode();
  await page.getByLabel('Authenticator code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect authenticator code')).toBeVisible();
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  await expect(page.getByText(`${OPERATOR.name} · admin`)).toBeVisible();
  return page;
};

test('an operator signs in with TOTP and approves, publishes the partnership and the tour; the provider sees each live', async ({
  page,
  browser,
}) => {
  // the provider's CRM: the dashboard (verification, partnerships) and the tours list, open and listening
  const joined = joinedChannel(page, `organizer:${orgId}`);
  await openSignedIn(page, `/org/${orgId}/dashboard`, token);
  const summary = page.getByTestId('verification-summary');
  await expect(summary).toBeVisible();
  await expect(summary).not.toHaveText('Your tour provider is verified.');
  await expect.poll(joined, { message: "the dashboard's socket joins the organizer channel" }).toBe(true);
  await markDocument(page);

  const ops = await openConsole(browser);
  const siteFilter = ops.getByLabel('Brand site');
  await siteFilter.selectOption({ label: site.name });

  // verification: the submitted data, then approve
  const verification = ops.getByRole('article', { name: ORGANIZER });
  await expect(verification).toContainText('Olga Onega');
  await expect(verification).toContainText('Passport 4510 654321');
  await expect(new AxeBuilder({ page: ops }).analyze().then((r) => r.violations)).resolves.toEqual([]);
  await verification.getByRole('button', { name: `Approve: ${ORGANIZER}`, exact: true }).click();
  await expect(verification).toBeHidden();
  await expect(summary).toHaveText('Your tour provider is verified.', { timeout: 15_000 });

  // the partnership
  await ops.getByRole('tab', { name: /Partnerships/ }).click();
  const partnership = ops.getByRole('article', { name: `${ORGANIZER} — ${site.name}` });
  await partnership.getByRole('button', { name: `Publish: ${ORGANIZER} — ${site.name}`, exact: true }).click();
  await expect(partnership).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Connected' }).getByRole('listitem').filter({ hasText: site.name }),
  ).toContainText('Published', { timeout: 15_000 });
  expect(await stillSameDocument(page)).toBe(true);

  // the tour, with the provider's tours list open
  const toursJoined = joinedChannel(page, `organizer:${orgId}`);
  await page.goto(`/org/${orgId}/tours`);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: TOUR_NAME }) })
    .getByRole('list', { name: 'Partner sites' })
    .getByRole('listitem')
    .filter({ hasText: site.name });
  await expect(row).toContainText('On moderation');
  await expect.poll(toursJoined).toBe(true);
  await markDocument(page);
  await ops.getByRole('tab', { name: /Tours/ }).click();
  const tour = ops.getByRole('article', { name: TOUR_NAME });
  await expect(tour).toContainText(ORGANIZER);
  // the tour as its site page would show it, before deciding: its description and photo, nothing that runs
  await tour.getByRole('button', { name: `Preview: ${TOUR_NAME}` }).click();
  const preview = ops.getByRole('dialog', { name: TOUR_NAME });
  const frame = preview.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(TOUR_NAME);
  await expect(frame.getByText('The wooden churches of Kizhi from the water').first()).toBeVisible();
  await expect(frame.locator('script[src]')).toHaveCount(0);
  await ops.screenshot({ path: path.join(root, 'e2e', '.tmp', 'operator-tour-preview.png') });
  await preview.getByRole('button', { name: 'Русский' }).click();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'ru');
  await ops.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await tour.getByRole('button', { name: `Publish: ${TOUR_NAME}`, exact: true }).click();
  await expect(tour).toBeHidden();
  await expect(row).toContainText('Published', { timeout: 15_000 });
  expect(await stillSameDocument(page)).toBe(true);

  // the audit log has each, with the operator's name
  await ops.getByRole('tab', { name: 'Audit log' }).click();
  const log = ops.getByRole('table', { name: 'Audit log' });
  for (const what of ['Approved verification', 'Published a partnership', 'Published a tour', 'Signed in'])
    await expect(
      log.getByRole('row').filter({ hasText: what }).filter({ hasText: OPERATOR.name }).first(),
    ).toBeVisible();

  // nothing of the shared operator token in the console's browser
  const stored = await ops.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
  expect(stored).not.toContain(fs.readFileSync(path.join(DATA_DIR, 'admin-token'), 'utf8').trim());
  await ops.context().close();
});

test('the admin creates a moderator; the moderator opens a document and a card; deactivating ends its session', async ({
  browser,
  request,
}) => {
  // a second provider waits for verification, with a document
  const second = `Ladoga Boats ${run}`;
  const p = await newProvider(request, { email: `ladoga-${run}@e2e.example`, organizer: second });
  const headers = { Authorization: `Bearer ${p.token}` };
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const file = await request.post('/crm/api/file/upload', {
    headers,
    multipart: { file: { name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(file.ok(), await file.text()).toBe(true);
  const access = await request.get(`/crm/api/user/get-verification-access-token?orgId=${p.orgId}`, { headers });
  const sent = await request.post('/crm/api/user/verification-data', {
    headers,
    data: {
      orgId: p.orgId,
      access_token: ((await access.json()) as { token: string }).token,
      full_name: 'Lada Ladoga',
      document_type: 'passport',
      document_number: '4510 111222',
      document_file_id: ((await file.json()) as { id: number }).id,
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  // the admin creates a moderator: the authenticator secret is shown once
  const admin = await openConsole(browser);
  await admin.getByRole('tab', { name: 'Operators' }).click();
  const form = admin.getByRole('form', { name: 'New operator' });
  const moderator = { email: `mod-${run}@ops.e2e.example`, name: `Mila Moderator ${run}`, password: 'Moderator-e2e-1' };
  await form.getByLabel('E-mail').fill(moderator.email);
  await form.getByLabel('Name').fill(moderator.name);
  await form.getByLabel('Password', { exact: true }).fill(moderator.password);
  await form.getByLabel('Role').selectOption('moderator');
  await form.getByRole('button', { name: 'Create' }).click();
  const shown = admin.getByRole('status').filter({ hasText: 'Shown once' });
  await expect(shown).toBeVisible();
  const uri = (await shown.locator('code').nth(1).textContent())!.trim();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);

  // the moderator signs in, opens the document and the organizer's card
  const mod = await (await browser.newContext()).newPage();
  await mod.goto('/org/operator');
  await mod.getByLabel('E-mail').fill(moderator.email);
  await mod.getByLabel('Password', { exact: true }).fill(moderator.password);
  await mod.getByLabel('Authenticator code').fill(URI.parse(uri).generate());
  await mod.getByRole('button', { name: 'Sign in' }).click();
  await expect(mod.getByText(`${moderator.name} · moderator`)).toBeVisible();
  const row = mod.getByRole('article', { name: second });
  await expect(row).toContainText('Lada Ladoga');
  // the document: fetched with the moderator's header (200, a PDF), shown in a tab opened in the click
  const documentTab = mod.context().waitForEvent('page');
  const served = mod.waitForResponse((r) => r.url().includes(`/crm/api/console/verification-document/${p.orgId}`));
  await row.getByRole('button', { name: 'Open' }).click();
  expect((await served).status()).toBe(200);
  expect((await served).headers()['content-type']).toBe('application/pdf');
  await (await documentTab).close();
  await row.getByRole('button', { name: `Organizer card: ${second}` }).click();
  const card = mod.getByRole('dialog', { name: second });
  await expect(card.getByRole('region', { name: 'Verification history' })).toContainText('Lada Ladoga');
  await expect(
    new AxeBuilder({ page: mod })
      .include('[role="dialog"]')
      .analyze()
      .then((r) => r.violations),
  ).resolves.toEqual([]);
  await mod.screenshot({ path: path.join(root, 'e2e', '.tmp', 'operator-card.png') });
  await card.getByRole('button', { name: /close/i }).first().click();

  // the admin's audit log has both reads with the moderator's name
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const log = admin.getByRole('table', { name: 'Audit log' });
  for (const what of ['Opened a verification document', 'Viewed an organizer card'])
    await expect(
      log.getByRole('row').filter({ hasText: what }).filter({ hasText: moderator.name }).first(),
    ).toBeVisible();

  // deactivated: the moderator's next call is refused and the console asks to sign in again
  await admin.getByRole('tab', { name: 'Operators' }).click();
  await admin.getByRole('button', { name: `Deactivate: ${moderator.name}` }).click();
  await expect(admin.getByRole('button', { name: `Activate: ${moderator.name}` })).toBeVisible();
  await mod.getByRole('tab', { name: /Partnerships/ }).click();
  await expect(mod.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  await admin.screenshot({ path: path.join(root, 'e2e', '.tmp', 'operator-operators.png') });
  await mod.context().close();
  await admin.context().close();
});
