import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { TRAVELLER_MESSAGE_KINDS } from '../packages/contract/src/api/traveller-message-routes';
import { openSignedIn } from './provider';

/*
 * Issue 24, the web side of the messages to travellers, in Chromium against the real server: the
 * demo provider's second organizer (Baikal Expeditions, which no other spec changes) gets a tour,
 * a departure and an own request through the API; the request page shows the message its arrival
 * sent, opens it, and sends a kind again, which appears on the timeline. In Settings a kind turned
 * off is not sent when its moment comes, and an edited text shows in the preview and in what is
 * sent. Once more in Russian on a phone. Serial: each step builds on the one before.
 */
test.describe.configure({ mode: 'serial' });

const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
const DEMO_NAME = 'Anna Sokolova';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TOUR = `Olkhon ice walk ${run}`;
const CUSTOMER = `Olga Petrova ${run}`;
const EMAIL = `olga-${run}@e2e.example`;
const DAY_MS = 86_400_000;
const day = (n: number): string => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

let token = '';
let orgId = 0;
let headers: Record<string, string> = {};
let requestId = 0;

interface TimelineItem {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  sent_by_name: string | null;
}

const ok = async (request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> => {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
};
const timeline = async (request: APIRequestContext): Promise<TimelineItem[]> => {
  const res = await request.get(`/crm/api/traveller-messages/list?request_id=${requestId}`, { headers });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { items: TimelineItem[] }).items;
};
/** The messages card of the request page (its only element with an explicit region role). */
const CARD = '[role="region"][aria-labelledby]';
const open = (page: Page, url: string, language: 'en' | 'ru' = 'en') => openSignedIn(page, url, token, language);
/**
 * axe over the page, or the part `include` names (an open dialog included): nothing may be found.
 * The toasts are left out (the kit's, not this screen's; they go by themselves).
 */
