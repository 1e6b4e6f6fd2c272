import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { newProvider, openSignedIn } from './provider';
import { day, money, spaced } from './format';

/*
 * Issue 16, the request page (/{orgId}/bookings/{id}) in Chromium against the real server: a
 * provider with a tour (its own cancellation penalties) and a departure, and an own request, all
 * made through the API; then in the browser a tourist is added, a second fills in their own data
 * through the questionnaire link (the open page counts them live), the request confirmed, a
 * prepayment invoice made (counted from the departure's 30 %), paid on the sandbox's payment
 * page while the request page is open in another tab (it shows the payment without a reload),
 * the contract downloaded with the stamp, the departure's rooming list opened with both
 * travellers, and the request canceled with the penalty the dialog
 * shows. One more in Russian on a phone. Serial: each step builds on the one before.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TOUR = `Altai lakes ${run}`;

let token = '';
let orgId = 0;
let headers: Record<string, string> = {};
let tourId = 0;
let departureId = 0;
let requestId = 0;

const ok = async (request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> => {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
const requestOf = async (request: APIRequestContext, id: number) => {
  const res = await request.get(`/crm/api/request/get?id=${id}`, { headers });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { status: number; paid_amount: number; tourists: { first_name: string }[] };
};
/** An own request of two tourists on the departure: 2 × 30 000, seats held until confirmed. */
const ownRequest = async (request: APIRequestContext, key: string, customer: string) =>
  (
    await ok(request, '/crm/api/request/create-request-with-own-type', {
      tour_organizer_id: orgId,
      tour_id: tourId,
      tour_date_id: departureId,
      tourists_count: 2,
      customer_name: customer,
      customer_email: `${key}@e2e.example`,
      idempotency_key: `${key}-${run}`,
    })
  ).request_id as number;

