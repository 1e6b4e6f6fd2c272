import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { lastLinkToken, nextIp, post, readOutbox } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profileStatus = async (token: string): Promise<number> =>
  (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) })).statusCode;

/** Uploads a private file as the token's user; answers its /files URL. */
const uploadPrivateFile = async (token: string): Promise<string> => {
  const form = new FormData();
  form.append('file', new Blob(['private notes'], { type: 'text/plain' }), 'notes.txt');
  const req = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/crm/api/file/upload',
    headers: { ...bearer(token), 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
};
const readFile = (url: string, token: string, via: 'header' | 'cookie' = 'header') =>
  t.app.inject({
    method: 'GET',
    url,
    ...(via === 'header' ? { headers: bearer(token) } : { cookies: { token } }),
  });

describe('sign-in limit per login (issue 14, security 3)', () => {
  it('counts every spelling of one phone on one counter', async () => {
    await createUser(t.database, { email: 'spelling@example.com', phone: '+79993334455' });
    const spellings = [
      '+79993334455',
      '+7 999 333 44 55',
      '+7 (999) 333-44-55',
      '7-999-333-44-55',
      '+7(999)3334455',
      ' +7 999 3334455 ',
    ];
    // five failures, each from a fresh address and spelled differently (the per-address counter stays at 1)
    for (const login of spellings.slice(0, 5)) {
      const res = await post(t.app, '/crm/api/user/auth', { login, password: 'wrong-password' });
      expect(res.statusCode, login).toBe(422);
    }
    const sixth = await post(t.app, '/crm/api/user/auth', { login: spellings[5], password: TEST_PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ type: 'captcha' });
  });
});

describe('ended sessions and files (issue 14, security 4)', () => {
  it('/files/* refuses an access token whose session was ended by logout, as the API does', async () => {
    await createUser(t.database, { email: 'files-logout@example.com' });
    const { token, refreshCookie } = await signIn(t.app, 'files-logout@example.com');
    const url = await uploadPrivateFile(token);
    expect((await readFile(url, token)).statusCode).toBe(200);
    expect((await readFile(url, token, 'cookie')).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/logout',
      cookies: { td_refresh: refreshCookie },
      payload: {},
    });
    expect(await profileStatus(token)).toBe(401);
    expect((await readFile(url, token)).statusCode).toBe(404);
    expect((await readFile(url, token, 'cookie')).statusCode).toBe(404);
  });

  it('/files/* refuses an access token of a session ended by refresh-token reuse', async () => {
    await createUser(t.database, { email: 'files-reuse@example.com' });
    const { token, refreshCookie } = await signIn(t.app, 'files-reuse@example.com');
    const url = await uploadPrivateFile(token);
    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: '/crm/api/user/refresh-token',
        cookies: { td_refresh: refreshCookie },
        payload: {},
      });
    expect((await refresh()).statusCode).toBe(200);
    expect((await refresh()).statusCode).toBe(401); // reuse: the whole session ends
    expect(await profileStatus(token)).toBe(401);
    expect((await readFile(url, token)).statusCode).toBe(404);
  });

  it('/files/* refuses an access token of a session ended by a password reset', async () => {
    await createUser(t.database, { email: 'files-reset@example.com' });
    const { token } = await signIn(t.app, 'files-reset@example.com');
    const url = await uploadPrivateFile(token);
    await t.database.db.execute(
      // the recovery link goes to confirmed addresses only
      (await import('drizzle-orm'))
        .sql`update users set is_email_confirm = true where email = 'files-reset@example.com'`,
    );
    await post(t.app, '/crm/api/user/password-recovery', { email: 'files-reset@example.com' });
    const resetToken = await lastLinkToken(t.app, 'files-reset@example.com', 'reset-password');
    const reset = await post(t.app, '/crm/api/user/password-reset', {
      token: resetToken,
      password: 'Another123!',
      confirm_password: 'Another123!',
    });
    expect(reset.statusCode).toBe(200);
    expect(await profileStatus(token)).toBe(401);
    expect((await readFile(url, token)).statusCode).toBe(404);
    // the new session reads it
    expect((await readFile(url, (reset.json() as { token: string }).token)).statusCode).toBe(200);
  });
});

