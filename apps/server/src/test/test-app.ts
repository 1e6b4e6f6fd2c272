import { sql } from 'drizzle-orm';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { MAX_ID, SOCKET_PATH, publicationSchema, type ChannelsList, type Publication } from '@tourdesk/contract';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { organizerMembers, organizers, users } from '../db/schema/index';
import { hashPassword } from '../lib/password';
import { workerDatabaseUrl } from './database-urls';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close: () => Promise<void>;
}

/** A fresh database per test file: a copy of the migrated PGlite template, or a clone of the PostgreSQL one. */
export const openTestDatabase = async (): Promise<{ database: Database; drop: () => Promise<void> }> => {
  const url = workerDatabaseUrl();
  if (url) {
    const name = `tourdesk_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: url });
    await admin.db.execute(sql.raw(`create database ${name} template ${inject('pgTemplateDb')}`));
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
        await admin.close();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-db-'));
  fs.cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  const database = await openDatabase({ pgliteDir: dir });
  return {
    database,
    drop: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * A whole app on a fresh database. `opts.database` builds another node on an existing app's
 * database instead (several nodes, one database: pass the same REDIS_URL to share the rest);
 * closing it leaves that database open.
 */
export const createTestApp = async (
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  opts: {
    database?: Database;
    onRoute?: AppDeps['onRoute'];
    /** private addresses the URL fetchers may reach (a local HTTP server of the test) */
    uploadFetchAllowAddresses?: AppDeps['uploadFetchAllowAddresses'];
  } = {},
): Promise<TestApp> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const { database, drop } = opts.database
    ? { database: opts.database, drop: async () => undefined }
    : await openTestDatabase();
  const secrets = {
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-1234'),
    altchaHmacKey: 'test-altcha-key-123456',
  };
  const app = await buildApp({
    config,
    database,
    secrets,
    buildInfo: { timestamp: 1_700_000_000_000, brand_id: config.BRAND_ID },
    logger: false,
    onRoute: opts.onRoute,
    uploadFetchAllowAddresses: opts.uploadFetchAllowAddresses,
    checkRealtimePayloads: true,
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export const TEST_PASSWORD = 'Secret123!';
let passwordHash: string | null = null;

/** A user (and optionally organizers they own) written through the same tables the app uses. */
export const createUser = async (
  database: Database,
  opts: {
    email: string;
    phone?: string;
    organizers?: string[];
    /** the e-mail is confirmed (password recovery mails confirmed addresses only) */
    isEmailConfirmed?: boolean;
    /** an account without a password (signs in by code) */
    isPasswordless?: boolean;
  },
): Promise<{ userId: number; organizerIds: number[] }> => {
  passwordHash ??= await hashPassword(TEST_PASSWORD);
  const [u] = await database.db
    .insert(users)
    .values({
      email: opts.email,
      phone: opts.phone ?? null,
      first_name: 'Test',
      last_name: 'User',
      password_hash: opts.isPasswordless ? null : passwordHash,
      is_email_confirm: opts.isEmailConfirmed ?? false,
    })
    .returning({ id: users.id });
  const organizerIds: number[] = [];
  for (const name of opts.organizers ?? []) {
    const [o] = await database.db.insert(organizers).values({ name }).returning({ id: organizers.id });
    await database.db.insert(organizerMembers).values({ organizer_id: o!.id, user_id: u!.id });
    organizerIds.push(o!.id);
  }
  return { userId: u!.id, organizerIds };
};

/** Signs in through the API; returns the access token and the refresh cookie. */
export const signIn = async (
  app: FastifyInstance,
  login: string,
  password = TEST_PASSWORD,
): Promise<{ token: string; refreshCookie: string }> => {
  const res = await app.inject({ method: 'POST', url: '/crm/api/user/auth', payload: { login, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'td_refresh');
  return { token: (res.json() as { token: string }).token, refreshCookie: cookie?.value ?? '' };
};

/** Listens on a free loopback port (for real Socket.IO clients and raw HTTP); answers the base URL. */
export const listenOnFreePort = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
};

export const bearer = (token: string): Record<string, string> => ({ 'x-authorization': `Bearer ${token}` });

/** Publications a test client received that their event's payload schema refuses, by the list they went to. */
const refusedPublications = new WeakMap<Publication[], string[]>();

/**
 * Collects a socket's publications in `got`, each checked on arrival against its event's payload
 * schema (the contract's publicationSchema, undeclared keys included): one that does not match is
 * collected too, and named by throughMarker and assertPublicationsMatchContract.
 */
export const collectPublications = (socket: Socket, got: Publication[] = []): Publication[] => {
  socket.on('publication', (raw: Publication) => {
    const parsed = publicationSchema.safeParse(raw);
    const problem = !parsed.success
      ? parsed.error.message
      : !isDeepStrictEqual(parsed.data, raw)
        ? `keys its payload schema does not declare: ${JSON.stringify(raw)}`
        : null;
    if (problem) {
      const list = refusedPublications.get(got) ?? [];
      list.push(`${raw.event} on ${raw.channel}: ${problem}`);
      refusedPublications.set(got, list);
    }
    got.push(raw);
  });
  return got;
};

/** Throws when a publication collected in `got` did not match its event's payload schema. */
export const assertPublicationsMatchContract = (got: Publication[]): void => {
  const refused = refusedPublications.get(got);
  if (refused?.length) throw new Error(`publications outside the contract:\n${refused.join('\n')}`);
};

/**
 * A real Socket.IO client of the token's user, connected to a listening app and subscribed to
 * every channel the server lists for that user; publications collect in `got` (collectPublications).
 */
export const listenAsUser = async (
  app: FastifyInstance,
  baseUrl: string,
  token: string,
): Promise<{ socket: Socket; got: Publication[] }> => {
  const list = (
    await app.inject({ method: 'GET', url: '/crm/api/chat/channels-list', headers: bearer(token) })
  ).json() as ChannelsList;
  const socket = connect(baseUrl, {
    path: SOCKET_PATH,
    auth: { token: list.connectionToken },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const got = collectPublications(socket);
  for (const c of list.channels)
    await new Promise((resolve) => socket.emit('subscribe', { channel: c.name, token: c.token }, resolve));
  return { socket, got };
};

/** Retries `check` until it stops throwing: up to 10 s, as long as a starved two-core CI machine may need. */
export const eventually = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

let markerCount = 0;
/**
 * Publishes a marker on `channel` (one the listening client has joined) and waits until `got`
 * holds it. One connection receives publications in the order they were published, so once the
 * marker is in, everything published before it has arrived too: a test that expects an event NOT
 * to arrive publishes that event first, then the marker, and asserts on `got` without sleeping.
 */
export const throughMarker = async (
  app: FastifyInstance,
  got: Publication[],
  channel: string,
): Promise<Publication> => {
  // a valid chat_is_read of no organizer (MAX_ID names none), told apart by its last_read_id
  const payload = {
    actor: { type: 'system', user_id: null },
    organizer_id: MAX_ID,
    chat_id: MAX_ID,
    reader: 'support',
    last_read_id: ++markerCount,
  } as const;
  const marker: Publication = { channel, event: 'chat_is_read', payload };
  // what committed before is published by the real-time subscriber after the commit: let it finish
  await app.services.events.idle();
  app.realtime.publish(channel, 'chat_is_read', payload);
  await eventually(() => {
    if (
      !got.some(
        (p) =>
          p.event === 'chat_is_read' && p.payload.chat_id === MAX_ID && p.payload.last_read_id === payload.last_read_id,
      )
    )
      throw new Error(`the marker on ${channel} has not arrived; got ${JSON.stringify(got)}`);
  });
  assertPublicationsMatchContract(got);
  return marker;
};
