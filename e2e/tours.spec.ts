import { newProvider, openSignedIn } from './provider';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';

/*
 * Issue 15 end to end, in Chromium against the real server: a provider with no tours is led to
 * the first one, creates a draft, saves the editor's sections one by one (a bad range stays on its
 * field and saves nothing), sees what publishing still needs, and finds the tour in the list.
 * Serial: each step builds on the previous one.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let token = '';
let orgId = 0;
let tourUrl = '';

const open = (page: Page, url: string, language: 'en' | 'ru' = 'en') => openSignedIn(page, url, token, language);

test.beforeAll(async ({ request }) => {
  ({ token, orgId } = await newProvider(request, {
    email: `tours-${run}@example.com`,
    organizer: `Katun Rafting ${run}`,
    timezone: 'Asia/Barnaul',
  }));
});

test('a provider without tours is led to the first one and creates a draft', async ({ page }) => {
  await open(page, `/org/${orgId}/tours`);
  await expect(page.getByText('No tours yet')).toBeVisible();
  await page.getByRole('link', { name: 'New tour' }).last().click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/tours/create$`));
  await page.getByRole('button', { name: 'Create the tour' }).click();
  await expect(page.getByText('Required field')).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Katun rafting, three days');
  await page.getByRole('button', { name: 'Create the tour' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/tours/\\d+$`));
  tourUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Katun rafting, three days' })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  // the new tour's editor, every section as a provider first meets it, reads at WCAG AA contrast
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`))).toEqual([]);
});

test('saves the sections one by one; a bad range stays on its field and saves nothing', async ({ page }) => {
  await open(page, tourUrl);
  const price = page.getByRole('form', { name: 'Price and terms' });
  await price.getByLabel('Price per person', { exact: true }).fill('32000');
  await price.getByLabel('Group from').fill('20');
  await price.getByLabel('Group up to').fill('6');
  await price.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(price.getByText('Must not be less than the minimum group size')).toBeVisible();
  // corrected, the section saves
  await price.getByLabel('Length, days').fill('3');
  await price.getByLabel('Group from').fill('4');
  await price.getByLabel('Group up to').fill('10');
  await price.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved').last()).toBeVisible();
  await expect(price.getByText('All changes are saved')).toBeVisible();

  const content = page.getByRole('form', { name: 'Description' });
  // the editor loads when the text is first focused
  await content.getByRole('textbox', { name: 'Description' }).click();
  await expect(content.getByRole('toolbar')).toBeVisible();
  await content
    .getByRole('textbox', { name: 'Description' })
    .fill('Three days on the Katun: rapids, camps and the Chuysky tract.');
  await content.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(content.getByText('All changes are saved')).toBeVisible();

  // what is saved is what a reload shows; publishing still needs photos and a programme
  await page.reload();
  await expect(page.getByRole('form', { name: 'Price and terms' }).getByLabel('Group up to')).toHaveValue('10');
  const needs = page.getByRole('region', { name: 'Publishing still needs' });
  await expect(needs.getByRole('button', { name: 'Photos' })).toBeVisible();
  await expect(needs.getByRole('button', { name: 'Programme' })).toBeVisible();
  await expect(needs.getByRole('button', { name: 'Price per person' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
});

test('what is typed while the editor loads is kept; leaving by the sidebar with it unsaved asks first', async ({
  page,
}) => {
  await open(page, tourUrl);
  // a need takes the provider to its field, focused
  const needs = page.getByRole('region', { name: 'Publishing still needs' });
  await needs.getByRole('button', { name: 'Programme' }).click();
  await expect(page.getByRole('form', { name: 'Programme' }).getByRole('button', { name: 'Add a day' })).toBeFocused();

  // typing at once, before the formatting editor has arrived
  const content = page.getByRole('form', { name: 'Description' });
  await content.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type(' Camps every night.');
  await expect(content.getByRole('toolbar')).toBeVisible();
  await expect(content.getByRole('textbox', { name: 'Description' })).toContainText(
    'the Chuysky tract. Camps every night.',
  );
  const menu = page.getByRole('navigation', { name: 'Sections of the tour' });
  await expect(menu.getByRole('link', { name: 'Description (not saved)' })).toBeVisible();
  await expect(page.getByText('Not saved yet:')).toBeVisible();

  // the sidebar asks like a reload does; Stay keeps the text
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await sidebar.getByRole('link', { name: 'Bookings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`${tourUrl}$`));
  await expect(content.getByRole('textbox', { name: 'Description' })).toContainText('Camps every night.');
  await sidebar.getByRole('link', { name: 'Bookings' }).click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/bookings`));
});

/** A photo as a camera gives it: a JPEG of some colour. */
const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

