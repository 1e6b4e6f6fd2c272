import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { newProvider, openSignedIn } from './provider';
import { joinedChannel } from './sockets';

/*
 * Issue 17, chats end to end in Chromium against the real server: a traveller without an account
 * writes to a provider (as a tour page does: get-chat-with-organizer with a name and e-mail) and
 * goes on on the traveller's chat page its link opens; the provider's open chat screen shows the
 * chat appear live with its unread badge and tab title; while the provider's tab is hidden a new
 * message makes the title alternate; the provider reads it (the badge goes), answers with a photo
 * uploaded with its progress, and the traveller sees the answer live; a message of HTML shows as
 * text; support freezes the chat and both pages say so. Then in Russian on a phone, where the list
 * and the chat are separate screens.
 */
test.describe.configure({ mode: 'serial' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(root, 'e2e', '.tmp', 'data');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const TOUR = `Lake Teletskoye by boat ${run}`;
const HTML = '<img src=x onerror=alert(1)> <b>bold?</b>';
const BASE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 18431)}`;

let token = '';
let orgId = 0;
let tourId = 0;

/** A traveller writes to the organizer, as a tour page does; answers the chat's id and link token. */
const travellerWrites = async (request: APIRequestContext, name: string, message: string, emailName: string) => {
  const res = await request.post('/crm/api/chat/get-chat-with-organizer', {
    headers: { 'X-USER-ROLE': 'org' },
    data: {
      organizer_id: orgId,
      tour_id: tourId,
      message,
      name,
      email: `${emailName}-${run}@e2e.example`,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: number; token: string; url: string };
};

/** Support's call with the operator token the server generated into DATA_DIR. */
const freeze = async (request: APIRequestContext, chatId: number) => {
  const operatorToken = fs.readFileSync(path.join(DATA_DIR, 'admin-token'), 'utf8').trim();
  const res = await request.post('/crm/api/operator/chat/freeze-chat', {
    headers: { 'x-operator-token': operatorToken },
    data: { chat_id: chatId, is_frozen: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
};

/** The page's tab as hidden (or visible again), as the browser tells a page when its tab is switched. */
const setTabHidden = (page: Page, hidden: boolean) =>
  page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

/** The tab titles and favicons seen over `ms`, sampled every 100 ms. */
const tabOver = async (page: Page, ms: number) => {
  const titles = new Set<string>();
  const icons = new Set<string>();
  for (let t = 0; t < ms; t += 100) {
    titles.add(await page.title());
    icons.add((await page.locator('link[rel~="icon"]').first().getAttribute('href')) ?? '');
    await page.waitForTimeout(100);
  }
  return { titles, icons };
};

/**
 * The provider's page, signed in as the app leaves a session: the token in local storage and in its
 * cookie (which opens the organizer's private files, such as a chat's photos, to <img>).
 */
const openProvider = async (page: Page, url: string, language: 'en' | 'ru') => {
  await page.context().addCookies([{ name: 'token', value: token, url: BASE }]);
  await openSignedIn(page, url, token, language);
};
/** A fresh browser without an account, on the traveller's chat page. */
const travellerPage = async (browser: Browser, link: string, language: 'en' | 'ru', phone = false) => {
  const context = await browser.newContext({
    locale: language === 'ru' ? 'ru-RU' : 'en-US',
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  page.on('dialog', () => {
    throw new Error('a message ran as HTML');
  });
  const chatId = Number(link.split('/').at(-1)!.split('.')[0]);
  const joined = joinedChannel(page, `chat:${chatId}`);
  await page.goto(link);
  await expect.poll(joined, { message: "the traveller's page joins the chat's channel" }).toBe(true);
  return page;
};

test.beforeAll(async ({ request }) => {
  const provider = await newProvider(request, {
    email: `chat-${run}@e2e.example`,
    organizer: `Teletskoye Trails ${run}`,
  });
  ({ token, orgId } = provider);
  const res = await request.post('/crm/api/tour/create', {
    headers: provider.headers,
    data: { organizer_id: orgId, name: TOUR, duration: 3 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  tourId = ((await res.json()) as { id: number }).id;
});

test('a traveller writes, the provider sees it live (badge, hidden-tab title), answers with a photo, the traveller sees it', async ({
  page,
  browser,
  request,
}) => {
  page.on('dialog', () => {
    throw new Error('a message ran as HTML');
  });
  const joined = joinedChannel(page, `organizer:${orgId}`);
  await openProvider(page, `/org/${orgId}/chat`, 'en');
  await expect(page.getByText('No chats yet')).toBeVisible();
  await expect.poll(joined, { message: "the provider's page joins the organizer's channel" }).toBe(true);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const chatsLink = nav.getByRole('link', { name: /^Chats/ });
  await expect(chatsLink).not.toContainText(/\d/);

  // the traveller's first message makes the chat: it appears on the open screen
  const chat = await travellerWrites(request, 'Olga Smirnova', 'Hello! Is the boat trip fine for kids?', 'olga');
  expect(chat.url).toBe(`/org/traveller-chat/${chat.token}`);
  const list = page.getByRole('list', { name: 'Chats' });
  const item = list.getByRole('link', { name: /Olga Smirnova/ });
  await expect(item).toContainText('Hello! Is the boat trip fine for kids?');
  await expect(item).toContainText(TOUR);
  await expect(item).toContainText('1 unread');
  await expect(chatsLink).toContainText('1 unread message');
  await expect.poll(() => page.title()).toMatch(/^\(1\) Chats · /);

  // the traveller goes on on their page, by the link
  const traveller = await travellerPage(browser, chat.url, 'en');
  await expect(traveller.getByRole('heading', { name: `Chat with Teletskoye Trails ${run}` })).toBeVisible();
  await expect(traveller.getByText(`About the tour: ${TOUR}`)).toBeVisible();
  const travellerAxe = await new AxeBuilder({ page: traveller }).analyze();
  expect(
    travellerAxe.violations.map((v) => `traveller chat: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // the provider's tab is hidden: a new message makes its title and favicon alternate every second
  const ownIcon = (await page.locator('link[rel~="icon"]').first().getAttribute('href')) ?? '';
  await setTabHidden(page, true);
  const box = traveller.getByRole('textbox', { name: 'Message' });
  await box.fill(HTML);
  await box.press('Enter');
  await expect(traveller.getByRole('log', { name: 'Messages' }).getByText(HTML)).toBeVisible();
  await expect.poll(() => page.title()).toBe('(1) New message');
  const hidden = await tabOver(page, 2600);
  expect(hidden.titles).toContain('(1) New message');
  expect([...hidden.titles].some((t) => /^\(2\) Chats · /.test(t))).toBe(true);
  // the favicon alternates with it: the brand's, and the brand's with a dot
  expect(hidden.icons.size).toBe(2);
  expect(hidden.icons).toContain(ownIcon);
  await setTabHidden(page, false);
  await expect.poll(() => page.title()).toMatch(/^\(2\) Chats · /);
  const visible = await tabOver(page, 1300);
  expect(visible.titles.size).toBe(1);
  expect(visible.icons).toEqual(new Set([ownIcon]));
  await expect(chatsLink).toContainText('2 unread messages');

  // the provider opens the chat: HTML shows as text, the chat is read (the badge and title count go)
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/chat/${chat.id}$`));
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(HTML)).toBeVisible();
  expect(await log.locator('img').count()).toBe(0);
  await expect(chatsLink).not.toContainText(/\d/);
  await expect.poll(() => page.title()).toMatch(/^Chat · /);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `chat: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // an answer with a photo: uploaded with its progress, then sent with the text
  const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2e7d5b' } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'boat.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByText('Ready to send')).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Yes! Life jackets for kids are on board.');
  await composer.press('Enter');
  const answer = log.locator('[data-testid^="message-"]').filter({ hasText: 'Life jackets for kids' });
  // sent (3): the traveller's open page may read it at once, which makes the tick double
  await expect(answer.locator('[data-status="success"], [data-status="read"]')).toBeVisible();
  await expect(answer.getByRole('button', { name: 'Open the image boat.png' })).toBeVisible();
  await expect
    .poll(() => answer.getByRole('img', { name: 'boat.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320);
  // the list shows it as the chat's last message
  await expect(item).toContainText('You: Yes! Life jackets for kids are on board.');

  // the traveller sees the answer live, the photo with it, in the gallery too
  const travellerLog = traveller.getByRole('log', { name: 'Messages' });
  await expect(travellerLog.getByText('Yes! Life jackets for kids are on board.')).toBeVisible();
  const preview = travellerLog.getByRole('button', { name: 'Open the image boat.png' });
  await expect.poll(() => preview.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await preview.click();
  await expect(traveller.locator('.yarl__root')).toBeVisible();
  await traveller.keyboard.press('Escape');
  await expect(traveller.locator('.yarl__root')).toHaveCount(0);
  // the traveller has read the answer (a page marks what it shows as read while it is in front):
  // the provider's tick is double; the traveller's own message shows read by the provider
  await traveller.bringToFront();
  await expect(answer.locator('[data-status="read"]')).toBeVisible();
  const own = travellerLog.locator('[data-testid^="message-"]').filter({ hasText: HTML });
  await expect(own.locator('[data-status="read"]')).toBeVisible();

  // support freezes the chat: both pages say so, no one can write
  await freeze(request, chat.id);
  await expect(page.getByText('This chat is frozen.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(traveller.getByText('This chat is frozen.')).toBeVisible();
  await traveller.context().close();
});

test('in Russian on a phone: the list and the chat are separate screens, a message arrives live, the badge follows', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('dialog', () => {
    throw new Error('a message ran as HTML');
  });
  const joined = joinedChannel(page, `organizer:${orgId}`);
  await openProvider(page, `/org/${orgId}/chat`, 'ru');
  const list = page.getByRole('list', { name: 'Чаты' });
  await expect(list.getByRole('link', { name: /Olga Smirnova/ })).toBeVisible();
  await expect.poll(joined).toBe(true);

  const chat = await travellerWrites(request, 'Пётр Иванов', 'Здравствуйте! Можно взять собаку?', 'petr');
  const item = list.getByRole('link', { name: /Пётр Иванов/ });
  await expect(item).toContainText('Здравствуйте! Можно взять собаку?');
  await expect(item).toContainText('1 непрочитанное');
  await expect.poll(() => page.title()).toMatch(/^\(1\) Чаты · /);
  // the badge sits in the menu on a phone
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: /^Чаты/ }),
  ).toContainText('1 непрочитанное сообщение');
  await page.getByRole('button', { name: 'Закрыть меню' }).last().click();

  // the chat is its own screen: the list goes, a back button leads to it
  await item.click();
  await expect(page.getByRole('heading', { name: 'Пётр Иванов' })).toBeVisible();
  await expect(list).toBeHidden();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `phone chat: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
  const traveller = await travellerPage(browser, chat.url, 'ru', true);
  await expect(traveller.getByRole('heading', { name: `Чат с организатором Teletskoye Trails ${run}` })).toBeVisible();
  await traveller.getByRole('textbox', { name: 'Сообщение' }).fill('И ещё: есть ли парковка?');
  await traveller.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('log', { name: 'Сообщения' }).getByText('И ещё: есть ли парковка?')).toBeVisible();
  await page.getByRole('textbox', { name: 'Сообщение' }).fill('Да, у причала.');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(traveller.getByRole('log', { name: 'Сообщения' }).getByText('Да, у причала.')).toBeVisible();
  // nothing scrolls sideways on the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await traveller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'К списку чатов' }).click();
  await expect(list).toBeVisible();
  await expect(item).toContainText('Вы: Да, у причала.');
  await expect.poll(() => page.title()).toMatch(/^Чаты · /);
  await traveller.context().close();
  await context.close();
});
