import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { TEXTS, userChannel, type PhoneConfirmationMethods, type Publication } from '@tourdesk/contract';
import { organizers, outboxMessages, users } from '../../db/schema/index';
import {
  bearer,
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  signIn,
  type TestApp,
  listenOnFreePort,
} from '../../test/test-app';
import { lastCode, nextIp, post, readOutbox } from './test-helpers';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;
const methods = async (token: string, ip = nextIp()) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/crm/api/user/phone-confirmation-methods',
      headers: bearer(token),
      remoteAddress: ip,
    })
  ).json() as PhoneConfirmationMethods;
const send = (token: string, code_sender: string, ip = nextIp()) =>
  post(t.app, '/crm/api/user/send-confirmation-code', { code_sender }, { headers: bearer(token), remoteAddress: ip });
const confirm = (token: string, code: string) =>
  post(t.app, '/crm/api/user/confirm-phone', { code, verify_method: 'sms' }, { headers: bearer(token) });
const profile = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) })).json() as Record<
    string,
    unknown
  >;

const subscribeUser = async (token: string): Promise<Publication[]> => {
  const { socket, got } = await listenAsUser(t.app, base, token);
  sockets.push(socket);
  return got;
};

describe('GET /crm/api/user/phone-confirmation-methods', () => {
  it('lists every configured method, sms the default, Telegram not subscribed yet', async () => {
    await createUser(t.database, { email: 'methods@example.com', phone: '+79991230001' });
    const { token } = await signIn(t.app, 'methods@example.com');
    const m = await methods(token);
    expect(m.is_bot).toBe(false);
    expect(m.verification_methods.map((v) => v.type)).toEqual([
      'sms',
      'email',
      'telegram',
      'telegram_with_phone_request',
      'whatsapp',
      'whatsapp_paid',
      'vk',
      'vk_via_sms_service',
    ]);
    expect(m.verification_methods.filter((v) => v.is_default).map((v) => v.type)).toEqual(['sms']);
    expect(m.verification_methods.find((v) => v.type === 'telegram_with_phone_request')).toMatchObject({
      is_subscribed: false,
      target: null,
    });
    // the manual WhatsApp flow is off without WHATSAPP_MANUAL_NUMBER and WHATSAPP_WEBHOOK_SECRET
    expect(m.verification_methods.find((v) => v.type === 'whatsapp')).toMatchObject({
      target: null,
      manual_number: null,
    });
  });

  it('flags a client with many failed sign-ins as a bot and hides the paid methods', async () => {
    const { token } = await signIn(t.app, 'methods@example.com');
    const ip = nextIp();
    for (let i = 0; i < 20; i++)
      await post(
        t.app,
        '/crm/api/user/auth',
        { login: `nobody${i}@example.com`, password: 'wrong-wrong' },
        { remoteAddress: ip },
      );
    const m = await methods(token, ip);
    expect(m.is_bot).toBe(true);
    expect(m.verification_methods.map((v) => v.type)).not.toContain('sms');
    expect(m.verification_methods.map((v) => v.type)).not.toContain('whatsapp_paid');
    expect((await methods(token)).is_bot).toBe(false);
  });
});

describe('phone confirmation by code', () => {
  it('sends an sms code, holds the 60 s countdown, refuses a wrong code and confirms with the right one; the socket hears it', async () => {
    const { userId } = await createUser(t.database, { email: 'confirm@example.com', phone: '+79991230002' });
    const { token } = await signIn(t.app, 'confirm@example.com');
    const got = await subscribeUser(token);

    expect((await send(token, 'sms')).json()).toEqual({ success: true });
    const [sms] = await readOutbox(t.app, '+79991230002');
    expect(sms!.channel).toBe('sms');
    const again = await send(token, 'sms');
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again).code_sender![0]).toMatch(/^You can request a new code in (60|59) s$/);

    const code = await lastCode(t.app, '+79991230002');
    const wrong = await confirm(token, code === '000000' ? '111111' : '000000');
    expect(errorsOf(wrong)).toEqual({ code: ['Incorrect or expired code'] });
    expect(errorsOf(await confirm(token, ''))).toEqual({ code: ['Required field'] });
    expect((await profile(token)).is_phone_confirm).toBe(false);

    expect((await confirm(token, code)).json()).toEqual({ success: true });
    expect((await profile(token)).is_phone_confirm).toBe(true);
    await eventually(() =>
      expect(got).toContainEqual({
        channel: userChannel(userId),
        event: 'crm_user_phone_was_confirmed',
        // the user's own code confirmed it
        payload: { actor: { type: 'user', user_id: userId }, user_id: userId },
      }),
    );
    expect(errorsOf(await send(token, 'email'))).toEqual({ code_sender: ['Your phone is already confirmed'] });
  });

  it('choosing another method makes it the default; e-mail codes go to the e-mail', async () => {
    await createUser(t.database, { email: 'chooser@example.com', phone: '+79991230003' });
    const { token } = await signIn(t.app, 'chooser@example.com');
    expect((await send(token, 'whatsapp')).json()).toEqual({ success: true });
    expect((await readOutbox(t.app, '+79991230003'))[0]!.channel).toBe('whatsapp');
    const m = await methods(token);
    expect(m.verification_methods.filter((v) => v.is_default).map((v) => v.type)).toEqual(['whatsapp']);
    const [row] = await t.database.db
      .select({ m: users.default_verify_method })
      .from(users)
      .where(eq(users.email, 'chooser@example.com'));
    expect(row!.m).toBe('whatsapp');
  });

  it('a blocked account gets the SPEC §8 text on code_sender and nothing is sent', async () => {
    const { userId } = await createUser(t.database, { email: 'blocked@example.com', phone: '+79991230004' });
    await t.database.db.update(users).set({ blocked_at: new Date() }).where(eq(users.id, userId));
    const { token } = await signIn(t.app, 'blocked@example.com');
    const res = await send(token, 'sms');
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ code_sender: [TEXTS.codeSendFailed] });
    expect(errorsOf(res).code_sender![0]).toBe(
      'Failed to send code. Your account is blocked. Contact support on the website',
    );
    expect(await readOutbox(t.app, '+79991230004')).toEqual([]);
  });

  it('refuses Telegram without a subscription, a missing phone and an unknown method', async () => {
    await createUser(t.database, { email: 'nophone@example.com' });
    await createUser(t.database, { email: 'tg@example.com', phone: '+79991230005' });
    const noPhone = await signIn(t.app, 'nophone@example.com');
    const tg = await signIn(t.app, 'tg@example.com');
    expect(errorsOf(await send(noPhone.token, 'sms'))).toEqual({ code_sender: ['Phone number is not set'] });
    expect(errorsOf(await send(tg.token, 'telegram_with_phone_request'))).toEqual({
      code_sender: ['Subscribe to the Telegram bot first'],
    });
    expect((await send(tg.token, 'carrier-pigeon')).statusCode).toBe(422);
    expect(
      (
        await post(
          t.app,
          '/crm/api/user/send-confirmation-code',
          { code_sender: 'sms', extra: 1 },
          { headers: bearer(tg.token) },
        )
      ).statusCode,
    ).toBe(422);
  });
});

