import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { files, users } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { FAST_CAPTCHA_ENV, solveCaptcha } from '../../test/captcha';
import { lastCode, lastLinkToken, nextIp, post, readOutbox } from './test-helpers';

let t: TestApp;
const PUBLIC_URL = 'https://crm.example.test';
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, ...FAST_CAPTCHA_ENV });
});
afterAll(() => t.close());

const userCount = async (): Promise<number> => (await t.database.db.select({ n: count() }).from(users))[0]!.n;
const profile = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) })).json() as Record<
    string,
    unknown
  >;
const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/crm/api/user/refresh-token', cookies: { td_refresh: cookie }, payload: {} });
const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

const registration = (over: Record<string, unknown> = {}) => ({
  first_name: 'Irina',
  last_name: 'Petrova',
  email: 'irina@example.com',
  phone: '+7 999 555-44-33',
  password: 'Strong123!',
  confirm_password: 'Strong123!',
  timezone: 'Europe/Moscow',
  ...over,
});

describe('POST /crm/api/user/register', () => {
  it('creates the account, starts a session and e-mails a confirmation link under PUBLIC_URL', async () => {
    const res = await post(t.app, '/crm/api/user/register', registration());
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    expect(res.cookies.find((c) => c.name === 'td_refresh')?.httpOnly).toBe(true);
    expect(await profile(token)).toMatchObject({
      first_name: 'Irina',
      email: 'irina@example.com',
      phone: '+79995554433',
      timezone: 'Europe/Moscow',
      is_password_set: true,
      is_email_confirm: false,
      is_phone_confirm: false,
    });
    const [mail] = await readOutbox(t.app, 'irina@example.com');
    expect(mail!.channel).toBe('email');
    expect(mail!.body).toContain(`${PUBLIC_URL}/org/email-confirm?token=`);
  });

  it('answers the SPEC §5 messages per field and writes nothing', async () => {
    const before = await userCount();
    const res = await post(
      t.app,
      '/crm/api/user/register',
      registration({
        email: 'not-an-email',
        phone: '123',
        password: 'short',
        confirm_password: 'short',
        is_admin: true,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      email: ['Please enter a valid e-mail'],
      phone: ['Invalid phone number. Please enter the number in the international format.'],
      password: ['Minimum 8 characters'],
      is_admin: ['Unknown field'],
    });
    const mismatch = await post(
      t.app,
      '/crm/api/user/register',
      registration({ email: 'other@example.com', phone: null, confirm_password: 'Different1!' }),
    );
    expect(errorsOf(mismatch)).toEqual({ confirm_password: ['Do not match'] });
    const missing = await post(t.app, '/crm/api/user/register', {
      password: 'Strong123!',
      confirm_password: 'Strong123!',
    });
    expect(errorsOf(missing).email).toEqual(['Required field']);
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail or phone another account has, on the field', async () => {
    const before = await userCount();
    const res = await post(
      t.app,
      '/crm/api/user/register',
      registration({ email: 'IRINA@example.com', phone: '+79995554433' }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      email: ['This e-mail is already registered'],
      phone: ['This phone number is already registered'],
    });
    expect(await userCount()).toBe(before);
  });
});

describe('e-mail confirmation', () => {
  it('confirms with the link token of this user only, once', async () => {
    const { token } = await signIn(t.app, 'irina@example.com', 'Strong123!');
    const linkToken = await lastLinkToken(t.app, 'irina@example.com', 'email-confirm');
    await createUser(t.database, { email: 'mallory@example.com' });
    const mallory = await signIn(t.app, 'mallory@example.com');
    const stolen = await post(
      t.app,
      '/crm/api/user/confirm-email',
      { token: linkToken },
      { headers: bearer(mallory.token) },
    );
    expect(stolen.statusCode).toBe(422);
    expect(errorsOf(stolen)).toEqual({ token: ['The link is invalid or has expired'] });

    const ok = await post(t.app, '/crm/api/user/confirm-email', { token: linkToken }, { headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: 'irina@example.com', is_email_confirm: true });
    expect(
      (await post(t.app, '/crm/api/user/confirm-email', { token: linkToken }, { headers: bearer(token) })).statusCode,
    ).toBe(422);
    expect((await post(t.app, '/crm/api/user/confirm-email', { token: linkToken })).statusCode).toBe(401);
  });

  it('email-confirmation-request sends a link and then holds the 60 s countdown', async () => {
    await createUser(t.database, { email: 'unconfirmed@example.com' });
    const { token } = await signIn(t.app, 'unconfirmed@example.com');
    const first = await post(t.app, '/crm/api/user/email-confirmation-request', {}, { headers: bearer(token) });
    expect(first.json()).toEqual({ success: true });
    expect(await lastLinkToken(t.app, 'unconfirmed@example.com', 'email-confirm')).toBeTruthy();
    const again = await post(t.app, '/crm/api/user/email-confirmation-request', {}, { headers: bearer(token) });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again).email![0]).toMatch(/^You can request a new code in (60|59) s$/);
  });
});

