import { expect, test, type APIRequestContext } from '@playwright/test';
import { newProvider, openSignedIn, register } from './provider';

/*
 * Issue 29, the departure panel in Chromium against the real server: a new provider's calendar, as
 * the manager the owner invited, "Manage" on a departure — a guide assigned (the clash with
 * another departure seen), the travellers messaged (the request's chat shows it, the traveller
 * message is sent), the departure canceled with the preview (the prepaid request canceled by the
 * author, its prepayment refunded, the cancellation notice naming the refund sent). Once more in
 * Russian on a phone. Serial: each step builds on the one before.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DAY_MS = 86_400_000;
const day = (n: number): string => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const CUSTOMER = `Ivan Petrov ${run}`;

let token = '';
let managerToken = '';
let orgId = 0;
let payToken = '';
let headers: Record<string, string> = {};
let tourId = 0;
let d1 = 0;
let requestId = 0;

const ok = async (request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> => {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
const get = async (request: APIRequestContext, url: string): Promise<Record<string, unknown>> => {
  const res = await request.get(url, { headers });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
const departure = async (request: APIRequestContext, start: number) =>
  (
    await ok(request, '/crm/api/tour/save-date', {
      tour_id: tourId,
      date_start: day(start),
      date_end: day(start + 2),
      price: 20000,
      number_of_seats: 10,
    })
  ).id as number;
const book = async (request: APIRequestContext, dateId: number, name: string, email: string) =>
  (
    await ok(request, '/crm/api/request/create-request-with-own-type', {
      tour_organizer_id: orgId,
      tour_id: tourId,
      tour_date_id: dateId,
      tourists_count: 2,
      customer_name: name,
      customer_email: email,
      idempotency_key: `departures-${dateId}-${run}`,
    })
  ).request_id as number;
type Timeline = { items: { id: number; kind: string }[] };

test.beforeAll(async ({ request }) => {
  ({ token, orgId, headers } = await newProvider(request, {
    email: `departures-${run}@e2e.example`,
    organizer: `Altai Trails ${run}`,
  }));
  tourId = (await ok(request, '/crm/api/tour/create', { organizer_id: orgId, name: 'Altai ridge', duration: 3 }))
    .id as number;
  const other = (await ok(request, '/crm/api/tour/create', { organizer_id: orgId, name: 'Baikal ice', duration: 3 }))
    .id as number;
  const olga = (await ok(request, '/crm/api/tour/create-guide', { organizer_id: orgId, first_name: 'Olga' }))
    .id as number;
  d1 = await departure(request, 30);
  // Olga already runs a Baikal departure on overlapping days
  const baikal = (
    await ok(request, '/crm/api/tour/save-date', {
      tour_id: other,
      date_start: day(31),
      date_end: day(33),
      price: 20000,
      number_of_seats: 10,
    })
  ).id as number;
  await ok(request, '/crm/api/departure/set-guides', { organizer_id: orgId, tour_date_id: baikal, guide_ids: [olga] });
  requestId = await book(request, d1, CUSTOMER, `ivan-${run}@e2e.example`);
  // the traveller owes a prepayment of RUB 6,000 (paid on the sandbox page in the test)
  await ok(request, '/crm/api/request/confirm', { id: requestId });
  const invoice = await ok(request, '/crm/api/invoice/create-payment', {
    request_id: requestId,
    amount: 6000,
    payment_type: 'prepayment',
    title: 'Prepayment',
  });
  payToken = String(invoice.payment_url).split('/pay/')[1]!;

  // the owner's manager: invited, signed up, joined
  const email = `departures-manager-${run}@e2e.example`;
  await ok(request, '/crm/api/team/invite', { organizer_id: orgId, email, role: 'manager' });
  let invitation = '';
  await expect
    .poll(async () => {
      const { items } = (await (await request.get('/crm/api/debug/outbox?limit=50')).json()) as {
        items: { recipient: string; body: string }[];
      };
      const mail = items.find((m) => m.recipient === email && /\/org\/invite\/[\w-]+/.test(m.body));
      invitation = mail ? /\/org\/invite\/([\w-]+)/.exec(mail.body)![1]! : '';
      return invitation;
    })
    .not.toBe('');
  managerToken = await register(request, { email, password: 'Str0ng!pass', confirm_password: 'Str0ng!pass' });
  const joined = await request.post('/crm/api/team/accept', {
    headers: { Authorization: `Bearer ${managerToken}` },
    data: { token: invitation },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
});

test('the manager assigns a guide (the clash seen), messages the travellers, cancels with the preview', async ({
  page,
  request,
}) => {
  // the traveller pays the prepayment
  await page.goto(`/pay/${payToken}?lang=en`);
  await page.getByRole('radio', { name: /Bank card/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment received', level: 1 })).toBeVisible();
  await expect.poll(async () => (await get(request, `/crm/api/request/get?id=${requestId}`)).paid_amount).toBe(6000);

  await openSignedIn(page, `/org/${orgId}/departures?day=${day(30)}`, managerToken);
  await page.getByRole('button', { name: /Manage the departure Altai ridge/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'Olga' }).click();
  await dialog.getByRole('button', { name: 'Save guides' }).click();
  await expect(dialog.getByRole('alert')).toContainText('A guide is on another departure at the same time:');
  await expect(dialog.getByRole('alert')).toContainText('Olga: Baikal ice');

  // a message to everyone on it: into the request's chat and to the traveller
  await dialog.getByRole('button', { name: 'Message travellers' }).click();
  await dialog.getByLabel('Message to everyone on this departure').fill('Meet at 7:00 by the bus.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Sent to 1 request');
  // the provider's only chat: the request's, made by the message
  const chats = (await get(request, `/crm/api/chat/list?tour_organizer_id=${orgId}`)) as { items: { id: number }[] };
  expect(chats.items).toHaveLength(1);
  const chat = (await get(request, `/crm/api/chat/get-messages?chat_id=${chats.items[0]!.id}`)) as {
    items: { text: string }[];
  };
  expect(chat.items.map((m) => m.text)).toEqual(['Meet at 7:00 by the bus.']);
  await expect
    .poll(async () =>
      ((await get(request, `/crm/api/traveller-messages/list?request_id=${requestId}`)) as Timeline).items.map(
        (m) => m.kind,
      ),
    )
    .toContain('departure_message');

  // cancel: the preview names who and the refund, the confirm cancels and tells them
  await dialog.getByRole('button', { name: 'Cancel departure' }).click();
  const row = dialog.getByRole('row', { name: new RegExp(CUSTOMER) });
  await expect(row).toContainText('2');
  // paid 6,000, all of it back under the default rule (a full refund)
  await expect(row).toContainText(/6,000\.00.*6,000\.00/);
  await dialog.getByLabel('Message to the travellers (optional)').fill('A storm is coming.');
  await dialog.getByRole('button', { name: 'Cancel the departure' }).click();
  await expect(dialog.getByRole('status')).toContainText('Departure canceled: 1 request canceled');
  expect((await get(request, `/crm/api/request/get?id=${requestId}`)).status).toBe(6);
  let noticeId = 0;
  await expect
    .poll(async () => {
      const items = ((await get(request, `/crm/api/traveller-messages/list?request_id=${requestId}`)) as Timeline)
        .items;
      noticeId = items.find((m) => m.kind === 'canceled')?.id ?? 0;
      return noticeId;
    })
    .toBeGreaterThan(0);
  const notice = (await get(request, `/crm/api/traveller-messages/view?id=${noticeId}`)) as {
    rendered: { text: string };
  };
  expect(notice.rendered.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('A storm is coming.');
  expect(notice.rendered.text.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/To be refunded: (RUB|₽) ?6,000\.00/);
  // the prepayment went back to the payer
  await expect.poll(async () => (await get(request, `/crm/api/request/get?id=${requestId}`)).paid_amount).toBe(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.locator(`[data-status="canceled"]`)).toHaveCount(1);
});

test('in Russian on a phone: a departure canceled from the panel', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const d2 = await departure(request, 40);
  const other = await book(request, d2, `Мария ${run}`, `maria-${run}@e2e.example`);
  await openSignedIn(page, `/org/${orgId}/departures?day=${day(40)}&view=day`, token, 'ru');
  await page.getByRole('button', { name: /Управлять заездом Altai ridge/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Отменить заезд' }).click();
  await expect(dialog.getByRole('row', { name: new RegExp(`Мария ${run}`) })).toBeVisible();
  await dialog.getByRole('button', { name: 'Подтвердить отмену заезда' }).click();
  await expect(dialog.getByRole('status')).toContainText('Заезд отменён: отменена 1 заявка');
  expect((await get(request, `/crm/api/request/get?id=${other}`)).status).toBe(6);
});
