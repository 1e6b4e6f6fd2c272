import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { issueOf } from '@tourdesk/contract';
import { bearer, createTestApp, createUser, listenOnFreePort, signIn, type TestApp } from '../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT: '2048' }, (app) => {
    app.get('/crm/api/test-boom', async () => {
      await t.database.db.execute(sql`select * from table_that_does_not_exist`);
      return {};
    });
    // one field per zod issue kind, none with a message of its own unless its name says so
    app.withTypeProvider<ZodTypeProvider>().post(
      '/crm/api/test-zod-kinds',
      {
        schema: {
          body: z.strictObject({
            choice: z.enum(['en', 'ru']).optional(),
            exact: z.literal('x').optional(),
            either: z.union([z.string(), z.number()]).optional(),
            tagged: z
              .discriminatedUnion('t', [z.object({ t: z.literal('a') }), z.object({ t: z.literal('b') })])
              .optional(),
            list: z.array(z.number()).max(2).optional(),
            some: z.array(z.number()).min(1).optional(),
            pattern: z
              .string()
              .regex(/^[A-Z]{2}$/)
              .optional(),
            uuid: z.string().uuid().optional(),
            step: z.number().multipleOf(5).optional(),
            refined: z
              .string()
              .refine(() => false)
              .optional(),
            keyed: z.record(z.string().regex(/^[a-z]+$/), z.string()).optional(),
            day: z.iso.date().optional(),
            when: z.date().optional(),
            own_choice: z
              .string()
              .refine(() => false, issueOf('unknown_country'))
              .optional(),
            own_pattern: z
              .string()
              .superRefine((v, ctx) => ctx.addIssue({ code: 'custom', ...issueOf('min_length', { length: 2 }) }))
              .optional(),
            own_refined: z
              .string()
              .refine(() => false, issueOf('iban'))
              .optional(),
            uncoded: z
              .string()
              .refine(() => false, { message: 'Never right' })
              .optional(),
          }),
        },
      },
      async () => ({}),
    );
  });
  await createUser(t.database, { email: 'bad-input@example.com' });
  ({ token } = await signIn(t.app, 'bad-input@example.com'));
});
afterAll(() => t.close());

const userCount = async () =>
  ((await t.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] })
    .rows[0];

