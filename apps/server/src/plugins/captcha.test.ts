import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { defineRoute } from '@tourdesk/contract';
import { registerRoute } from '../lib/route';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../test/test-app';
import { FAST_CAPTCHA_ENV, solveCaptcha } from '../test/captcha';
import { nextIp, post } from '../modules/auth/test-helpers';

const invisibleRoute = defineRoute({
  method: 'POST',
  path: '/crm/api/test/invisible',
  body: z.strictObject({ message: z.string() }),
  response: z.object({ ok: z.boolean() }),
  isPublic: true,
  invisibleCaptcha: true,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...FAST_CAPTCHA_ENV }, (app) => registerRoute(app, invisibleRoute, () => ({ ok: true })));
  await createUser(t.database, { email: 'victim@example.com' });
});
afterAll(() => t.close());

const signInAs = (
  password: string,
  ip: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) =>
  post(
    t.app,
    '/crm/api/user/auth',
    { login: 'victim@example.com', password, ...extra },
    { remoteAddress: ip, headers },
  );

describe('GET /spa/captcha/challenge', () => {
  it('hands out signed ALTCHA challenges, harder with hard=1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const c = res.json() as {
      algorithm: string;
      maxnumber: number;
      salt: string;
      signature: string;
      challenge: string;
    };
    expect(c).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
    expect(c.salt).toMatch(/expires=\d+/);
    expect(
      ((await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge?hard=1' })).json() as { maxnumber: number })
        .maxnumber,
    ).toBe(4000);
    expect((await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge?hard=yes' })).statusCode).toBe(422);
  });
});

describe('failed sign-ins escalate to captcha, then hard_captcha', () => {
  it('asks for a captcha after 5 failures for a login, accepts a solved one once, and escalates after 10', async () => {
    for (let i = 0; i < 5; i++) expect((await signInAs('wrong-password', nextIp())).statusCode).toBe(422);

    const blocked = await signInAs(TEST_PASSWORD, nextIp());
    expect(blocked.statusCode).toBe(429);
    const body = blocked.json() as { type: string; message: string; request_id: string };
    expect(body).toMatchObject({ type: 'captcha', message: 'Too many requests' });
    expect(body.request_id).toBeTruthy();

    // solved: the retry passes, with the request ids of the 429 merged into the body (SPEC §4)
    const token = await solveCaptcha(t.app);
    const retried = await signInAs(
      TEST_PASSWORD,
      nextIp(),
      { 'x-captcha-token': token },
      { request_id: body.request_id, requestUUID: 'u-1' },
    );
    expect(retried.statusCode).toBe(200);
    // the same solution again: refused (replay)
    const replay = await signInAs(TEST_PASSWORD, nextIp(), { 'x-captcha-token': token });
    expect(replay.statusCode).toBe(429);
    expect(replay.json()).toMatchObject({ type: 'captcha' });

    // five more failures, each with a fresh captcha → hard_captcha
    for (let i = 0; i < 5; i++)
      expect(
        (await signInAs('wrong-password', nextIp(), { 'x-captcha-token': await solveCaptcha(t.app) })).statusCode,
      ).toBe(422);
    const hard = await signInAs(TEST_PASSWORD, nextIp(), { 'x-captcha-token': await solveCaptcha(t.app) });
    expect(hard.statusCode).toBe(429);
    expect(hard.json()).toMatchObject({ type: 'hard_captcha', message: 'Too many requests' });
    expect((hard.json() as { request_id?: string }).request_id).toBeTruthy();
    expect(
      (await signInAs(TEST_PASSWORD, nextIp(), { 'x-captcha-token': await solveCaptcha(t.app, 'hard') })).statusCode,
    ).toBe(200);
  });

  it('refuses a tampered, expired or invisible solution in x-captcha-token', async () => {
    const ip = nextIp();
    // the login above is past hard; use the per-address counter instead: 20 failures from one address
    for (let i = 0; i < 20; i++)
      await post(
        t.app,
        '/crm/api/user/auth',
        { login: `x${i}@example.com`, password: 'nope-nope' },
        { remoteAddress: ip },
      );
    const attempt = (headers: Record<string, string>) =>
      post(
        t.app,
        '/crm/api/user/auth',
        { login: 'y@example.com', password: 'nope-nope' },
        { remoteAddress: ip, headers },
      );
    expect((await attempt({})).statusCode).toBe(429);

    const good = JSON.parse(Buffer.from(await solveCaptcha(t.app), 'base64').toString()) as { number: number };
    const tampered = Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString('base64');
    expect((await attempt({ 'x-captcha-token': tampered })).statusCode).toBe(429);

    const expired = await createChallenge({
      hmacKey: 'test-altcha-key-123456',
      maxnumber: 100,
      expires: new Date(Date.now() - 1000),
      params: { k: 'captcha' },
    });
    const solved = await solveChallenge(expired.challenge, expired.salt, expired.algorithm, 100).promise;
    const expiredToken = Buffer.from(JSON.stringify({ ...expired, number: solved!.number })).toString('base64');
    expect((await attempt({ 'x-captcha-token': expiredToken })).statusCode).toBe(429);

    expect((await attempt({ 'x-captcha-token': await solveCaptcha(t.app, 'invisible') })).statusCode).toBe(429);
    expect((await attempt({ 'x-captcha-token': 'garbage' })).statusCode).toBe(429);
    expect((await attempt({ 'x-captcha-token': await solveCaptcha(t.app) })).statusCode).toBe(422);
  });
});

describe('registration, recovery and code sends escalate per address', () => {
  it('the sixth registration from one address needs a captcha', async () => {
    const ip = nextIp();
    const register = (i: number, headers: Record<string, string> = {}) =>
      post(
        t.app,
        '/crm/api/user/register',
        { email: `reg${i}@example.com`, password: 'Strong123!', confirm_password: 'Strong123!' },
        { remoteAddress: ip, headers },
      );
    for (let i = 0; i < 5; i++) expect((await register(i)).statusCode).toBe(200);
    expect((await register(5)).json()).toMatchObject({ type: 'captcha' });
    expect((await register(5, { 'x-captcha-token': await solveCaptcha(t.app) })).statusCode).toBe(200);
  });

  it('the sixth password recovery from one address needs a captcha', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect(
        (await post(t.app, '/crm/api/user/password-recovery', { email: `r${i}@example.com` }, { remoteAddress: ip }))
          .statusCode,
      ).toBe(200);
    const res = await post(
      t.app,
      '/crm/api/user/password-recovery',
      { email: 'r9@example.com' },
      { remoteAddress: ip },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ type: 'captcha' });
  });

  it('the eleventh sign-in code from one address needs a captcha', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect(
        (await post(t.app, '/crm/api/user/send-auth-code', { login: `c${i}@example.com` }, { remoteAddress: ip }))
          .statusCode,
      ).toBe(200);
    expect(
      (await post(t.app, '/crm/api/user/send-auth-code', { login: 'c10@example.com' }, { remoteAddress: ip })).json(),
    ).toMatchObject({ type: 'captcha' });
  });
});

describe('invisible captcha routes', () => {
  it('pass with a solved invisible token; without one they work until the stricter limit, then ask for a captcha', async () => {
    const ip = nextIp();
    const call = (headers: Record<string, string> = {}) =>
      post(t.app, invisibleRoute.path, { message: 'hi' }, { remoteAddress: ip, headers });
    for (let i = 0; i < 30; i++) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ type: 'captcha' });
    const invisible = await solveCaptcha(t.app, 'invisible');
    expect((await call({ 'x-invisible-captcha-token': invisible })).statusCode).toBe(200);
    expect((await call({ 'x-invisible-captcha-token': invisible })).statusCode).toBe(429);
    expect((await call({ 'x-captcha-token': await solveCaptcha(t.app) })).statusCode).toBe(200);
    // another address is unaffected
    expect((await post(t.app, invisibleRoute.path, { message: 'hi' }, { remoteAddress: nextIp() })).statusCode).toBe(
      200,
    );
  });
});
