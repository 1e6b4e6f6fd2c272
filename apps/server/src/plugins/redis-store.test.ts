import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { chatChannel, organizerChannel, userChannel, type ChannelsList } from '@tourdesk/contract';
import { usedCaptchaTokens } from '../db/schema/index';
import {
  bearer,
  createTestApp,
  createUser,
  listenAsUser,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  listenOnFreePort,
} from '../test/test-app';
import { FAST_CAPTCHA_ENV, solveCaptcha } from '../test/captcha';
import { REDIS_SKIP_REASON, redisServerAvailable, startTestRedis, type TestRedis } from '../test/redis';
import { lastCode, nextIp, post } from '../modules/auth/test-helpers';
import { chatCalls, eventsOf, listenAsGuest } from '../modules/chat/chat-test-utils';

/*
 * With REDIS_URL the rate-limit counters, the resend countdowns, the used captcha solutions and
 * the Socket.IO fan-out live in Redis, so several nodes behave as one. Two nodes here: two whole
 * apps on one database and one throwaway redis-server (test/redis.ts).
 */

// CI sets TEST_REDIS=1 after installing redis-server: there a missing binary fails instead of skipping.
if (!redisServerAvailable && process.env.TEST_REDIS === '1') throw new Error(`TEST_REDIS=1 but ${REDIS_SKIP_REASON}`);
if (!redisServerAvailable) console.warn(`redis-store.test.ts ${REDIS_SKIP_REASON}`);

