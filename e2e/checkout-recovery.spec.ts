import { expect, test, type APIRequestContext } from '@playwright/test';
import { PHONE, setupCheckoutSite, watched, type CheckoutSite } from './checkout-setup';
import { openSignedIn } from './provider';

/*
 * Issue 27, the abandoned checkout in Chromium against the real server (the e2e server sends the
 * reminder as soon as the hold ends: CHECKOUT_RECOVERY_DELAY_MINUTES=0, swept every 10 s). A
 * traveller holds two places on the site, leaves an e-mail and closes the page; the places come
 * back; the reminder reaches the outbox in Russian with its link; the link holds the same two
 * places again with the contact filled in, and the booking made from it is counted in the sales
 * report, which the provider's Reports screen shows.
 */
test.describe.configure({ mode: 'serial' });

let site: CheckoutSite;

interface OutboxItem {
  id: number;
  recipient: string;
  subject: string | null;
  body: string;
}

const freeSeats = async (request: APIRequestContext) => {
  const o = (await (await request.get(`/spa/checkout/options?tour_id=${site.tourId}`)).json()) as {
    departures: { id: number; free_seats: number }[];
  };
  return o.departures.find((d) => d.id === site.dateId)!.free_seats;
};

const recoveryReport = async (request: APIRequestContext) =>
  (await site.call(request, 'GET', `/crm/api/report/sales?${site.q}&tour_ids=${site.tourId}`)).checkout_recovery as {
    sent: number;
    recovered: number;
  };

test.beforeAll(async ({ request }) => {
  site = await setupCheckoutSite(request, { prefix: 'recover', pick: 'last', offset: 57 });
});

test('an e-mail left in the checkout gets one reminder; its link restores the choice and the booking counts', async ({
  browser,
  request,
}) => {
  const before = await recoveryReport(request);
  const email = `nina-${site.run}@e2e.example`;

  // the traveller holds two places, leaves a name and an e-mail, and goes away
  const first = await watched(browser, { ...PHONE, locale: 'ru-RU' });
  await first.page.goto(site.siteUrl(`/booking?tour=${site.tourId}&date=${site.dateId}&lang=ru`));
  await first.page.getByLabel(/^Взрослый/).fill('2');
  await expect(first.page.getByTestId('checkout-total')).not.toBeEmpty();
  await first.page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(first.page.getByTestId('checkout-countdown')).toBeVisible();
  expect(await freeSeats(request)).toBe(3);
  const form = first.page.getByTestId('checkout');
  await form.getByLabel('Ваше имя').fill(`Нина ${site.run}`);
  const kept = first.page.waitForResponse((r) => r.url().endsWith('/spa/checkout/contact'));
  await form.getByLabel('Ваша эл. почта').fill(email);
  // the e-mail is kept when the field is left
  await form.getByLabel('Ваш телефон').focus();
  expect((await kept).status()).toBe(200);
  expect(first.errors.filter((e) => !e.includes('/socket.io/'))).toEqual([]);
  await first.context.close();
  // leaving the page gives the places back
  await expect.poll(() => freeSeats(request)).toBe(5);

  // one reminder, in Russian, with the link to the site's booking page
  let reminder: OutboxItem | undefined;
  await expect
    .poll(
      async () => {
        const { items } = (await (await request.get('/crm/api/debug/outbox?limit=200')).json()) as {
          items: OutboxItem[];
        };
        reminder = items.find((m) => m.recipient === email);
        return reminder?.subject ?? '';
      },
      { timeout: 45_000 },
    )
    .toMatch(/^Места в туре «.+» ещё свободны$/);
  expect(reminder!.body).toContain(`Здравствуйте, Нина ${site.run}!`);
  const link = new RegExp(
    `http://${site.subdomain}\\.localhost:\\d+/booking\\?tour=${site.tourId}&date=${site.dateId}&recover=[\\w-]+&lang=ru`,
  ).exec(reminder!.body)?.[0];
  expect(link, reminder!.body).toBeTruthy();

  // the link holds the same two places again, with the contact filled in
  const second = await watched(browser, { ...PHONE, locale: 'ru-RU' });
  await second.page.goto(link!);
  await expect(second.page.getByTestId('checkout-countdown')).toHaveText(/Места держатся за вами ещё 1[45]:\d\d/);
  // the link is spent: a reload would start a plain checkout
  await expect.poll(() => new URL(second.page.url()).searchParams.has('recover')).toBe(false);
  expect(await freeSeats(request)).toBe(3);
  const again = second.page.getByTestId('checkout');
  await expect(again.getByLabel('Ваше имя')).toHaveValue(`Нина ${site.run}`);
  await expect(again.getByLabel('Ваша эл. почта')).toHaveValue(email);
  await again.getByLabel('Ваш телефон').fill('+7 999 321-54-76');
  await again.getByRole('checkbox', { name: /^Я принимаю условия организатора/ }).check();
  // instant booking or request-to-book: the demo tour is shared with specs that switch it
  await second.page.getByRole('button', { name: /^(Забронировать|Запросить бронирование)$/ }).click();
  await expect(second.page.getByTestId('checkout-done')).toBeVisible();
  const number = Number(await second.page.getByTestId('checkout-number').textContent());
  const booked = await site.call(request, 'GET', `/crm/api/request/get?id=${number}`);
  expect(booked).toMatchObject({ source: 'direct_sales', tourists_count: 2 });
  expect([1, 2]).toContain(booked.status);
  expect(second.errors.filter((e) => !e.includes('/socket.io/'))).toEqual([]);
  await second.context.close();

  // the reminder was sent once and the booking is counted as recovered
  const after = await recoveryReport(request);
  expect(after.recovered).toBe(before.recovered + 1);
  expect(after.sent).toBeGreaterThanOrEqual(before.sent + 1);
  const { items } = (await (await request.get('/crm/api/debug/outbox?limit=200')).json()) as { items: OutboxItem[] };
  expect(items.filter((m) => m.recipient === email && m.subject?.startsWith('Места в туре'))).toHaveLength(1);

  // the provider's Reports screen shows it
  const { page } = await watched(browser, {});
  const orgId = /organizer_id=(\d+)/.exec(site.q)![1];
  await openSignedIn(page, `/org/${orgId}/reports?report=sales`, site.headers.Authorization!.slice(7), 'en');
  const section = page.getByRole('region', { name: 'Unfinished bookings' });
  await expect(section.getByRole('definition').last()).toHaveText(/^[1-9]\d*$/);
  await expect(section.getByRole('term').last()).toHaveText('Booked from a reminder');
});
