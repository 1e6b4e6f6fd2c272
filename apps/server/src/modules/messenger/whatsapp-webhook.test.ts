import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { userChannel, type PhoneConfirmationMethods, type VerificationMethod } from '@tourdesk/contract';
import { ConfigError, loadConfig } from '../../config';
import { users } from '../../db/schema/index';
import {
  bearer,
  createTestApp,
  createUser,
  listenAsUser,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  listenOnFreePort,
} from '../../test/test-app';
import { nextIp, post, readOutbox } from '../auth/test-helpers';

/*
 * The manual WhatsApp phone confirmation: phone-confirmation-methods hands out the word (target)
 * and the business number, send-confirmation-code sends nothing for it, and the provider
 * bridge's webhook confirms the phone when the account's own number sends the account's word.
 */

const NUMBER = '+79990000000';
const SECRET = 'wa-bridge-secret-0123456789';
const WEBHOOK = '/crm/api/messenger/whatsapp/webhook';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({ WHATSAPP_MANUAL_NUMBER: '+7 999 000-00-00', WHATSAPP_WEBHOOK_SECRET: SECRET });
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const methods = async (app: TestApp['app'], token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/crm/api/user/phone-confirmation-methods',
      headers: bearer(token),
      remoteAddress: nextIp(),
    })
  ).json() as PhoneConfirmationMethods;
const whatsapp = async (token: string, app = t.app): Promise<VerificationMethod> =>
  (await methods(app, token)).verification_methods.find((m) => m.type === 'whatsapp')!;
const profile = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) })).json() as {
    phone: string;
    is_phone_confirm: boolean;
  };
const webhook = (payload: unknown, headers: Record<string, string> = { 'x-webhook-secret': SECRET }) =>
  t.app.inject({ method: 'POST', url: WEBHOOK, headers, payload: payload as Record<string, unknown> });

