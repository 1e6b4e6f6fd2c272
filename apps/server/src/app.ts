import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { BuildInfo } from './lib/build-info';
import { createContextOf } from './lib/context';
import { createTenancy, type Tenancy } from './lib/tenancy';
import { createTokenSigner, type TokenSigner } from './lib/tokens';
import type { Secrets } from './lib/secrets';
import { registerAuth } from './plugins/auth';
import { registerBodyParsers } from './plugins/body-parsers';
import { registerCompression } from './plugins/compress';
import { lazyChildLoggerFactory } from './lib/lazy-logger';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors';
import { createRealtime, type Realtime } from './plugins/realtime';
import { registerStaticSpa } from './plugins/static-spa';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { createAccountService, type AccountService } from './modules/auth/account.service';
import { createCodes } from './modules/auth/codes';
import { createPhoneCodeRepository } from './modules/auth/phone-code.repository';
import { createPhoneCodeService, type PhoneCodeService } from './modules/auth/phone-code.service';
import { createCaptcha, registerCaptcha, stripCaptchaIdsBeforeValidation } from './plugins/captcha';
import { registerRateLimit } from './plugins/rate-limit';
import { createDelivery, type Delivery } from './lib/transports/index';
import { createHmac } from 'node:crypto';
import { getBrand } from '@tourdesk/contract';
import { createMessengerRepository } from './modules/messenger/messenger.repository';
import { createMessengerService, type MessengerService } from './modules/messenger/messenger.service';
import { messengerRoutes } from './modules/messenger/messenger.routes';
import { createGeneralRepository } from './modules/general/general.repository';
import { generalRoutes } from './modules/general/general.routes';
import { createGeneralService, type GeneralService } from './modules/general/general.service';
import { createOrganizerRepository } from './modules/organizer/organizer.repository';
import { organizerRoutes } from './modules/organizer/organizer.routes';
import { createOrganizerService, type OrganizerService } from './modules/organizer/organizer.service';
import { loadOperatorToken } from './modules/organizer/operator-token';
import { operatorRoutes } from './modules/organizer/organizer.routes';
import { createPartnerRepository } from './modules/partner/partner.repository';
import { partnerRoutes } from './modules/partner/partner.routes';
import { createPartnerService, type PartnerService } from './modules/partner/partner.service';
import { createAgentRepository } from './modules/agent/agent.repository';
import { agentRoutes } from './modules/agent/agent.routes';
import { createAgentService, type AgentService } from './modules/agent/agent.service';
import { createBankAccountRepository } from './modules/bank-account/bank-account.repository';
import { createTourRepository } from './modules/tour/tour.repository';
import { tourRoutes } from './modules/tour/tour.routes';
import { createTourService, type TourService } from './modules/tour/tour.service';
import { createGuideService, type GuideService } from './modules/tour/guide.service';
import { createTourDateService, type TourDateService } from './modules/tour/tour-date.service';
import { createWeekScheduleRepository } from './modules/tour/week-schedule.repository';
import { createWeekScheduleService, type WeekScheduleService } from './modules/tour/week-schedule.service';
import { createTourProgramRepository } from './modules/tour/tour-program.repository';
import { createTourProgramService } from './modules/tour/tour-program.service';
import { createTourIcalRepository } from './modules/tour/tour-ical.repository';
import { createTourIcalService } from './modules/tour/tour-ical.service';
import { createTourForRequestRepository } from './modules/tour/tour-for-request.repository';
import { createTourForRequestService } from './modules/tour/tour-for-request.service';
import { createTourModerationRepository } from './modules/tour/tour-moderation.repository';
import { createTourModerationService } from './modules/tour/tour-moderation.service';
import { bankAccountRoutes } from './modules/bank-account/bank-account.routes';
import { createBankAccountService, type BankAccountService } from './modules/bank-account/bank-account.service';
import { createTemplateRepository } from './modules/template/template.repository';
import { templateRoutes } from './modules/template/template.routes';
import { createTemplateService, type TemplateService } from './modules/template/template.service';
import { createUploadRepository } from './modules/upload/upload.repository';
import { uploadRoutes } from './modules/upload/upload.routes';
import { createUploadService, type UploadService } from './modules/upload/upload.service';
import { createLocalStorage } from './plugins/storage';
import { createRealtimeSubscriber, realtimeRoutes } from './modules/realtime/index';
import { advanceIfPrepaid, createPaymentServices, paymentRoutes, type PaymentServices } from './modules/payment/index';
import { registerRequestDocs } from './modules/request/request-contract.routes';
import { registerRequestMeetData } from './modules/request/request-meet-data.routes';
import { createRequestListRepository } from './modules/request/request-list.repository';
import { requestListRoutes } from './modules/request/request-list.routes';
import { createRequestListService } from './modules/request/request-list.service';
import { createRequestRepository } from './modules/request/request.repository';
import { requestRoutes } from './modules/request/request.routes';
import { createRequestIndividualService } from './modules/request/request-individual.service';
import { createRequestService, type RequestService } from './modules/request/request.service';
import { createRequestTouristRepository } from './modules/request/request-tourist.repository';
import { createRequestTouristService } from './modules/request/request-tourist.service';
import { requestTouristRoutes } from './modules/request/request-tourist.routes';
import { createNotificationRepository } from './modules/notification/notification.repository';
import { createChatServices, registerChat, type ChatServices } from './modules/chat/index';
import { registerRequestLinks } from './modules/request/request-links.routes';
import { createNotificationService, type NotificationService } from './modules/notification/notification.service';
import { createEventDispatcher, trackEventCommits, type EventDispatcher } from './lib/domain-events';
import { requestRealtime } from './modules/request/request.realtime';
import { accountRealtime } from './modules/auth/account.service';
import { messengerRealtime } from './modules/messenger/messenger.service';
import { organizerRealtime } from './modules/organizer/organizer.service';
import { partnerRealtime } from './modules/partner/partner.service';
import { tourModerationRealtime } from './modules/tour/tour-moderation.service';

