import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { bearer, createTestApp, createUser, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database, { email: 'anna@example.com', phone: '+79991112233', organizers: ['Altai Trails'] });
});
afterAll(() => t.close());

const refresh = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/crm/api/user/refresh-token',
    cookies: cookie ? { td_refresh: cookie } : {},
    payload: {},
  });

describe('POST /crm/api/user/auth', () => {
  it('signs in by e-mail (any case) and sets an httpOnly refresh cookie scoped to the user API', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: 'Anna@Example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; expires_in: number };
    expect(body.expires_in).toBe(900);
    expect(body.token.split('.')).toHaveLength(3);
    const cookie = res.cookies.find((c) => c.name === 'td_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/crm/api/user', sameSite: 'Strict' });
  });

  it('signs in by phone typed with spaces, dashes and parentheses', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: '+7 (999) 111-22-33', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same 422 for a wrong password and an unknown login (no enumeration)', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: 'anna@example.com', password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: 'ghost@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      message: 'Incorrect login or password',
      code: 'invalid_credentials',
      errors: { login: ['Incorrect login or password'] },
      codes: { login: [{ code: 'invalid_credentials' }] },
    });
    expect(wrong.cookies.find((c) => c.name === 'td_refresh')).toBeUndefined();
  });

  it('rejects a missing password and unknown fields with field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: 'anna@example.com', is_admin: true },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { errors: Record<string, string[]> };
    expect(body.errors.password).toEqual(['Required field']);
    expect(body.errors.is_admin).toEqual(['Unknown field']);
  });
});

describe('access tokens', () => {
  it('GET profile needs a token and returns the user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/crm/api/user/profile' })).statusCode).toBe(401);
    const { token } = await signIn(t.app, 'anna@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'anna@example.com',
      is_password_set: true,
      is_email_set: true,
      currency: 'RUB',
    });
    expect(JSON.stringify(res.json())).not.toContain('password_hash');
  });

  it('refuses a tampered token, alg none, an expired token, another secret and a refresh token used as access', async () => {
    const { token, refreshCookie } = await signIn(t.app, 'anna@example.com');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: '999' })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const expired = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(payload.sub))
      .setIssuer('tourdesk')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-1234'));
    const otherSecret = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(payload.sub))
      .setIssuer('tourdesk')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-1'));
    for (const bad of [`${h}.${forged}.${s}`, none, expired, otherSecret, refreshCookie, 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(bad) });
      expect(res.statusCode, bad).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated', code: 'unauthorized' });
    }
  });

  it('refuses a real-time token used as an access token', async () => {
    const { token } = await signIn(t.app, 'anna@example.com');
    const list = (
      await t.app.inject({ method: 'GET', url: '/crm/api/chat/channels-list', headers: bearer(token) })
    ).json() as {
      connectionToken: string;
      channels: { token: string }[];
    };
    for (const rt of [list.connectionToken, list.channels[0]!.token]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(rt) })).statusCode,
      ).toBe(401);
    }
  });
});

describe('refresh tokens', () => {
  it('rotates on every use; reusing a rotated token revokes the whole family', async () => {
    const { refreshCookie: first } = await signIn(t.app, 'anna@example.com');
    const r1 = await refresh(first);
    expect(r1.statusCode).toBe(200);
    const second = r1.cookies.find((c) => c.name === 'td_refresh')!.value;
    expect(second).not.toBe(first);
    expect((r1.json() as { token: string }).token).toBeTruthy();

    // the stolen first token comes back: refused, and the family is gone
    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('a second session is untouched by the first one being revoked', async () => {
    const a = await signIn(t.app, 'anna@example.com');
    const b = await signIn(t.app, 'anna@example.com');
    const ra = await refresh(a.refreshCookie);
    await refresh(a.refreshCookie); // reuse → family a revoked
    expect((await refresh(ra.cookies.find((c) => c.name === 'td_refresh')!.value)).statusCode).toBe(401);
    expect((await refresh(b.refreshCookie)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie or with a made-up one', async () => {
    expect((await refresh('')).statusCode).toBe(401);
    expect((await refresh('made-up-token')).statusCode).toBe(401);
  });

  it('logout ends the access tokens of that session at once, not after their 15 minutes', async () => {
    const { token, refreshCookie } = await signIn(t.app, 'anna@example.com');
    const other = await signIn(t.app, 'anna@example.com');
    expect(
      (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) })).statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/logout',
      cookies: { td_refresh: refreshCookie },
      payload: {},
    });
    const after = await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated', code: 'unauthorized' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(other.token) })).statusCode,
    ).toBe(200);
  });

  it("refuses a validly signed token naming another user's session", async () => {
    await createUser(t.database, { email: 'eve@example.com' });
    const eve = await signIn(t.app, 'eve@example.com');
    const anna = await signIn(t.app, 'anna@example.com');
    const annaFam = (JSON.parse(Buffer.from(anna.token.split('.')[1]!, 'base64url').toString()) as { fam: number }).fam;
    const eveSub = (JSON.parse(Buffer.from(eve.token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const forged = await t.app.signer.sign({ sub: Number(eveSub), typ: 'access', fam: annaFam }, 60);
    expect(
      (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(forged) })).statusCode,
    ).toBe(401);
  });

  it('logout revokes the session', async () => {
    const { refreshCookie } = await signIn(t.app, 'anna@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/logout',
      cookies: { td_refresh: refreshCookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await refresh(refreshCookie)).statusCode).toBe(401);
  });
});

describe('POST /crm/api/user/logout-other-sessions', () => {
  it('ends every other session at once and keeps this one', async () => {
    const mine = await signIn(t.app, 'anna@example.com');
    const other = await signIn(t.app, 'anna@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/logout-other-sessions',
      headers: bearer(mine.token),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(
      (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(other.token) })).statusCode,
    ).toBe(401);
    expect((await refresh(other.refreshCookie)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(mine.token) })).statusCode,
    ).toBe(200);
    expect((await refresh(mine.refreshCookie)).statusCode).toBe(200);
  });

  it('needs a signed-in user and refuses unknown fields', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/crm/api/user/logout-other-sessions', payload: {} })).statusCode,
    ).toBe(401);
    const { token } = await signIn(t.app, 'anna@example.com');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/crm/api/user/logout-other-sessions',
          headers: bearer(token),
          payload: { all: true },
        })
      ).statusCode,
    ).toBe(422);
  });
});
