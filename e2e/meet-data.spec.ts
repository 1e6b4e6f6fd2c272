import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newProvider, openSignedIn } from './provider';

/*
 * Issue 16, the request page's meeting details in Chromium against the real server: a provider
 * with a tour, a departure, two meet-data templates (an English default and a Russian one) and own
 * requests, all made and confirmed through the API; in the browser the meeting details are sent
 * from the request page to the customer only, the card says so, and the debug outbox holds the
 * e-mail with the template's place. Once more in Russian on a phone, with the Russian template.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TOUR = `Katun rafting ${run}`;
const PLACE = `Biysk station, main entrance ${run}`;
const RU_PLACE = `Бийск, автовокзал ${run}`;
const DAY_MS = 86_400_000;
const day = (n: number): string => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

let token = '';
let orgId = 0;
let headers: Record<string, string> = {};
let tourId = 0;
let departureId = 0;

interface OutboxItem {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
}

const ok = async (request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> => {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
/** An own request of two, the customer and a tourist each with an e-mail, confirmed. */
const confirmedRequest = async (request: APIRequestContext, key: string, customer: string): Promise<number> => {
  const id = (
    await ok(request, '/crm/api/request/create-request-with-own-type', {
      tour_organizer_id: orgId,
      tour_id: tourId,
      tour_date_id: departureId,
      tourists_count: 2,
      customer_name: customer,
      customer_email: `${key}-customer-${run}@e2e.example`,
      tourists: [{ first_name: 'Ivan', last_name: 'Petrov', email: `${key}-tourist-${run}@e2e.example` }],
      idempotency_key: `meet-${key}-${run}`,
    })
  ).request_id as number;
  await ok(request, '/crm/api/request/confirm', { id });
  return id;
};
/** The outbox's meeting-details mails to `recipient` (newest first), through GET /crm/api/debug/outbox. */
const outboxTo = async (request: APIRequestContext, recipient: string): Promise<OutboxItem[]> => {
  const { items } = (await (await request.get('/crm/api/debug/outbox?limit=100')).json()) as { items: OutboxItem[] };
  return items.filter(
    (m) => m.recipient === recipient && /^(Meeting details|Информация о встрече):/.test(m.subject ?? ''),
  );
};
/** The meeting-details mails to `recipient` once the traveller messages have sent the first (they go in the background). */
const mailsTo = async (request: APIRequestContext, recipient: string): Promise<OutboxItem[]> => {
  await expect.poll(async () => (await outboxTo(request, recipient)).length).toBeGreaterThan(0);
  return outboxTo(request, recipient);
};

test.beforeAll(async ({ request }) => {
  ({ token, orgId, headers } = await newProvider(request, {
    email: `meet-data-${run}@e2e.example`,
    organizer: `Katun Trails ${run}`,
  }));
  tourId = (await ok(request, '/crm/api/tour/create', { organizer_id: orgId, name: TOUR, duration: 3 })).id as number;
  departureId = (
    await ok(request, '/crm/api/tour/save-date', {
      tour_id: tourId,
      date_start: day(20),
      date_end: day(22),
      price: 20000,
      number_of_seats: 10,
    })
  ).id as number;
  await ok(request, '/crm/api/organizer-meet-data-template/create', {
    organizer_id: orgId,
    name: 'Station',
    text: 'We meet for {tour.name} on {tour_date.date_start} at 8 am. Bring your passport.',
    place: PLACE,
    contact_phone: '+79991234567',
    is_default: true,
  });
  await ok(request, '/crm/api/organizer-meet-data-template/create', {
    organizer_id: orgId,
    name: 'Автовокзал',
    text: 'Встречаемся {tour_date.date_start} в 8:00, тур «{tour.name}». Возьмите паспорт.',
    place: RU_PLACE,
    contact_phone: '+79990000001',
  });
});

const open = (page: Page, id: number, language: 'en' | 'ru' = 'en') =>
  openSignedIn(page, `/org/${orgId}/bookings/${id}`, token, language);