describe('password recovery', () => {
  it('answers the same for known and unknown addresses and mails a reset link only to the known one', async () => {
    await createUser(t.database, { email: 'forgetful@example.com', isEmailConfirmed: true });
    const known = await post(t.app, '/crm/api/user/password-recovery', { email: 'Forgetful@example.com' });
    const unknown = await post(t.app, '/crm/api/user/password-recovery', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await readOutbox(t.app, 'nobody@example.com')).toEqual([]);
    const [mail] = await readOutbox(t.app, 'forgetful@example.com');
    expect(mail!.body).toContain(`${PUBLIC_URL}/org/reset-password?token=`);
    const bad = await post(t.app, '/crm/api/user/password-recovery', { email: 'nope' });
    expect(errorsOf(bad)).toEqual({ email: ['Please enter a valid e-mail'] });
  });

  it('resets with the token once, ends every other session and signs in afresh', async () => {
    const old = await signIn(t.app, 'forgetful@example.com');
    const resetToken = await lastLinkToken(t.app, 'forgetful@example.com', 'reset-password');
    expect((await post(t.app, '/crm/api/user/check-password-reset-token', { token: resetToken })).json()).toEqual({
      success: true,
    });
    const junk = await post(t.app, '/crm/api/user/check-password-reset-token', { token: 'made-up' });
    expect(errorsOf(junk)).toEqual({ token: ['The link is invalid or has expired'] });

    const weak = await post(t.app, '/crm/api/user/password-reset', { token: resetToken, password: 'short' });
    expect(errorsOf(weak)).toEqual({ password: ['Minimum 8 characters'] });
    const res = await post(t.app, '/crm/api/user/password-reset', { token: resetToken, password: 'BrandNew123!' });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { token: string }).token;
    expect((await profile(fresh)).is_email_confirm).toBe(true);

    expect((await refresh(old.refreshCookie)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(old.token) })).statusCode,
    ).toBe(401);
    expect(
      (await post(t.app, '/crm/api/user/password-reset', { token: resetToken, password: 'Another123!' })).statusCode,
    ).toBe(422);
    await expect(signIn(t.app, 'forgetful@example.com')).rejects.toThrow('422');
    await signIn(t.app, 'forgetful@example.com', 'BrandNew123!');
  });
});