test('uploads photos and picks the cover, writes the programme, penalties and discounts', async ({ page }) => {
  // four sections saved in turn, photos processed on the server: it nears 45 s on a busy machine
  test.slow();
  await open(page, tourUrl);
  const media = page.getByRole('form', { name: 'Photos' });
  await media.getByLabel('Add photos').setInputFiles([
    { name: 'rapids.jpg', mimeType: 'image/jpeg', buffer: await jpeg(40, 120, 160) },
    { name: 'camp.jpg', mimeType: 'image/jpeg', buffer: await jpeg(160, 110, 40) },
  ]);
  await expect(media.getByTestId('tour-photo')).toHaveCount(2);
  await media.getByRole('button', { name: 'Make photo 2 the cover' }).click();
  await media.getByLabel('Description of photo 2').fill('Camp on the Katun');
  await media.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(media.getByText('All changes are saved')).toBeVisible();

  const program = page.getByRole('form', { name: 'Programme' });
  for (const [i, title] of ['Arrival and the first rapids', 'The Chuysky tract', 'Back to Gorno-Altaysk'].entries()) {
    await program.getByRole('button', { name: 'Add a day' }).click();
    await program.getByLabel(`Title of day ${i + 1}`).fill(title);
  }
  await program.getByRole('checkbox', { name: 'Dinner' }).first().click();
  await program.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(program.getByText('All changes are saved')).toBeVisible();

  const penalties = page.getByRole('form', { name: 'Cancellation penalties' });
  await penalties.getByRole('button', { name: 'Add a penalty' }).click();
  await penalties.getByLabel('Row 1: Days before the start (or fewer)').fill('7');
  await penalties.getByLabel('Row 1: Penalty, % of the price').fill('50');
  await penalties.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(penalties.getByText('All changes are saved')).toBeVisible();

  const discounts = page.getByRole('form', { name: 'Discounts' });
  await discounts.getByRole('button', { name: 'Add a discount by days' }).click();
  await discounts.getByLabel('Booked at least, days before the start').fill('60');
  await discounts.getByRole('textbox', { name: 'Discount', exact: true }).fill('120');
  await discounts.getByRole('button', { name: 'Save', exact: true }).click();
  // a percent over 100 stays on its field and saves nothing
  await expect(discounts.getByText('Maximum 100')).toBeVisible();
  await discounts.getByRole('textbox', { name: 'Discount', exact: true }).fill('10');
  await discounts.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(discounts.getByText('All changes are saved')).toBeVisible();

  // what is saved is what a reload shows
  await page.reload();
  await expect(page.getByRole('form', { name: 'Photos' }).getByTestId('tour-photo')).toHaveCount(2);
  await expect(
    page.getByRole('form', { name: 'Photos' }).getByRole('button', { name: 'Make photo 2 the cover' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('form', { name: 'Programme' }).getByLabel('Title of day 3')).toHaveValue(
    'Back to Gorno-Altaysk',
  );
  await expect(page.getByRole('region', { name: 'Publishing still needs' })).toBeHidden();
});

test('adds a departure picked in the calendar; zero seats are refused on their field', async ({ page }) => {
  await open(page, tourUrl);
  const iso = (days: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  await page.getByRole('button', { name: 'Add a departure' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a departure' });
  await dialog.getByRole('button', { name: 'Dates' }).click();
  const calendar = page.getByRole('dialog', { name: 'Dates' });
  const day = (value: string) => calendar.locator(`[data-day="${value}"]:not([data-outside]) button`);
  await day(iso(10)).click();
  await day(iso(14)).click();
  await calendar.getByRole('button', { name: 'Apply' }).click();
  await dialog.getByLabel(/^Seats/).fill('0');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Minimum 1')).toBeVisible();
  await dialog.getByLabel(/^Seats/).fill('8');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  const departures = page.getByRole('list', { name: 'Departures' });
  await expect(departures.getByRole('listitem')).toHaveCount(1);
  await expect(departures).toContainText('8 of 8 seats free');
});

test('the list shows the tour with its price and length, in Russian too', async ({ page }) => {
  await open(page, `/org/${orgId}/tours`, 'ru');
  const item = page.getByRole('list', { name: 'Туры' }).getByRole('listitem').first();
  await expect(item.getByRole('link', { name: 'Katun rafting, three days' })).toBeVisible();
  await expect(item).toContainText('Черновик');
  await expect(item).toContainText('3 дня');
  await expect(item).toContainText('32 000');
  await expect(item).toContainText('свободно 8 из 8');
  await page.getByRole('group', { name: 'Статус' }).getByRole('button', { name: 'Опубликован' }).click();
  await expect(page.getByText('Нет туров по этим фильтрам')).toBeVisible();
});

test('publishes the tour, copies it as a draft and archives the copy', async ({ page }) => {
  await open(page, tourUrl);
  await expect(page.getByText('Everything publishing needs is here')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The tour is published')).toBeVisible();
  await page.getByRole('button', { name: 'Make a copy' }).click();
  await expect(page.getByText('A copy is made: a draft without dates')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`${tourUrl}$`));
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  // the copy has the photos and the programme, not the departures
  await expect(page.getByRole('form', { name: 'Photos' }).getByTestId('tour-photo')).toHaveCount(2);
  await expect(page.getByRole('form', { name: 'Programme' }).getByLabel('Title of day 1')).toHaveValue(
    'Arrival and the first rapids',
  );
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('The tour is archived')).toBeVisible();
  await open(page, `/org/${orgId}/tours`);
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Archived' }).click();
  await expect(page.getByRole('list', { name: 'Tours' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Published' }).click();
  await expect(page.getByRole('list', { name: 'Tours' }).getByRole('listitem')).toHaveCount(1);
});