describe('call-based verification (/crm/api/phone-code/*)', () => {
  const lastCall = async (recipient: string) =>
    (
      await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
    )[0];

  it('web-call-data describes the option; phone-code/user rings the phone and confirm-phone takes the digits', async () => {
    await createUser(t.database, { email: 'caller@example.com', phone: '+79991230006' });
    const { token } = await signIn(t.app, 'caller@example.com');
    const data = await post(t.app, '/crm/api/phone-code/web-call-data', {}, { headers: bearer(token) });
    expect(data.json()).toEqual({
      is_available: true,
      phone: '+79991230006',
      code_length: 4,
      countdown: 60,
      resend_in: 0,
    });
    const res = await post(t.app, '/crm/api/phone-code/user', {}, { headers: bearer(token) });
    expect(res.json()).toEqual({ success: true, code_length: 4, resend_in: 60 });
    const call = await lastCall('+79991230006');
    expect(call!.channel).toBe('call');
    const code = String(call!.meta.code);
    expect(code).toMatch(/^\d{4}$/);
    expect(
      (
        (await post(t.app, '/crm/api/phone-code/web-call-data', {}, { headers: bearer(token) })).json() as {
          resend_in: number;
        }
      ).resend_in,
    ).toBeGreaterThan(0);
    expect((await confirm(token, code)).json()).toEqual({ success: true });
    expect((await profile(token)).is_phone_confirm).toBe(true);
  });

  it("phone-code/organizer rings the organizer's contact phone and checks the digits; another tenant gets 404", async () => {
    const owner = await createUser(t.database, { email: 'org-owner@example.com', organizers: ['Call Tours'] });
    const orgId = owner.organizerIds[0]!;
    await t.database.db
      .update(organizers)
      .set({ profile: { contacts: { phone: '+79991230099' } } })
      .where(eq(organizers.id, orgId));
    await createUser(t.database, { email: 'stranger@example.com', organizers: ['Other Tours'] });
    const mine = await signIn(t.app, 'org-owner@example.com');
    const stranger = await signIn(t.app, 'stranger@example.com');

    const foreign = await post(
      t.app,
      '/crm/api/phone-code/organizer',
      { organizer_id: orgId },
      { headers: bearer(stranger.token) },
    );
    expect(foreign.statusCode).toBe(404);
    expect(await lastCall('+79991230099')).toBeUndefined();

    expect(
      (
        await post(t.app, '/crm/api/phone-code/organizer', { organizer_id: orgId }, { headers: bearer(mine.token) })
      ).json(),
    ).toEqual({
      success: true,
      code_length: 4,
      resend_in: 60,
    });
    const code = String((await lastCall('+79991230099'))!.meta.code);
    const theirGuess = await post(
      t.app,
      '/crm/api/phone-code/organizer',
      { organizer_id: orgId, code },
      { headers: bearer(stranger.token) },
    );
    expect(theirGuess.statusCode).toBe(404);
    const wrong = await post(
      t.app,
      '/crm/api/phone-code/organizer',
      { organizer_id: orgId, code: code === '0000' ? '1111' : '0000' },
      { headers: bearer(mine.token) },
    );
    expect(errorsOf(wrong)).toEqual({ code: ['Incorrect or expired code'] });
    const ok = await post(
      t.app,
      '/crm/api/phone-code/organizer',
      { organizer_id: orgId, code },
      { headers: bearer(mine.token) },
    );
    expect(ok.json()).toMatchObject({ success: true });
    expect(
      (await post(t.app, '/crm/api/phone-code/organizer', { organizer_id: 'x' }, { headers: bearer(mine.token) }))
        .statusCode,
    ).toBe(422);
  });
});