describe.skipIf(!redisServerAvailable)(
  `with REDIS_URL: two nodes share one Redis (${redisServerAvailable ? 'redis-server started per file' : REDIS_SKIP_REASON})`,
  () => {
    let redis: TestRedis;
    let a: TestApp;
    let b: TestApp;
    let baseB = '';
    const sockets: Socket[] = [];

    beforeAll(async () => {
      redis = await startTestRedis();
      const env = { ...FAST_CAPTCHA_ENV, REDIS_URL: redis.url };
      a = await createTestApp(env);
      b = await createTestApp(env, undefined, { database: a.database });
      baseB = await listenOnFreePort(b.app);
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await b?.close();
      await a?.close();
      await redis?.stop();
    });

    const signInAs = (
      node: TestApp,
      login: string,
      password: string,
      headers: Record<string, string> = {},
      extra: Record<string, unknown> = {},
    ) => post(node.app, '/crm/api/user/auth', { login, password, ...extra }, { remoteAddress: nextIp(), headers });
    const keys = (pattern: string) => redis.client.keys(pattern);

    it('failed sign-ins escalate to captcha, then hard_captcha (the single-node scenario, counters in Redis)', async () => {
      await createUser(a.database, { email: 'single@redis.example' });
      const login = 'single@redis.example';
      for (let i = 0; i < 5; i++) expect((await signInAs(a, login, 'wrong-password')).statusCode).toBe(422);

      const blocked = await signInAs(a, login, TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      const body = blocked.json() as { type: string; message: string; request_id: string };
      expect(body).toMatchObject({ type: 'captcha', message: 'Too many requests' });
      expect(body.request_id).toBeTruthy();

      const token = await solveCaptcha(a.app);
      const retried = await signInAs(
        a,
        login,
        TEST_PASSWORD,
        { 'x-captcha-token': token },
        { request_id: body.request_id, requestUUID: 'u-1' },
      );
      expect(retried.statusCode).toBe(200);
      const replay = await signInAs(a, login, TEST_PASSWORD, { 'x-captcha-token': token });
      expect(replay.statusCode).toBe(429);
      expect(replay.json()).toMatchObject({ type: 'captcha' });

      for (let i = 0; i < 5; i++)
        expect(
          (await signInAs(a, login, 'wrong-password', { 'x-captcha-token': await solveCaptcha(a.app) })).statusCode,
        ).toBe(422);
      const hard = await signInAs(a, login, TEST_PASSWORD, { 'x-captcha-token': await solveCaptcha(a.app) });
      expect(hard.statusCode).toBe(429);
      expect(hard.json()).toMatchObject({ type: 'hard_captcha', message: 'Too many requests' });
      expect((hard.json() as { request_id?: string }).request_id).toBeTruthy();
      expect(
        (await signInAs(a, login, TEST_PASSWORD, { 'x-captcha-token': await solveCaptcha(a.app, 'hard') })).statusCode,
      ).toBe(200);

      // the counter is a Redis key: ten failures for this login
      const [counter] = await keys('td-rl:*signin-login:single@redis.example');
      expect(counter).toBeDefined();
      expect(Number(await redis.client.get(counter!))).toBe(10);
      expect(await redis.client.pttl(counter!)).toBeGreaterThan(0);
    });

    it('the nodes count together: failures on node A make node B ask for the captcha, and on to hard_captcha', async () => {
      await createUser(a.database, { email: 'shared@redis.example' });
      const login = 'shared@redis.example';
      // three failures on A, two on B: five for the login
      for (let i = 0; i < 3; i++) expect((await signInAs(a, login, 'wrong-password')).statusCode).toBe(422);
      for (let i = 0; i < 2; i++) expect((await signInAs(b, login, 'wrong-password')).statusCode).toBe(422);
      expect((await signInAs(b, login, TEST_PASSWORD)).json()).toMatchObject({ type: 'captcha' });
      expect((await signInAs(a, login, TEST_PASSWORD)).json()).toMatchObject({ type: 'captcha' });

      // five more, each with a captcha solved on the other node
      for (let i = 0; i < 5; i++) {
        const [solveOn, tryOn] = i % 2 === 0 ? [a, b] : [b, a];
        expect(
          (await signInAs(tryOn, login, 'wrong-password', { 'x-captcha-token': await solveCaptcha(solveOn.app) }))
            .statusCode,
        ).toBe(422);
      }
      expect(
        (await signInAs(a, login, TEST_PASSWORD, { 'x-captcha-token': await solveCaptcha(b.app) })).json(),
      ).toMatchObject({ type: 'hard_captcha' });
      expect(
        (await signInAs(b, login, TEST_PASSWORD, { 'x-captcha-token': await solveCaptcha(a.app, 'hard') })).statusCode,
      ).toBe(200);
    });

    it('a solved captcha is accepted once across the nodes: a replay on the other node is refused', async () => {
      await createUser(a.database, { email: 'replay@redis.example' });
      const login = 'replay@redis.example';
      for (let i = 0; i < 5; i++) await signInAs(a, login, 'wrong-password');
      const token = await solveCaptcha(a.app);
      expect((await signInAs(a, login, TEST_PASSWORD, { 'x-captcha-token': token })).statusCode).toBe(200);
      const replay = await signInAs(b, login, TEST_PASSWORD, { 'x-captcha-token': token });
      expect(replay.statusCode).toBe(429);
      expect(replay.json()).toMatchObject({ type: 'captcha' });
      // the used solution is a Redis key that expires with the challenge (the database table stays empty)
      const used = await keys('td-captcha:*');
      expect(used.length).toBeGreaterThan(0);
      const ttl = await redis.client.pttl(used[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(600_000);
      expect(await a.database.db.select().from(usedCaptchaTokens)).toEqual([]);
    });

    it('the 60 s resend countdown holds on the other node', async () => {
      const ip = nextIp();
      expect(
        (
          await post(a.app, '/crm/api/user/send-auth-code', { login: 'countdown@redis.example' }, { remoteAddress: ip })
        ).json(),
      ).toEqual({ success: true });
      const again = await post(
        b.app,
        '/crm/api/user/send-auth-code',
        { login: 'countdown@redis.example' },
        { remoteAddress: ip },
      );
      expect(again.statusCode).toBe(422);
      expect((again.json() as { errors: Record<string, string[]> }).errors.code_sender![0]).toMatch(
        /^You can request a new code in (60|59) s$/,
      );
    });

    it('an event published on node A reaches a Socket.IO client of node B (Redis adapter)', async () => {
      const { userId } = await createUser(a.database, { email: 'socket@redis.example', phone: '+79996660001' });
      const { token } = await signIn(a.app, 'socket@redis.example');
      const { socket, got } = await listenAsUser(b.app, baseB, token);
      sockets.push(socket);
      // the phone is confirmed through node A, which publishes; the client listens on node B
      expect(
        (
          await post(a.app, '/crm/api/user/send-confirmation-code', { code_sender: 'sms' }, { headers: bearer(token) })
        ).json(),
      ).toEqual({ success: true });
      const code = await lastCode(a.app, '+79996660001');
      expect((await post(a.app, '/crm/api/user/confirm-phone', { code }, { headers: bearer(token) })).json()).toEqual({
        success: true,
      });
      await expect
        .poll(() => got, { timeout: 5000 })
        .toContainEqual({
          channel: userChannel(userId),
          event: 'crm_user_phone_was_confirmed',
          payload: { actor: { type: 'user', user_id: userId }, user_id: userId },
        });
    });

    it('a chat message sent through node A reaches the other side on node B, both ways (Redis adapter)', async () => {
      const { userId, organizerIds } = await createUser(a.database, {
        email: 'chat@redis.example',
        organizers: ['Redis Lakes'],
      });
      const who = { userId, organizerId: organizerIds[0]!, token: (await signIn(a.app, 'chat@redis.example')).token };
      const onA = chatCalls(a);
      const onB = chatCalls(b);
      // the provider's CRM listens on node B
      const crm = await listenAsUser(b.app, baseB, who.token);
      sockets.push(crm.socket);
      // a traveller writes through node A: the CRM on node B hears the chat made and its message
      const chat = await onA.start({
        organizer_id: who.organizerId,
        message: 'Is the lake tour on in May?',
        name: 'Vera',
        email: 'vera@redis.example',
      });
      await expect
        .poll(() => eventsOf(crm.got, 'new_message', chat.id).map((p) => p.payload.message.text), { timeout: 5000 })
        .toEqual(['Is the lake tour on in May?']);
      expect(eventsOf(crm.got, 'chat_created', chat.id).map((p) => p.channel)).toEqual([
        organizerChannel(who.organizerId),
      ]);
      // the traveller's page listens on node B; the provider answers through node A
      const list = (await onB.get('/spa/chat/channels-list', null, { token: chat.token }))
        .body as unknown as ChannelsList;
      const guest = await listenAsGuest(baseB, list, sockets);
      expect(guest.acks).toEqual([{ ok: true }]);
      const sent = await onA.send(who, chat.id, 'Yes, from May 10');
      await expect
        .poll(() => eventsOf(guest.got, 'new_message', chat.id).map((p) => p.payload.message.id), { timeout: 5000 })
        .toEqual([sent.id]);
      expect(eventsOf(guest.got, 'new_message', chat.id)[0]!.channel).toBe(chatChannel(chat.id));
    });
  },
);
