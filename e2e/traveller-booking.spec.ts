import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PHONE, fillCheckout, setupCheckoutSite, watched, type CheckoutSite } from './checkout-setup';

/*
 * Issue 27, the traveller's booking page in Chromium on a phone against the real server: a
 * traveller books on the provider's site (instant booking), opens the booking link from the
 * e-mail in the outbox, pays the prepayment and then the balance in the sandbox from the page,
 * and cancels: the penalty and refund are shown before the cancel is confirmed. Then in Russian.
 */
test.describe.configure({ mode: 'serial' });

let site: CheckoutSite;
const SHOTS = process.env.SHOTS_DIR;

test.beforeAll(async ({ request }) => {
  site = await setupCheckoutSite(request, { prefix: 'mine', seats: 8, offset: 40, pick: 'last' });
  // the tour's own cancellation terms: 40 days before the start costs 20%
  await site.call(request, 'POST', '/crm/api/tour/update', {
    id: site.tourId,
    instant_booking: true,
    use_standard_cancellation_terms: false,
    penalties: [{ days_before: 60, percent: 20 }],
  });
});

/** The booking link the traveller was e-mailed (the confirmed message), as a path on this server. */
const bookingLinkOf = async (request: APIRequestContext, email: string, lang: 'en' | 'ru'): Promise<string> => {
  let path = '';
  const pattern = new RegExp(`/org/booking/[\\w-]{43}\\?lang=${lang}`);
  await expect
    .poll(
      async () => {
        const outbox = (await (await request.get('/crm/api/debug/outbox?limit=200')).json()) as {
          items: { recipient: string; body: string }[];
        };
        const mail = outbox.items.find((m) => m.recipient === email && pattern.test(m.body));
        path = mail ? pattern.exec(mail.body)![0] : '';
        return path;
      },
      { message: 'the booking link is e-mailed', timeout: 60_000, intervals: [1_000] },
    )
    .not.toBe('');
  return path;
};

const book = async (page: Page, lang: 'en' | 'ru', email: string) => {
  await fillCheckout(page, site, { lang, adults: 2, name: `Olga ${site.run}`, email, phone: '+7 999 123-45-67' });
  await page.getByRole('button', { name: lang === 'en' ? 'Book' : 'Забронировать', exact: true }).click();
  await expect(page.getByTestId('checkout-done')).toBeVisible();
  return Number(await page.getByTestId('checkout-number').textContent());
};

const paySandbox = async (page: Page, lang: 'en' | 'ru') => {
  await page.getByRole('radio', { name: lang === 'en' ? /Bank card/ : /Банковская карта/ }).check();
  await page.getByRole('button', { name: lang === 'en' ? /^Pay / : /^Оплатить/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Payment received' : /Оплата получена/ }),
  ).toBeVisible();
};

test('in English: the e-mailed link opens the booking; the balance is paid; the cancel shows its penalty first', async ({
  browser,
  request,
}) => {
  const email = `mine-${site.run}@e2e.example`;
  const { context, page, errors } = await watched(browser, PHONE);
  const number = await book(page, 'en', email);
  expect(number).toBeGreaterThan(0);
  // the success screen links the page too
  await expect(page.getByTestId('checkout-booking-link')).toHaveAttribute(
    'href',
    /\/org\/booking\/[\w-]{43}\?lang=en$/,
  );
  const link = await bookingLinkOf(request, email, 'en');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(`Booking No. ${number}`)).toBeVisible();
  await expect(page.getByRole('status').first()).toHaveText('Confirmed: waiting for the prepayment');
  const crm = await site.call(request, 'GET', `/crm/api/request/get?id=${number}`);
  const total = crm.price as number;
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/booking-en.png`, fullPage: true });

  // the prepayment first (the open invoice), then the rest
  await page.getByRole('button', { name: /^Pay RUB/ }).click();
  await paySandbox(page, 'en');
  await page.goto(link);
  await expect(page.getByRole('status').first()).toHaveText('Confirmed and prepaid');
  await page.getByRole('button', { name: /^Pay RUB/ }).click();
  await paySandbox(page, 'en');
  await expect
    .poll(async () => (await site.call(request, 'GET', `/crm/api/request/get?id=${number}`)).paid_amount)
    .toBe(total);
  await page.goto(link);
  await expect(page.getByRole('button', { name: /^Pay RUB/ })).toHaveCount(0);
  const documents = page.getByRole('region', { name: 'Documents' });
  // the contract and the two invoices
  await expect(documents.getByRole('listitem')).toHaveCount(3);
  await expect(documents.getByRole('listitem').first()).toContainText('Contract (PDF)');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await fs.promises.readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // cancel: the penalty and refund the server computes, shown before anything is canceled
  const quote = (await (
    await request.get(`/spa/booking/cancel-quote?token=${link.split('/')[3]!.split('?')[0]}`)
  ).json()) as {
    penalty_amount: number;
    refund_amount: number;
  };
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const cancel = page.getByRole('region', { name: 'Cancel this booking' });
  await expect(cancel.getByText('Penalty', { exact: true })).toBeVisible();
  await expect(cancel).toContainText('Cancelling now, 60 days or fewer before the start, costs 20% of the price.');
  expect(quote.penalty_amount).toBeGreaterThan(0);
  const money = (n: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'RUB', minimumFractionDigits: 2 }).format(n);
  await expect(cancel).toContainText(money(quote.penalty_amount));
  await expect(cancel).toContainText(money(quote.refund_amount));
  expect((await site.call(request, 'GET', `/crm/api/request/get?id=${number}`)).status).toBe(3);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cancel-en.png`, fullPage: true });
  await cancel.getByRole('button', { name: /^Cancel with penalty/ }).click();
  await expect(page.getByText('Canceled by you')).toBeVisible();
  expect((await site.call(request, 'GET', `/crm/api/request/get?id=${number}`)).status).toBe(5);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/canceled-en.png`, fullPage: true });
  expect(errors.filter((e) => !e.includes('/socket.io/'))).toEqual([]);
  await context.close();
});

test('in Russian: the booking page and the cancel with its penalty shown first', async ({ browser, request }) => {
  // checkout.spec (run beside this one) may share the demo tour and switch it to request-to-book
  await site.call(request, 'POST', '/crm/api/tour/update', { id: site.tourId, instant_booking: true });
  const email = `mine-ru-${site.run}@e2e.example`;
  const { context, page, errors } = await watched(browser, { ...PHONE, locale: 'ru-RU' });
  const number = await book(page, 'ru', email);
  const link = await bookingLinkOf(request, email, 'ru');
  await page.goto(link);
  await expect(page.getByText(`Бронирование № ${number}`)).toBeVisible();
  await expect(page.getByRole('status').first()).toHaveText('Подтверждено: ждёт предоплаты');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/booking-ru.png`, fullPage: true });
  await page.getByRole('button', { name: 'Отменить бронирование' }).click();
  const cancel = page.getByRole('region', { name: 'Отмена бронирования' });
  await expect(cancel.getByText('Штраф', { exact: true })).toBeVisible();
  await expect(cancel.getByText('Возврат', { exact: true })).toBeVisible();
  await expect(cancel).toContainText('стоит 20% от цены');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cancel-ru.png`, fullPage: true });
  await cancel.getByRole('button', { name: /^Отменить со штрафом/ }).click();
  await expect(page.getByText('Отменено вами')).toBeVisible();
  expect((await site.call(request, 'GET', `/crm/api/request/get?id=${number}`)).status).toBe(5);
  expect(errors.filter((e) => !e.includes('/socket.io/'))).toEqual([]);
  await context.close();
});
