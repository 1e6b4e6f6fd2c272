import { joinedChannel } from './sockets';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { register } from './provider';
import { expect, test, type Page } from '@playwright/test';

/*
 * Issue 5 end to end, in Chromium against the real server: a fresh provider goes from
 * /tour-provider/non to a filled profile, a bank account, a stamp, a contract template with
 * placeholders, a signed partnership and, when the operator marks verification success with
 * `npm run admin`, a dashboard that changes live. Serial: each step builds on the previous one.
 */
test.describe.configure({ mode: 'serial' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 18431);
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(root, 'e2e', '.tmp', 'data');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const user = { email: `provider-${run}@example.com`, password: 'Str0ng!pass' };
const orgName = `Sayan Ridge ${run}`;
// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

let token = '';
let orgId = 0;

const open = async (page: Page, url: string) => {
  await page.addInitScript(([t]) => window.localStorage.setItem('token', t as string), [token]);
  // the phone prompt is not what this spec is about: its one-day suppression cookie is set
  await page.context().addCookies([{ name: 'phone_confirm_suppressed', value: '1', url: `http://127.0.0.1:${PORT}` }]);
  await page.goto(url);
};

const saved = async (page: Page) => {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes saved').last()).toBeVisible();
};

test.beforeAll(async ({ request }) => {
  token = await register(request, {
    first_name: 'Eva',
    last_name: 'Sayan',
    email: user.email,
    password: user.password,
    confirm_password: user.password,
    timezone: 'Asia/Krasnoyarsk',
  });
});

test('creates an organizer from /tour-provider/non and lands on its dashboard', async ({ page }) => {
  await open(page, '/org/');
  await expect(page).toHaveURL(/\/org\/tour-provider\/non$/);
  await page.getByRole('link', { name: 'Create a tour provider' }).click();
  await expect(page).toHaveURL(/\/org\/tour-provider\/create$/);
  await page.getByRole('button', { name: 'Create tour provider' }).click();
  await expect(page.getByText('Required field')).toBeVisible();
  await page.getByLabel(/^Name/).fill(orgName);
  await page.getByRole('button', { name: 'Create tour provider' }).click();
  await expect(page).toHaveURL(/\/org\/\d+\/dashboard$/);
  orgId = Number(/\/org\/(\d+)\//.exec(page.url())?.[1]);
  // a new organizer is asked to accept the current platform agreement (persistent popup; the same
  // words serve a new organizer and one whose accepted version is out of date)
  const agreement = page.getByRole('dialog', { name: 'Accept the platform agreement' });
  await expect(agreement).toBeVisible();
  await expect(agreement.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await agreement.getByRole('checkbox', { name: 'I have read and accept the agreement' }).click();
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await expect(agreement).toBeHidden();
  await expect(page.getByText(orgName).first()).toBeVisible();
  // it does not come back once accepted
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('commission')).toBeVisible();
  await expect(agreement).toBeHidden();
});

test('fills every settings tab; invalid input stays on its field and nothing is saved', async ({ page }) => {
  await open(page, `/org/${orgId}/settings/main`);
  await page.getByLabel('INN').fill('123');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Incorrect value')).toBeVisible();
  await page.getByLabel('INN').fill('7701234567');
  await page.getByLabel('Full legal name').fill(`${orgName} LLC`);
  await page.getByLabel('KPP').fill('770101001');
  await page.getByLabel('OGRN / OGRNIP').fill('1027700132195');
  await page.getByRole('region', { name: 'Director' }).getByLabel('Last name').fill('Sayanova');
  await page.getByRole('region', { name: 'Director' }).getByLabel('First name').fill('Eva');
  await page.getByLabel('Position').fill('General director');
  const author = page.getByRole('region', { name: 'Tour expert' });
  await author.getByLabel('First name').fill('Eva');
  await author.getByLabel('Last name').fill('Sayanova');
  await author
    .getByLabel('About the tour expert')
    .fill('Fifteen years of horse and hiking tours in the Sayan mountains.');
  await saved(page);

  await page.getByRole('link', { name: 'Contacts' }).click();
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please enter a valid e-mail')).toBeVisible();
  await page.getByLabel('E-mail').fill(`hello-${run}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('+79991234567');
  await page.getByLabel('Website').fill('https://sayan-ridge.example');
  await page.getByLabel('Saturday: working day').click();
  await page.getByLabel('Telegram').fill('https://t.me/sayanridge');
  const legal = page.getByRole('region', { name: 'Legal address' });
  await legal.getByLabel('Region').fill('Krasnoyarsk Krai');
  await legal.getByLabel('City').fill('Krasnoyarsk');
  await legal.getByLabel('Street, building, office').fill('1 Mira ave.');
  await legal.getByLabel('Post code').fill('660049');
  await saved(page);

  await page.getByRole('link', { name: 'Cancellation terms' }).click();
  await page.getByLabel('Terms for travellers').fill('Free cancellation up to 30 days before the start.');
  await page.getByRole('button', { name: 'Add a penalty' }).click();
  await page.getByLabel('Row 1: Days before the start (or fewer)').fill('7');
  await page.getByLabel('Row 1: Penalty, % of the price').fill('50');
  await page.getByRole('textbox', { name: 'Actual expenses' }).fill('Permits to the national park.');
  await saved(page);

  // what was saved is what a reload shows
  await page.reload();
  await expect(page.getByLabel('Row 1: Penalty, % of the price')).toHaveValue('50');
  await page.getByRole('link', { name: 'Main' }).click();
  await expect(page.getByLabel('INN')).toHaveValue('7701234567');
  await page.getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('region', { name: 'Legal address' }).getByLabel('Post code')).toHaveValue('660049');
});

test('every settings tab and contract templates fit a 375 px phone: nothing scrolls the page sideways (the working-hours table included)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const tab of ['main', 'contacts', 'cancellation', 'docs', 'accounts']) {
    await open(page, `/org/${orgId}/settings/${tab}`);
    await expect(page.getByRole('link', { name: 'Contacts' })).toBeVisible();
    if (tab === 'contacts') await expect(page.getByRole('checkbox', { name: 'Monday: working day' })).toBeVisible();
    // the tabs that do not fit are a scroll away, and the strip says so; the current one is scrolled into view
    if (tab === 'main') await expect(page.getByTitle('Scroll right')).toBeVisible();
    if (tab === 'accounts') {
      await expect(page.getByTitle('Scroll left')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Bank accounts' })).toBeInViewport({ ratio: 0.9 });
    }
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(375);
  }
  // contract templates too: the list and the editor truncate long names and types (in Russian they are long)
  await page.addInitScript(() => window.localStorage.setItem('language', 'ru'));
  await open(page, `/org/${orgId}/contract-template`);
  await expect(page.getByRole('button', { name: 'Новый шаблон' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'contract templates').toBeLessThanOrEqual(
    375,
  );
  // the dashboard's cards keep the page's 16 px margin: a partner's long domain does not widen them to the edge
  await open(page, `/org/${orgId}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Сегодня' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Площадки-партнёры' })).toBeVisible();
  const cards = page.locator('[aria-labelledby="today-title"], [aria-labelledby="partners-title"]');
  await expect(cards).toHaveCount(2);
  for (const box of await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
    expect(box).toBeLessThanOrEqual(375 - 16);
});

test('uploads a stamp with progress and sees it after saving; a file that is no image says why, in the interface language', async ({
  page,
}) => {
  await open(page, `/org/${orgId}/settings/docs`);
  await page
    .getByLabel('Upload stamp image')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByText('Upload a JPEG, PNG, WebP, GIF or AVIF image')).toBeVisible();
  await expect(page.getByText('The given data was invalid')).toHaveCount(0);
  await page.getByLabel('Upload stamp image').setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: PNG });
  const preview = page.getByRole('img', { name: 'Stamp image: current image' });
  await expect(preview).toBeVisible();
  await saved(page);
  await page.reload();
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('adds a bank account and chooses it for own requests', async ({ page }) => {
  await open(page, `/org/${orgId}/settings/accounts`);
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bank account' });
  await dialog.getByLabel('BIK').fill('12345');
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog.getByText('Required field')).toBeVisible();
  await expect(dialog.getByText('BIK must be 9 digits')).toBeVisible();
  await dialog.getByLabel('Account name').fill('Main RUB account');
  await dialog.getByRole('textbox', { name: 'Bank', exact: true }).fill('Sberbank');
  await dialog.getByLabel('BIK').fill('044525225');
  await dialog.getByLabel('Correspondent account').fill('30101810400000000225');
  await dialog.getByLabel('Account number').fill('40702810900000012345');
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Main RUB account')).toBeVisible();
  // the choice is the server's: the radio turns on when the answer comes (check() would expect it at once)
  await page.getByRole('radio', { name: 'For own requests' }).click();
  await expect(page.getByText('The account for own requests is saved')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'For own requests' })).toBeChecked();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'For own requests' })).toBeChecked();

  // on a 375 px phone in Russian the card keeps its badge and buttons on the screen: nothing scrolls sideways
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => window.localStorage.setItem('language', 'ru'));
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Для собственных заявок' })).toBeChecked();
  await expect(page.getByText('По умолчанию')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Не использовать счёт для собственных заявок' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const control of [page.getByText('По умолчанию'), page.getByRole('button', { name: /^Изменить/ })]) {
    const box = await control.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375 - 16);
  }
});