describe('bad input answers the SPEC error shape and changes nothing', () => {
  it('unknown API route → 404 { message }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crm/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('malformed JSON → 400 { message }', async () => {
    const before = await userCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON body', code: 'malformed_json' });
    expect(await userCount()).toEqual(before);
  });

  it('wrong types → 422 with the field named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: ['x'], password: 5 },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['login', 'password']);
  });

  it('a value of the wrong type is "Incorrect value"; only a missing one is "Required field"', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/auth', payload: { login: ['x'] } });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors).toEqual({
      login: ['Incorrect value'],
      password: ['Required field'],
    });
  });

  it('an id out of range says "Incorrect value", not a minimum that is not true (0 is refused too) or zod\'s own words', async () => {
    for (const id of ['-1', '0', '99999999999999999999', '2147483648']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/crm/api/organization-bank-account/get-list?tour_organizer_id=${id}`,
        headers: bearer(token),
      });
      expect(res.statusCode, id).toBe(422);
      expect(res.json(), id).toEqual({
        message: expect.any(String),
        code: 'validation',
        errors: { tour_organizer_id: ['Incorrect value'] },
        codes: { tour_organizer_id: [{ code: 'incorrect_value' }] },
      });
    }
    const body = await t.app.inject({
      method: 'POST',
      url: '/crm/api/agent/update',
      headers: bearer(token),
      payload: { organizer_id: 1, agent_id: 1, commission_percent: 5, allowed_tour_ids: [3, 2147483648] },
    });
    expect(body.json()).toMatchObject({ errors: { 'allowed_tour_ids.1': ['Incorrect value'] } });
  });

  it('text PostgreSQL cannot store (U+0000, an unpaired surrogate) → 422 on the field, before any handler', async () => {
    const before = await userCount();
    for (const login of ['a\\u0000b@example.com', 'a\\ud800b@example.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/crm/api/user/auth',
        headers: { 'content-type': 'application/json' },
        payload: `{"login": "${login}", "password": "x"}`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The given data was invalid',
        code: 'validation',
        errors: { login: ['Incorrect value'] },
        codes: { login: [{ code: 'incorrect_value' }] },
      });
    }
    // a paired surrogate (an emoji) and an escaped backslash before u0000 are ordinary text
    const ok = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "\\\\u0000\\ud83d\\ude00@example.com", "password": "x"}',
    });
    expect(ok.statusCode).toBe(422);
    expect((ok.json() as { errors: Record<string, string[]> }).errors).toEqual({
      login: ['Incorrect login or password'],
    });
    expect(await userCount()).toEqual(before);
  });

  it('an oversized body → 413 { message } (limit BODY_LIMIT)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: 'x'.repeat(5000), password: 'y' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
  });

  it('an unsupported content type → 415 { message }; text/plain and multipart forms too (JSON routes)', async () => {
    for (const [type, payload] of [
      ['text/xml', '<a/>'],
      ['text/plain', '{"login": "a@b.c", "password": "x"}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="login"\r\n\r\na@b.c\r\n--x--\r\n',
      ],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/crm/api/user/auth',
        headers: { 'content-type': type! },
        payload: payload!,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ message: 'Unsupported media type', code: 'unsupported_media_type' });
    }
  });

  it('an unexpected failure → 500 { message: "Server Error" } without a stack or SQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crm/api/test-boom', headers: bearer(token) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error', code: 'server' });
    expect(res.body).not.toMatch(/table_that_does_not_exist|at .*\.ts/);
  });

  it('a malformed URL → 400 { message } in the SPEC shape, with the headers every answer has', async () => {
    for (const url of ['/crm/api/%E0%A4%A', '/files/%E0%A4%A', '/%zz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'bad-url-1' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'Bad request', code: 'bad_request' });
      expect(res.headers['x-request-id']).toBe('bad-url-1');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("a path parameter past the router's length limit → 414 { message }, no framework code", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/files/${'1'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'URI too long', code: 'uri_too_long' });
  });

  it('a request node cannot parse (a broken header line) → 400 { message } on the socket too', async () => {
    const base = new URL(await listenOnFreePort(t.app));
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(base.port), base.hostname, () =>
        socket.write('GET /crm/api/nope HTTP/1.1\r\nHost: x\r\nBad header line\r\n\r\n'),
      );
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('end', () => resolve(got));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ message: 'Bad request', code: 'bad_request' });
  });

  it('every answer carries a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/meta/version.json',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect((await t.app.inject({ method: 'GET', url: '/meta/version.json' })).headers['x-request-id']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });
});

describe("zod's own wording never reaches the client", () => {
  const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

  it.each([
    ['POST', '/crm/api/user/set-language', { language_code: 'de' }, 'language_code'],
    ['POST', '/crm/api/user/set-currency', { currency_code: 'XXX' }, 'currency_code'],
    ['POST', '/crm/api/user/send-auth-code', { login: 'bad-input@example.com', code_sender: 'pigeon' }, 'code_sender'],
    ['GET', '/crm/api/organizer-document-template/placeholders-map?entity_type=zzz', undefined, 'entity_type'],
    [
      'GET',
      '/crm/api/organizer-contract-template/get-default-template-by-type?type=zzz&organizer_id=1',
      undefined,
      'type',
    ],
  ] as const)('%s %s with a value outside the list → "Incorrect value"', async (method, url, payload, field) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid',
      code: 'validation',
      errors: { [field]: ['Incorrect value'] },
      codes: { [field]: [{ code: 'incorrect_value' }] },
    });
  });

  it('every issue kind without a code of its own says "Incorrect value"; a code the schema gives is kept, with its params', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/test-zod-kinds',
      headers: bearer(token),
      payload: {
        choice: 'de',
        exact: 'y',
        either: [],
        tagged: { t: 'c' },
        list: [1, 2, 3],
        some: [],
        pattern: 'x',
        uuid: 'x',
        step: 3,
        refined: 'x',
        keyed: { ABC: 'x' },
        day: '2024-13-45',
        when: 'x',
        own_choice: 'de',
        own_pattern: 'x',
        own_refined: 'x',
        uncoded: 'x',
      },
    });
    expect(res.statusCode).toBe(422);
    const errors = errorsOf(res);
    for (const field of [
      'choice',
      'exact',
      'either',
      'tagged.t',
      'list',
      'some',
      'pattern',
      'uuid',
      'step',
      'refined',
      'day',
      'when',
    ]) {
      expect(errors[field], field).toEqual(['Incorrect value']);
    }
    expect(
      Object.entries(errors)
        .filter(([k]) => k.startsWith('keyed'))
        .map(([, v]) => v),
    ).toEqual([['Incorrect value']]);
    expect(errors.own_choice).toEqual(['Unknown country']);
    expect(errors.own_pattern).toEqual(['Minimum 2 characters']);
    expect(errors.own_refined).toEqual(['Incorrect IBAN']);
    const { codes } = res.json() as { codes: Record<string, unknown[]> };
    expect(codes.own_choice).toEqual([{ code: 'unknown_country' }]);
    expect(codes.own_pattern).toEqual([{ code: 'min_length', params: { length: 2 } }]);
    expect(codes.own_refined).toEqual([{ code: 'iban' }]);
    // a text without a code never goes out: every text is made from a code
    expect(errors.uncoded).toEqual(['Incorrect value']);
    expect(codes.uncoded).toEqual([{ code: 'incorrect_value' }]);
    expect(res.body).not.toMatch(/Invalid|expected|Too (big|small)|must/);
  });

  it('the SPEC messages stay: required, lengths, number bounds, e-mail', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/auth', payload: { login: 'x'.repeat(300) } });
    expect(errorsOf(res)).toEqual({ login: ['Maximum 255 characters'], password: ['Required field'] });
    const big = await t.app.inject({
      method: 'POST',
      url: '/crm/api/agent/update',
      headers: bearer(token),
      payload: { organizer_id: 1, agent_id: 1, commission_percent: 150, allowed_tour_ids: null },
    });
    expect(errorsOf(big)).toEqual({ commission_percent: ['Maximum 100'] });
  });
});