test.beforeAll(async ({ request }) => {
  ({ token, orgId, headers } = await newProvider(request, {
    email: `request-page-${run}@e2e.example`,
    organizer: `Katun Trails ${run}`,
  }));
  // the director's signature and the company's stamp, scanned (transparent PNGs)
  const image = async (name: string, background: { r: number; g: number; b: number; alpha: number }) => {
    const png = await sharp({ create: { width: 320, height: 160, channels: 4, background } })
      .png()
      .toBuffer();
    const res = await request.post('/crm/api/image/upload', {
      headers,
      multipart: {
        file: { name, mimeType: 'image/png', buffer: png },
        organizer_id: String(orgId),
        is_public: 'false',
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { id: number }).id;
  };
  await ok(request, '/crm/api/organizer/update', {
    id: orgId,
    sign_image_id: await image('sign.png', { r: 20, g: 40, b: 160, alpha: 0.6 }),
    stamp_image_id: await image('stamp.png', { r: 160, g: 20, b: 60, alpha: 0.6 }),
    cancellation_terms: 'Tell us in writing; the penalty is a share of the price.',
    actual_expenses: 'Permits and the cabins booked for the group.',
  });
  // the tour's own penalty: a quarter of the price when canceled 60 days or less before the start
  const tour = await ok(request, '/crm/api/tour/create', {
    organizer_id: orgId,
    name: TOUR,
    price: 30000,
    duration: 5,
    group_max: 10,
    use_standard_cancellation_terms: false,
    penalties: [{ days_before: 60, percent: 25 }],
  });
  tourId = tour.id as number;
  const departure = await ok(request, '/crm/api/tour/save-date', {
    tour_id: tourId,
    date_start: day(30),
    date_end: day(34),
    price: 30000,
    number_of_seats: 10,
    prepayment_type: 'percent',
    prepayment_size: 30,
    full_payment_days: 14,
  });
  departureId = departure.id as number;
  requestId = await ownRequest(request, 'en', 'Olga Petrova');
});

const open = (page: Page, id: number, language: 'en' | 'ru' = 'en') =>
  openSignedIn(page, `/org/${orgId}/bookings/${id}`, token, language);

test('a tourist is added, another fills in the questionnaire, the request is confirmed, a prepayment invoice made and paid on the sandbox page', async ({
  browser,
  page,
  request,
}) => {
  await open(page, requestId);
  await expect(page.getByRole('heading', { level: 1, name: `Request #${requestId}` })).toBeVisible();
  await expect(page.getByText('Pending confirmation').first()).toBeVisible();
  // the seats are held: the time left in mm:ss
  await expect(page.getByRole('timer', { name: 'Seats held' })).toHaveText(/The 2 seats are held for\s*1[45]:\d\d/);
  await expect(page.getByRole('heading', { name: 'Tourists: 0 of 2' })).toBeVisible();

  await page.getByRole('button', { name: 'Add tourist' }).click();
  const form = page.getByRole('dialog', { name: 'New tourist' });
  await form.getByLabel('Last name').fill('Petrova');
  await form.getByLabel(/^First name/).fill('Olga');
  await form.getByLabel('Date of birth').fill('1988-03-14');
  await form.getByLabel('Passport', { exact: true }).fill('4510 123456');
  await form.getByRole('checkbox', { name: 'Contact person of the request' }).click();
  await form.getByRole('button', { name: 'Add tourist' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('The tourist is added')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tourists: 1 of 2' })).toBeVisible();
  const tourists = page.getByRole('table', { name: 'Tourists' });
  await expect(tourists).toContainText('Olga');
  await expect(tourists).toContainText('4510 123456');
  await expect(tourists).toContainText('Missing: phone');
  await expect(tourists).toContainText('Not named yet');
  // the tourists' numbers and the empty cells read against the card (light theme)
  const contrast = await new AxeBuilder({ page })
    .include('table[aria-label="Tourists"]')
    .withRules(['color-contrast'])
    .analyze();
  expect(contrast.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`))).toEqual(
    [],
  );
  expect((await requestOf(request, requestId)).tourists.map((t) => t.first_name)).toEqual(['Olga']);

  // the second tourist fills in their own data through the questionnaire link: a browser with no
  // account, on a phone; the open request page counts them without a reload (update_tourists_info)
  // the Traveller links card shows the same link again, with its reissue button
  const link = page
    .getByRole('region', { name: 'Questionnaire for the tourists' })
    .getByRole('textbox', { name: 'Questionnaire link' });
  await expect(page.getByText('0 of 2 filled in')).toBeVisible();
  const questionnaireUrl = await link.inputValue();
  expect(questionnaireUrl).toMatch(/\/org\/questionnaire\/[0-9a-f-]{36}$/);
  const tourist = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'en-GB' });
  const phone = await tourist.newPage();
  await phone.goto(questionnaireUrl);
  await expect(phone.getByText('1 of 2 listed')).toBeVisible();
  await phone.getByRole('button', { name: 'Add myself' }).click();
  await phone.getByRole('textbox', { name: /^Last name/ }).fill('Sokolov');
  await phone.getByRole('textbox', { name: /^First name/ }).fill('Pavel');
  await phone.getByLabel('Date of birth').fill('1990-07-02');
  await phone.getByRole('textbox', { name: 'Passport' }).fill('4601 654321');
  await phone.getByRole('textbox', { name: 'Food restrictions' }).fill('vegetarian');
  await phone.getByRole('button', { name: 'Save' }).click();
  await expect(phone.getByRole('heading', { name: 'Thank you, Pavel!' })).toBeVisible();
  await tourist.close();
  await expect(page.getByRole('heading', { name: 'Tourists: 2 of 2' })).toBeVisible();
  await expect(page.getByText('1 of 2 filled in')).toBeVisible();
  await expect(tourists).toContainText('Sokolov');
  await expect(tourists).toContainText('4601 654321');

  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('The request is confirmed: its seats are firm')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Status history' }).getByRole('listitem').first()).toContainText(
    'Pending prepayment',
  );

  // the prepayment: the departure's 30 % of 2 × 30 000, counted by the server as the form opens
  await page.getByRole('button', { name: 'New invoice' }).click();
  const invoiceForm = page.getByRole('dialog', { name: 'New invoice' });
  await expect(invoiceForm.getByLabel('Prepayment, %')).toHaveValue('30');
  await expect(invoiceForm.getByLabel(/^Amount, RUB/)).toHaveValue('18000');
  await expect(invoiceForm.getByRole('status')).toHaveText(
    spaced(`Prepayment ${money(18000)} of ${money(60000)} (30%)`),
  );
  await invoiceForm.getByLabel('Prepayment, %').fill('40');
  await expect(invoiceForm.getByLabel(/^Amount, RUB/)).toHaveValue('24000');
  await invoiceForm.getByLabel('Prepayment, %').fill('30');
  await expect(invoiceForm.getByLabel(/^Amount, RUB/)).toHaveValue('18000');
  await invoiceForm.getByRole('button', { name: 'Create invoice' }).click();
  await expect(invoiceForm).toBeHidden();
  const invoice = page.getByRole('article', { name: 'Prepayment' });
  await expect(invoice).toContainText(spaced(money(18000)));
  await expect(invoice).toContainText('New');

  // the payer follows the invoice's link (another tab of the same browser) and pays on the sandbox page
  const payUrl = await invoice.getByRole('link', { name: 'Open payment page' }).getAttribute('href');
  // the link carries the provider's interface language, so the payer's page opens in it
  expect(payUrl).toMatch(/\/pay\/[A-Za-z0-9_-]{43}\?lang=en$/);
  const payer = await page.context().newPage();
  await payer.goto(payUrl!);
  await payer.getByRole('button', { name: /^Pay / }).click();
  await payer.waitForURL(/\/org\/success\?invoice=/);
  await expect(payer.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect.poll(async () => (await requestOf(request, requestId)).status).toBe(3);
  await payer.close();

  // the open request page shows it without a reload (request_in_crm_update_status)
  await expect(page.getByText('Prepayment made').first()).toBeVisible();
  await expect(invoice).toContainText('Paid');
  await expect(page.getByLabel('Price').getByText('Left to pay').locator('xpath=..')).toContainText(
    spaced(money(42000)),
  );
});

test('the contract downloads as a PDF with the stamp, the progress shown meanwhile; the rooming list has the group', async ({
  page,
}) => {
  await open(page, requestId);
  await page.route('**/crm/api/request/download-contract*', async (route) => {
    expect(new URL(route.request().url()).searchParams.get('use_stamp')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole('checkbox', { name: 'With the stamp' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the contract' }).click();
  await expect(page.getByRole('progressbar', { name: 'Contract download' })).toHaveAttribute(
    'aria-valuetext',
    'Making the PDF…',
  );
  const download = await downloading;
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // the signature and the stamp drawn: two images (a transparent PNG's alpha is an image of its own)
  const raw = bytes.toString('latin1');
  const images =
    (raw.match(/\/Subtype\s*\/Image\b/g) ?? []).length - (raw.match(/\/SMask\s+\d+\s+0\s+R/g) ?? []).length;
  expect(images).toBe(2);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByText('The contract is downloaded')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // the rooming list of the departure is a link away: both travellers of the paid request, what
  // is missing flagged, and a CSV for the guide
  const rooming = page.getByRole('link', { name: 'Rooming list of the departure' });
  await expect(rooming).toHaveAttribute('href', `/org/${orgId}/tours/${tourId}/departures/${departureId}/rooming-list`);
  await rooming.click();
  await expect(page.getByRole('heading', { level: 1, name: /Rooming list/ })).toBeVisible();
  const travellers = page.getByRole('table', { name: 'Travellers of the departure' });
  await expect(travellers.getByRole('row')).toHaveCount(3);
  const olga = travellers.getByRole('row', { name: /Petrova Olga/ });
  await expect(olga).toContainText('4510 123456');
  await expect(olga).toContainText('No phone');
  await expect(olga).toContainText('Prepaid');
  const pavel = travellers.getByRole('row', { name: /Sokolov Pavel/ });
  await expect(pavel).toContainText('4601 654321');
  await expect(pavel).toContainText('vegetarian');
  await expect(page.getByLabel('Summary')).toContainText('2 travellers');
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the rooming list as CSV (opens in Excel)' }).click();
  const text = fs.readFileSync(await (await csv).path(), 'utf8');
  expect(text).toContain('Sokolov');
  expect(text).toContain('4510 123456');
});

test('a cancellation shows the penalty that applies, then cancels with it', async ({ page, request }) => {
  await open(page, requestId);
  await page.getByRole('button', { name: 'Cancel request' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel request #${requestId}?` });
  // 30 days on the browser's calendar; the organizer's own may already be a day on
  await expect(dialog.getByText(/^The trip starts in (29|30) days\.$/)).toBeVisible();
  const applied = dialog.getByRole('row', { name: /60 days or less before the start/ });
  await expect(applied).toHaveAttribute('aria-current', 'true');
  await expect(applied).toContainText('applies');
  await expect(applied).toContainText('25%');
  const figures = dialog.getByLabel('Cancellation figures');
  // 25 % of 60 000 is kept; of the 18 000 paid, 3 000 goes back
  await expect(figures).toContainText(spaced(`Price of the request${money(60000)}`));
  await expect(figures).toContainText(spaced(`Paid${money(18000)}`));
  await expect(figures).toContainText(spaced(`Penalty, 25% of the price${money(15000)}`));
  await expect(figures).toContainText(spaced(`To refund to the tourist${money(3000)}`));
  await expect(dialog.getByText('Permits and the cabins booked for the group.')).toBeVisible();

  await dialog.getByRole('radio', { name: 'The tourist asked to cancel' }).click();
  await dialog.getByLabel('Message to the client').fill('Family reasons');
  await dialog.getByRole('button', { name: 'Cancel the request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Canceled by tourist').first()).toBeVisible();
  await expect(page.getByText(spaced(`Cancellation penalty: ${money(15000)}`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
  expect((await requestOf(request, requestId)).status).toBe(5);
});

test('in Russian on a phone: a new request is confirmed, and its cancellation penalty shown', async ({
  browser,
  request,
}) => {
  const id = await ownRequest(request, 'ru', 'Иван Петров');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await open(page, id, 'ru');
  await expect(page.getByRole('heading', { level: 1, name: `Заявка №${id}` })).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Места удерживаются' })).toBeVisible();
  await expect(page.getByLabel('Стоимость')).toContainText(spaced(`Взрослый: ${money(30000, 'ru')} × 2`));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Заявка подтверждена: места закреплены')).toBeVisible();
  await expect(page.getByText('Ожидает предоплаты').first()).toBeVisible();

  await page.getByRole('button', { name: 'Отменить заявку' }).click();
  const dialog = page.getByRole('dialog', { name: `Отменить заявку №${id}?` });
  await expect(dialog.getByText(/^До начала поездки (29|30) дней\.$/)).toBeVisible();
  await expect(dialog.getByRole('row', { name: /за 60 дней до начала и позже/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(dialog.getByLabel('Расчёт отмены')).toContainText(spaced(`Штраф, 25% стоимости${money(15000, 'ru')}`));
  await dialog.getByRole('button', { name: 'Не отменять' }).click();
  await expect(dialog).toBeHidden();
  expect((await requestOf(request, id)).status).toBe(2);
  await context.close();
});