/** Every service of the app: plain functions of a context and domain arguments (lib/context.ts). */
export interface Services {
  tenancy: Tenancy;
  auth: AuthService;
  account: AccountService;
  phoneCodes: PhoneCodeService;
  messenger: MessengerService;
  organizers: OrganizerService;
  partners: PartnerService;
  agents: AgentService;
  bankAccounts: BankAccountService;
  tours: TourService;
  guides: GuideService;
  tourDates: TourDateService;
  /** week schedules and their sweep (server.ts runs it on a timer) */
  weekSchedules: WeekScheduleService;
  templates: TemplateService;
  uploads: UploadService;
  general: GeneralService;
  /** invoices and payments, and their sweeps (server.ts runs them on a timer) */
  payments: PaymentServices;
  /** the request core; server.ts runs its sweep (holds, completed trips) every minute */
  requests: RequestService;
  /** outgoing messages: the outbox, the transports; server.ts runs its delivery sweep (retries) */
  delivery: Delivery;
  /** the members' messenger and e-mail notifications (issue 17): a subscriber of the domain events */
  notifications: NotificationService;
  /** chats (issue 17): the provider's, the traveller's (by link) and support's */
  chats: ChatServices;
  /** the domain events' dispatcher (issue 23): its subscribers, woken after each commit; server.ts sweeps it */
  events: EventDispatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    signer: TokenSigner;
    /** the services, for what calls them without a request (webhooks, sweeps, commands, tests) */
    services: Services;
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
  const authRepo = createAuthRepository(database.db);
  const auth = createAuthService({ repo: authRepo, signer, config, fileUrl });
  // Before any route: x-request-id and nosniff on every answer (errors included), and the access
  // token checked on every API route added from here on (public ones opt out in their contract).
  registerAuth(app, signer, auth);
  // API answers of 1 KB and more compressed (brotli or gzip), attached per route like the token check.
  registerCompression(app);

