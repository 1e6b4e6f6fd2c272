import { openSignedIn } from './provider';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/*
 * Issue 15, the tour editor's "Share the tour" panel (TourExport) in Chromium against the real
 * server: the demo provider downloads a demo tour's programme as a PDF (en and ru) and makes a
 * calendar link for guides, reads the feed at it without signing in, then turns it off.
 * The panel is placed by the tour editor (features/tour/components/tour-editor.tsx).
 */
test.describe.configure({ mode: 'serial' });

const PORT = Number(process.env.E2E_PORT ?? 18431);
const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
const TREK = 'Мультинские озёра: 7 дней треккинга по Алтаю';
/** the file is named after the tour, without characters a file name cannot hold */
const PDF_NAME = 'Мультинские озёра 7 дней треккинга по Алтаю.pdf';
let token = '';
let orgId = 0;
let tourId = 0;

const open = (page: Page, url: string, language: 'en' | 'ru' = 'en') => openSignedIn(page, url, token, language);

test.beforeAll(async ({ request }) => {
  const auth = await request.post('/crm/api/user/auth', { headers: { 'X-USER-ROLE': 'org' }, data: DEMO });
  expect(auth.ok()).toBe(true);
  token = ((await auth.json()) as { token: string }).token;
  const headers = { Authorization: `Bearer ${token}` };
  const orgs = (await (await request.get('/crm/api/organizer/list', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  orgId = orgs.find((o) => o.name === 'Altai Trails')!.id;
  const tours = (await (
    await request.get(`/crm/api/tour/list?organizer_id=${orgId}&format=short`, { headers })
  ).json()) as { items: { id: number; name: string }[] };
  tourId = tours.items.find((t) => t.name === TREK)!.id;
});

/** Clicks the PDF button (create-pdf held back a moment, so its step can be seen) and returns the download. */
const downloadProgramme = async (page: Page, button: string, step: string) => {
  await page.route('**/crm/api/tour-program/create-pdf', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuetext', step);
  await expect(page.getByRole('button', { name: button })).toBeDisabled();
  const download = await downloading;
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(20_000);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: button })).toBeEnabled();
  return download.suggestedFilename();
};

test('the programme PDF of a demo tour downloads from the editor, in English', async ({ page }) => {
  await open(page, `/org/${orgId}/tours/${tourId}`, 'en');
  await expect(page.getByRole('heading', { name: 'Share the tour' })).toBeVisible();
  expect(await downloadProgramme(page, 'Programme PDF', 'Making the PDF…')).toBe(PDF_NAME);
  await expect(page.getByText('The programme PDF is downloaded')).toBeVisible();
});

test('and in Russian', async ({ page }) => {
  await open(page, `/org/${orgId}/tours/${tourId}`, 'ru');
  expect(await downloadProgramme(page, 'Программа в PDF', 'Создаём PDF…')).toBe(PDF_NAME);
  await expect(page.getByText('Программа в PDF скачана')).toBeVisible();
});

test('a calendar link for a guide: made, read by a calendar app without signing in, turned off', async ({
  page,
  request,
}) => {
  await open(page, `/org/${orgId}/tours/${tourId}`, 'en');
  const form = page.getByRole('form', { name: 'New calendar link' });
  const guide = `Olga ${Date.now().toString(36)}`;
  await form.getByLabel('Who is it for').fill(guide);
  await form.getByRole('button', { name: 'Create a link' }).click();
  const address = await page.getByLabel('Calendar address').inputValue();
  expect(address).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/crm/api/tour/ical/[A-Za-z0-9_-]{43}\\.ics$`));

  const feed = await request.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toContain('BEGIN:VEVENT');
  expect(text).toContain('SUMMARY:Мультинские озёра');

  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: `Turn off the link "${guide}"` }).click();
  await page
    .getByRole('dialog', { name: 'Turn off the calendar link?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(page.getByText('The link is turned off')).toBeVisible();
  await expect(page.getByRole('button', { name: `Turn off the link "${guide}"` })).toHaveCount(0);
  expect((await request.get(address)).status()).toBe(404);
});