describe('sign-in by code', () => {
  it('send-auth-code answers the same for unknown logins and sends a code only to a real account', async () => {
    await createUser(t.database, { email: 'coder@example.com', phone: '+79990001122' });
    const known = await post(t.app, '/crm/api/user/send-auth-code', { login: 'coder@example.com' });
    const unknown = await post(t.app, '/crm/api/user/send-auth-code', { login: 'ghost@example.com' });
    expect(known.json()).toEqual({ success: true });
    expect(unknown.json()).toEqual(known.json());
    expect(await readOutbox(t.app, 'ghost@example.com')).toEqual([]);
    // the countdown holds for unknown logins too, so it tells nothing either
    const again = await post(t.app, '/crm/api/user/send-auth-code', { login: 'ghost@example.com' });
    expect(errorsOf(again).code_sender![0]).toMatch(/^You can request a new code in \d+ s$/);

    const code = await lastCode(t.app, 'coder@example.com');
    const res = await post(t.app, '/crm/api/user/auth-via-code', {
      login: 'coder@example.com',
      code,
      verify_method: 'email',
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'td_refresh')).toBeTruthy();
    expect((await profile((res.json() as { token: string }).token)).is_email_confirm).toBe(true);
    // single use
    expect((await post(t.app, '/crm/api/user/auth-via-code', { login: 'coder@example.com', code })).statusCode).toBe(
      422,
    );
  });

  it('sends by sms to a phone login and signs in with it', async () => {
    const res = await post(t.app, '/crm/api/user/send-auth-code', { login: '+7 (999) 000-11-22', code_sender: 'sms' });
    expect(res.json()).toEqual({ success: true });
    const [sms] = await readOutbox(t.app, '+79990001122');
    expect(sms!.channel).toBe('sms');
    const code = await lastCode(t.app, '+79990001122');
    expect((await post(t.app, '/crm/api/user/auth-via-code', { login: '+79990001122', code })).statusCode).toBe(200);
  });

  it('a code dies after 5 wrong guesses, even for the right one', async () => {
    await createUser(t.database, { email: 'target@example.com' });
    const ip = nextIp();
    await post(t.app, '/crm/api/user/send-auth-code', { login: 'target@example.com' }, { remoteAddress: ip });
    const code = await lastCode(t.app, 'target@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(
        t.app,
        '/crm/api/user/auth-via-code',
        { login: 'target@example.com', code: wrong },
        { remoteAddress: ip },
      );
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ code: ['Incorrect or expired code'] });
    }
    // the login now needs a captcha; solved, the right code is still refused: it is dead
    const right = await post(
      t.app,
      '/crm/api/user/auth-via-code',
      { login: 'target@example.com', code },
      { remoteAddress: nextIp() },
    );
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ type: 'captcha' });
    const solved = await post(
      t.app,
      '/crm/api/user/auth-via-code',
      { login: 'target@example.com', code },
      { remoteAddress: nextIp(), headers: { 'x-captcha-token': await solveCaptcha(t.app) } },
    );
    expect(solved.statusCode).toBe(422);
    expect(errorsOf(solved)).toEqual({ code: ['Incorrect or expired code'] });
    const fromElsewhere = await post(
      t.app,
      '/crm/api/user/auth-via-code',
      { login: 'someone@example.com', code },
      { remoteAddress: nextIp() },
    );
    expect(errorsOf(fromElsewhere)).toEqual({ code: ['Incorrect or expired code'] });
  });

  it('an empty code is a field error', async () => {
    const res = await post(t.app, '/crm/api/user/auth-via-code', { login: 'coder@example.com', code: '' });
    expect(errorsOf(res)).toEqual({ code: ['Required field'] });
  });

  it('redirect-auth-via-code answers a one-time URL whose token signs in once', async () => {
    await createUser(t.database, { email: 'redirector@example.com' });
    await post(t.app, '/crm/api/user/send-auth-code', { login: 'redirector@example.com' });
    const code = await lastCode(t.app, 'redirector@example.com');
    const res = await post(t.app, '/crm/api/user/redirect-auth-via-code', { login: 'redirector@example.com', code });
    expect(res.cookies.find((c) => c.name === 'td_refresh')).toBeUndefined();
    const body = res.json() as { type: string; url: string };
    expect(body.type).toBe('redirect');
    expect(body.url.startsWith(`${PUBLIC_URL}/org/login-via-token?token=`)).toBe(true);
    const token = decodeURIComponent(new URL(body.url).searchParams.get('token')!);
    const first = await post(t.app, '/crm/api/user/access-token-by-one-time-token', { token });
    expect(first.statusCode).toBe(200);
    expect((await profile((first.json() as { token: string }).token)).email).toBe('redirector@example.com');
    const second = await post(t.app, '/crm/api/user/access-token-by-one-time-token', { token });
    expect(errorsOf(second)).toEqual({ token: ['The link is invalid or has expired'] });
  });
});