describe('logout with only the access token (issue 14, security 5)', () => {
  it('ends the session the token belongs to, and only that one', async () => {
    await createUser(t.database, { email: 'header-logout@example.com' });
    const a = await signIn(t.app, 'header-logout@example.com');
    const b = await signIn(t.app, 'header-logout@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/logout',
      headers: bearer(a.token),
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await profileStatus(a.token)).toBe(401);
    // its refresh token is dead too, and another session of the same user goes on
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/refresh-token',
      cookies: { td_refresh: a.refreshCookie },
      payload: {},
    });
    expect(refreshed.statusCode).toBe(401);
    expect(await profileStatus(b.token)).toBe(200);
  });

  it('a logout without any token still answers success', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/logout', payload: {} });
    expect(res.json()).toEqual({ success: true });
  });
});

describe('changing the e-mail with a stolen access token (issue 14, security 2)', () => {
  const changeEmail = (token: string, payload: Record<string, unknown>) =>
    post(t.app, '/crm/api/user/change-email', payload, { headers: bearer(token) });
  const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;
  const emailOf = async (token: string) =>
    (
      (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) })).json() as {
        email: string;
      }
    ).email;

  it('needs the current password: none or a wrong one changes nothing and mails nobody', async () => {
    await createUser(t.database, { email: 'victim@example.com', isEmailConfirmed: true });
    const { token } = await signIn(t.app, 'victim@example.com');
    const missing = await changeEmail(token, { email: 'thief@example.com' });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual({ password: ['Required field'] });
    const wrong = await changeEmail(token, { email: 'thief@example.com', password: 'guess-guess' });
    expect(errorsOf(wrong)).toEqual({ password: ['Incorrect password'] });
    expect(await emailOf(token)).toBe('victim@example.com');
    expect(await readOutbox(t.app, 'thief@example.com')).toEqual([]);
    expect(await readOutbox(t.app, 'victim@example.com')).toEqual([]);
  });

  it('counts wrong passwords per account: past 5 a captcha is asked for', async () => {
    await createUser(t.database, { email: 'guessed@example.com' });
    const { token } = await signIn(t.app, 'guessed@example.com');
    for (let i = 0; i < 5; i += 1)
      expect((await changeEmail(token, { email: 'x@example.com', password: `wrong-${i}-pass` })).statusCode).toBe(422);
    expect((await changeEmail(token, { email: 'x@example.com', password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  it('tells the old address, and the new one gets its confirmation link', async () => {
    await createUser(t.database, { email: 'mover@example.com', isEmailConfirmed: true });
    const { token } = await signIn(t.app, 'mover@example.com');
    const res = await changeEmail(token, { email: 'moved@example.com', password: TEST_PASSWORD });
    expect(res.json()).toEqual({ email: 'moved@example.com' });
    const [notice] = await readOutbox(t.app, 'mover@example.com');
    expect(notice).toMatchObject({ channel: 'email', subject: 'Your e-mail was changed' });
    expect(notice!.body).toContain('moved@example.com');
    expect(await lastLinkToken(t.app, 'moved@example.com', 'email-confirm')).toBeTruthy();
  });

  it('refuses a password-less account: a password has to be set first', async () => {
    await createUser(t.database, { email: 'nopass@example.com', isEmailConfirmed: true, isPasswordless: true });
    const session = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/send-auth-code',
      payload: { login: 'nopass@example.com' },
      remoteAddress: nextIp(),
    });
    expect(session.statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec((await readOutbox(t.app, 'nopass@example.com'))[0]!.body)![1]!;
    const signedIn = await post(t.app, '/crm/api/user/auth-via-code', { login: 'nopass@example.com', code });
    const token = (signedIn.json() as { token: string }).token;
    const res = await changeEmail(token, { email: 'grab@example.com', password: 'anything-at-all' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ password: ['Set a password first'] });
    expect(await emailOf(token)).toBe('nopass@example.com');
  });

  it('password recovery goes to a confirmed address only', async () => {
    await createUser(t.database, { email: 'unconfirmed-recovery@example.com' });
    await createUser(t.database, { email: 'confirmed-recovery@example.com', isEmailConfirmed: true });
    for (const email of ['unconfirmed-recovery@example.com', 'confirmed-recovery@example.com'])
      expect((await post(t.app, '/crm/api/user/password-recovery', { email })).json()).toEqual({ success: true });
    expect(await readOutbox(t.app, 'unconfirmed-recovery@example.com')).toEqual([]);
    expect(await lastLinkToken(t.app, 'confirmed-recovery@example.com', 'reset-password')).toBeTruthy();
  });

  it('the whole takeover: a new, unconfirmed address gets no reset link', async () => {
    await createUser(t.database, { email: 'owner@example.com', isEmailConfirmed: true });
    const { token } = await signIn(t.app, 'owner@example.com');
    // even the owner, with the password: the new address is unconfirmed until its link is opened
    expect((await changeEmail(token, { email: 'owner-new@example.com', password: TEST_PASSWORD })).json()).toEqual({
      email: 'owner-new@example.com',
    });
    await post(t.app, '/crm/api/user/password-recovery', { email: 'owner-new@example.com' });
    expect(
      (await readOutbox(t.app, 'owner-new@example.com')).filter((m) => m.body.includes('/org/reset-password')),
    ).toEqual([]);
  });
});

describe('registration and the no-enumeration answers (issue 14, security 7)', () => {
  it('registration attempts are counted, refused ones too: the sixth from one address needs a captcha', async () => {
    await createUser(t.database, { email: 'taken@example.com' });
    const ip = nextIp();
    const register = (headers: Record<string, string> = {}) =>
      post(
        t.app,
        '/crm/api/user/register',
        { email: 'taken@example.com', password: 'Strong123!', confirm_password: 'Strong123!' },
        { remoteAddress: ip, headers },
      );
    for (let i = 0; i < 5; i += 1) {
      const res = await register();
      expect(res.statusCode).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors).toEqual({
        email: ['This e-mail is already registered'],
      });
    }
    const sixth = await register();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ type: 'captcha' });
    // the same for the password-less registration: one counter per address
    const quick = await post(
      t.app,
      '/crm/api/user/register-without-password',
      { email: 'taken@example.com', code_sender: 'email' },
      { remoteAddress: ip },
    );
    expect(quick.statusCode).toBe(429);
  });

  it('send-auth-code and password-recovery answer an unknown account no sooner than the floor a known one gets', async () => {
    const floor = t.config.ACCOUNT_ANSWER_MIN_MS;
    expect(floor).toBeGreaterThanOrEqual(100);
    const timed = async (url: string, payload: unknown) => {
      const started = performance.now();
      const res = await post(t.app, url, payload);
      return { res, ms: performance.now() - started };
    };
    await createUser(t.database, { email: 'known-timing@example.com', isEmailConfirmed: true });
    for (const [url, unknown, known] of [
      ['/crm/api/user/send-auth-code', { login: 'ghost-timing@example.com' }, { login: 'known-timing@example.com' }],
      ['/crm/api/user/password-recovery', { email: 'ghost-timing@example.com' }, { email: 'known-timing@example.com' }],
    ] as const) {
      const a = await timed(url, unknown);
      const b = await timed(url, known);
      expect(a.res.json()).toEqual({ success: true });
      expect(b.res.json()).toEqual({ success: true });
      // lower bounds only (a busy machine makes anything slower, never faster); 2 ms for timer rounding
      expect(a.ms, `${url} unknown`).toBeGreaterThanOrEqual(floor - 2);
      expect(b.ms, `${url} known`).toBeGreaterThanOrEqual(floor - 2);
    }
  });
});
