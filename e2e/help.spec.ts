import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { newProvider, openSignedIn } from './provider';

/*
 * Issue 28, the help request in Chromium against the real server: a guest asks from the sign-in
 * screen in Russian on a phone, and support's mailbox gets it with the guest as Reply-To; a signed-in
 * provider asks from /org/help, and the question is in its support chat.
 */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a guest asks from the sign-in screen: support gets the question by e-mail', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/org/login');
  await page.getByRole('button', { name: 'Русский' }).click();
  await page.getByRole('link', { name: 'Помощь' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Помощь' })).toBeVisible();
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Обязательное поле')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Ваше имя' }).fill('Иван Петров');
  await page.getByRole('textbox', { name: 'Электронная почта' }).fill(`ivan-${run}@e2e.example`);
  await page.getByRole('textbox', { name: 'Ваш вопрос' }).fill(`Не приходит код ${run}`);
  expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'critical')).toEqual([]);
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Обращение отправлено')).toBeVisible();
  await expect(page.getByText(`Поддержка ответит на ivan-${run}@e2e.example.`)).toBeVisible();

  const outbox = (await (await request.get('/crm/api/debug/outbox?limit=50')).json()) as {
    items: { recipient: string; subject: string; body: string }[];
  };
  const mail = outbox.items.find((m) => m.body.includes(`Не приходит код ${run}`));
  expect(mail?.subject).toBe('Help request: Иван Петров');
  expect(mail?.recipient).toMatch(/^support@/);
  expect(mail?.body).toContain(`E-mail: ivan-${run}@e2e.example`);
  expect(mail?.body).toContain('Language: ru');
  await context.close();
});

test('a provider asks from /org/help: the question is in its support chat', async ({ page, request }) => {
  const { token, orgId } = await newProvider(request, {
    email: `help-${run}@e2e.example`,
    organizer: `Help Tours ${run}`,
  });
  await openSignedIn(page, '/org/help', token);
  await expect(page.getByText('Your question goes to the support chat of your organizer')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(`help-${run}@e2e.example`);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Anna Smirnova');
  await page.getByRole('textbox', { name: 'Your question' }).fill(`Where are my payouts? ${run}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('It is in your support chat: the answer comes there.')).toBeVisible();
  await page.getByRole('link', { name: 'Open the chat' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/chat/\\d+`));
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText(`Where are my payouts? ${run}`, { exact: false }),
  ).toBeVisible();
});
