import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizers } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { FAST_CAPTCHA_ENV } from '../../test/captcha';
import { lastCode, post, readOutbox } from './test-helpers';

/**
 * Issue 23 item 13: the account keeps the language of the interface it was made in (X-Language),
 * and every code and e-mail it gets later is in that language, whatever the later request says.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://crm.example.test', ...FAST_CAPTCHA_ENV });
});
afterAll(() => t.close());

const inLanguage = (lang: string) => ({ headers: { 'x-language': lang } });
const languageOf = async (token: string): Promise<unknown> =>
  (
    (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) })).json() as {
      language: unknown;
    }
  ).language;

const registration = (email: string, phone: string) => ({
  first_name: 'Olga',
  email,
  phone,
  password: 'Strong123!',
  confirm_password: 'Strong123!',
});

describe('the language chosen before signing up', () => {
  it('a sign-up in Russian keeps ru: the confirmation and a later code are Russian', async () => {
    const res = await post(
      t.app,
      '/crm/api/user/register',
      registration('olga.ru@example.com', '+79990071001'),
      inLanguage('ru'),
    );
    expect(res.statusCode).toBe(200);
    expect(await languageOf((res.json() as { token: string }).token)).toBe('ru');
    const [confirm] = await readOutbox(t.app, 'olga.ru@example.com');
    expect(confirm!.subject).toBe('Подтвердите e-mail');
    expect(confirm!.body).toContain('Подтвердите адрес e-mail');

    // a code asked later from an English page: the account's language still decides
    await post(t.app, '/crm/api/user/send-auth-code', { login: 'olga.ru@example.com' }, inLanguage('en'));
    const [code] = await readOutbox(t.app, 'olga.ru@example.com');
    expect(code!.subject).toBe('Код для входа');
  });

  it('a sign-up in English keeps en: the confirmation mail is English', async () => {
    const res = await post(
      t.app,
      '/crm/api/user/register',
      registration('olga.en@example.com', '+79990071002'),
      inLanguage('en-GB'),
    );
    expect(await languageOf((res.json() as { token: string }).token)).toBe('en');
    const [confirm] = await readOutbox(t.app, 'olga.en@example.com');
    expect(confirm!.subject).toBe('Confirm your e-mail');
  });

  it('a phone sign-up in Russian gets its SMS code in Russian, and later codes too', async () => {
    const res = await post(
      t.app,
      '/crm/api/user/register-without-password',
      { first_name: 'Pyotr', phone: '+79990071003', code_sender: 'sms' },
      inLanguage('ru-RU'),
    );
    expect(res.json()).toEqual({ success: true });
    const [sms] = await readOutbox(t.app, '+79990071003');
    expect(sms!.channel).toBe('sms');
    expect(sms!.body).toMatch(/^Код для входа в .+: \d{6}\./);

    const session = await post(t.app, '/crm/api/user/auth-via-code', {
      login: '+79990071003',
      code: await lastCode(t.app, '+79990071003'),
    });
    expect(await languageOf((session.json() as { token: string }).token)).toBe('ru');
  });

  it('a phone sign-up in English gets its SMS code in English', async () => {
    await post(
      t.app,
      '/crm/api/user/register-without-password',
      { first_name: 'Peter', phone: '+79990071004', code_sender: 'sms' },
      inLanguage('en'),
    );
    const [sms] = await readOutbox(t.app, '+79990071004');
    expect(sms!.body).toMatch(/^Your .+ sign-in code: \d{6}\./);
  });

  it('without a language header the account is English, as before', async () => {
    await post(t.app, '/crm/api/user/register', registration('olga.none@example.com', '+79990071005'));
    const [confirm] = await readOutbox(t.app, 'olga.none@example.com');
    expect(confirm!.subject).toBe('Confirm your e-mail');
  });

  it("the organizer's phone call is announced in the language of whoever asked for it", async () => {
    const owner = await createUser(t.database, { email: 'caller.ru@example.com', organizers: ['Звонок'] });
    await t.database.db
      .update(organizers)
      .set({ profile: { contacts: { phone: '+79990071006' } } })
      .where(eq(organizers.id, owner.organizerIds[0]!));
    const { token } = await signIn(t.app, 'caller.ru@example.com');
    const res = await post(
      t.app,
      '/crm/api/phone-code/organizer',
      { organizer_id: owner.organizerIds[0] },
      { headers: { ...bearer(token), 'x-language': 'ru' } },
    );
    expect(res.statusCode).toBe(200);
    const [call] = await readOutbox(t.app, '+79990071006');
    expect(call!.channel).toBe('call');
    expect(call!.body).toMatch(/звонит вам/);
  });
});
