import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT: '2048' }, (app) => {
    app.get('/crm/api/test-boom', async () => {
      await t.database.db.execute(sql`select * from table_that_does_not_exist`);
      return {};
    });
  });
  await createUser(t.database, { email: 'bad-input@example.com' });
  ({ token } = await signIn(t.app, 'bad-input@example.com'));
});
afterAll(() => t.close());

const userCount = async () => ((await t.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] }).rows[0];

describe('bad input answers the SPEC error shape and changes nothing', () => {
  it('unknown API route → 404 { message }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crm/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('malformed JSON → 400 { message }', async () => {
    const before = await userCount();
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/auth', headers: { 'content-type': 'application/json' }, payload: '{"login": "a@b.c", ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON body' });
    expect(await userCount()).toEqual(before);
  });

  it('wrong types → 422 with the field named', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/auth', payload: { login: ['x'], password: 5 } });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['login', 'password']);
  });

  it('a value of the wrong type is "Incorrect value"; only a missing one is "Required field"', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/auth', payload: { login: ['x'] } });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors).toEqual({ login: ['Incorrect value'], password: ['Required field'] });
  });

  it('an id out of range says "Incorrect value", not a minimum that is not true (0 is refused too) or zod\'s own words', async () => {
    for (const id of ['-1', '0', '99999999999999999999']) {
      const res = await t.app.inject({ method: 'GET', url: `/crm/api/organization-bank-account/get-list?tour_organizer_id=${id}`, headers: bearer(token) });
      expect(res.statusCode, id).toBe(422);
      expect(res.json(), id).toEqual({ message: expect.any(String), errors: { tour_organizer_id: ['Incorrect value'] } });
    }
    const big = await t.app.inject({ method: 'GET', url: '/crm/api/organization-bank-account/get-list?tour_organizer_id=2147483648', headers: bearer(token) });
    expect(big.json()).toMatchObject({ errors: { tour_organizer_id: ['Maximum 2147483647'] } });
  });

  it('text PostgreSQL cannot store (U+0000, an unpaired surrogate) → 422 on the field, before any handler', async () => {
    const before = await userCount();
    for (const login of ['a\\u0000b@example.com', 'a\\ud800b@example.com']) {
      const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/auth', headers: { 'content-type': 'application/json' }, payload: `{"login": "${login}", "password": "x"}` });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'The given data was invalid', errors: { login: ['Incorrect value'] } });
    }
    // a paired surrogate (an emoji) and an escaped backslash before u0000 are ordinary text
    const ok = await t.app.inject({ method: 'POST', url: '/crm/api/user/auth', headers: { 'content-type': 'application/json' }, payload: '{"login": "\\\\u0000\\ud83d\\ude00@example.com", "password": "x"}' });
    expect(ok.statusCode).toBe(422);
    expect((ok.json() as { errors: Record<string, string[]> }).errors).toEqual({ login: ['Incorrect login or password'] });
    expect(await userCount()).toEqual(before);
  });

  it('an oversized body → 413 { message } (limit BODY_LIMIT)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/auth', payload: { login: 'x'.repeat(5000), password: 'y' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('an unsupported content type → 415 { message }; text/plain and multipart forms too (JSON routes)', async () => {
    for (const [type, payload] of [
      ['text/xml', '<a/>'],
      ['text/plain', '{"login": "a@b.c", "password": "x"}'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="login"\r\n\r\na@b.c\r\n--x--\r\n'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/auth', headers: { 'content-type': type! }, payload: payload! });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ message: 'Unsupported media type' });
    }
  });

  it('an unexpected failure → 500 { message: "Server Error" } without a stack or SQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crm/api/test-boom', headers: bearer(token) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    expect(res.body).not.toMatch(/table_that_does_not_exist|at .*\.ts/);
  });

  it('every answer carries a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/meta/version.json', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect((await t.app.inject({ method: 'GET', url: '/meta/version.json' })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
