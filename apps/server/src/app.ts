import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { BuildInfo } from './lib/build-info';
import { createContextOf } from './lib/context';
import { createTenancy } from './lib/tenancy';
import { createTokenSigner, type TokenSigner } from './lib/tokens';
import type { Secrets } from './lib/secrets';
import { registerAuth } from './plugins/auth';
import { registerBodyParsers } from './plugins/body-parsers';
import { registerCompression } from './plugins/compress';
import { lazyChildLoggerFactory } from './lib/lazy-logger';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { createRealtime, type Realtime } from './plugins/realtime';
import { registerStaticSpa } from './plugins/static-spa';
import { createCaptcha, registerCaptcha, stripCaptchaIdsBeforeValidation } from './plugins/captcha';
import { registerRateLimit } from './plugins/rate-limit';
import { createDelivery, DELIVERY_SWEEP_INTERVAL_MS } from './lib/transports/index';
import { getBrand } from '@tourdesk/contract';
import {
  createEventDispatcher,
  DOMAIN_EVENT_RETENTION_MS,
  DOMAIN_EVENT_SWEEP_INTERVAL_MS,
  trackEventCommits,
} from './lib/domain-events';
import { buildServices, type Platform, type Services } from './lib/modules';
import type { SweepJob } from './lib/sweeps';
import { serverModules } from './modules';
import { createSessions } from './modules/auth/index';
import { loadOperatorToken } from './modules/organizer/index';
import { createRealtimeSubscriber } from './modules/realtime/index';

export type { Services } from './lib/modules';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    signer: TokenSigner;
    /** the services, for what calls them without a request (webhooks, sweeps, commands, tests) */
    services: Services;
    /** the modules' and the platform's timed work; server.ts runs it (lib/sweeps.ts) */
    sweeps: readonly SweepJob[];
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  buildInfo: BuildInfo;
  /** pino options or false; tests pass false */
  logger?: boolean | object;
  /** tests only: private addresses the upload URL fetcher may reach (never read from the environment) */
  uploadFetchAllowAddresses?: readonly string[];
  /** tests only: sees every route as it is added, before any other hook (the route sweep enumerates the real app) */
  onRoute?: (route: RouteOptions) => void;
  /** tests only: every real-time publication is checked against its event's payload schema (plugins/realtime.ts) */
  checkRealtimePayloads?: boolean;
}

const defaultWebDist = (): string => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist/server.js → ../../web/dist ; src/app.ts → ../../web/dist
  return path.resolve(here, '..', '..', 'web', 'dist');
};