describe('POST /crm/api/user/register-without-password', () => {
  it('creates a password-less account and sends a sign-in code by code_sender', async () => {
    const res = await post(t.app, '/crm/api/user/register-without-password', {
      first_name: 'Quick',
      email: 'quick@example.com',
      phone: '+79990007788',
      timezone: 'Asia/Novosibirsk',
      favourites_tours_ids: [1, 2],
      is_quick_register: true,
      code_sender: 'sms',
      country_id: 'kz',
    });
    expect(res.json()).toEqual({ success: true });
    const code = await lastCode(t.app, '+79990007788');
    const session = await post(t.app, '/crm/api/user/auth-via-code', {
      login: '+79990007788',
      code,
      verify_method: 'sms',
    });
    await expect(profile((session.json() as { token: string }).token)).resolves.toMatchObject({
      is_password_set: false,
      country: 'KZ',
      is_phone_confirm: true,
      first_name: 'Quick',
    });
  });

  it('needs the address its code_sender uses, and refuses bad input', async () => {
    const before = await userCount();
    expect(
      errorsOf(
        await post(t.app, '/crm/api/user/register-without-password', { phone: '+79990007799', code_sender: 'email' }),
      ),
    ).toEqual({
      email: ['Required field'],
    });
    expect(
      errorsOf(
        await post(t.app, '/crm/api/user/register-without-password', {
          email: 'q2@example.com',
          code_sender: 'pigeon',
        }),
      ).code_sender,
    ).toBeTruthy();
    expect(
      errorsOf(
        await post(t.app, '/crm/api/user/register-without-password', { email: 'q2@example.com', country_id: 'XX' }),
      ),
    ).toEqual({
      country_id: ['Unknown country'],
    });
    expect(
      errorsOf(await post(t.app, '/crm/api/user/register-without-password', { email: 'quick@example.com' })),
    ).toEqual({
      email: ['This e-mail is already registered'],
    });
    expect(await userCount()).toBe(before);
  });
});

