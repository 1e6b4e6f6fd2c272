import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { organizers, outboxMessages, refreshTokenFamilies } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { bearer, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../test/test-app';

// The services are called here as a payment webhook, a sweep or a command would call them: with
// a plain context object and no request. HTTP is used only to see the result as a client would.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let callerCount = 0;
/** A context written by hand: no Fastify request behind it. */
const contextOf = (userId: number, over: Partial<ServiceContext> = {}): ServiceContext => {
  callerCount += 1;
  return {
    userId,
    lang: 'en',
    ip: `10.77.0.${callerCount}`,
    userAgent: 'tourdesk-command/1.0',
    requestId: `command-${callerCount}`,
    log: t.app.log,
    ...over,
  };
};

const profile = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(token) })).json() as Record<
    string,
    unknown
  >;

const thrown = async (call: Promise<unknown>): Promise<AppError> => {
  try {
    await call;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('the call was not refused');
};

describe('account service without a request', () => {
  it('signs in: the session works over HTTP and records the context’s address and client', async () => {
    const { userId } = await createUser(t.database, { email: 'ctx-signin@example.com' });
    const ctx = contextOf(0);
    const session = await t.app.services.account.signIn(ctx, 'ctx-signin@example.com', TEST_PASSWORD);
    expect(await profile(session.token)).toMatchObject({ id: userId, email: 'ctx-signin@example.com' });
    const [family] = await t.database.db
      .select()
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.user_id, userId))
      .orderBy(desc(refreshTokenFamilies.id))
      .limit(1);
    expect(family).toMatchObject({ ip: ctx.ip, user_agent: 'tourdesk-command/1.0' });
  });

  it("changes the context's user's phone; the profile shows it, unconfirmed", async () => {
    const { userId } = await createUser(t.database, { email: 'ctx-phone@example.com', phone: '+79991231001' });
    const account = t.app.services.account;
    expect(await account.changePhone(contextOf(userId), { phone: '+79991231002', password: 'wrong!' })).toEqual({
      success: false,
    });
    expect(await account.changePhone(contextOf(userId), { phone: '+79991231002', password: TEST_PASSWORD })).toEqual({
      success: true,
    });
    const { token } = await account.signIn(contextOf(0), 'ctx-phone@example.com', TEST_PASSWORD);
    expect(await profile(token)).toMatchObject({ phone: '+79991231002', is_phone_confirm: false });
  });

  it('past five wrong codes asks for the captcha, naming the context’s request id; a solved one lets it through', async () => {
    const { userId } = await createUser(t.database, { email: 'ctx-limit@example.com', phone: '+79991231003' });
    const account = t.app.services.account;
    const ctx = contextOf(userId);
    for (let i = 0; i < 5; i += 1) {
      const e = await thrown(account.confirmPhone(ctx, '000000'));
      expect(e.status).toBe(422);
      expect(e.options.fields).toEqual({ code: ['invalid_code'] });
    }
    const limited = await thrown(account.confirmPhone(ctx, '000000'));
    expect(limited.status).toBe(429);
    expect(limited.options.captcha).toEqual({ type: 'captcha', request_id: ctx.requestId });
    // the caller's captcha comes through the context, however it was solved
    const solved = await thrown(account.confirmPhone({ ...ctx, solvedCaptcha: async () => 'captcha' }, '000000'));
    expect(solved.status).toBe(422);
  });
});

describe('phone-code service without a request', () => {
  it("rings a member's organizer contact phone; another tenant's user gets 404", async () => {
    const owner = await createUser(t.database, { email: 'ctx-org@example.com', organizers: ['Context Tours'] });
    const stranger = await createUser(t.database, { email: 'ctx-stranger@example.com', organizers: ['Elsewhere'] });
    const orgId = owner.organizerIds[0]!;
    await t.database.db
      .update(organizers)
      .set({ profile: { contacts: { phone: '+79991231099' } } })
      .where(eq(organizers.id, orgId));
    const phoneCodes = t.app.services.phoneCodes;

    const foreign = await thrown(phoneCodes.organizer(contextOf(stranger.userId), { organizer_id: orgId }));
    expect(foreign.status).toBe(404);

    expect(await phoneCodes.organizer(contextOf(owner.userId), { organizer_id: orgId })).toEqual({
      success: true,
      code_length: 4,
      resend_in: 60,
    });
    const [call] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+79991231099'))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(call?.channel).toBe('call');
    const code = String((call!.meta as { code: unknown }).code);
    expect(await phoneCodes.organizer(contextOf(owner.userId), { organizer_id: orgId, code })).toMatchObject({
      success: true,
    });
  });
});
