import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { newProvider, openSignedIn } from './provider';

/*
 * Issue 28, the reports screen in Chromium against the real server: a new provider's booking paid
 * on the sandbox page shows in the revenue report with its exact figures, a chart is drawn beside
 * the table, and the CSV and XLSX downloads hold the screen's figures; the demo organizer's
 * reports (the seed's bookings) show figures in every tab; one pass in Russian.
 */
test.describe.configure({ mode: 'serial' });

const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let provider: { token: string; orgId: number; headers: Record<string, string> };

const api = async (request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown) => {
  const res =
    method === 'GET'
      ? await request.get(url, { headers: provider.headers })
      : await request.post(url, { headers: provider.headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};

let payToken = '';

test.beforeAll(async ({ request }) => {
  provider = await newProvider(request, {
    email: `reports-${Date.now().toString(36)}@e2e.example`,
    organizer: 'Chuya Riders',
  });
  const tour = await api(request, 'POST', '/crm/api/tour/create', {
    organizer_id: provider.orgId,
    name: 'Chuya highway by bike',
    currency: 'RUB',
  });
  const date = await api(request, 'POST', '/crm/api/tour/save-date', {
    tour_id: tour.id,
    date_start: day(20),
    date_end: day(22),
    price: 10000,
    number_of_seats: 12,
    prepayment_type: 'percent',
    prepayment_size: 30,
  });
  const book = (name: string) =>
    api(request, 'POST', '/crm/api/request/create-request-with-own-type', {
      tour_organizer_id: provider.orgId,
      tour_id: tour.id,
      tour_date_id: date.id,
      tourists_count: 2,
      customer_name: name,
      customer_email: 'rider@example.com',
      idempotency_key: `e2e-reports-${name.replace(/\W/g, '-')}-${Date.now()}`,
    });
  const paid = (await book('Olga Petrova')).request_id as number;
  await book('Ivan Sokolov');
  await api(request, 'POST', '/crm/api/request/confirm', { id: paid });
  const invoice = await api(request, 'POST', '/crm/api/invoice/create-payment', {
    request_id: paid,
    amount: 6000,
    payment_type: 'prepayment',
    title: 'Prepayment',
  });
  payToken = String(invoice.payment_url).split('/pay/')[1]!;
});

/** The cells of the screen's table: the heading row, then every row (the totals last). */
const screenTable = async (page: Page, name: string): Promise<string[][]> =>
  page
    .getByRole('table', { name })
    .locator('tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent!.trim())));

/** A number as the screen writes it in English (RUB 34,000.00, 40 %) or a file holds it (34000.00). */
const numberOf = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));

const downloadOf = async (page: Page, button: string): Promise<{ name: string; file: string }> => {
  const downloading: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), file: (await download.path())! };
};

const xlsxRows = async (file: string): Promise<unknown[][]> => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