/** Builds the whole app without listening (tests use app.inject; server.ts listens). */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config, secrets, buildInfo } = deps;
  // the app's transactions wake the domain-event dispatcher once they commit, when they recorded events
  const database = { ...deps.database, db: trackEventCommits(deps.database.db) };
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    // what the router or node's HTTP parser refuses before any route or hook: the SPEC shape too
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  registerBodyParsers(app);
  app.setValidatorCompiler(stripCaptchaIdsBeforeValidation(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  // While shutting down, keep-alive connections are closed as soon as their answer in flight
  // has gone out, so the server can stop without waiting for clients to hang up.
  let idleSweep: NodeJS.Timeout | null = null;
  app.addHook('preClose', async () => {
    app.server.closeIdleConnections();
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
    idleSweep.unref();
  });
  app.addHook('onClose', async () => {
    if (idleSweep) clearInterval(idleSweep);
  });
  registerErrorHandling(app);

  const signer = createTokenSigner(secrets.jwtSecret);
  app.decorate('signer', signer);
  const fileUrl = (fileId: number | null): string | null => (fileId ? `/files/${fileId}` : null);
  const auth = createSessions({ db: database.db, signer, config, fileUrl });
  // Before any route: x-request-id and nosniff on every answer (errors included), and the access
  // token checked on every API route added from here on (public ones opt out in their contract).
  registerAuth(app, signer, auth);
  // API answers of 1 KB and more compressed (brotli or gzip), attached per route like the token check.
  registerCompression(app);

  const realtime = await createRealtime({
    httpServer: app.server,
    signer,
    isSessionLive: auth.isFamilyLive,
    log: app.log,
    redisUrl: config.REDIS_URL,
    checkPayloads: deps.checkRealtimePayloads,
  });
  app.decorate('realtime', realtime);
  // a session that ends loses its real-time connections too
  auth.onSessionsEnded((familyIds) => realtime.endSessions(familyIds));
  app.addHook('onClose', async () => realtime.close());

  // Rate-limit counters and used captcha tokens go to Redis when there is one (shared by nodes).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const captcha = createCaptcha({
    hmacKey: secrets.altchaHmacKey,
    db: database.db,
    redis,
    difficulty: {
      captcha: config.CAPTCHA_MAXNUMBER,
      hard: config.CAPTCHA_HARD_MAXNUMBER,
      invisible: config.CAPTCHA_INVISIBLE_MAXNUMBER,
    },
  });
  const limits = await registerRateLimit(app, { redis });
  registerCaptcha(app, { captcha, limits });
  const delivery = createDelivery({ config, db: database.db, log: app.log });
  app.addHook('onClose', async () => delivery.close());
  const tenancy = createTenancy(database.db);
  // an organizer's channel is its members' only: a removed member's old channel token opens it no more
  realtime.checkMembersWith(async (userId, channel) => {
    const organizer = /^organizer:(\d+)$/.exec(channel);
    return !organizer || tenancy.isMember(userId, Number(organizer[1]));
  });
  // a guide on an organizer's channel hears of its departures' chats only (issue 29)
  realtime.checkScopedWith(async (userId, channel) => {
    const organizer = /^organizer:(\d+)$/.exec(channel);
    return organizer !== null && (await tenancy.departureReach(userId, Number(organizer[1]))) !== null;
  });

  // The modules (modules.ts): each builds its services from the platform and the modules before it,
  // then each registers its routes; nothing here knows a module's insides.
  const platform: Platform = {
    config,
    database,
    db: database.db,
    secrets,
    buildInfo,
    log: app.log,
    signer,
    realtime,
    limits,
    tenancy,
    delivery,
    auth,
    // routes turn their request into the services' context; nothing else reads a request
    contextOf: createContextOf(captcha),
    fileUrl,
    brandName: getBrand(config.BRAND_ID).name,
    operatorToken: loadOperatorToken(config.dataDir, config.ADMIN_TOKEN),
    uploadFetchAllowAddresses: deps.uploadFetchAllowAddresses,
  };
  const services = await buildServices(serverModules, platform, { tenancy, auth, delivery });
  // Domain events: every change someone reacts to is recorded in its own transaction; the
  // subscribers read the stream after the commit, each from its cursor, once per event across
  // nodes (lib/domain-events.ts). Real time publishes what each module's handlers say of its events.
  const events = createEventDispatcher({
    db: database.db,
    log: app.log,
    concurrent: database.kind === 'postgres',
    subscribers: [
      createRealtimeSubscriber({
        publish: realtime.publish,
        handlers: serverModules.flatMap((m) => (m.realtime ? [m.realtime(services)] : [])),
      }),
      ...serverModules.flatMap((m) => m.subscribers?.(services, platform) ?? []),
    ],
  });
  services.events = events;
  await events.start();
  app.addHook('onClose', async () => events.close());
  app.decorate('services', services);
  app.decorate('sweeps', [
    ...serverModules.flatMap((m) => m.sweeps?.(services, platform) ?? []),
    // the safety net of the wake-up after each commit (one node per subscriber at a time)
    { name: 'domain events', sweep: () => events.sweep(), intervalMs: DOMAIN_EVENT_SWEEP_INTERVAL_MS },
    {
      name: 'domain events pruning',
      sweep: () => events.prune(new Date(Date.now() - DOMAIN_EVENT_RETENTION_MS)),
      intervalMs: 60 * 60 * 1000,
    },
    // queued messages sent, failed ones retried (rows claimed FOR UPDATE SKIP LOCKED)
    { name: 'delivery', sweep: () => delivery.deliverDue(new Date()), intervalMs: DELIVERY_SWEEP_INTERVAL_MS },
  ]);

  // Cookies (the refresh token, the token copy <img> links carry) only where they are read or
  // set: @fastify/cookie's hooks would otherwise run on every request.
  await app.register(async (scope) => {
    await scope.register(fastifyCookie);
    for (const m of serverModules) await m.cookieRoutes?.(scope, services, platform);
  });
  for (const m of serverModules) await m.routes?.(app, services, platform);

  await registerStaticSpa(app, config.WEB_DIST ?? defaultWebDist());
  return app;
};
