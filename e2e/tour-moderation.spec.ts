import { joinedChannel } from './sockets';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newProvider, openSignedIn } from './provider';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/*
 * Issue 15 "Status", end to end in Chromium against the real server: a provider publishes a tour,
 * which goes on moderation on the partner site it is connected to; the marketplace operator sets
 * its status on that site (the operator route `npm run admin -- set-tour-site-status` calls, with
 * the operator token the server wrote into DATA_DIR), and the open tours list shows the new status
 * without a reload (`site_status_changed` with `tour_id` on the organizer's channel). Serial: the
 * second test continues from the first one's status.
 */
test.describe.configure({ mode: 'serial' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(root, 'e2e', '.tmp', 'data');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TOUR_NAME = `Chuya steppe at dawn ${run}`;

let token = '';
let orgId = 0;
let tourId = 0;
let site = { id: 0, name: '' };

const open = (page: Page, url: string, language: 'en' | 'ru' = 'en') => openSignedIn(page, url, token, language);

/** The operator's call, with the token the server generated into DATA_DIR (what `npm run admin` sends). */
const setTourSiteStatus = async (request: APIRequestContext, status: string) => {
  const operatorToken = fs.readFileSync(path.join(DATA_DIR, 'admin-token'), 'utf8').trim();
  const res = await request.post('/crm/api/operator/set-tour-site-status', {
    headers: { 'x-operator-token': operatorToken },
    data: { tour_id: tourId, site_id: site.id, status },
  });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ tour_id: tourId, organizer_id: orgId, site_id: site.id, status });
};

/** Marks the document, so a reload (which would lose the mark) is told from a live update. */
const markDocument = (page: Page) => page.evaluate(() => ((window as { __noReload?: boolean }).__noReload = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as { __noReload?: boolean }).__noReload);

const siteRow = (page: Page, listName: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: TOUR_NAME }) })
    .getByRole('list', { name: listName })
    .getByRole('listitem')
    .filter({ hasText: site.name });

test.beforeAll(async ({ request }) => {
  ({ token, orgId } = await newProvider(request, {
    email: `moderation-${run}@example.com`,
    organizer: `Chuya Trails ${run}`,
    timezone: 'Asia/Barnaul',
  }));
  const headers = { Authorization: `Bearer ${token}` };

  // a partnership with a site that does not ask for a tour author
  const partners = (await (
    await request.get(`/crm/api/organizer/partners?organizer_id=${orgId}`, { headers })
  ).json()) as {
    available_for_connection: { id: number; name: string; is_tour_author_required: boolean }[];
  };
  const plain = partners.available_for_connection.find((s) => !s.is_tour_author_required)!;
  site = { id: plain.id, name: plain.name };
  const signed = await request.post('/crm/api/organizer/sign-partnership', {
    headers,
    data: { tour_organizer_id: orgId, site_id: site.id, is_agreement_accepted: true, is_privacy_accepted: true },
  });
  expect(signed.ok()).toBe(true);

  // a published excursion: it goes on moderation on that site
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 180, g: 150, b: 90 } } })
    .png()
    .toBuffer();
  const photo = await request.post('/crm/api/image/upload', {
    headers,
    multipart: { file: { name: 'steppe.png', mimeType: 'image/png', buffer: png } },
  });
  expect(photo.ok()).toBe(true);
  const tour = await request.post('/crm/api/tour/create', {
    headers,
    data: {
      organizer_id: orgId,
      name: TOUR_NAME,
      type: 2,
      description: '<p>Sunrise over the Chuya steppe with a guide</p>',
      price: 4500,
      duration_hours: 3,
      group_max: 8,
      photos: [{ id: ((await photo.json()) as { id: number }).id }],
      with_publish: true,
    },
  });
  expect(tour.ok()).toBe(true);
  tourId = ((await tour.json()) as { id: number }).id;
});

test('the open tours list shows the operator publishing the tour on its site, without a reload', async ({
  page,
  request,
}) => {
  const joined = joinedChannel(page, `organizer:${orgId}`);
  await open(page, `/org/${orgId}/tours`, 'en');
  const row = siteRow(page, 'Partner sites');
  await expect(row).toContainText('On moderation');
  await markDocument(page);
  // the operator acts once the page's socket has joined the organizer's channel
  await expect.poll(joined, { message: "the page's socket joins the organizer channel" }).toBe(true);
  await setTourSiteStatus(request, 'published');
  await expect(row).toContainText('Published');
  await expect(row).not.toContainText('On moderation');
  expect(await stillSameDocument(page)).toBe(true);
});

test('in Russian too: the operator puts the tour on waiting and the open list says so', async ({ page, request }) => {
  const joined = joinedChannel(page, `organizer:${orgId}`);
  await open(page, `/org/${orgId}/tours`, 'ru');
  const row = siteRow(page, 'Площадки-партнёры');
  await expect(row).toContainText('Опубликовано');
  await markDocument(page);
  await expect.poll(joined, { message: "the page's socket joins the organizer channel" }).toBe(true);
  await setTourSiteStatus(request, 'waiting');
  await expect(row).toContainText('Ожидает');
  expect(await stillSameDocument(page)).toBe(true);
});