test('the meeting details go to the customer only; the card says so and the outbox holds the mail', async ({
  page,
  request,
}) => {
  const id = await confirmedRequest(request, 'en', 'Olga Petrova');
  const customer = `en-customer-${run}@e2e.example`;
  const tourist = `en-tourist-${run}@e2e.example`;
  await open(page, id);
  const card = page.locator('div.rounded-2xl').filter({ has: page.getByRole('heading', { name: 'Meeting details' }) });
  await expect(card.getByText('Not sent yet: tell the tourists where and when to meet.')).toBeVisible();
  await card.getByRole('button', { name: 'Send meeting details' }).click();

  const dialog = page.getByRole('dialog', { name: `Meeting details for request #${id}` });
  await expect(dialog.getByRole('combobox', { name: 'Template' })).toHaveText('Station (default)');
  const text = dialog.getByRole('textbox', { name: /Message/ });
  // the placeholders filled from the request
  await expect(text).toHaveValue(
    new RegExp(`^We meet for ${TOUR} on \\w+ \\d+, \\d{4} at 8 am\\. Bring your passport\\.$`),
  );
  await expect(dialog.getByText(PLACE)).toBeVisible();
  await expect(dialog.getByText('+79991234567')).toBeVisible();
  const touristBox = dialog.getByRole('checkbox', { name: /Ivan Petrov/ });
  await expect(dialog.getByRole('checkbox', { name: /Olga Petrova/ })).toBeChecked();
  await expect(touristBox).toBeChecked();
  // by keyboard: the tourist's box unticked with Space
  await touristBox.focus();
  await page.keyboard.press('Space');
  await expect(touristBox).not.toBeChecked();
  await text.fill(`${await text.inputValue()}\nThe guide wears a red cap.`);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(page.getByText('Meeting details sent to 1 recipient')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(`To ${customer}`)).toBeVisible();
  await expect(card.getByText('Template: Station')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send again' })).toBeEnabled();

  const [mail] = await mailsTo(request, customer);
  expect(mail?.subject).toMatch(new RegExp(`^Meeting details: ${TOUR}, `));
  expect(mail?.body).toContain('Hello, Olga Petrova!');
  expect(mail?.body).toContain('The guide wears a red cap.');
  expect(mail?.body).toContain(`Meeting point: ${PLACE}`);
  expect(mail?.body).toContain('Contact phone: +79991234567');
  expect(await outboxTo(request, tourist)).toEqual([]);

  // a second click at once is refused by the server's 30 s guard: nothing more is mailed
  await card.getByRole('button', { name: 'Send again' }).click();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page.getByText(/The meeting details have just been sent; you can send them again in \d+ s/),
  ).toBeVisible();
  expect(await outboxTo(request, customer)).toHaveLength(1);
});

test('in Russian on a phone: the Russian template, sent to the customer', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await confirmedRequest(request, 'ru', 'Ольга Петрова');
  const customer = `ru-customer-${run}@e2e.example`;
  await open(page, id, 'ru');
  const card = page
    .locator('div.rounded-2xl')
    .filter({ has: page.getByRole('heading', { name: 'Информация о встрече' }) });
  await card.getByRole('button', { name: 'Отправить информацию о встрече' }).click();
  const dialog = page.getByRole('dialog', { name: `Информация о встрече по заявке №${id}` });
  await dialog.getByRole('combobox', { name: 'Шаблон' }).click();
  await page.getByRole('option', { name: 'Автовокзал' }).click();
  const text = dialog.getByRole('textbox', { name: /Сообщение/ });
  await expect(text).toHaveValue(new RegExp(`^Встречаемся \\d+\\s\\S+\\s\\d{4}\\sг\\. в 8:00, тур «${TOUR}»\\.`));
  await expect(dialog.getByText(RU_PLACE)).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Ivan/ }).click();
  await dialog.getByRole('button', { name: 'Отправить', exact: true }).click();
  await expect(page.getByText('Информация о встрече отправлена 1 получателю')).toBeVisible();
  await expect(card.getByText(`Кому: ${customer}`)).toBeVisible();
  await expect(card.getByText('Шаблон: Автовокзал')).toBeVisible();

  const [mail] = await mailsTo(request, customer);
  expect(mail?.subject).toMatch(new RegExp(`^Информация о встрече: ${TOUR}, `));
  expect(mail?.body).toContain('Здравствуйте, Ольга Петрова!');
  expect(mail?.body).toContain(`Место встречи: ${RU_PLACE}`);
});