  // the chats' check of a traveller's real-time token (its link's generation), known once they are made below
  let isGuestLive: (channel: string, generation: number | undefined) => Promise<boolean> = async () => false;
  const realtime = await createRealtime({
    httpServer: app.server,
    signer,
    isSessionLive: auth.isFamilyLive,
    isGuestLive: (channel, generation) => isGuestLive(channel, generation),
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

  const codes = createCodes({
    repo: authRepo,
    key: createHmac('sha256', secrets.jwtSecret).update('tourdesk one-time codes').digest(),
  });
  const account = createAccountService({
    repo: authRepo,
    auth,
    codes,
    delivery,
    limits,
    config,
  });
  const tenancy = createTenancy(database.db);
  const phoneCodes = createPhoneCodeService({
    repo: createPhoneCodeRepository(database.db),
    tenancy,
    codes,
    delivery,
    limits,
    brandName: getBrand(config.BRAND_ID).name,
  });
  const messenger = createMessengerService({
    repo: createMessengerRepository(database.db),
    codes,
    config,
    telegramBot: delivery.telegramBot,
    markPhoneConfirmed: account.markPhoneConfirmed,
  });
  const organizers = createOrganizerService({
    repo: createOrganizerRepository(database.db),
    tenancy,
    fileUrl,
    tokenSecret: secrets.jwtSecret,
    addUserToChannel: realtime.addUserTo,
  });
  const partners = createPartnerService({
    repo: createPartnerRepository(database.db),
    tenancy,
    organizers,
  });
  const agents = createAgentService({ repo: createAgentRepository(database.db), tenancy });
  const bankAccounts = createBankAccountService({ repo: createBankAccountRepository(database.db), tenancy });
  const templates = createTemplateService({ repo: createTemplateRepository(database.db), tenancy });
  const tourRepo = createTourRepository(database.db);
  const tours = createTourService({ repo: tourRepo, tenancy, fileUrl });
  const guides = createGuideService({ repo: tourRepo, tenancy, fileUrl });
  const tourDates = createTourDateService({ repo: tourRepo, tenancy });
  const weekSchedules = createWeekScheduleService({
    repo: createWeekScheduleRepository(database.db),
    tours: tourRepo,
    tenancy,
    dialect: database.kind,
  });
  const uploads = createUploadService({
    repo: createUploadRepository(database.db),
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
    tenancy,
    config,
    fetchAllowAddresses: deps.uploadFetchAllowAddresses,
  });
  // the programme PDF, calendar feeds and the tours a request picks from (tour.routes.ts)
  const brandName = getBrand(config.BRAND_ID).name;
  const tourExtras = {
    programs: createTourProgramService({
      repo: createTourProgramRepository(database.db),
      tenancy,
      uploads,
      brandName,
    }),
    icalFeeds: createTourIcalService({ repo: createTourIcalRepository(database.db), tenancy, brandName }),
    forRequest: createTourForRequestService({ repo: createTourForRequestRepository(database.db), tenancy }),
  };
  const operatorToken = loadOperatorToken(config.dataDir, config.ADMIN_TOKEN);
  const general = createGeneralService({
    repo: createGeneralRepository(database.db),
    config,
    buildInfo,
    databaseKind: database.kind,
    operatorToken,
  });
  // Notifications (issue 17): a subscriber of the domain events (a new request, a cancellation, a
  // payment, a traveller's message), wired with the others below.
  const notifications = createNotificationService({
    repo: createNotificationRepository(database.db),
    delivery,
    tenancy,
    publicUrl: config.publicUrl,
    brandName,
    log: app.log,
    // a reply typed to a chat notification in Telegram, posted as the member (chats below)
    postChatReply: (ctx, input) => chats.chats.send(ctx, { chat_id: input.chatId, message: input.text }),
  });
  const payments = createPaymentServices({
    config,
    database,
    tenancy,
    send: delivery.send,
    log: app.log,
  });
  // the request core (modules/request): a request's life, its seats and status (sweeps in server.ts)
  const requestRepo = createRequestRepository(database.db);
  const requests = createRequestService({
    repo: requestRepo,
    tenancy,
    invoicesOf: payments.invoicesOf,
    advanceIfPrepaid,
    notify: ({ recipient, subject, body }) => delivery.enqueue({ channel: 'email', recipient, subject, body }),
  });
  // chats (issue 17): the provider's, the traveller's (by link) and support's
  const chats = createChatServices({
    db: database.db,
    tenancy,
    signer,
    secret: secrets.jwtSecret,
    limits,
    uploads,
    endGuests: realtime.endGuests,
  });
  isGuestLive = chats.travellers.isGuestLive;
  // Domain events (issue 23): every change someone reacts to is recorded in its own transaction;
  // these subscribers read the stream after the commit, each from its cursor, once per event
  // across nodes (lib/domain-events.ts). Real time: each module says what its events publish.
  const events = createEventDispatcher({
    db: database.db,
    log: app.log,
    concurrent: database.kind === 'postgres',
    subscribers: [
      createRealtimeSubscriber({
        publish: realtime.publish,
        handlers: [
          requestRealtime,
          chats.realtime,
          organizerRealtime,
          partnerRealtime,
          tourModerationRealtime,
          accountRealtime,
          messengerRealtime,
        ],
      }),
      notifications.subscriber,
    ],
  });
  await events.start();
  app.addHook('onClose', async () => events.close());
  app.decorate('services', {
    tenancy,
    auth,
    account,
    phoneCodes,
    messenger,
    organizers,
    partners,
    agents,
    bankAccounts,
    tours,
    guides,
    tourDates,
    weekSchedules,
    templates,
    uploads,
    general,
    payments,
    requests,
    delivery,
    notifications,
    chats,
    events,
  });
  // Routes turn their request into the services' context; nothing else reads a request.
  const contextOf = createContextOf(captcha);

  // Cookies (the refresh token, the token copy <img> links carry) only where they are read or
  // set: @fastify/cookie's hooks would otherwise run on every request.
  await app.register(async (scope) => {
    await scope.register(fastifyCookie);
    authRoutes(scope, { auth, account, phoneCodes, config, contextOf });
    await uploadRoutes(scope, { uploads });
  });
  messengerRoutes(app, { messenger, config, telegramReplies: notifications });
  organizerRoutes(app, { organizers });
  partnerRoutes(app, { partners });
  agentRoutes(app, { agents });
  bankAccountRoutes(app, { bankAccounts });
  templateRoutes(app, { templates, contextOf });
  tourRoutes(app, { tours, guides, tourDates, weekSchedules, ...tourExtras, contextOf });
  operatorRoutes(app, {
    organizers,
    operatorToken,
    setSiteStatus: partners.operatorSetSiteStatus,
    setTourSiteStatus: createTourModerationService({
      repo: createTourModerationRepository(database.db),
    }).setTourSiteStatus,
    contextOf,
  });
  // ── Bookings and money (issue 16): each part wires its services and routes at its own line ──
  requestRoutes(app, {
    requests,
    individual: createRequestIndividualService({ repo: requestRepo, requests }),
    contextOf,
  });
  // [bookings: request list]
  requestListRoutes(app, {
    list: createRequestListService({ repo: createRequestListRepository(database.db), tenancy }),
    contextOf,
  });
  // [bookings: tourists and questionnaire]
  requestTouristRoutes(app, {
    requestTourists: createRequestTouristService({
      repo: createRequestTouristRepository(database.db),
      tenancy,
      limits,
    }),
    contextOf,
  });
  // [bookings: invoices and payments]
  paymentRoutes(app, { ...app.services.payments, contextOf });
  // [bookings: contract and rooming list]
  registerRequestDocs(app, { db: database.db, tenancy, uploads, brandName, contextOf });
  // [bookings: meet data] (by e-mail now; the request's chat, issue 17, is one more channel of it)
  registerRequestMeetData(app, { db: database.db, tenancy, send: delivery.send, contextOf });
  await registerChat(app, chats, { operatorToken, maxFileBytes: uploads.maxFileBytes(), contextOf });
  // a request's questionnaire and chat links, reissued by the provider (beyond SPEC)
  registerRequestLinks(app, { db: database.db, tenancy, chats: chats.travellers, contextOf });
  realtimeRoutes(app, { signer, organizers });
  generalRoutes(app, { general, buildInfo });

  await registerStaticSpa(app, config.WEB_DIST ?? defaultWebDist());
  return app;
};