describe('profile settings', () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    ({ userId } = await createUser(t.database, { email: 'settings@example.com', phone: '+79990009900' }));
    ({ token } = await signIn(t.app, 'settings@example.com'));
  });
  const call = (path: string, payload: unknown, tk = token) =>
    post(t.app, `/crm/api/user/${path}`, payload, { headers: bearer(tk) });

  it('updates names and time zone; refuses an unknown time zone', async () => {
    const res = await call('update-profile', { first_name: 'Olga', last_name: 'Ivanova', timezone: 'Asia/Tokyo' });
    expect(res.json()).toMatchObject({ first_name: 'Olga', last_name: 'Ivanova', timezone: 'Asia/Tokyo' });
    expect(errorsOf(await call('update-profile', { timezone: 'Mars/Base' }))).toEqual({
      timezone: ['Unknown time zone'],
    });
  });

  it('sets language, currency and country with their allowed values only', async () => {
    expect((await call('set-language', { language_code: 'ru' })).json()).toMatchObject({ language: 'ru' });
    expect((await call('set-currency', { currency_code: 'KZT' })).json()).toMatchObject({ currency: 'KZT' });
    expect((await call('change-country', { country_id: 'de' })).json()).toMatchObject({ country: 'DE' });
    expect((await call('set-language', { language_code: 'de' })).statusCode).toBe(422);
    expect((await call('set-currency', { currency_code: 'GBP' })).statusCode).toBe(422);
    expect(errorsOf(await call('change-country', { country_id: 'ZZ' }))).toEqual({ country_id: ['Unknown country'] });
    expect(await profile(token)).toMatchObject({ language: 'ru', currency: 'KZT', country: 'DE' });
  });

  it('sets the avatar to an image of this user only', async () => {
    const [mine] = await t.database.db
      .insert(files)
      .values({ user_id: userId, kind: 'image', storage_key: 'a/b.jpg', mime: 'image/jpeg', size: 10 })
      .returning();
    const other = await createUser(t.database, { email: 'photo-owner@example.com' });
    const [theirs] = await t.database.db
      .insert(files)
      .values({ user_id: other.userId, kind: 'image', storage_key: 'c/d.jpg', mime: 'image/jpeg', size: 10 })
      .returning();
    const res = await call('update-profile-photo', { avatar_id: mine!.id });
    expect(res.json()).toMatchObject({ avatar: `/files/${mine!.id}` });
    const foreign = await call('update-profile-photo', { avatar_id: theirs!.id });
    expect(foreign.statusCode).toBe(404);
    expect((await profile(token)).avatar).toBe(`/files/${mine!.id}`);
    expect((await call('update-profile-photo', { avatar_id: null })).json()).toMatchObject({ avatar: null });
    expect((await call('update-profile-photo', { avatar_id: 'x' })).statusCode).toBe(422);
  });

  it('changes the e-mail with the password (unconfirmed, link sent) unless another account has it', async () => {
    expect(errorsOf(await call('change-email', { email: 'irina@example.com', password: TEST_PASSWORD }))).toEqual({
      email: ['This e-mail is already registered'],
    });
    const res = await call('change-email', { email: 'New.Settings@example.com', password: TEST_PASSWORD });
    expect(res.json()).toEqual({ email: 'new.settings@example.com' });
    expect(await profile(token)).toMatchObject({ email: 'new.settings@example.com', is_email_confirm: false });
    expect(await lastLinkToken(t.app, 'new.settings@example.com', 'email-confirm')).toBeTruthy();
    expect(errorsOf(await call('change-email', { email: 'bad', password: TEST_PASSWORD }))).toEqual({
      email: ['Please enter a valid e-mail'],
    });
  });

  it('changes the phone with the password; a wrong password is success false', async () => {
    expect((await call('change-phone', { phone: '+79990009911', password: 'wrong-one' })).json()).toEqual({
      success: false,
    });
    expect((await profile(token)).phone).toBe('+79990009900');
    expect(errorsOf(await call('change-phone', { phone: '12', password: '' }))).toEqual({
      phone: ['Invalid phone number. Please enter the number in the international format.'],
      password: ['Required field'],
    });
    expect((await call('change-phone', { phone: '+7 999 000 99 11', password: TEST_PASSWORD })).json()).toEqual({
      success: true,
    });
    expect(await profile(token)).toMatchObject({ phone: '+79990009911', is_phone_confirm: false });
  });

  it('changes the password: the current one is checked, other sessions end, this one goes on', async () => {
    const other = await signIn(t.app, 'new.settings@example.com');
    const mine = await signIn(t.app, 'new.settings@example.com');
    const wrong = await call('change-password', { password: 'nope-nope', new_password: 'Changed123!' }, mine.token);
    expect(errorsOf(wrong)).toEqual({ password: ['Incorrect password'] });
    expect(
      errorsOf(
        await call(
          'change-password',
          { password: TEST_PASSWORD, new_password: 'Changed123!', confirm_password: 'x' },
          mine.token,
        ),
      ),
    ).toEqual({
      confirm_password: ['Do not match'],
    });
    const res = await call('change-password', { password: TEST_PASSWORD, new_password: 'Changed123!' }, mine.token);
    expect(res.statusCode).toBe(200);
    const newToken = (res.json() as { token: string }).token;
    expect((await profile(newToken)).email).toBe('new.settings@example.com');
    expect(
      (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(other.token) })).statusCode,
    ).toBe(401);
    expect((await refresh(other.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(mine.refreshCookie)).statusCode).toBe(200);
    await signIn(t.app, 'new.settings@example.com', 'Changed123!');
  });

  it('set-activity answers success; every account route needs a session', async () => {
    const { token: tk } = await signIn(t.app, 'new.settings@example.com', 'Changed123!');
    expect((await call('set-activity', {}, tk)).json()).toEqual({ success: true });
    const [row] = await t.database.db.select({ at: users.last_activity_at }).from(users).where(eq(users.id, userId));
    expect(row!.at).toBeInstanceOf(Date);
    for (const path of [
      'update-profile',
      'set-language',
      'change-email',
      'change-password',
      'change-phone',
      'set-activity',
      'confirm-phone',
    ]) {
      expect((await post(t.app, `/crm/api/user/${path}`, {})).statusCode, path).toBe(401);
    }
  });
});
