import { newProvider, openSignedIn } from './provider';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

/*
 * The tour editor's guides, catalogue pickers and map in Chromium against the real server (issue
 * 15): a provider makes a guide with a photo and it is chosen for the tour at once, edits it,
 * deletes one a tour names only after a second question; picks countries, regions and languages
 * that come back after a reload; puts the tour's point by typing and on the map — which has no
 * tiles here (no internet), so it must work without them. Serial: each step builds on the last.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let token = '';
let orgId = 0;
let tourUrl = '';

const open = (page: Page, url: string, language: 'en' | 'ru' = 'en') => openSignedIn(page, url, token, language);

const portrait = () =>
  sharp({ create: { width: 400, height: 500, channels: 3, background: { r: 60, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

test.beforeAll(async ({ request }) => {
  ({ token, orgId } = await newProvider(request, {
    email: `guides-${run}@example.com`,
    organizer: `Altai Guides ${run}`,
    timezone: 'Asia/Barnaul',
  }));
  const headers = { Authorization: `Bearer ${token}` };
  const tour = await request.post('/crm/api/tour/create', {
    headers,
    data: { organizer_id: orgId, name: 'Multinskiye lakes trek' },
  });
  expect(tour.ok()).toBe(true);
  tourUrl = `/org/${orgId}/tours/${((await tour.json()) as { id: number }).id}`;
});

test('a guide is made with a photo, chosen at once, saved with the tour and edited', async ({ page }) => {
  await open(page, tourUrl);
  const section = page.getByRole('form', { name: 'Guides' });
  await expect(section.getByText('No guides yet')).toBeVisible();
  await section.getByRole('button', { name: 'New guide' }).click();

  const dialog = page.getByRole('dialog', { name: 'New guide' });
  await dialog.getByRole('button', { name: 'Add the guide' }).click();
  await expect(dialog.getByText('Required field')).toBeVisible();
  await dialog.getByLabel('First name').fill('Anna');
  await dialog.getByLabel('Last name').fill('Petrova');
  await dialog.getByLabel('About the guide').fill('Leads treks in the Altai since 2010.');
  await dialog.getByLabel('Upload a photo').setInputFiles({
    name: 'anna.jpg',
    mimeType: 'image/jpeg',
    buffer: await portrait(),
  });
  await expect(dialog.getByRole('img', { name: 'Photo' })).toHaveAttribute('src', /\/files\/\d+\/poster$/);
  await dialog.getByRole('button', { name: 'Add the guide' }).click();
  await expect(dialog).toBeHidden();

  const anna = section.getByRole('checkbox', { name: 'Anna Petrova' });
  await expect(anna).toBeChecked();
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(section.getByText('All changes are saved')).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Guides' }).getByRole('checkbox', { name: 'Anna Petrova' }),
  ).toBeChecked();
  await expect(page.getByRole('form', { name: 'Guides' }).getByText('In 1 tour')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Anna Petrova' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the guide' });
  await expect(edit.getByLabel('First name')).toHaveValue('Anna');
  await edit.getByLabel('About the guide').fill('Leads the Multinskiye lakes trek.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Leads the Multinskiye lakes trek.')).toBeVisible();
});

test('a guide a tour names is deleted only after a second question naming the tours', async ({ page }) => {
  await open(page, tourUrl, 'ru');
  const section = page.getByRole('form', { name: 'Гиды' });
  await section.getByRole('button', { name: 'Удалить: Anna Petrova' }).click();
  await page.getByRole('dialog', { name: 'Удалить гида?' }).getByRole('button', { name: 'Удалить' }).click();
  const second = page.getByRole('dialog', { name: 'Гид ведёт другие туры' });
  await expect(second).toContainText('Гид Anna Petrova указан в 1 туре.');
  await second.getByRole('button', { name: 'Удалить и убрать из туров' }).click();
  await expect(second).toBeHidden();
  await expect(section.getByText('Гидов пока нет')).toBeVisible();
  // the tour no longer names the guide
  await page.reload();
  await expect(page.getByRole('form', { name: 'Гиды' }).getByText('Гидов пока нет')).toBeVisible();
});

test('countries, regions and languages are picked by search and come back after a reload', async ({ page }) => {
  await open(page, tourUrl);
  const places = page.getByRole('form', { name: 'Destinations and themes' });
  const pick = async (label: string, query: string, option: string) => {
    const combobox = places.getByRole('combobox', { name: label });
    await combobox.click();
    await page.getByRole('searchbox').fill(query);
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.keyboard.press('Escape');
  };
  await pick('Countries', 'russ', 'Russia');
  await pick('Regions', 'Алтай', 'Altai Republic');
  await pick('Guiding languages', 'engl', 'English');
  await pick('Guiding languages', 'немец', 'German');
  await expect(places.getByRole('button', { name: 'Remove German' })).toBeVisible();
  await places.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(places.getByText('All changes are saved')).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.reload();
  const saved = page.getByRole('form', { name: 'Destinations and themes' });
  for (const name of ['Russia', 'Altai Republic', 'English', 'German'])
    await expect(saved.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
});

test('the tour’s point is typed or put on a map without tiles; out of range is refused on its input', async ({
  page,
}) => {
  await open(page, tourUrl);
  const location = page.getByRole('form', { name: 'Location' });
  const map = location.getByRole('group', { name: /^Map: a click puts/ });
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute('data-state', 'ready');
  // no internet here: the tiles fail, the map says so and stays usable
  await expect(location.getByText(/The map could not load its images/)).toBeVisible();

  await location.getByLabel('Latitude').fill('95');
  await location.getByLabel('Longitude').fill('85.72');
  await location.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(location.getByText('Maximum 90')).toBeVisible();

  await location.getByLabel('Latitude').fill('51.79');
  await expect(location.getByText('Maximum 90')).toBeHidden();
  await expect(map.locator('.tour-map-pin')).toBeVisible();
  // a click on the map moves the point: east of the pin's tip, wherever the map's width put it
  const pin = (await map.locator('.tour-map-pin').boundingBox())!;
  await page.mouse.click(pin.x + pin.width / 2 + 60, pin.y + pin.height - 2);
  await expect(location.getByLabel('Latitude')).not.toHaveValue('51.79');
  const lat = Number(await location.getByLabel('Latitude').inputValue());
  const lng = Number(await location.getByLabel('Longitude').inputValue());
  expect(Math.abs(lat - 51.79)).toBeLessThan(5);
  expect(lng).toBeGreaterThan(85.72);
  await location.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(location.getByText('All changes are saved')).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.reload();
  const saved = page.getByRole('form', { name: 'Location' });
  await expect(saved.getByLabel('Latitude')).toHaveValue(String(lat));
  await expect(saved.getByLabel('Longitude')).toHaveValue(String(lng));
});