const axe = async (page: Page, what: string, include?: string) => {
  const builder = new AxeBuilder({ page }).exclude('[data-sonner-toaster]');
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  expect(violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

test.beforeAll(async ({ request }) => {
  const auth = await request.post('/crm/api/user/auth', { headers: { 'X-USER-ROLE': 'org' }, data: DEMO });
  expect(auth.ok()).toBe(true);
  token = ((await auth.json()) as { token: string }).token;
  headers = { Authorization: `Bearer ${token}` };
  const orgs = (await (await request.get('/crm/api/organizer/list', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  orgId = orgs.find((o) => o.name === 'Baikal Expeditions')!.id;
  const tourId = (await ok(request, '/crm/api/tour/create', { organizer_id: orgId, name: TOUR, duration: 3 }))
    .id as number;
  const departureId = (
    await ok(request, '/crm/api/tour/save-date', {
      tour_id: tourId,
      date_start: day(30),
      date_end: day(32),
      price: 20000,
      number_of_seats: 10,
    })
  ).id as number;
  requestId = (
    await ok(request, '/crm/api/request/create-request-with-own-type', {
      tour_organizer_id: orgId,
      tour_id: tourId,
      tour_date_id: departureId,
      tourists_count: 2,
      customer_name: CUSTOMER,
      customer_email: EMAIL,
      idempotency_key: `messages-${run}`,
    })
  ).request_id as number;
  // the arrival's message is made just after the request (its subscriber reads the event stream)
  await expect.poll(async () => (await timeline(request)).map((m) => m.kind)).toContain('request_received');
});

test('the request page shows what was sent, opens it, and sends a kind again that appears on the timeline', async ({
  page,
  request,
}) => {
  await open(page, `/org/${orgId}/bookings/${requestId}`);
  const card = page.getByRole('region', { name: 'Messages to the traveller' });
  const list = card.getByRole('list', { name: 'Messages sent for this request' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText('Request received');
  await expect(first).toContainText(`E-mail · To ${CUSTOMER}, ${EMAIL}`);
  // no mail server in the e2e run: the message is kept in the outbox
  await expect(first).toContainText('Kept in the outbox');
  await expect(card.getByRole('combobox', { name: 'Messages in' })).toContainText('English');

  // one click away: the e-mail as it went out, in a sandboxed frame, and its plain text
  await first.getByRole('button', { name: 'Request received' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Request received · E-mail · To ${CUSTOMER}, ${EMAIL}`);
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[role="dialog"] iframe').locator('body')).toContainText(TOUR);
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.getByRole('tabpanel')).toContainText(TOUR);
  // on the plain-text tab: axe cannot run inside a frame that runs no script
  await axe(page, 'message dialog');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // sent again by hand: chosen, confirmed, and on the timeline with who sent it
  await card.getByRole('combobox', { name: 'Message to send again' }).click();
  await page.getByRole('option', { name: 'Request received' }).click();
  await card.getByRole('button', { name: 'Send again' }).click();
  await page
    .getByRole('dialog', { name: 'Send “Request received” again?' })
    .getByRole('button', { name: 'Send now' })
    .click();
  await expect(page.getByText(/^Sent again: \d+ messages?$/)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText(`Sent again by ${DEMO_NAME}`);
  const items = await timeline(request);
  expect(items.map((m) => [m.kind, m.sent_by_name])).toEqual([
    ['request_received', DEMO_NAME],
    ['request_received', null],
  ]);
  // the card (the page's other cards are not this part's: their titles are h3 under the h1)
  await axe(page, 'messages card', CARD);
});

test('Settings: a kind turned off is not sent; an edited text shows in the preview and in what is sent', async ({
  page,
  request,
}) => {
  await open(page, `/org/${orgId}/settings/messages`);
  await expect(page.getByRole('link', { name: 'Messages to travellers' })).toHaveAttribute('aria-current', 'page');
  const confirmed = page.getByRole('switch', { name: 'Send automatically: Booking confirmed' });
  await expect(confirmed).toBeChecked();
  await confirmed.click();
  await expect(page.getByText('“Booking confirmed” no longer goes out by itself')).toBeVisible();
  await expect(confirmed).not.toBeChecked();
  await axe(page, 'settings');

  // the request is confirmed, and no confirmation goes out (the settle time of its subscriber given)
  await ok(request, '/crm/api/request/confirm', { id: requestId });
  await page.waitForTimeout(3000);
  expect((await timeline(request)).map((m) => m.kind)).not.toContain('confirmed');

  // the arrival's text, edited in English: the preview shows it once saved
  const subject = `Welcome aboard, ${run}`;
  const body = `We have your request and write again soon. ${run}`;
  await page.getByRole('button', { name: 'Edit text: Request received' }).click();
  const editor = page.getByRole('dialog', { name: 'Text of “Request received”' });
  await expect(editor.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
  await editor.getByRole('textbox', { name: 'Subject' }).fill('');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByText('Required field')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await editor.getByRole('textbox', { name: 'Message' }).fill(body);
  await axe(page, 'text editor');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Request received' })).toContainText('Your own text in English');

  await page.getByRole('button', { name: 'Edit text: Request received' }).click();
  await editor.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(editor.getByText(`Subject: ${subject}`)).toBeVisible();
  await expect(page.frameLocator('[role="dialog"] iframe').locator('body')).toContainText(body);
  await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(editor).toBeHidden();

  // what is sent now is the edited text
  await open(page, `/org/${orgId}/bookings/${requestId}`);
  const card = page.getByRole('region', { name: 'Messages to the traveller' });
  await card.getByRole('combobox', { name: 'Message to send again' }).click();
  await page.getByRole('option', { name: 'Request received' }).click();
  await card.getByRole('button', { name: 'Send again' }).click();
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText(/^Sent again: \d+ messages?$/)).toBeVisible();
  const newest = card.getByRole('list', { name: 'Messages sent for this request' }).getByRole('listitem').first();
  await newest.getByRole('button', { name: 'Request received' }).click();
  await expect(page.getByRole('dialog', { name: subject })).toBeVisible();
  await expect(page.frameLocator('[role="dialog"] iframe').locator('body')).toContainText(body);
  expect((await timeline(request))[0]?.subject).toBe(subject);
});

test('in Russian on a phone: the timeline, the language of the messages, the settings and the preview', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/org/${orgId}/bookings/${requestId}`, 'ru');
  const card = page.getByRole('region', { name: 'Сообщения путешественнику' });
  await expect(
    card.getByRole('list', { name: 'Сообщения по этой заявке' }).getByRole('listitem').first(),
  ).toContainText('Заявка получена');
  await expect(card.getByText('Язык организатора по умолчанию')).toBeVisible();
  await card.getByRole('combobox', { name: 'Язык сообщений' }).click();
  await page.getByRole('option', { name: 'Русский' }).click();
  await expect(page.getByText('Сообщения по этой заявке теперь на языке: Русский')).toBeVisible();
  await expect(card.getByText('Выбран для этой заявки')).toBeVisible();
  expect(
    (
      (await (await request.get(`/crm/api/traveller-messages/list?request_id=${requestId}`, { headers })).json()) as {
        language: string;
        language_chosen: boolean;
      }
    ).language_chosen,
  ).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axe(page, 'ru messages card', CARD);

  await open(page, `/org/${orgId}/settings/messages`, 'ru');
  await expect(page.getByRole('heading', { name: 'Сообщения путешественникам' })).toBeVisible();
  // the confirmation turned off before is on again
  const confirmed = page.getByRole('switch', { name: 'Отправлять автоматически: Бронирование подтверждено' });
  await confirmed.click();
  await expect(page.getByText('«Бронирование подтверждено» уходит автоматически')).toBeVisible();
  await expect(confirmed).toBeChecked();

  const subject = `Мы получили вашу заявку, ${run}`;
  await page.getByRole('button', { name: 'Изменить текст: Заявка получена' }).click();
  const editor = page.getByRole('dialog', { name: 'Текст: «Заявка получена»' });
  await editor.getByRole('tab', { name: 'Русский' }).click();
  await editor.getByRole('textbox', { name: 'Тема' }).fill(subject);
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor).toBeHidden();
  await page.getByRole('button', { name: 'Изменить текст: Заявка получена' }).click();
  await editor.getByRole('tab', { name: 'Русский' }).click();
  // before the preview: axe cannot run inside a frame that runs no script
  await axe(page, 'ru text editor');
  await editor.getByRole('button', { name: 'Предпросмотр', exact: true }).click();
  await expect(editor.getByText(`Тема: ${subject}`)).toBeVisible();
  // back to the standard texts: English too, where the previous test wrote its own
  await editor.getByRole('button', { name: 'Вернуть стандартный текст' }).click();
  await editor.getByRole('tab', { name: 'English' }).click();
  await editor.getByRole('button', { name: 'Вернуть стандартный текст' }).click();
  await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'Заявка получена' })).toContainText('Стандартный текст');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('/org/debug renders every kind in English and Russian for the chosen organizer', async ({ page }) => {
  await open(page, '/org/debug');
  const section = page.getByRole('region', { name: 'Traveller messages' });
  await section.getByRole('combobox', { name: 'Organizer' }).click();
  await page.getByRole('option', { name: 'Baikal Expeditions' }).click();
  const kind = section.getByRole('region', { name: 'Booking confirmed' });
  await expect(kind.locator('iframe[sandbox=""]')).toHaveCount(2);
  await expect(kind.getByTitle('“Booking confirmed” in English')).toBeVisible();
  await expect(kind.getByTitle('“Booking confirmed” in Русский')).toBeVisible();
  await expect(kind.frameLocator('iframe').first().locator('body')).not.toBeEmpty();
  // every kind of the contract, two languages each
  await expect(section.locator('iframe[sandbox=""]')).toHaveCount(2 * TRAVELLER_MESSAGE_KINDS.length);
});