test('creates a contract template with placeholders and previews it with sample data', async ({ page }) => {
  await open(page, `/org/${orgId}/contract-template`);
  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByLabel(/^Template name/).fill('Hiking contract');
  const editor = page.getByRole('textbox', { name: 'Template text' });
  await editor.click();
  await page.keyboard.type('Between ');
  await page.getByRole('button', { name: 'Insert placeholder: Legal name' }).click();
  await page.keyboard.type('and the tourist.');
  await expect(editor.locator('span[data-type="placeholder"][data-id="organizer.legal_name"]')).toHaveText(
    '{organizer.legal_name}',
  );
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('The template is saved')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Contract templates' }).getByRole('button', { name: /Hiking contract/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('template-preview');
  // the provider's own legal name fills the chip
  await expect(preview).toContainText(`Between ${orgName} LLC`);
  await expect(preview).not.toContainText('{organizer.legal_name}');
  await page.keyboard.press('Escape');

  // the standard text does not replace what was written without asking
  await page.getByRole('button', { name: 'Start from the standard text' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace the text?' });
  await expect(replace).toBeVisible();
  await replace.getByRole('button', { name: 'Cancel' }).click();
  await expect(replace).toBeHidden();
  await expect(editor).toContainText('Between');
  await page.getByRole('button', { name: 'Start from the standard text' }).click();
  await replace.getByRole('button', { name: 'Replace' }).click();
  await expect(editor).not.toContainText('Between');
  await expect(editor.locator('span[data-type="placeholder"]').first()).toBeVisible();

  // the replaced text is not saved: neither another template nor another screen takes it away unasked
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await page.getByRole('button', { name: 'New template' }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByLabel(/^Template name/)).toHaveValue('Hiking contract');
  // nor the page's other tab
  await page.getByLabel(/^Template name/).fill('Hiking contract, edited');
  await page.getByRole('tab', { name: 'Meeting details' }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Contract templates' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(/^Template name/)).toHaveValue('Hiking contract, edited');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/dashboard$`));
});

test('a partner marketplace that sends the provider here (partner_site cookie) gets the persistent sign-partnership modal, once; without one those screens never load', async ({
  page,
  request,
}) => {
  const site = (await (await request.post('/crm/api/domain/info', { data: {} })).json()) as {
    id: number;
    name: string;
  };
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await open(page, `/org/${orgId}/dashboard`);
  const partners = page
    .getByRole('region', { name: 'Partner sites' })
    .or(page.locator('[aria-labelledby="partners-title"]'));
  await expect(partners.getByRole('button', { name: `Connect to ${site.name}` })).toBeVisible();
  expect(fetched.filter((u) => /sign-partnership-startup-/.test(u))).toEqual([]);

  // the marketplace's cookie lives 1 s in production; here it is set just before the page loads
  await page.context().addCookies([{ name: 'partner_site', value: String(site.id), url: `http://127.0.0.1:${PORT}` }]);
  await page.reload();
  const dialog = page.getByRole('dialog', { name: `Partnership with ${site.name}` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Later' }).click();
  await expect(dialog).toBeHidden();

  // the request was taken once
  await page.reload();
  await expect(partners.getByRole('button', { name: `Connect to ${site.name}` })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('signs a partnership with a site and sees it connected; publishing follows the switch', async ({ page }) => {
  await open(page, `/org/${orgId}/dashboard`);
  const partners = page
    .getByRole('region', { name: 'Partner sites' })
    .or(page.locator('[aria-labelledby="partners-title"]'));
  await partners.getByRole('button', { name: 'Connect to Travelpath' }).click();
  const dialog = page.getByRole('dialog', { name: 'Partnership with Travelpath' });
  await dialog.getByRole('button', { name: 'Sign partnership' }).click();
  await expect(dialog.getByText('Required field')).toHaveCount(2);
  await dialog.getByRole('checkbox', { name: /user agreement/ }).click();
  await dialog.getByRole('checkbox', { name: /privacy policy/ }).click();
  await dialog.getByRole('button', { name: 'Sign partnership' }).click();
  await expect(dialog).toBeHidden();
  const connected = page.getByRole('list', { name: 'Connected' });
  await expect(connected.getByText('Travelpath', { exact: true })).toBeVisible();
  const publish = connected.getByRole('switch', { name: 'Publish tours on Travelpath' });
  await expect(publish).not.toBeChecked();
  await publish.click();
  await expect(publish).toBeChecked();
  await expect(connected.getByText('Published')).toBeVisible();
});

test('the dashboard changes live when the operator marks verification success', async ({ page }) => {
  const joined = joinedChannel(page, `organizer:${orgId}`);
  await open(page, `/org/${orgId}/dashboard`);
  const summary = page.getByTestId('verification-summary');
  await expect(summary).toHaveText('Pass the checks to sell on partner sites.');
  await expect(page.getByText('Verification has not been done yet.', { exact: false })).toBeVisible();
  // the operator acts once the dashboard's socket has joined the organizer's channel
  await expect.poll(joined, { message: "the dashboard's socket joins the organizer channel" }).toBe(true);
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'set-verification',
      '--organizer',
      String(orgId),
      '--internal-check',
      'success',
      '--verification',
      'success',
      '--commission',
      '12.5',
      '--url',
      `http://127.0.0.1:${PORT}`,
    ],
    { cwd: root, env: { ...process.env, DATA_DIR, PORT: String(PORT) }, timeout: 60_000 },
  );
  expect(stdout).toContain('verification=success');
  // no reload: organization_requisites_was_changed_event refreshes the screen
  await expect(summary).toHaveText('Your tour provider is verified.', { timeout: 15_000 });
  await expect(page.getByTestId('commission')).toHaveText('12.5%');
  await expect(page.getByRole('list', { name: 'Verification steps' }).getByText('Passed')).toHaveCount(2);
});
