import http from 'node:http';
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eYookassaPort } from './e2e-env';
import { newProvider, openSignedIn } from './provider';

/*
 * Issue 27 in Chromium on a phone: the organizer connects its own YooKassa shop in Settings →
 * Payments (a local stand-in for YooKassa's API answers, as the server's YOOKASSA_API_URL), a
 * traveller's pay page says the money goes to the organizer's own account, Pay goes through that
 * shop (the stand-in sends the payer straight back, paid) and /org/success says whose account took
 * it. Screenshots go to $SHOTS_DIR when it is set.
 */
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PORT = Number(process.env.E2E_PORT ?? 18431);
const SHOP = '506751';
const KEY = 'test_KatunShopKey_000000000001';
const shots = process.env.SHOTS_DIR;
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const yk = { created: [] as string[], server: null as http.Server | null };
const payments = new Map<string, Record<string, unknown>>();

let provider: { token: string; orgId: number; headers: Record<string, string> };
let payToken = '';

const api = async (request: APIRequestContext, url: string, data: unknown) => {
  const res = await request.post(url, { headers: provider.headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};

test.beforeAll(async ({ request }) => {
  yk.server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Basic ${Buffer.from(`${SHOP}:${KEY}`).toString('base64')}`)
        return send(401, { type: 'error', code: 'invalid_credentials' });
      if (req.url === '/v3/me') return send(200, { account_id: SHOP, status: 'enabled' });
      if (req.method === 'POST' && req.url === '/v3/payments') {
        const b = JSON.parse(raw) as { amount: unknown; metadata: unknown; confirmation: { return_url: string } };
        const id = `2e${crypto.randomBytes(6).toString('hex')}`;
        // the payer paid on YooKassa's page at once: its confirmation sends them straight back
        const p = {
          id,
          status: 'succeeded',
          amount: b.amount,
          metadata: b.metadata,
          recipient: { account_id: SHOP, gateway_id: '1' },
          // (on the page's own origin: the pay page's form-action allows itself and https only)
          confirmation: {
            type: 'redirect',
            confirmation_url: b.confirmation.return_url.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${PORT}`),
          },
        };
        payments.set(id, p);
        yk.created.push(id);
        return send(200, p);
      }
      const m = /^\/v3\/payments\/([\w-]+)$/.exec(req.url ?? '');
      if (m && payments.has(m[1]!)) return send(200, payments.get(m[1]!));
      send(404, { type: 'error' });
    });
  });
  await new Promise<void>((resolve) => yk.server!.listen(e2eYookassaPort(PORT), '127.0.0.1', resolve));

  provider = await newProvider(request, {
    email: `own-shop-${Date.now().toString(36)}@e2e.example`,
    organizer: 'Katun Rafting',
  });
  const tour = await api(request, '/crm/api/tour/create', {
    organizer_id: provider.orgId,
    name: 'Katun rapids weekend',
    currency: 'RUB',
  });
  const date = await api(request, '/crm/api/tour/save-date', {
    tour_id: tour.id,
    date_start: day(5),
    date_end: day(7),
    price: 10000,
    number_of_seats: 20,
    full_payment_days: 2,
    prepayment_type: 'percent',
    prepayment_size: 30,
  });
  const created = await api(request, '/crm/api/request/create-request-with-own-type', {
    tour_organizer_id: provider.orgId,
    tour_id: tour.id,
    tour_date_id: date.id,
    tourists_count: 2,
    customer_name: 'Olga Petrova',
    customer_email: 'payer@example.com',
    idempotency_key: `e2e-own-shop-${Date.now()}`,
  });
  await api(request, '/crm/api/request/confirm', { id: created.request_id });
  const inv = await api(request, '/crm/api/invoice/create-payment', {
    request_id: created.request_id,
    amount: 6000,
    payment_type: 'prepayment',
    title: 'Prepayment',
  });
  payToken = String(inv.payment_url).split('/pay/')[1]!;
});
test.afterAll(async () => {
  await new Promise((resolve) => yk.server?.close(resolve));
});

test('without an account the pay page says the platform collects', async ({ page }) => {
  await page.goto(`/pay/${payToken}?lang=en`);
  await expect(page.getByText('Travelpath, collecting for Katun Rafting')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/pay-platform-en.png`, fullPage: true });
});

test('the organizer connects its YooKassa shop in Settings → Payments', async ({ page }) => {
  await openSignedIn(page, `/org/${provider.orgId}/settings/payments`, provider.token);
  await page.getByLabel(/^Shop ID/).fill(SHOP);
  await page.getByLabel(/^Secret key/).fill(KEY);
  await page.getByRole('button', { name: 'Check and connect' }).click();
  await expect(page.getByText('Connected: payments go to your account')).toBeVisible();
  await expect(page.getByTestId('payment-account')).toContainText('•••• 0001');
  await expect(page.getByTestId('payment-account-webhook')).toContainText('/crm/api/payment/yookassa/notification');
  if (shots) await page.screenshot({ path: `${shots}/settings-payments-en.png`, fullPage: true });
});

test('the traveller pays into the organizer’s own account and /org/success says so', async ({ page }) => {
  await page.goto(`/pay/${payToken}?lang=ru`);
  await expect(page.getByText('Счёт ЮKassa организатора «Katun Rafting»')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/pay-organizer-ru.png`, fullPage: true });
  await page.goto(`/pay/${payToken}?lang=en`);
  await expect(page.getByText('Katun Rafting’s own YooKassa account')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/pay-organizer-en.png`, fullPage: true });
  await page.getByRole('radio', { name: /Bank card/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`/org/success\\?invoice=${payToken}`));
  await expect(page.getByRole('heading', { name: 'Payment received', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Payment details')).toContainText('Katun Rafting’s own YooKassa account');
  expect(yk.created).toHaveLength(1);
  if (shots) await page.screenshot({ path: `${shots}/success-organizer-en.png`, fullPage: true });
  await page.goto(`/org/success?invoice=${payToken}&lang=ru`);
  await expect(page.getByLabel('Детали оплаты')).toContainText('Счёт ЮKassa организатора «Katun Rafting»');
  if (shots) await page.screenshot({ path: `${shots}/success-organizer-ru.png`, fullPage: true });
});
