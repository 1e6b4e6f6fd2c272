import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { URI } from 'otpauth';
import { newProvider, openSignedIn } from './provider';
import { joinedChannel } from './sockets';

/*
 * Issues 17 and 30, support's side in Chromium against the real server: a support operator signs
 * in to the operator console (/org/operator, password + TOTP; the browser never holds the shared
 * operator token), finds the organizer's support chat in the Support desk, answers it — the
 * organizer's open chat shows the answer live, signed with the operator's name ("Anna (Support)")
 * —, edits its answer, hides one of the organizer's messages and freezes the chat; the organizer's
 * open chat screen shows each at once. Then the travellers' chats, read-only and live, in Russian.
 */
test.describe.configure({ mode: 'serial' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(root, 'e2e', '.tmp', 'data');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ORGANIZER = `Baikal Desk Tours ${run}`;

let token = '';
let orgId = 0;
let headers: Record<string, string> = {};

const operatorToken = () => fs.readFileSync(path.join(DATA_DIR, 'admin-token'), 'utf8').trim();
const PASSWORD = 'Support-e2e-123';
let made = 0;

/** A support operator (made as the admin command makes one, with the server's operator token). */
const newSupportOperator = async (request: APIRequestContext, name: string) => {
  made += 1;
  const email = `support-${made}-${run}@ops.e2e.example`;
  const created = await request.post('/crm/api/operator/create-operator', {
    headers: { 'x-operator-token': operatorToken() },
    data: { email, name, role: 'support', password: PASSWORD },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { email, uri: ((await created.json()) as { otpauth_uri: string }).otpauth_uri };
};

/** The console signed in as a support operator: the desk opens, and joins support's channel. */
const openDesk = async (page: Page, operator: { email: string; uri: string }, lang: 'en' | 'ru' = 'en') => {
  const joined = joinedChannel(page, 'support');
  await page.goto('/org/operator');
  if (lang === 'ru') {
    await page.evaluate(() => window.localStorage.setItem('language', 'ru'));
    await page.reload();
  }
  await page.getByLabel(/E-mail|Эл\. почта|Почта/).fill(operator.email);
  await page.getByLabel(/^(Password|Пароль)$/).fill(PASSWORD);
  await page.getByLabel(/Authenticator code|Код/).fill(URI.parse(operator.uri).generate());
  await page.getByRole('button', { name: /^(Sign in|Войти)$/ }).click();
  await expect.poll(joined, { message: "the desk joins support's channel" }).toBe(true);
};

const stillSameDocument = (page: Page) => page.evaluate(() => (window as { __noReload?: boolean }).__noReload);

test.beforeAll(async ({ request }) => {
  const provider = await newProvider(request, { email: `desk-${run}@e2e.example`, organizer: ORGANIZER });
  ({ token, orgId, headers } = provider);
});

test('support answers, edits, hides and freezes from its desk; the organizer sees each live', async ({
  page,
  browser,
  request,
}) => {
  // the organizer writes to a site's support (as the chat screen's Support button does)
  const partners = await request.get(`/crm/api/organizer/partners?organizer_id=${orgId}`, { headers });
  expect(partners.ok(), await partners.text()).toBe(true);
  const { available_for_connection: sites } = (await partners.json()) as {
    available_for_connection: { id: number; name: string }[];
  };
  expect(sites.length).toBeGreaterThan(0);
  const site = sites[0]!;
  const opened = await request.get(`/crm/api/chat/get-chat-with-support?site_id=${site.id}&organizer_id=${orgId}`, {
    headers,
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const chatId = ((await opened.json()) as { id: number }).id;
  for (const message of ['Hello! How do I connect my bank account?', 'And a rude word here, sorry'])
    expect(
      (await request.post('/crm/api/chat/send-message', { headers, data: { chat_id: chatId, message } })).ok(),
    ).toBe(true);

  // the organizer's chat screen is open on that chat
  await page
    .context()
    .addCookies([{ name: 'token', value: token, url: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 18431)}` }]);
  const joined = joinedChannel(page, `organizer:${orgId}`);
  await openSignedIn(page, `/org/${orgId}/chat/${chatId}`, token, 'en');
  const orgLog = page.getByRole('log', { name: 'Messages' });
  await expect(orgLog.getByText('Hello! How do I connect my bank account?')).toBeVisible();
  await expect.poll(joined).toBe(true);
  await page.evaluate(() => ((window as { __noReload?: boolean }).__noReload = true));

  // support's desk: a support operator signs in to the console
  const anna = await newSupportOperator(request, `Anna ${run}`);
  const context = await browser.newContext({ locale: 'en-US' });
  const desk = await context.newPage();
  await openDesk(desk, anna);
  await expect(desk.getByRole('heading', { name: 'Support desk' })).toBeVisible();
  // the browser holds no operator token: nothing of it in storage
  expect(await desk.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }))).not.toContain(
    operatorToken(),
  );
  const item = desk.getByTestId(`desk-chat-${chatId}`);
  await expect(item).toContainText(ORGANIZER);
  await expect(item).toContainText(`Support · ${site.name}`);
  await expect(item).toContainText('2 unread');
  await item.click();
  const deskLog = desk.getByRole('log', { name: 'Messages' });
  await expect(deskLog.getByText('Hello! How do I connect my bank account?')).toBeVisible();
  // support read it: the unread mark goes, and the organizer's ticks turn double
  await expect(item).not.toContainText('unread');
  const axe = await new AxeBuilder({ page: desk }).analyze();
  expect(axe.violations.map((v) => `desk: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // support answers: the organizer sees it at once
  const box = desk.getByRole('textbox', { name: 'Message' });
  await box.fill('Settings → Bank accounts. Write if it does not work!');
  await box.press('Enter');
  await expect(orgLog.getByText('Settings → Bank accounts. Write if it does not work!')).toBeVisible();
  // signed with the operator's name, live
  await expect(orgLog.getByText(`Anna ${run} (Support)`)).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);

  // support edits its answer
  const answer = deskLog.locator('[data-testid^="message-"]').filter({ hasText: 'Settings → Bank accounts' });
  await expect(answer.locator('[data-status]')).toBeVisible();
  const answerId = (await answer.getAttribute('data-testid'))!.replace('message-', '');
  await desk.getByTestId(`message-actions-${answerId}`).click();
  await desk.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Edit the message' });
  await dialog.getByLabel('Message').fill('Settings → Bank accounts → Add. Write if it does not work!');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(orgLog.getByText('Settings → Bank accounts → Add. Write if it does not work!')).toBeVisible();
  await expect(orgLog.getByTestId(`message-${answerId}`)).toContainText('edited');

  // support hides the organizer's rude message: the organizer sees it hidden, support still reads it
  const rude = deskLog.locator('[data-testid^="message-"]').filter({ hasText: 'And a rude word here' });
  const rudeId = (await rude.getAttribute('data-testid'))!.replace('message-', '');
  await desk.getByTestId(`message-actions-${rudeId}`).click();
  await desk.getByRole('menuitem', { name: 'Hide from the organizer and traveller' }).click();
  await expect(rude).toContainText(`Hidden by Anna ${run} (Support) from the organizer and the traveller`);
  await expect(rude).toContainText('And a rude word here');
  await expect(orgLog.getByTestId(`message-${rudeId}`)).toContainText(`Message hidden by Anna ${run} (Support)`);
  await expect(orgLog.getByText('And a rude word here')).toHaveCount(0);

  // support freezes the chat: the organizer's composer gives way to the notice, live
  await desk.getByRole('button', { name: 'Freeze the chat' }).click();
  await expect(desk.getByRole('button', { name: 'Unfreeze' })).toBeVisible();
  await expect(page.getByText('This chat is frozen.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'This chat is frozen.' })).toContainText(
    `Anna ${run} (Support) has frozen it`,
  );
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  // and unfreezes it
  await desk.getByRole('button', { name: 'Unfreeze' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // the organizer writes again: the desk shows it live
  const orgBox = page.getByRole('textbox', { name: 'Message' });
  await orgBox.fill('Found it, thank you!');
  await orgBox.press('Enter');
  await expect(deskLog.getByText('Found it, thank you!')).toBeVisible();

  // sign out: the session ends, a reload asks to sign in again
  await desk.getByRole('button', { name: 'Sign out' }).click();
  await expect(desk.getByLabel('Authenticator code')).toBeVisible();
  await desk.reload();
  await expect(desk.getByLabel('Authenticator code')).toBeVisible();
  await context.close();
});

test('travellers’ chats are read and moderated, not written in (Russian)', async ({ browser, request }) => {
  // a traveller writes to the organizer, as a tour page does
  const res = await request.post('/crm/api/chat/get-chat-with-organizer', {
    headers: { 'X-USER-ROLE': 'org' },
    data: {
      organizer_id: orgId,
      message: 'Здравствуйте! Есть места на июль?',
      name: 'Ирина Петрова',
      email: `irina-${run}@e2e.example`,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const chatId = ((await res.json()) as { id: number }).id;

  const context = await browser.newContext({ locale: 'ru-RU' });
  const desk = await context.newPage();
  await openDesk(desk, await newSupportOperator(request, `Irina ${run}`), 'ru');
  await expect(desk.getByRole('heading', { name: 'Рабочее место поддержки' })).toBeVisible();
  await desk.getByRole('button', { name: 'Чаты путешественников' }).click();
  const item = desk.getByTestId(`desk-chat-${chatId}`);
  await expect(item).toContainText('Ирина Петрова');
  await expect(item).toContainText(`Организатору ${ORGANIZER}`);
  await item.click();
  await expect(
    desk.getByRole('log', { name: 'Сообщения' }).getByText('Здравствуйте! Есть места на июль?'),
  ).toBeVisible();
  await expect(desk.getByRole('note')).toContainText('поддержка читает и модерирует его, но не пишет в нём');
  await expect(desk.getByRole('textbox', { name: 'Сообщение' })).toHaveCount(0);
  await desk.getByRole('button', { name: 'Заморозить чат' }).click();
  await expect(desk.getByRole('button', { name: 'Разморозить' })).toBeVisible();
  await expect(item).toContainText('Ирина Петрова');
  await context.close();
});
