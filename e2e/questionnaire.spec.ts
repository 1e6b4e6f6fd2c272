import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_TELEGRAM } from './e2e-env';
import { newProvider } from './provider';

/*
 * Issue 16, the tourists' questionnaire link, in Chromium against the real server: a provider
 * makes a request through the API (its tour, departure and the request itself); a tourist with
 * no account opens the link on a phone (390×844, a Russian browser), is refused a birthday in the
 * future on the field, fills in their own data, adds a second traveller to the last place; the
 * provider's API then has both, filled in.
 */
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TOUR = `Мультинские озёра ${run}`;
const DAY_MS = 86_400_000;
const day = (n: number): string => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

let headers: Record<string, string> = {};
let requestId = 0;
let uuid = '';

const ok = async (request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> => {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};

test.beforeAll(async ({ request }) => {
  const provider = await newProvider(request, { email: `questionnaire-${run}@e2e.example`, organizer: `Altai ${run}` });
  headers = provider.headers;
  await ok(request, '/crm/api/organizer/update', {
    id: provider.orgId,
    // a long address (60+ characters, no space or hyphen to break at): it must still fit the phone
    contacts: { phone: '+79991112233', email: `reservationsandbookingsforthealtai${run}@altaiexpeditions.example` },
  });
  const tour = await ok(request, '/crm/api/tour/create', {
    organizer_id: provider.orgId,
    name: TOUR,
    gathering_place: 'Горно-Алтайск, автовокзал',
    in_price: 'Гиды\nПитание',
    not_in_price: 'Авиабилеты',
    duration: 5,
  });
  const departure = await ok(request, '/crm/api/tour/save-date', {
    tour_id: tour.id,
    date_start: day(40),
    date_end: day(44),
    price: 30000,
    number_of_seats: 10,
  });
  // the request the way the provider makes one by hand: two places, the booker already listed
  const booking = await ok(request, '/crm/api/request/create-request-with-own-type', {
    tour_organizer_id: provider.orgId,
    tour_id: tour.id,
    tour_date_id: departure.id,
    tourists_count: 2,
    customer_name: 'Иван Петров',
    tourists: [{ first_name: 'Иван', last_name: 'Петров', is_contact_person: true }],
    idempotency_key: `questionnaire-${run}`,
  });
  requestId = booking.request_id as number;
  uuid = booking.uuid as string;
});

test('a tourist on a phone fills in the questionnaire in Russian; the provider’s API has it', async ({
  browser,
  request,
}) => {
  // no account, no token: a fresh browser whose language is Russian
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
  });
  const page = await context.newPage();
  await page.goto(`/org/questionnaire/${uuid}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Анкета туристов' })).toBeVisible();
  await expect(page.getByRole('heading', { name: TOUR })).toBeVisible();
  await expect(page.getByText('Горно-Алтайск, автовокзал')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Позвонить: +79991112233' })).toHaveAttribute('href', 'tel:+79991112233');
  await expect(page.getByText('В списке 1 из 2')).toBeVisible();
  const write = page.getByRole('link', { name: /^Написать: reservationsandbookingsforthealtai/ });
  const address = (await write.boundingBox())!;
  expect(address.x + address.width).toBeLessThanOrEqual(375);
  // the bot's link in Russian, its long label wrapping inside its card on the phone
  const telegram = page.getByRole('link', { name: 'Получать сообщения о бронировании в Telegram' });
  await expect(telegram).toHaveAttribute('href', new RegExp(`\\?start=rq-${requestId}-ru-`));
  const telegramBox = (await telegram.boundingBox())!;
  const telegramCard = (await telegram.locator('xpath=..').boundingBox())!;
  expect(telegramBox.x + telegramBox.width).toBeLessThanOrEqual(telegramCard.x + telegramCard.width);
  // the address wraps inside the organizer's card, and the page fits the phone: nothing scrolls sideways
  const card = write.locator('xpath=ancestor::section[1]');
  expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Заполнить анкету: Петров Иван' }).click();
  await expect(page.getByRole('textbox', { name: /^Имя/ })).toHaveValue('Иван');
  // a birthday in the future is refused on its field before anything is sent
  await page.getByLabel('Дата рождения').fill(day(3));
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Дата рождения не может быть в будущем')).toBeVisible();

  await page.getByRole('textbox', { name: 'Отчество' }).fill('Сергеевич');
  await page.getByLabel('Дата рождения').fill('1985-04-12');
  await page.getByRole('textbox', { name: 'Паспорт' }).fill('4510 123456');
  await page.getByRole('textbox', { name: 'Телефон' }).pressSequentially('9161234567');
  await page.getByRole('textbox', { name: 'Ограничения в питании' }).fill('без глютена');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('heading', { name: 'Спасибо, Иван!' })).toBeVisible();
  await expect(page.getByText('12 апреля 1985 г.')).toBeVisible();
  await page.getByRole('button', { name: 'К списку участников' }).click();
  await expect(page.getByRole('button', { name: 'Изменить анкету: Петров Иван Сергеевич' })).toBeVisible();
  // what Ivan sent is not on the shared list
  await expect(page.getByText('4510 123456')).toHaveCount(0);

  // the second traveller takes the last place
  await page.getByRole('button', { name: 'Добавить себя' }).click();
  await page.getByRole('textbox', { name: /^Фамилия/ }).fill('Петрова');
  await page.getByRole('textbox', { name: /^Имя/ }).fill('Мария');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('heading', { name: 'Спасибо, Мария!' })).toBeVisible();
  await page.getByRole('button', { name: 'К списку участников' }).click();
  await expect(page.getByText('В списке 2 из 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить себя' })).toHaveCount(0);
  await expect(page.getByText('Все места в этой заявке заняты.', { exact: false })).toBeVisible();
  await context.close();

  // the provider's side: both travellers, filled in, with what they sent
  const res = await request.get(`/crm/api/request/get?id=${requestId}`, { headers });
  expect(res.ok()).toBe(true);
  const { tourists } = (await res.json()) as { tourists: Record<string, unknown>[] };
  expect(tourists).toEqual([
    expect.objectContaining({
      full_name: 'Петров Иван Сергеевич',
      birthday: '1985-04-12',
      passport: '4510 123456',
      phone: '+79161234567',
      food_restriction: 'без глютена',
      is_contact_person: true,
      is_questionnaire_filled: true,
    }),
    expect.objectContaining({ full_name: 'Петрова Мария', is_questionnaire_filled: true }),
  ]);
});

test('an unknown link says it is no longer valid', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`/org/questionnaire/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByText('This link is no longer valid')).toBeVisible();
  await context.close();
});