describe('configuration', () => {
  it('WHATSAPP_MANUAL_NUMBER is normalised to +digits and checked; a bad value or a short secret stops the start', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' };
    expect(
      loadConfig({ ...base, WHATSAPP_MANUAL_NUMBER: '+7 (999) 000-00-00', WHATSAPP_WEBHOOK_SECRET: SECRET })
        .whatsappManual,
    ).toEqual({ number: NUMBER, secret: SECRET });
    expect(loadConfig({ ...base, WHATSAPP_MANUAL_NUMBER: NUMBER }).whatsappManual).toBeNull();
    expect(loadConfig({ ...base, WHATSAPP_WEBHOOK_SECRET: SECRET }).whatsappManual).toBeNull();
    expect(() => loadConfig({ ...base, WHATSAPP_MANUAL_NUMBER: '89990000000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, WHATSAPP_MANUAL_NUMBER: 'call me' })).toThrow(/WHATSAPP_MANUAL_NUMBER/);
    expect(() => loadConfig({ ...base, WHATSAPP_WEBHOOK_SECRET: 'short' })).toThrow(/WHATSAPP_WEBHOOK_SECRET/);
  });

  it('with only one of the two variables the flow is off: no target, codes go by WhatsApp, the webhook is 404', async () => {
    const half = await createTestApp({ WHATSAPP_MANUAL_NUMBER: NUMBER });
    try {
      await createUser(half.database, { email: 'half@wa.example', phone: '+79995550001' });
      const { token } = await signIn(half.app, 'half@wa.example');
      expect(await whatsapp(token, half.app)).toMatchObject({ target: null, manual_number: null });
      expect(
        (
          await post(
            half.app,
            '/crm/api/user/send-confirmation-code',
            { code_sender: 'whatsapp' },
            { headers: bearer(token) },
          )
        ).json(),
      ).toEqual({ success: true });
      expect((await readOutbox(half.app, '+79995550001'))[0]!.channel).toBe('whatsapp');
      const res = await half.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: { 'x-webhook-secret': SECRET },
        payload: { from: '79995550001', text: 'hi' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    } finally {
      await half.close();
    }
  });
});

describe('phone-confirmation-methods with the manual flow', () => {
  it('gives the whatsapp method a TD- word and the business number, the other methods neither; the word is stable', async () => {
    await createUser(t.database, { email: 'word@wa.example', phone: '+79995550002' });
    const { token } = await signIn(t.app, 'word@wa.example');
    const m = await methods(t.app, token);
    const wa = m.verification_methods.find((v) => v.type === 'whatsapp')!;
    expect(wa.target).toMatch(/^TD-\d{6}$/);
    expect(wa.manual_number).toBe(NUMBER);
    for (const other of m.verification_methods.filter((v) => v.type !== 'whatsapp'))
      expect(other).toMatchObject({ target: null, manual_number: null });
    expect((await whatsapp(token)).target).toBe(wa.target);
  });

  it('each account has its own word, and a new phone gives a new word', async () => {
    await createUser(t.database, { email: 'mover@wa.example', phone: '+79995550003' });
    await createUser(t.database, { email: 'other@wa.example', phone: '+79995550004' });
    const mover = await signIn(t.app, 'mover@wa.example');
    const other = await signIn(t.app, 'other@wa.example');
    const before = (await whatsapp(mover.token)).target;
    expect((await whatsapp(other.token)).target).not.toBe(before);
    const changed = await post(
      t.app,
      '/crm/api/user/change-phone',
      { phone: '+79995550033', password: TEST_PASSWORD },
      { headers: bearer(mover.token) },
    );
    expect(changed.json()).toEqual({ success: true });
    const after = (await whatsapp(mover.token)).target;
    expect(after).toMatch(/^TD-\d{6}$/);
    expect(after).not.toBe(before);
  });

  it('send-confirmation-code by whatsapp sends nothing, answers success and makes whatsapp the default', async () => {
    await createUser(t.database, { email: 'sender@wa.example', phone: '+79995550005' });
    const { token } = await signIn(t.app, 'sender@wa.example');
    expect(
      (
        await post(
          t.app,
          '/crm/api/user/send-confirmation-code',
          { code_sender: 'whatsapp' },
          { headers: bearer(token) },
        )
      ).json(),
    ).toEqual({ success: true });
    expect(await readOutbox(t.app, '+79995550005')).toEqual([]);
    expect((await whatsapp(token)).is_default).toBe(true);
    // whatsapp_paid still sends a code
    expect(
      (
        await post(
          t.app,
          '/crm/api/user/send-confirmation-code',
          { code_sender: 'whatsapp_paid' },
          { headers: bearer(token) },
        )
      ).json(),
    ).toEqual({ success: true });
    expect((await readOutbox(t.app, '+79995550005'))[0]!.channel).toBe('whatsapp');
  });
});

describe('POST /crm/api/messenger/whatsapp/webhook', () => {
  let user: { userId: number; token: string; word: string };
  beforeAll(async () => {
    const { userId } = await createUser(t.database, { email: 'hook@wa.example', phone: '+79995550010' });
    const { token } = await signIn(t.app, 'hook@wa.example');
    user = { userId, token, word: (await whatsapp(token)).target! };
  });

  it('refuses a missing or wrong secret with 401 (before reading the body) and changes nothing', async () => {
    const message = { from: '+79995550010', text: user.word };
    const attempts: Record<string, string>[] = [
      {},
      { 'x-webhook-secret': 'wrong-secret-wrong-secret' },
      { 'x-webhook-secret': `${SECRET}x` },
    ];
    for (const headers of attempts) {
      const res = await webhook(message, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated', code: 'unauthorized' });
    }
    expect((await webhook({ nonsense: true }, { 'x-webhook-secret': 'nope' })).statusCode).toBe(401);
    expect((await profile(user.token)).is_phone_confirm).toBe(false);
  });

  it('a body that is not { from, text } is 422 in the SPEC shape', async () => {
    const missing = await webhook({ from: '+79995550010' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: expect.any(String),
      code: 'validation',
      errors: { text: ['Required field'] },
      codes: { text: [{ code: 'required' }] },
    });
    const wrongType = await webhook({ from: 79995550010, text: user.word });
    expect(wrongType.statusCode).toBe(422);
    expect((wrongType.json() as { errors: Record<string, string[]> }).errors.from).toBeDefined();
    expect((await webhook({ from: '', text: user.word })).statusCode).toBe(422);
    const malformed = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'x-webhook-secret': SECRET, 'content-type': 'application/json' },
      payload: '{"from":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    expect((await profile(user.token)).is_phone_confirm).toBe(false);
  });

  it("a wrong word, another account's word or another phone answers success: false and changes nothing", async () => {
    const otherWord = (await whatsapp((await signIn(t.app, 'other@wa.example')).token)).target!;
    expect((await webhook({ from: '+79995550010', text: 'hello there' })).json()).toEqual({ success: false });
    expect((await webhook({ from: '+79995550010', text: otherWord })).json()).toEqual({ success: false });
    expect((await webhook({ from: '+79995559999', text: user.word })).json()).toEqual({ success: false });
    expect((await webhook({ from: '+79995550004', text: user.word })).json()).toEqual({ success: false });
    expect((await webhook({ from: 'abc', text: user.word })).json()).toEqual({ success: false });
    expect((await profile(user.token)).is_phone_confirm).toBe(false);
    expect((await profile((await signIn(t.app, 'other@wa.example')).token)).is_phone_confirm).toBe(false);
  });

  it('the own phone with the word (any case, in a sentence, the number in any format) confirms it; the socket hears it', async () => {
    const { socket, got } = await listenAsUser(t.app, base, user.token);
    sockets.push(socket);
    const res = await webhook({
      from: '7 (999) 555-00-10',
      text: `Hi! my code is ${user.word.toLowerCase()} thanks`,
      id: 'wamid.1',
      timestamp: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await profile(user.token)).toMatchObject({ phone: '+79995550010', is_phone_confirm: true });
    await expect
      .poll(() => got, { timeout: 3000 })
      .toContainEqual({
        channel: userChannel(user.userId),
        event: 'crm_user_phone_was_confirmed',
        // a messenger webhook confirmed it: the system, so the tab waiting for it does not take it for its own
        payload: { actor: { type: 'system', user_id: null }, user_id: user.userId },
      });
    // a second delivery of the same message (a retry) confirms nothing more
    expect((await webhook({ from: '+79995550010', text: user.word })).json()).toEqual({ success: false });
  });

  it('a blocked account is not confirmed', async () => {
    const { userId } = await createUser(t.database, { email: 'blocked@wa.example', phone: '+79995550011' });
    const { token } = await signIn(t.app, 'blocked@wa.example');
    const word = (await whatsapp(token)).target!;
    await t.database.db.update(users).set({ blocked_at: new Date() }).where(eq(users.id, userId));
    expect((await webhook({ from: '+79995550011', text: word })).json()).toEqual({ success: false });
    expect((await profile(token)).is_phone_confirm).toBe(false);
  });
});