test('a paid booking shows in the revenue report with a chart; CSV and XLSX hold the screen’s figures', async ({
  page,
}) => {
  // the payer pays the prepayment on the sandbox page
  await page.goto(`/pay/${payToken}?lang=en`);
  await page.getByRole('radio', { name: /Bank card/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/org\/success/);

  await openSignedIn(page, `/org/${provider.orgId}/reports`, provider.token, 'en');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Revenue', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Revenue: the figures' });
  const total = table.locator('tfoot tr');
  await expect(total).toContainText('Total');
  // two bookings of 2 × 10,000.00; 6,000.00 paid, none refunded, 34,000.00 still to pay
  await expect(total).toContainText('RUB 40,000.00');
  await expect(total).toContainText('RUB 6,000.00');
  await expect(total).toContainText('RUB 34,000.00');
  const chart = page.getByRole('img', { name: 'Revenue chart, RUB. The table below holds the same figures.' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.locator('.u-legend')).toContainText('Outstanding');

  const shown = await screenTable(page, 'Revenue: the figures');
  const csv = await downloadOf(page, 'Export CSV');
  expect(csv.name).toMatch(/^report-revenue.*\.csv$/);
  const text = fs.readFileSync(csv.file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
  expect(rows[0]).toEqual(shown[0]);
  expect(rows.length).toBe(shown.length);
  // every figure of every row: counts and amounts equal the screen's
  for (let i = 1; i < rows.length; i++)
    expect(rows[i]!.slice(2).map(numberOf)).toEqual(shown[i]!.slice(2).map(numberOf));
  await expect(page.getByText('The report is downloaded')).toBeVisible();

  const xlsx = await downloadOf(page, 'Export XLSX');
  expect(xlsx.name).toMatch(/^report-revenue.*\.xlsx$/);
  const sheet = await xlsxRows(xlsx.file);
  expect(sheet[0]).toEqual(shown[0]);
  for (let i = 1; i < sheet.length; i++) expect(sheet[i]!.slice(2)).toEqual(shown[i]!.slice(2).map(numberOf));

  // the ledger's totals are the payments screen's
  await page.getByRole('tab', { name: 'Payments' }).click();
  const ledger = page.getByRole('table', { name: 'Payments: the figures' }).locator('tfoot tr');
  await expect(ledger).toContainText('RUB 6,000.00');
  await page.getByRole('link', { name: 'Open the payments screen' }).click();
  await expect(page.getByTestId('totals-RUB').getByTestId('total-paid')).toHaveText('RUB 6,000.00');
});

test('the occupancy of the departure: sold, held and free seats', async ({ page }) => {
  await openSignedIn(page, `/org/${provider.orgId}/reports?report=occupancy`, provider.token, 'en');
  const row = page.getByRole('table', { name: 'Occupancy: the figures' }).locator('tbody tr').first();
  await expect(row).toContainText('Chuya highway by bike');
  await expect(row).toContainText('upcoming');
  // 12 seats: 2 sold (confirmed), 2 held (the new request), 8 free, a third full
  await expect(row.locator('td').nth(2)).toHaveText('12');
  await expect(row.locator('td').nth(3)).toHaveText('2');
  await expect(row.locator('td').nth(4)).toHaveText('2');
  await expect(row.locator('td').nth(5)).toHaveText('8');
  await expect(row.locator('td').nth(6)).toHaveText('33.3 %');
});

test('the demo organizer’s reports show the seed’s figures in every tab, in Russian too', async ({ page, request }) => {
  const auth = await request.post('/crm/api/user/auth', { headers: { 'X-USER-ROLE': 'org' }, data: DEMO });
  const { token } = (await auth.json()) as { token: string };
  const orgs = (await (
    await request.get('/crm/api/organizer/list', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: number; name: string }[];
  const orgId = orgs.find((o) => o.name === 'Altai Trails')!.id;
  await openSignedIn(page, `/org/${orgId}/reports`, token, 'en');
  for (const [tab, name] of [
    ['Revenue', 'Revenue: the figures'],
    ['Sales by source', 'Sales by source: the figures'],
    ['Occupancy', 'Occupancy: the figures'],
    ['Cancellations', 'Cancellations: the figures'],
    ['Payments', 'Payments: the figures'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    const table = page.getByRole('table', { name });
    await expect(table).toBeVisible();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect(page.getByRole('img', { name: new RegExp(`^${tab} chart`) }).locator('canvas')).toBeVisible();
  }

  await openSignedIn(page, `/org/${orgId}/reports?report=sales`, token, 'ru');
  await expect(page.getByRole('heading', { name: 'Отчёты', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Продажи по источникам', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Продажи по источникам: цифры' });
  await expect(table.locator('thead')).toContainText('Комиссия маркетплейса');
  await expect(table.locator('tfoot')).toContainText('Итого');
  const csv = await downloadOf(page, 'Скачать CSV');
  const text = fs.readFileSync(csv.file, 'utf8');
  expect(text.slice(1).split('\r\n')[0]).toBe(
    'Источник;Валюта;Заявки;Туристы;Продано;Оплачено (за вычетом возвратов);Комиссия маркетплейса;Комиссия агентов',
  );
  await expect(page.getByText('Отчёт скачан')).toBeVisible();
});