test('a traveller links Telegram to the booking from the page, sees it linked, and unlinks it', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`/org/questionnaire/${uuid}`);
  const get = page.getByRole('link', { name: 'Get booking updates in Telegram' });
  await expect(get).toHaveAttribute('target', '_blank');
  const href = (await get.getAttribute('href'))!;
  expect(href).toMatch(
    new RegExp(`^https://t\\.me/${E2E_TELEGRAM.username}\\?start=rq-${requestId}-en-[A-Za-z0-9_-]{22}$`),
  );

  // the traveller presses Start in the bot: Telegram posts the /start update to the webhook
  const start = await request.post('/crm/api/messenger/telegram/webhook', {
    headers: { 'x-telegram-bot-api-secret-token': E2E_TELEGRAM.secret },
    data: {
      update_id: 1,
      message: {
        message_id: 1,
        chat: { id: 424242, first_name: 'Ivan' },
        from: { id: 424242, language_code: 'en' },
        text: `/start ${new URL(href).searchParams.get('start')}`,
      },
    },
  });
  expect(start.ok()).toBe(true);

  await page.reload();
  await expect(page.getByText('Telegram linked')).toBeVisible();
  await expect(page.getByText('Updates about this booking come to Telegram too.')).toBeVisible();
  await page.getByRole('button', { name: 'Unlink Telegram' }).click();
  await expect(page.getByText('Telegram unlinked: updates about this booking no longer go there.')).toBeVisible();
  await expect(page.getByText('Telegram linked')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get booking updates in Telegram' })).toBeVisible();
  // the server agrees: nothing linked any more
  const after = await request.get(`/crm/api/request/get-by-uuid?uuid=${uuid}`);
  expect(((await after.json()) as { telegram: { is_linked: boolean } }).telegram.is_linked).toBe(false);
  await context.close();
});
