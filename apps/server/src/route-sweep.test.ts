/**
 * One sweep over EVERY route the real app registers (collected with an `onRoute` hook added
 * before any route, so a new route is swept without touching this file):
 *
 * 1. bad input, with the token of a user who owns an organizer (auth passes): malformed, empty
 *    and `__proto__` JSON, a JSON array or string, 5 000 and 200 000 levels of nesting, 2 MB
 *    (over BODY_LIMIT), text/plain; each known field (from the route's zod contract) of the wrong
 *    type, and all of them at once; U+0000 and an unpaired surrogate in every string field (nested
 *    ones too); the same fields as multipart text parts; query fields and path params of the wrong
 *    type (text, negative, zero, fractional, huge, past PostgreSQL's integer, NUL) → 4xx in the
 *    ARCHITECTURE error shape, never 5xx, and not one row of any table changed;
 * 2. without a token (or with one that is no access token) every non-public route answers 401
 *    `{ message }`; routes guarded by a secret header of their own answer 401 without it;
 * 3. a second tenant: every route that takes an id of the first user's organizer or of its data,
 *    called with a second user's token, answers 404 (ARCHITECTURE "another tenant's id → 404";
 *    organizer.test.ts expects the same), shows none of the first user's data, writes nothing;
 *    the same with the second user's own organizer and the first user's records or files (IDOR);
 *    every read without such an id shows the second user nothing of the first, and every write
 *    without such an id (it acts on the caller's own account), made by a third user, leaves every
 *    row of the first user's untouched;
 * 4. every 2xx answer the sweep sees (setup included) is already what its route's contract response
 *    schema makes of it (the web's client parses nothing), and every route is called once with a
 *    valid input (the last section), so each route has a 2xx answer checked.
 *
 * Inputs are built from each route's contract schema; ID_OWNER and VALID_ISH say what the few
 * field names mean and fill the values a schema alone cannot guess.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import * as contractExports from '@tourdesk/contract';
import {
  CURRENT_AGREEMENT_VERSION,
  captchaErrorBodySchema,
  messageErrorBodySchema,
  messageText,
  organizerChannel,
  userChannel,
  validationErrorBodySchema,
  type MessageCode,
  type RouteContract,
} from '@tourdesk/contract';
import * as schema from './db/schema/index';
import { agents, messengerChats, organizerSites, outboxMessages, partnerSites } from './db/schema/index';
import { lastCode, lastLinkToken, nextIp } from './modules/auth/test-helpers';
import { bearer, createTestApp, createUser, signIn, TEST_PASSWORD } from './test/test-app';
import { hashToken } from './modules/review/review.service';
import { randomToken, sha256 } from './lib/tokens';
import { internalContext } from './lib/context';
import { decodeJwt } from 'jose';
import { URI } from 'otpauth';

// ─── The app and its routes ────────────────────────────────────────────────────

const ADMIN_TOKEN = 'sweep-operator-token-0123456789abcdef';
const WHATSAPP_SECRET = 'sweep-whatsapp-secret-0123';
const TELEGRAM_SECRET = 'sweep-telegram-secret-0123';
const INBOUND_EMAIL_SECRET = 'sweep-inbound-email-secret-0123';

interface SweptRoute {
  method: 'GET' | 'POST';
  url: string;
  isPublic: boolean;
  /** answers a public site's host only (the route constraint `siteHost`) */
  siteHost: boolean;
  query?: z.ZodType;
  body?: z.ZodType;
}
const collected: SweptRoute[] = [];
/** A page the site constructor's article reader fetches in the valid calls (the app's fetch allow-list names 127.0.0.1). */
const SWEEP_SHOP = { shop_id: '506751', secret_key: 'test_SweepKey_0123456789abcd' };
const articleServer = http.createServer((req, res) => {
  // YooKassa's API too (YOOKASSA_API_URL): the organizer's own account's test call (issue 27)
  if (req.url === '/v3/me') {
    const ok =
      req.headers.authorization ===
      `Basic ${Buffer.from(`${SWEEP_SHOP.shop_id}:${SWEEP_SHOP.secret_key}`).toString('base64')}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { account_id: SWEEP_SHOP.shop_id, test: true } : { type: 'error' }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<html><head><meta property="og:title" content="Sweep article"></head></html>');
});
await new Promise<void>((resolve) => articleServer.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => articleServer.close(resolve)));
const articleUrl = `http://127.0.0.1:${(articleServer.address() as AddressInfo).port}/article`;
const t = await createTestApp(
  {
    ADMIN_TOKEN,
    WHATSAPP_MANUAL_NUMBER: '+79990000000',
    WHATSAPP_WEBHOOK_SECRET: WHATSAPP_SECRET,
    // configured so the webhook reaches its body; nothing valid is posted, so nothing is sent
    TELEGRAM_BOT_TOKEN: '123456:SWEEP-bot-token',
    TELEGRAM_API_URL: 'http://127.0.0.1:9',
    TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
    INBOUND_EMAIL_DOMAIN: 'reply.sweep.example',
    INBOUND_EMAIL_SECRET,
    YOOKASSA_API_URL: `http://127.0.0.1:${(articleServer.address() as AddressInfo).port}`,
  },
  undefined,
  {
    uploadFetchAllowAddresses: ['127.0.0.1'],
    onRoute: (r: RouteOptions) => {
      for (const method of [r.method].flat()) {
        // HEAD twins of GET routes are added by Fastify (exposeHeadRoutes): same handler, swept as GET
        if (method !== 'GET' && method !== 'POST') {
          if (method !== 'HEAD') throw new Error(`${method} ${r.url}: the sweep knows GET and POST only`);
          continue;
        }
        const s = (r.schema ?? {}) as { querystring?: z.ZodType; body?: z.ZodType };
        collected.push({
          siteHost: (r.constraints as { siteHost?: unknown } | undefined)?.siteHost === true,
          method: method as 'GET' | 'POST',
          url: r.url,
          isPublic: r.config?.isPublic === true,
          query: s.querystring,
          body: s.body,
        });
      }
    },
  },
);
afterAll(() => t.close());

/**
 * Left out, with the reason:
 * - /org, /org/*: the SPA's HTML (index.html, or 503 while unbuilt) — no input, no data; static-spa.test.ts.
 * - the public sites' pages (see SKIPPED).
 * - /socket.io: not a Fastify route (Socket.IO listens on the HTTP server itself), so never collected;
 *   its tokens are covered by realtime.test.ts.
 * File downloads (/files/:id…, /flags/1x1/:file) get the path-param checks only (they take no
 * query or body); the first user's private file is also fetched as the second user below.
 */
const SKIPPED = (r: SweptRoute): boolean =>
  r.url === '/org' ||
  r.url.startsWith('/org/') ||
  // the public sites' HTML (a site's host, the path preview /site/<subdomain>/ and its booking
  // form's post, the hydration bundle): pages, not the API; bad input, unknown sites and the
  // booking form's refusals are in modules/site-web/site-web.test.ts
  r.siteHost ||
  r.url.startsWith('/site/') ||
  r.url.startsWith('/site-assets/app/');
const routes = collected.filter((r) => !SKIPPED(r));
const isApi = (r: SweptRoute): boolean => r.url.startsWith('/crm/api') || r.url.startsWith('/spa');
const name = (r: SweptRoute): string => `${r.method} ${r.url}`;

/** Every route descriptor the contract exports (`xxxApi.yyy`), by "METHOD path". */
const isRouteContract = (v: unknown): v is RouteContract =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v && !('_zod' in v);
const CONTRACT_ROUTES = new Map<string, RouteContract>();
const collectContracts = (v: unknown, depth: number): void => {
  if (isRouteContract(v)) CONTRACT_ROUTES.set(`${v.method} ${v.path}`, v);
  else if (typeof v === 'object' && v !== null && !('_zod' in v) && depth < 3)
    for (const inner of Object.values(v)) collectContracts(inner, depth + 1);
};
collectContracts(contractExports, 0);
/** Routes with no contract descriptor, with the reason; any other route must have one (its 2xx answers are checked). */
const WITHOUT_CONTRACT = new Set([
  // bytes, not JSON: uploaded files and country flags
  'GET /files/:id',
  'GET /files/:id/:variant',
  'GET /flags/1x1/:file',
  // Telegram's update format is Telegram's; the route reads it with its own schema and answers 200 to anything
  'POST /crm/api/messenger/telegram/webhook',
  // the OpenAPI document generated from the contract itself
  'GET /crm/api/docs',
  // the invoice's payment page: HTML for the payer (a 404 page for a browser, the JSON error otherwise), its form's post and the provider's return (303s)
  'GET /pay/:token',
  'POST /pay/:token',
  'GET /pay/:token/return',
  // the site constructor's shipped fonts (woff2 bytes, public, a year's cache): site-look.test.ts
  'GET /site-assets/fonts/:family/:file',
  // the organizer's verification document for the operator console (bytes): operator-organizer.test.ts
  'GET /crm/api/console/verification-document/:organizer_id',
  // a tour as its site page shows it, for the operator's tour queue (HTML): operator-organizer.test.ts
  'GET /crm/api/console/tour-preview/:tour_id',
]);

/**
 * An admin operator's access token (modules/operator): the console's routes take it in a header of
 * their own instead of a user's token, so the sweep treats it as their secret. Signed for an hour
 * (the sweep outlives a 15-minute token), naming the session its sign-in started.
 */
const CONSOLE_ADMIN = { email: 'admin@sweep-ops.example', password: 'Sweep-admin-123', name: 'Sweep Admin' };
const consoleAdminToken = await (async (): Promise<string> => {
  const ops = t.app.services.operatorAuth;
  const { otpauth_uri } = await ops.create(
    { ip: '127.0.0.1' },
    { id: null, name: 'sweep', role: 'admin' },
    { ...CONSOLE_ADMIN, role: 'admin' },
  );
  const session = await ops.signIn(internalContext(0, t.app.log, 'sweep-operator'), {
    email: CONSOLE_ADMIN.email,
    password: CONSOLE_ADMIN.password,
    code: URI.parse(otpauth_uri).generate(),
  });
  const claims = decodeJwt(session.token);
  return t.app.signer.sign({ sub: Number(claims.sub), typ: 'operator-access', fam: claims.fam as number }, 3600);
})();

/** Public at the user-token level but guarded by a secret header of their own (operator CLI, console, provider webhooks). */
const SERVICE_SECRET: Record<string, Record<string, string>> = {
  '/crm/api/operator/': { 'x-operator-token': ADMIN_TOKEN },
  '/crm/api/console/': { 'x-operator-authorization': `Bearer ${consoleAdminToken}` },
  '/crm/api/messenger/whatsapp/webhook': { 'x-webhook-secret': WHATSAPP_SECRET },
  '/crm/api/messenger/telegram/webhook': { 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET },
  '/crm/api/webhooks/inbound-email': { 'x-webhook-secret': INBOUND_EMAIL_SECRET },
};
const serviceSecret = (r: SweptRoute): Record<string, string> | null =>
  Object.entries(SERVICE_SECRET).find(([prefix]) => r.url.startsWith(prefix))?.[1] ?? null;

/** By design, with the reason. */
const BY_DESIGN = {
  /**
   * Telegram retries every answer but 200, so an update the server cannot read (any JSON that is
   * not an update) is dropped with 200 (messenger.routes.ts); only unparsable or oversized bodies are 4xx.
   */
  unreadableBodyIs200: new Set(['POST /crm/api/messenger/telegram/webhook']),
  /**
   * A traveller without an account writes to any organizer (get-chat-with-organizer): what it
   * writes is a new chat of that organizer, so a second tenant's call "writes to the first" by
   * design. Its refusals (another organizer's request or tour, bad input) are in chat.test.ts.
   */
  travellerWritesToAnyOrganizer: new Set(['POST /crm/api/chat/get-chat-with-organizer']),
  /** The provider bridge posts more than the message; "other fields are ignored" (chatApi.whatsappWebhook). */
  unknownFieldsIgnored: new Set([
    'POST /crm/api/messenger/whatsapp/webhook',
    // YooKassa posts the whole payment object; only event and object.id are read (and fetched back)
    'POST /crm/api/payment/yookassa/notification',
    // a mail service posts headers, attachments and scores besides the mail's fields (inboundEmailApi.webhook)
    'POST /crm/api/webhooks/inbound-email',
  ]),
  /** What a traveller may see of any organizer (organizerPublicInfoSchema): no tenancy, but no private data either. */
  publicPerOrganizer: new Set(['GET /crm/api/organizer/public-info', 'GET /spa/organizer-reviews']),
  /**
   * The outbox of outgoing messages for /org/debug: the server's own machine or the operator token
   * only, off in production (config.isDebugOutbox; modules/general/debug-outbox.test.ts).
   */
  debugOnly: new Set(['GET /crm/api/debug/outbox']),
  /**
   * Operator reads that are themselves audited (issue 30: every view of an organizer's card is
   * logged): the positive control's call, the operator's own, writes its audit entry.
   */
  readsAreAudited: new Set(['GET /crm/api/console/organizer-card']),
};

// ─── Contract schemas → inputs ─────────────────────────────────────────────────

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
  element?: z.ZodType;
  valueType?: z.ZodType;
  catchall?: z.ZodType;
  getter?: () => z.ZodType;
}
const def = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/** The object shape behind optional/nullable/default/pipe wrappers; null when the schema is no object. */
const shapeOf = (s: z.ZodType | undefined): Record<string, z.ZodType> | null => {
  if (!s) return null;
  const d = def(s);
  if (d.type === 'object') return d.shape ?? null;
  if (WRAPPERS.has(d.type)) return shapeOf(d.innerType);
  if (d.type === 'pipe') return shapeOf(d.in);
  return null;
};

/**
 * Keys of a value its schema does not declare (paths), which parsing would silently drop: a plain
 * `z.object` strips them, so an answer that sends more than its contract says (a field added on one
 * side only, a private column) would otherwise parse.
 */
const undeclaredKeys = (s: z.ZodType, value: unknown, path = ''): string[] => {
  const d = def(s);
  if (WRAPPERS.has(d.type))
    return value === undefined || value === null ? [] : undeclaredKeys(d.innerType!, value, path);
  if (d.type === 'pipe') return undeclaredKeys(d.in!, value, path);
  if (d.type === 'lazy') return undeclaredKeys(d.getter!(), value, path);
  if (d.type === 'union') {
    const option = d.options!.find((o) => o.safeParse(value).success);
    return option ? undeclaredKeys(option, value, path) : [];
  }
  if (d.type === 'array' && Array.isArray(value))
    return value.flatMap((v, i) => undeclaredKeys(d.element!, v, `${path}${i}.`));
  if (d.type === 'record' && value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => undeclaredKeys(d.valueType!, v, `${path}${k}.`));
  if (d.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = d.shape ?? {};
    // a catch-all (loose object) declares every other key
    const extra = d.catchall
      ? []
      : Object.keys(value)
          .filter((k) => !(k in shape))
          .map((k) => `${path}${k}`);
    return [
      ...extra,
      ...Object.entries(shape).flatMap(([k, v]) =>
        k in value ? undeclaredKeys(v, (value as Record<string, unknown>)[k], `${path}${k}.`) : [],
      ),
    ];
  }
  return [];
};

/** A plausible value of a schema's type (string 'x', number 1, first enum option, empty list…). */
const sample = (s: z.ZodType): unknown => {
  const d = def(s);
  if (WRAPPERS.has(d.type)) return sample(d.innerType!);
  switch (d.type) {
    case 'pipe':
      return sample(d.in!);
    case 'object':
      return Object.fromEntries(
        Object.entries(d.shape ?? {}).flatMap(([k, v]) => (v.safeParse(undefined).success ? [] : [[k, sample(v)]])),
      );
    case 'string':
      return 'x';
    case 'number':
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(d.entries ?? {})[0];
    case 'literal':
      return d.values?.[0];
    case 'union':
      return sample(d.options![0]!);
    case 'array':
      return [];
    case 'record':
      return {};
    default:
      return null;
  }
};

interface Tenant {
  token: string;
  organizerId: number;
}
interface FirstTenantData {
  bankAccountId: number;
  contractTemplateId: number;
  meetTemplateId: number;
  /** a messenger chat of the user's (disable-notifications) */
  chatId: number;
  /** a chat of the organizer's with a traveller (the chat routes), and a message of it */
  crmChatId: number;
  crmMessageId: number;
  privateImageId: number;
  privateFileId: number;
  siteId: number;
  agentId: number;
  tourId: number;
  guideId: number;
  dateId: number;
  programPdfId: number;
  icalFeedId: number;
  requestId: number;
  /** a request for an individual tour (the tour/individual* routes take no other) */
  individualRequestId: number;
  touristId: number;
  invoiceId: number;
  paymentId: number;
  /** a message sent to the request's traveller (its timeline) */
  travellerMessageId: number;
  /** a font the organizer uploaded for its own site (the site constructor) */
  siteFontId: number;
  /** a promo code of the organizer's (issue 26) */
  promoCodeId: number;
  /** a traveller's review of the organizer's trip (issue 28) */
  reviewId: number;
  /** a pending invitation to the organizer's team (issue 29) */
  invitationId: number;
}
let anna: Tenant & { userId: number };
let boris: Tenant & { userId: number };
let annaData: FirstTenantData;
/** A third user with an organizer of their own: makes the calls that act on the caller's own account. */
const CLEO = { email: 'cleo@sweep.example', phone: '+79990000003' };
/** A new session of the third user for each call (logout and logout-other-sessions end sessions). */
const cleoSession = async (): Promise<string> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/crm/api/user/auth',
    payload: { login: CLEO.email, password: TEST_PASSWORD },
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200) throw new Error(`third user's sign-in failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
};

/** Fields naming the organizer a call acts for. */
const ORGANIZER_FIELDS = new Set(['organizer_id', 'tour_organizer_id', 'orgId']);
/** Fields naming a file the caller refers to (an uploaded image or document). */
const FILE_FIELDS = new Set([
  'logo_id',
  'sign_image_id',
  'stamp_image_id',
  'avatar_id',
  'document_file_id',
  'file_id',
  'photo_id',
  'map_photo_id',
  'og_image_id',
]);
/** What `id` names, by path prefix; a new route taking `id` must be added here (the sweep says so). */
const ID_OWNER: [string, 'organizer' | keyof FirstTenantData][] = [
  ['/crm/api/organizer/', 'organizer'],
  ['/crm/api/organization-bank-account/', 'bankAccountId'],
  ['/crm/api/organizer-contract-template/', 'contractTemplateId'],
  ['/crm/api/organizer-meet-data-template/', 'meetTemplateId'],
  ['/crm/api/tour/', 'tourId'],
  // before the request's own: `id` of these is a tourist's (update-tourists-questionnaires' too)
  ['/crm/api/request/update-tourist', 'touristId'],
  ['/crm/api/request/remove-tourist', 'touristId'],
  ['/crm/api/request/set-tourist-category', 'touristId'],
  ['/crm/api/request/', 'requestId'],
  ['/crm/api/third-party-agent-request/', 'requestId'],
  ['/crm/api/invoice/', 'invoiceId'],
  ['/crm/api/promo-code/', 'promoCodeId'],
  ['/crm/api/traveller-messages/view', 'travellerMessageId'],
  ['/crm/api/reviews/', 'reviewId'],
  // the public reviews of an organizer (its site): no tenancy, nothing private (publicPerOrganizer)
  ['/spa/organizer-reviews', 'organizer'],
  // font-data and update-font: the organizer's uploaded font
  ['/crm/api/site/', 'siteFontId'],
];

/**
 * What a field names: the organizer the call acts for, a record the call acts on (404 for
 * another tenant's), or a record it merely refers to (a file, a bank account: 404 or a 422 on
 * that field). null: the marketplace's own (partner sites and their agents, shared by all).
 */
type Owned = 'organizer' | 'record' | 'reference' | null;
/** The first user's (or, for organizer fields in the IDOR variant, the caller's) value of a field, and what it is. */
const ownedValue = (r: SweptRoute, key: string, organizerId: number): { value: number; owned: Owned } | null => {
  if (ORGANIZER_FIELDS.has(key)) return { value: organizerId, owned: 'organizer' };
  if (FILE_FIELDS.has(key)) return { value: annaData.privateImageId, owned: 'reference' };
  if (key === 'own_request_bank_account_id') return { value: annaData.bankAccountId, owned: 'reference' };
  if (key === 'chat_id')
    return {
      value: r.url === '/crm/api/chat/disable-notifications' ? annaData.chatId : annaData.crmChatId,
      owned: 'record',
    };
  // an e-mail's Message-ID (a text the mail service posts), not a chat message
  if (key === 'message_id' && r.url === '/crm/api/webhooks/inbound-email') return null;
  if (key === 'message_id') return { value: annaData.crmMessageId, owned: 'record' };
  // a traveller's file is named by their link's token (a capability, not a tenant): see chat.test.ts
  if (key === 'id' && r.url === '/spa/chat/file') return { value: annaData.privateFileId, owned: null };
  // support's file link is a signature (a capability, not a tenant): see chat-files.test.ts
  if (key === 'id' && r.url === '/spa/chat/support-file') return { value: annaData.privateFileId, owned: null };
  if (key === 'site_id') return { value: annaData.siteId, owned: null };
  // a filter of a public site's schedule: the site is named by its domain, and it lists its own published tours only
  if (key === 'tour_id' && r.url === '/spa/tours-schedule') return null;
  if (key === 'agent_id') return { value: annaData.agentId, owned: null };
  if (key === 'guide_id') return { value: annaData.guideId, owned: 'record' };
  if (key === 'tour_id') return { value: annaData.tourId, owned: 'record' };
  if (key === 'date_id') return { value: annaData.dateId, owned: 'record' };
  if (key === 'pdf_id') return { value: annaData.programPdfId, owned: 'record' };
  if (key === 'feed_id') return { value: annaData.icalFeedId, owned: 'record' };
  if (key === 'request_id')
    return {
      value: r.url.startsWith('/crm/api/tour/individual') ? annaData.individualRequestId : annaData.requestId,
      owned: 'record',
    };
  if (key === 'tour_date_id') return { value: annaData.dateId, owned: 'record' };
  if (key === 'payment_id') return { value: annaData.paymentId, owned: 'record' };
  if (key === 'template_id') return { value: annaData.meetTemplateId, owned: 'record' };
  if (key === 'invitation_id') return { value: annaData.invitationId, owned: 'record' };
  if (key === 'id') {
    const owner = ID_OWNER.find(([prefix]) => r.url.startsWith(prefix))?.[1];
    if (!owner) throw new Error(`${name(r)} takes \`id\`: say in ID_OWNER what it names`);
    return owner === 'organizer'
      ? { value: organizerId, owned: 'organizer' }
      : { value: annaData[owner], owned: 'record' };
  }
  return null;
};

/** Verification sessions (GET get-verification-access-token) of each organizer, issued to its owner. */
const verificationTokens = new Map<number, string>();
/** A departure in the future with every field a departure needs. */
const SWEEP_DEPARTURE = { date_start: '2030-06-01', date_end: '2030-06-03', price: 1000, number_of_seats: 8 };
/** A week schedule: Mondays at nine for two weeks, sold like SWEEP_DEPARTURE. */
const SWEEP_WEEK_SCHEDULE = {
  publish_count_days: 14,
  days_data: [{ day_of_week: 1, times: ['09:00'] }],
  excluded_periods_data: [],
  price: 1000,
  number_of_seats: 8,
};
/** A request made by hand, without its organizer, tour and departure. */
const SWEEP_REQUEST = { tourists_count: 2, customer_name: 'Sweep Customer', idempotency_key: 'sweep-own-request' };
/** Values no schema can guess (refinements across fields, tokens); a function gets the organizer id in use. */
const VALID_ISH: Record<string, Record<string, unknown> | ((organizerId: number) => Record<string, unknown>)> = {
  // the checkout's choice: one traveller (the first user's tour is a draft: not for sale to anyone)
  'POST /spa/checkout/quote': { travellers: [{ category_id: 1, count: 1 }] },
  'POST /spa/checkout/hold': { travellers: [{ category_id: 1, count: 1 }] },
  'POST /crm/api/organizer-payment-account/connect': SWEEP_SHOP,
  'POST /crm/api/user/verification-data': (organizerId) => ({ access_token: verificationTokens.get(organizerId) }),
  'POST /crm/api/organization-bank-account/create': {
    bank_name: 'Sweep Bank',
    account_number: '40702810000000000001',
    bik: '044525225',
  },
  'POST /crm/api/organization-bank-account/update': {
    bank_name: 'Sweep Bank',
    account_number: '40702810000000000001',
    bik: '044525225',
  },
  'POST /crm/api/organizer/sign-partnership': { is_agreement_accepted: true, is_privacy_accepted: true },
  'POST /crm/api/operator/set-verification': { commission_percent: 12 },
  'POST /crm/api/tour/create': { name: 'Sweep tour' },
  'POST /crm/api/reviews/answer': { answer: 'Thank you' },
  'POST /crm/api/reviews/hide': { hidden: true, reason: 'Spam' },
  'POST /crm/api/reviews/report': { message: 'Not a traveller of ours' },
  'POST /crm/api/reviews/update-settings': { delay_hours: 48 },
  'POST /crm/api/tour/create-guide': { first_name: 'Sweep' },
  'POST /crm/api/tour/update-guide': { first_name: 'Sweep' },
  'POST /crm/api/tour/save-date': SWEEP_DEPARTURE,
  'GET /crm/api/departure/calendar': { from: '2030-06-01', to: '2030-06-30' },
  'POST /crm/api/departure/link-guide-user': { user_id: null },
  'POST /crm/api/departure/set-guides': { guide_ids: [] },
  'POST /crm/api/team/invite': { email: 'sweep-invitee@sweep.example', role: 'guide' },
  'POST /crm/api/departure/message': { text: 'Sweep message' },
  'POST /crm/api/tour/save-dates': { dates: [SWEEP_DEPARTURE] },
  'POST /crm/api/tour/save-week-schedule': SWEEP_WEEK_SCHEDULE,
  'POST /crm/api/request/create-request-with-own-type': { idempotency_key: 'sweep-valid-ish-request' },
  'POST /crm/api/third-party-agent-request/create': {
    idempotency_key: 'sweep-valid-ish-agent-request',
    third_party_agent: { name: 'Sweep Agency' },
  },
  'POST /crm/api/request/extend-hold': { seconds: 600 },
  'POST /crm/api/tour/save-traveller-categories': {
    categories: [{ code: 'adult', name_en: 'Adult', name_ru: 'Взрослый', pricing: 'base' }],
  },
  'POST /crm/api/tour/save-extras': {
    extras: [{ name_en: 'Sweep room', name_ru: 'Номер', price: 10, per: 'booking' }],
  },
  'POST /crm/api/promo-code/create': { code: 'SWEEP-VALID', value_type: 'percent', value: 5 },
  'POST /crm/api/promo-code/update': { code: 'SWEEP-VALID', value_type: 'percent', value: 5 },
  'POST /crm/api/request/change-booking': { promo_code: null },
  'POST /crm/api/request/send-meet-data': { text: 'Meet at 8', emails: ['sweepa-customer@example.com'] },
  'POST /crm/api/tour/individual-dates': { date_start: '2030-08-01', date_end: '2030-08-05' },
  'POST /crm/api/traveller-messages/update-settings': { default_language: 'en', kinds: [] },
  'POST /crm/api/traveller-messages/set-language': { language: 'ru' },
  'POST /crm/api/webhooks/inbound-email': { message_id: '<sweep-valid-ish@sweep.example>' },
  'POST /crm/api/site/add-font': () => ({ files: [{ weight: 400, file_id: annaData.privateFileId }] }),
  'POST /crm/api/site/validate-block': { block: { id: 'sweep', type: 19, data: {} } },
  'POST /crm/api/site/parse-mass-media-article': { url: 'http://127.0.0.1:9/closed' },
};

interface Input {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  owned: Set<Owned>;
  /** the fields holding a reference to the first user's records */
  references: string[];
}
/**
 * A valid-ish input: the required fields sampled from the schema, every field that names an
 * organizer or a record filled with the first user's ids (`organizerId` for organizer fields).
 */
const validIsh = (r: SweptRoute, organizerId: number): Input => {
  const owned = new Set<Owned>();
  const references: string[] = [];
  const build = (s: z.ZodType | undefined): Record<string, unknown> | undefined => {
    const shape = shapeOf(s);
    if (!shape) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(shape)) {
      const o = ownedValue(r, k, organizerId);
      if (o) {
        out[k] = o.value;
        if (o.owned) owned.add(o.owned);
        if (o.owned === 'reference') references.push(k);
      } else if (!v.safeParse(undefined).success) out[k] = sample(v);
    }
    // a GET route's valid-ish values go into its query
    const extra = s === (r.body ?? r.query) ? VALID_ISH[name(r)] : undefined;
    return { ...out, ...(typeof extra === 'function' ? extra(organizerId) : extra) };
  };
  return { query: build(r.query), body: build(r.body), owned, references };
};

/** Paths to the string fields of an object schema, through nested objects (not lists). */
const stringPaths = (s: z.ZodType | undefined, prefix: string[] = []): string[][] => {
  const shape = shapeOf(s);
  if (!shape || prefix.length > 3) return [];
  return Object.entries(shape).flatMap(([k, v]) =>
    v.safeParse('x').success ? [[...prefix, k]] : stringPaths(v, [...prefix, k]),
  );
};
const setPath = (base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> => {
  const [head, ...rest] = path as [string, ...string[]];
  if (!rest.length) return { ...base, [head]: value };
  const inner = base[head];
  return {
    ...base,
    [head]: setPath(
      inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {},
      rest,
      value,
    ),
  };
};

const pathOf = (r: SweptRoute, params: Record<string, string> = {}): string =>
  r.url.replace(/:(\w+)/g, (_, p: string) => params[p] ?? '1');
const withQuery = (path: string, query: Record<string, unknown> | undefined): string => {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) qs.append(k, String(one));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
};

// ─── Answers and the database ──────────────────────────────────────────────────

interface Answer {
  status: number;
  body: string;
  contentType?: string;
}

/** Routes whose 2xx answer is not JSON but bytes of their own type: the type is checked instead. */
const NOT_JSON: Record<string, RegExp> = {
  'GET /crm/api/tour-program/download-pdf': /^application\/pdf$/,
  'GET /crm/api/request/download-contract': /^application\/pdf$/,
  'GET /spa/booking/contract': /^application\/pdf$/,
  'GET /crm/api/request/rooming-list-csv': /^text\/csv; charset=utf-8$/,
  'GET /crm/api/request/rooming-list-xlsx': /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet$/,
  'GET /crm/api/tour/ical/:token.ics': /^text\/calendar; charset=utf-8$/,
  'GET /crm/api/invoice/export-csv': /^text\/csv; charset=utf-8$/,
  'GET /crm/api/report/export':
    /^(text\/csv; charset=utf-8|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)$/,
  // an e-mail's open image
  'GET /crm/api/traveller-messages/opened': /^image\/gif$/,
  // a chat file for its traveller: images as themselves, anything else as bytes to download
  'GET /spa/chat/file': /^(application\/octet-stream|image\/(jpeg|png|webp|gif|avif))$/,
  'GET /spa/chat/support-file': /^(application\/octet-stream|image\/(jpeg|png|webp|gif|avif))$/,
};

/** 2xx answers that do not match their route's contract response schema (each test takes its own). */
let contractMismatches: string[] = [];
/** The routes whose 2xx answers were checked against the contract. */
const checked2xx = new Set<string>();
const takeContractMismatches = (): string[] => {
  const found = contractMismatches;
  contractMismatches = [];
  return found;
};
/**
 * Checks a 2xx answer against its route's contract response schema. The web's API client parses
 * nothing (in no mode): it takes the answer as its contract's parsed type, so the answer must
 * already be what parsing makes of it — it parses, declares every key it sends, and parsing
 * changes nothing (no default left to fill in, no value a transform would rewrite).
 */
const check2xx = (route: string, a: Answer): void => {
  if (a.status < 200 || a.status >= 300) return;
  const response = CONTRACT_ROUTES.get(route)?.response;
  if (!response) return;
  checked2xx.add(route);
  const type = NOT_JSON[route];
  if (type) {
    if (!type.test(a.contentType ?? ''))
      contractMismatches.push(`${route} → ${a.status} with content-type ${a.contentType}, expected ${type}`);
    return;
  }
  let json: unknown;
  try {
    json = JSON.parse(a.body);
  } catch {
    return void contractMismatches.push(`${route} → ${a.status}, not JSON: ${a.body.slice(0, 120)}`);
  }
  const parsed = response.safeParse(json);
  const undeclared = parsed.success ? undeclaredKeys(response, json) : [];
  if (undeclared.length)
    contractMismatches.push(
      `${route} → ${a.status} sends keys its contract response does not declare: ${undeclared.join(', ')}`,
    );
  else if (parsed.success && !isDeepStrictEqual(parsed.data, json))
    contractMismatches.push(
      `${route} → ${a.status} is not what its contract response makes of it (a default or transform would change it): sent ${a.body.slice(0, 300)}, parsed ${JSON.stringify(parsed.data).slice(0, 300)}`,
    );
  if (!parsed.success)
    contractMismatches.push(
      `${route} → ${a.status} does not match the contract response: ${z.prettifyError(parsed.error)}\n  in ${a.body.slice(0, 300)}`,
    );
};
const send = async (
  r: SweptRoute,
  opts: { url?: string; headers?: Record<string, string>; payload?: string | Buffer; contentType?: string },
): Promise<Answer> => {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.payload !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
  // a fresh client address each time: per-address counters (sign-in, invisible captcha) never add up across checks
  const res = await t.app.inject({
    method: r.method,
    url: opts.url ?? pathOf(r),
    headers,
    remoteAddress: nextIp(),
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
  });
  const answer = { status: res.statusCode, body: res.body, contentType: String(res.headers['content-type'] ?? '') };
  check2xx(name(r), answer);
  return answer;
};
const call = (r: SweptRoute, input: Input, headers: Record<string, string>): Promise<Answer> =>
  send(r, {
    url: withQuery(pathOf(r), input.query),
    headers,
    ...(r.method === 'POST' ? { payload: JSON.stringify(input.body ?? {}) } : {}),
  });

const messageBody = messageErrorBodySchema.strict();
const validationBody = validationErrorBodySchema.strict();
type Coded = { code: MessageCode; params?: Record<string, string | number> };
/** Every text is the one its code makes, and every field's texts have their codes beside them. */
const codesMatchTexts = (json: unknown): boolean => {
  const body = json as { message?: string; code?: MessageCode; params?: Coded['params'] } & {
    errors?: Record<string, string[]>;
    codes?: Record<string, Coded[]>;
  };
  if (body.message !== undefined && (!body.code || body.message !== messageText(body.code, body.params))) return false;
  const fields = Object.keys(body.errors ?? {});
  if (fields.join() !== Object.keys(body.codes ?? {}).join()) return false;
  return fields.every((f) => {
    const texts = body.errors?.[f] ?? [];
    const codes = body.codes?.[f] ?? [];
    return (
      texts.length === codes.length && texts.every((text, i) => text === messageText(codes[i]!.code, codes[i]!.params))
    );
  });
};
/** Why an error answer is not in the ARCHITECTURE shape (422 with field errors, else `{ message }`); null when it is. */
const shapeProblem = (a: Answer): string | null => {
  let json: unknown;
  try {
    json = JSON.parse(a.body);
  } catch {
    return `not JSON: ${a.body.slice(0, 120)}`;
  }
  if (/\bat .+\.(ts|js):\d|relation "|syntax error|select .+ from/i.test(a.body))
    return `leaks internals: ${a.body.slice(0, 200)}`;
  const ok =
    a.status === 422
      ? validationBody.safeParse(json).success && Object.keys((json as { errors: object }).errors).length > 0
      : a.status === 429
        ? captchaErrorBodySchema.strict().safeParse(json).success
        : messageBody.safeParse(json).success;
  return ok && codesMatchTexts(json)
    ? null
    : `not the ${a.status === 422 ? '422 { message?, code, errors, codes }' : a.status === 429 ? '429 captcha' : '{ message }'} shape: ${a.body.slice(0, 200)}`;
};
const errorsOf = (a: Answer): Record<string, string[]> => {
  try {
    return (JSON.parse(a.body) as { errors?: Record<string, string[]> }).errors ?? {};
  } catch {
    return {};
  }
};
const errorKeys = (a: Answer): string[] => Object.keys(errorsOf(a));

/** Every application table but the rate-limit and used-captcha stores (counters are not data). */
const TABLES = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((tbl) => getTableName(tbl))
  .filter((n) => n !== 'rate_limit_hits' && n !== 'used_captcha_tokens');
/** A digest of every row of every table: equal digests, nothing written. */
const snapshot = async (): Promise<Record<string, string>> => {
  const q = TABLES.map(
    (n) =>
      `select '${n}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${n}" x`,
  ).join(' union all ');
  const res = (await t.database.db.execute(sql.raw(q))) as unknown as { rows: { t: string; n: number; h: string }[] };
  return Object.fromEntries(res.rows.map((row) => [row.t, `${row.n}:${row.h}`]));
};
const changedTables = (before: Record<string, string>, after: Record<string, string>): string[] =>
  TABLES.filter((n) => before[n] !== after[n]);

/**
 * Which rows of a table are the first user's (or shared by every tenant), as SQL; null for the
 * counters. A new table must be placed here: the sweep refuses a table it cannot place.
 */
const firstTenantRows = (table: string, columns: string[]): string | null => {
  if (table === 'rate_limit_hits' || table === 'used_captcha_tokens') return null;
  // the marketplace's staff, their sessions and the audit of their actions: no tenant's
  if (table.startsWith('operator')) return 'false';
  // the marketplace's own: shared by every tenant, changed by no tenant's call
  if (table === 'partner_sites' || table === 'agents' || table === 'catalogue_items') return 'true';
  const annaTours = `select id from tours where organizer_id = ${anna.organizerId}`;
  // a feed of one tour or of the whole organizer
  if (table === 'tour_ical_feeds') return `organizer_id = ${anna.organizerId}`;
  if (columns.includes('tour_id')) return `tour_id in (${annaTours})`;
  // a departure's guides go with the departure (issue 29)
  if (table === 'tour_date_guides')
    return `tour_date_id in (select id from tour_dates where tour_id in (${annaTours}))`;
  if (table === 'tour_program_day_photos')
    return `program_day_id in (select id from tour_program_days where tour_id in (${annaTours}))`;
  if (table === 'tour_accommodation_variants')
    return `accommodation_id in (select id from tour_accommodations where tour_id in (${annaTours}))`;
  // a chat's messages and request links go with the chat
  if (table === 'chat_messages' || table === 'chat_requests')
    return `chat_id in (select id from chats where organizer_id = ${anna.organizerId})`;
  // a request's tourists, status history and travellers' messenger links go with the request
  // and its booking changes and promo code use (issue 26)
  if (
    table === 'request_tourists' ||
    table === 'request_status_history' ||
    table === 'request_messenger_links' ||
    table === 'request_changes' ||
    table === 'promo_code_uses'
  )
    return `request_id in (select id from requests where organizer_id = ${anna.organizerId})`;
  // a payment's refunds go with the payment
  const annaPayments = `select id from payments where organizer_id = ${anna.organizerId}`;
  if (table === 'payment_refunds') return `payment_id in (${annaPayments})`;
  // a provider's notification names a payment or a refund by the provider's id
  if (table === 'payment_notifications')
    return `event_key like any (select '%' || provider_payment_id || '%' from payments where organizer_id = ${anna.organizerId}
      union all select '%' || provider_refund_id || '%' from payment_refunds where payment_id in (${annaPayments}))`;
  // the event subscribers' places in the stream belong to nobody
  if (table === 'domain_event_cursors') return 'false';
  // the site's pages, their versions and documents go with the site
  if (table === 'site_pages' || table === 'site_page_versions' || table === 'site_documents')
    return `site_id in (select id from sites where organizer_id = ${anna.organizerId})`;
  // a departure's guides (issue 29) go with the departure
  if (table === 'tour_date_guides')
    return `tour_date_id in (select d.id from tour_dates d join tours t on t.id = d.tour_id where t.organizer_id = ${anna.organizerId})`;
  // a departure's check-ins (issue 29) go with the request
  if (table === 'departure_checkins')
    return `request_id in (select id from requests where organizer_id = ${anna.organizerId})`;
  if (table === 'users') return `id = ${anna.userId}`;
  if (table === 'organizers') return `id = ${anna.organizerId}`;
  if (table === 'refresh_tokens')
    return `family_id in (select id from refresh_token_families where user_id = ${anna.userId})`;
  if (table === 'outbox_messages')
    return `recipient in ('anna@sweep.example', '+79990000001', 'sweepa-customer@example.com')`;
  // an e-mail's files go with it
  if (table === 'outbox_attachments')
    return `outbox_id in (select id from outbox_messages where recipient = 'sweepa-customer@example.com')`;
  const owners = [
    ...(columns.includes('user_id') ? [`user_id = ${anna.userId}`] : []),
    ...(columns.includes('organizer_id') ? [`organizer_id = ${anna.organizerId}`] : []),
  ];
  if (!owners.length) throw new Error(`say in firstTenantRows which rows of ${table} are the first user's`);
  return owners.join(' or ');
};
/** A digest of every row of the first user's (see firstTenantRows), per table. */
const firstTenantSnapshot = async (): Promise<Record<string, string>> => {
  const res = (await t.database.db.execute(
    sql.raw(
      `select table_name as t, array_agg(column_name::text) as c from information_schema.columns
       where table_schema = current_schema() group by table_name`,
    ),
  )) as unknown as { rows: { t: string; c: string[] }[] };
  const parts = res.rows.flatMap(({ t: table, c }) => {
    const where = firstTenantRows(table, c);
    return where === null
      ? []
      : [
          `select '${table}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${table}" x where ${where}`,
        ];
  });
  const rows = (await t.database.db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { t: string; n: number; h: string }[];
  };
  return Object.fromEntries(rows.rows.map((row) => [row.t, `${row.n}:${row.h}`]));
};

/** Strings only the first user's private data holds (legal name, bank account, templates, agent terms, chat, file). */
const PRIVATE_MARKERS = [
  'SWEEPA-LEGAL',
  'SWEEPA-BANK',
  'SWEEPA-CONTRACT',
  'SWEEPA-MEET',
  'SWEEPA-AGENT',
  'SWEEPA-CHAT',
  'SWEEPA-FILE',
  'SWEEPA-TOUR',
  'SWEEPA-GUIDE',
  'SWEEPA-INVOICE',
  'SWEEPA-TRAVELLER',
  'SWEEPA-REPLY',
  'anna@sweep.example',
];
/** …and what a traveller may see (public-info) but another tenant's calls must not show (real-time channel names added once known). */
const ORGANIZER_MARKERS = ['SWEEPA-ORG', '+79990000011'];
const leaks = (a: Answer, markers: string[]): string[] => markers.filter((m) => a.body.includes(m));

// ─── The first and second tenant ───────────────────────────────────────────────

/** A setup call that must succeed; its answer is checked against the contract like every other 2xx. */
const ok = async (
  route: string,
  res: Promise<{ statusCode: number; body: string; headers?: Record<string, unknown> }>,
): Promise<Record<string, unknown>> => {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`setup failed: ${r.statusCode} ${r.body}`);
  check2xx(route, { status: r.statusCode, body: r.body, contentType: String(r.headers?.['content-type'] ?? '') });
  return NOT_JSON[route] ? {} : (JSON.parse(r.body) as Record<string, unknown>);
};
const multipart = async (
  fields: Record<string, string>,
  file?: { data: Buffer; name: string; type: string; part?: string },
) => {
  const form = new FormData();
  if (file) form.append(file.part ?? 'file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
};

beforeAll(async () => {
  const a = await createUser(t.database, {
    email: 'anna@sweep.example',
    phone: '+79990000001',
    organizers: ['SWEEPA-ORG Altai'],
  });
  const b = await createUser(t.database, {
    email: 'boris@sweep.example',
    phone: '+79990000002',
    organizers: ['Kamchatka Tours'],
  });
  await createUser(t.database, { ...CLEO, organizers: ['Cleo Trips'] });
  anna = {
    userId: a.userId,
    organizerId: a.organizerIds[0]!,
    token: (await signIn(t.app, 'anna@sweep.example')).token,
  };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@sweep.example')).token,
  };
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ok(`${method} ${url}`, t.app.inject({ method, url, headers: bearer(anna.token), ...(payload ? { payload } : {}) }));

  await as('POST', '/crm/api/organizer/update', {
    id: anna.organizerId,
    legal_entity: { legal_name: 'SWEEPA-LEGAL Altai LLC', inn: '7701234567' },
    contacts: { phone: '+79990000011' },
    tour_author: { first_name: 'Anna', last_name: 'Guide', about: 'Ten years in the Altai' },
  });
  const bank = await as('POST', '/crm/api/organization-bank-account/create', {
    tour_organizer_id: anna.organizerId,
    name: 'SWEEPA-BANK main',
    ...(VALID_ISH['POST /crm/api/organization-bank-account/create'] as object),
  });
  const contract = await as('POST', '/crm/api/organizer-contract-template/create', {
    organizer_id: anna.organizerId,
    name: 'SWEEPA-CONTRACT',
    content: '<p>SWEEPA-CONTRACT text</p>',
  });
  const meet = await as('POST', '/crm/api/organizer-meet-data-template/create', {
    organizer_id: anna.organizerId,
    name: 'SWEEPA-MEET',
    place: 'SWEEPA-MEET place',
  });
  const [site] = await t.database.db.select().from(partnerSites).limit(1);
  await t.database.db
    .insert(organizerSites)
    .values({ organizer_id: anna.organizerId, site_id: site!.id, status: 'published', is_published_on_site: true });
  const [agent] = await t.database.db
    .insert(agents)
    .values({ site_id: site!.id, name: 'Sunny Travel Agency' })
    .returning();
  await as('POST', '/crm/api/agent/update', {
    organizer_id: anna.organizerId,
    agent_id: agent!.id,
    commission_percent: 5,
    allowed_tour_ids: null,
    contact_name: 'SWEEPA-AGENT Maria',
  });
  const [chat] = await t.database.db
    .insert(messengerChats)
    .values({ user_id: anna.userId, source_type: 'telegram', chat_id: '700001', chat_name: 'SWEEPA-CHAT' })
    .returning();
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 10, g: 20, b: 30 } } })
    .png()
    .toBuffer();
  const upload = async (
    url: string,
    fields: Record<string, string>,
    file: { data: Buffer; name: string; type: string },
  ) => {
    const { payload, headers } = await multipart(fields, file);
    return ok(
      `POST ${url}`,
      t.app.inject({ method: 'POST', url, headers: { ...headers, ...bearer(anna.token) }, payload }),
    );
  };
  const image = await upload(
    '/crm/api/image/upload',
    { organizer_id: String(anna.organizerId), is_public: 'false' },
    { data: png, name: 'stamp.png', type: 'image/png' },
  );
  const file = await upload(
    '/crm/api/file/upload',
    { organizer_id: String(anna.organizerId), is_public: 'false' },
    { data: Buffer.from('SWEEPA-FILE passport scan'), name: 'passport.txt', type: 'text/plain' },
  );
  const guide = await as('POST', '/crm/api/tour/create-guide', {
    organizer_id: anna.organizerId,
    first_name: 'SWEEPA-GUIDE Olga',
  });
  const tour = await as('POST', '/crm/api/tour/create', {
    organizer_id: anna.organizerId,
    name: 'SWEEPA-TOUR Altai',
    description: '<p>SWEEPA-TOUR programme</p>',
    guides: [guide.id],
  });
  const departure = await as('POST', '/crm/api/tour/save-date', { tour_id: tour.id, ...SWEEP_DEPARTURE });
  const programPdf = await as('POST', '/crm/api/tour-program/create-pdf', { tour_id: tour.id });
  const annaRequest = await as('POST', '/crm/api/request/create-request-with-own-type', {
    tour_organizer_id: anna.organizerId,
    tour_id: tour.id,
    tour_date_id: departure.id,
    tourists_count: 2,
    customer_name: 'SWEEPA-CUSTOMER Olga',
    customer_email: 'sweepa-customer@example.com',
    tourists: [{ first_name: 'SWEEPA-TOURIST', passport: 'SWEEPA-PASSPORT 4510' }],
    idempotency_key: 'sweep-anna-request-1',
  });
  const annaIndividual = await as('POST', '/crm/api/request/create-request-with-own-type', {
    tour_organizer_id: anna.organizerId,
    tour_id: tour.id,
    is_individual_tour: true,
    tourists_count: 3,
    customer_name: 'SWEEPA-CUSTOMER Pavel',
    idempotency_key: 'sweep-anna-individual-1',
  });
  const promoCode = await as('POST', '/crm/api/promo-code/create', {
    organizer_id: anna.organizerId,
    code: 'SWEEPA-PROMO',
    value_type: 'currency',
    value: 100,
  });
  await as('POST', '/crm/api/tour/save-extras', {
    tour_id: tour.id,
    extras: [{ name_en: 'SWEEPA-EXTRA room', name_ru: 'SWEEPA-EXTRA номер', price: 700, per: 'booking' }],
  });
  await as('POST', '/crm/api/request/change-booking', {
    request_id: annaRequest.request_id,
    adjustments: [{ kind: 'fee', amount: 50, reason: 'SWEEPA-ADJUSTMENT late' }],
  });
  const icalFeed = await as('POST', '/crm/api/tour/create-ical-feed', {
    organizer_id: anna.organizerId,
    tour_id: tour.id,
    name: 'SWEEPA-GUIDE calendar',
  });
  // an invoice of the request, paid on its sandbox page (its payment for refund and poll-payment)
  const annaInvoice = await as('POST', '/crm/api/invoice/create-payment', {
    request_id: annaRequest.request_id,
    amount: 500,
    payment_type: 'prepayment',
    title: 'SWEEPA-INVOICE deposit',
  });
  const payToken = (annaInvoice.payment_url as string).split('/pay/')[1]!;
  const payPage = await t.app.inject({ method: 'GET', url: `/pay/${payToken}` });
  await t.app.inject({
    method: 'POST',
    url: `/pay/${payToken}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `method=card&outcome=pay&attempt=${/name="attempt" value="([^"]+)"/.exec(payPage.body)![1]}&amount=${/name="amount" value="([^"]+)"/.exec(payPage.body)![1]}`,
  });
  const annaInvoices = await as('GET', `/crm/api/invoice/by-request?request_id=${annaRequest.request_id as number}`);
  const annaPayment = (annaInvoices.prepayment_invoice as { payments: { id: number }[] }).payments[0]!;
  // a traveller's chat about the request (through its questionnaire link), answered; the support chat
  const travellerChat = await ok(
    'POST /crm/api/chat/get-chat-with-organizer',
    t.app.inject({
      method: 'POST',
      url: '/crm/api/chat/get-chat-with-organizer',
      payload: {
        organizer_id: anna.organizerId,
        request_uuid: annaRequest.uuid,
        message: 'SWEEPA-TRAVELLER is breakfast included?',
      },
      remoteAddress: nextIp(),
    }),
  );
  const reply = await as('POST', '/crm/api/chat/send-message', {
    chat_id: travellerChat.id,
    message: 'SWEEPA-REPLY yes',
  });
  await ok(
    'GET /crm/api/chat/get-chat-with-support',
    t.app.inject({
      method: 'GET',
      url: `/crm/api/chat/get-chat-with-support?site_id=${site!.id}&organizer_id=${anna.organizerId}`,
      headers: bearer(anna.token),
    }),
  );
  // the organizer's own site (the site constructor), published, with a font of its own
  const siteQuery = `?organizer_id=${anna.organizerId}`;
  await as('POST', `/crm/api/site/attach-site${siteQuery}`, {});
  await as('POST', `/crm/api/site/publish-data${siteQuery}`, { type: 'main' });
  const fontFile = await upload(
    '/crm/api/file/upload',
    { organizer_id: String(anna.organizerId) },
    { data: Buffer.from('wOF2 sweep font'), name: 'brand.woff2', type: 'font/woff2' },
  );
  const siteFont = await as('POST', `/crm/api/site/add-font${siteQuery}`, {
    name: 'Brand',
    files: [{ weight: 400, file_id: fontFile.id }],
  });
  // a traveller's review of the request (as the review page writes it)
  const [annaReview] = await t.database.db
    .insert(schema.reviews)
    .values({
      organizer_id: anna.organizerId,
      request_id: annaRequest.request_id as number,
      author_key: 'sweep-traveller@example.com',
      display_name: 'Sweep Traveller',
      rating: 5,
      text: 'SWEEPA-ORG review',
      language: 'en',
    })
    .returning();
  const annaInvitation = await as('POST', '/crm/api/team/invite', {
    organizer_id: anna.organizerId,
    email: 'sweepa-invitee@sweep.example',
    role: 'manager',
  });
  const annaMessages = await as('POST', '/crm/api/traveller-messages/send-again', {
    request_id: annaRequest.request_id,
    kind: 'request_received',
  });
  ORGANIZER_MARKERS.push(JSON.stringify(organizerChannel(anna.organizerId)), JSON.stringify(userChannel(anna.userId)));
  for (const who of [anna, boris]) {
    const res = await ok(
      'GET /crm/api/user/get-verification-access-token',
      t.app.inject({
        method: 'GET',
        url: `/crm/api/user/get-verification-access-token?orgId=${who.organizerId}`,
        headers: bearer(who.token),
      }),
    );
    verificationTokens.set(who.organizerId, res.token as string);
  }
  annaData = {
    bankAccountId: bank.id as number,
    contractTemplateId: contract.id as number,
    meetTemplateId: meet.id as number,
    chatId: chat!.id,
    crmChatId: travellerChat.id as number,
    crmMessageId: reply.id as number,
    privateImageId: image.id as number,
    privateFileId: file.id as number,
    siteId: site!.id,
    agentId: agent!.id,
    tourId: tour.id as number,
    guideId: guide.id as number,
    dateId: departure.id as number,
    programPdfId: programPdf.id as number,
    icalFeedId: icalFeed.id as number,
    requestId: annaRequest.request_id as number,
    individualRequestId: annaIndividual.request_id as number,
    touristId: (annaRequest.tourists as { id: number }[])[0]!.id,
    invoiceId: annaInvoice.id as number,
    paymentId: annaPayment.id,
    travellerMessageId: (annaMessages.items as { id: number }[])[0]!.id,
    siteFontId: siteFont.id as number,
    promoCodeId: promoCode.id as number,
    reviewId: annaReview!.id,
    invitationId: annaInvitation.id as number,
  };
});

// ─── The sweep ─────────────────────────────────────────────────────────────────

it('collects every route of the real app', () => {
  // a floor, so a broken collector cannot pass as "nothing to sweep"
  expect(routes.length).toBeGreaterThanOrEqual(80);
  expect(routes.filter((r) => r.url.startsWith('/crm/api/')).length).toBeGreaterThanOrEqual(70);
  expect(routes.map(name)).toEqual(
    expect.arrayContaining([
      'POST /crm/api/organizer/update',
      'GET /crm/api/organization-bank-account/get-list',
      'GET /files/:id',
    ]),
  );
});

it('knows the contract response of every route but the few without one, and the setup answers match it', () => {
  expect(
    routes
      .map(name)
      .filter((n) => !CONTRACT_ROUTES.has(n))
      .sort(),
  ).toEqual([...WITHOUT_CONTRACT].sort());
  expect(takeContractMismatches(), '2xx answers unlike their contract response').toEqual([]);
});

/** Wrong values for one field: a deeply nested object, a nested list, and a scalar of another type. */
const wrongValues = (field: z.ZodType): unknown[] =>
  [{ a: { b: { c: [{ d: {} }] } } }, [[['x', 1]]], 12345, 'not-a-valid-value', true].filter(
    (v) => !field.safeParse(v).success,
  );
/** Query and path values no id (nor any number a route takes) may be: text, negative, zero, fractional, huge, past PostgreSQL's integer. */
const WRONG_ID_TEXT = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3x',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '',
  ' ',
  '0x10abc',
];
const isIdLike = (key: string): boolean => key === 'id' || /_id$|Id$/.test(key);
const DEEP = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
const DEEPER_NUL = `${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`;

describe.each(routes.map((r) => [name(r), r] as const))('%s', (_, r) => {
  const secret = serviceSecret(r) ?? {};

  it('bad input → 4xx in the error shape, never 5xx, nothing written', async () => {
    const problems: string[] = [];
    const headers = { ...bearer(anna.token), ...secret };
    const expect4xx = (
      what: string,
      a: Answer,
      opts: { status?: number; field?: string; sent?: boolean; allow2xx?: boolean } = {},
    ): void => {
      if (opts.allow2xx && a.status < 300) return;
      if (a.status < 400 || a.status >= 500) return void problems.push(`${what} → ${a.status} ${a.body.slice(0, 200)}`);
      if (opts.status && a.status !== opts.status)
        problems.push(`${what} → ${a.status}, expected ${opts.status}: ${a.body.slice(0, 200)}`);
      const shape = shapeProblem(a);
      if (shape) problems.push(`${what} → ${a.status} ${shape}`);
      if (
        opts.field &&
        a.status === 422 &&
        !errorKeys(a).some((k) => k === opts.field || k.startsWith(`${opts.field}.`))
      )
        problems.push(`${what} → 422 without an error on ${opts.field}: ${a.body.slice(0, 200)}`);
      // a value was sent: the field is not missing (SPEC §5 'Required field' would send the user looking for an empty input)
      if (opts.sent && a.status === 422 && (errorsOf(a)[opts.field ?? ''] ?? []).includes('Required field'))
        problems.push(`${what} → 'Required field' for a value that was sent: ${a.body.slice(0, 200)}`);
    };
    const before = await snapshot();
    const valid = validIsh(r, anna.organizerId);
    const url = withQuery(pathOf(r), valid.query);

    if (r.method === 'POST') {
      const unreadable200 = BY_DESIGN.unreadableBodyIs200.has(name(r));
      expect4xx('malformed JSON', await send(r, { url, headers, payload: '{"name": "x", ' }), { status: 400 });
      expect4xx('empty JSON body', await send(r, { url, headers, payload: '' }), { status: 400 });
      expect4xx('__proto__ in JSON', await send(r, { url, headers, payload: '{"__proto__": {"isAdmin": true}}' }), {
        status: 400,
      });
      expect4xx('a JSON array', await send(r, { url, headers, payload: '[{"a": 1}, 2]' }), { allow2xx: unreadable200 });
      expect4xx('a JSON string', await send(r, { url, headers, payload: '"x"' }), { allow2xx: unreadable200 });
      expect4xx('a 5000-deep JSON array', await send(r, { url, headers, payload: DEEP }), { allow2xx: unreadable200 });
      expect4xx('a 200000-deep JSON array ending in U+0000', await send(r, { url, headers, payload: DEEPER_NUL }), {
        allow2xx: unreadable200,
      });
      expect4xx(
        '2 MB string (over BODY_LIMIT)',
        await send(r, { url, headers, payload: JSON.stringify('x'.repeat(2 * 1024 * 1024)) }),
        { status: 413 },
      );
      expect4xx('text/plain body', await send(r, { url, headers, payload: 'name=x', contentType: 'text/plain' }), {
        status: 415,
      });
      const shape = shapeOf(r.body);
      if (r.body && shape) {
        const base = valid.body ?? {};
        for (const [k, field] of Object.entries(shape))
          for (const v of wrongValues(field))
            expect4xx(
              `body.${k} = ${JSON.stringify(v)}`,
              await send(r, { url, headers, payload: JSON.stringify({ ...base, [k]: v }) }),
              { status: 422, field: k, sent: true },
            );
        // text PostgreSQL cannot store (U+0000; an unpaired surrogate in jsonb), in every string field, nested ones too
        for (const path of stringPaths(r.body))
          for (const v of ['nul\u0000byte', 'lone\ud800surrogate'])
            expect4xx(
              `body.${path.join('.')} = ${JSON.stringify(v)}`,
              await send(r, { url, headers, payload: JSON.stringify(setPath(base, path, v)) }),
              {
                status: 422,
                field: path.join('.'),
              },
            );
        const allWrong = Object.fromEntries(
          Object.keys(shape).map((k) => [k, { deeply: { nested: [{ value: [[{}]] }] } }]),
        );
        expect4xx(
          'every field deeply nested',
          await send(r, { url, headers, payload: JSON.stringify({ ...allWrong, unknown_field: 1 }) }),
          { status: 422 },
        );
        if (!BY_DESIGN.unknownFieldsIgnored.has(name(r)))
          expect4xx(
            'an unknown field',
            await send(r, { url, headers, payload: JSON.stringify({ ...base, unknown_field: 1 }) }),
            { status: 422, field: 'unknown_field' },
          );
      }
    }

    // Multipart (the upload routes take it; any other route answers 415): each field as a text part.
    if (r.method === 'POST') {
      const base = Object.fromEntries(Object.entries(valid.body ?? {}).map(([k, v]) => [k, String(v)]));
      const form = async (fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
        const m = await multipart(fields, file);
        return send(r, { url, headers, payload: m.payload, contentType: m.headers['content-type'] });
      };
      const first = await form(base);
      if (first.status !== 415) {
        expect4xx('multipart without a file', first);
        for (const k of Object.keys(shapeOf(r.body) ?? {}))
          for (const v of [...WRONG_ID_TEXT, 'nul\u0000byte', 'x'.repeat(5000)])
            expect4xx(`multipart ${k}=${JSON.stringify(v.slice(0, 30))}`, await form({ ...base, [k]: v }));
        expect4xx('multipart with an unknown field', await form({ ...base, unknown_field: '1' }), {
          status: 422,
          field: 'unknown_field',
        });
        expect4xx(
          'multipart with the file in another part',
          await form(base, { data: Buffer.from('x'), name: 'x.txt', type: 'text/plain', part: 'document' }),
          { status: 422 },
        );
        const cut = (
          await multipart(base, { data: Buffer.from('abc'), name: 'x.txt', type: 'text/plain' })
        ).payload.subarray(0, 60);
        expect4xx(
          'a cut-off multipart body',
          await send(r, { url, headers, payload: cut, contentType: (await multipart(base)).headers['content-type'] }),
        );
      }
    }

    const qshape = shapeOf(r.query);
    if (qshape) {
      const base = valid.query ?? {};
      for (const [k, field] of Object.entries(qshape)) {
        for (const v of [...WRONG_ID_TEXT, 'nul\u0000byte', ['1', '2']]) {
          // a POST's body is the valid-ish one, so the refusal is the query field's (a route may take both)
          const a = await send(r, {
            url: withQuery(pathOf(r), { ...base, [k]: v }),
            headers,
            ...(r.method === 'POST' && r.body ? { payload: JSON.stringify(valid.body ?? {}) } : {}),
          });
          const rejected = !field.safeParse(v).success;
          // ids must be refused whatever the schema thinks; another field may accept a value (then only no 5xx)
          if (rejected) expect4xx(`query ${k}=${JSON.stringify(v)}`, a, { status: 422, field: k });
          else if (isIdLike(k)) expect4xx(`query ${k}=${JSON.stringify(v)} (accepted by the contract)`, a);
          else if (a.status >= 500) problems.push(`query ${k}=${JSON.stringify(v)} → ${a.status}`);
        }
      }
      expect4xx(
        'an unknown query field',
        await send(r, {
          url: withQuery(pathOf(r), { ...base, unknown_field: '1' }),
          headers,
          ...(r.method === 'POST' && r.body ? { payload: JSON.stringify(valid.body ?? {}) } : {}),
        }),
        { status: 422, field: 'unknown_field' },
      );
    }

    for (const param of r.url.match(/:\w+/g) ?? []) {
      for (const v of [...WRONG_ID_TEXT.filter(Boolean), '%00', '..%2F..%2Fetc%2Fpasswd', '1%20OR%201=1'])
        expect4xx(`path ${param}=${v}`, await send(r, { url: pathOf(r, { [param.slice(1)]: v }), headers }));
    }

    expect(changedTables(before, await snapshot()), 'tables written by bad input').toEqual([]);
    expect(problems).toEqual([]);
    expect(takeContractMismatches(), '2xx answers unlike their contract response').toEqual([]);
  });

  const guardedBySecret = Object.keys(secret).length > 0;
  it.skipIf(!isApi(r) || (r.isPublic && !guardedBySecret))(
    guardedBySecret ? 'without its secret header → 401 { message }' : 'without a token → 401 { message }',
    async () => {
      const before = await snapshot();
      const input = validIsh(r, anna.organizerId);
      const problems: string[] = [];
      for (const [what, headers] of [
        ['no token', {}],
        ['a token that is no JWT', { 'x-authorization': 'Bearer not-a-jwt' }],
        [
          'a token for another purpose (a real-time channel)',
          guardedBySecret
            ? { 'x-operator-token': 'wrong' }
            : bearer(await t.app.signer.sign({ sub: anna.userId, typ: 'rt-connection' }, 60)),
        ],
        ...(guardedBySecret ? [['the first user’s token instead of the secret', bearer(anna.token)]] : []),
      ] as [string, Record<string, string>][]) {
        const a = await call(r, input, headers);
        if (a.status !== 401) problems.push(`${what} → ${a.status} ${a.body.slice(0, 200)}`);
        else if (shapeProblem(a)) problems.push(`${what} → ${shapeProblem(a)}`);
        const leaked = leaks(a, [...PRIVATE_MARKERS, ...ORGANIZER_MARKERS]);
        if (leaked.length) problems.push(`${what} → shows ${leaked.join(', ')}`);
      }
      expect(changedTables(before, await snapshot()), 'tables written without a token').toEqual([]);
      expect(problems).toEqual([]);
      expect(takeContractMismatches(), '2xx answers unlike their contract response').toEqual([]);
    },
  );

  it.skipIf(!isApi(r) || BY_DESIGN.travellerWritesToAnyOrganizer.has(name(r)))(
    'a second tenant gets 404 for the first one’s organizer and records, sees none of their data, changes none of it',
    async () => {
      const problems: string[] = [];
      const theirs = validIsh(r, anna.organizerId);
      const before = await snapshot();
      const asBoris = bearer(boris.token);

      if (theirs.owned.size === 0) {
        // Nothing of the first user's is named: the route acts on the caller's own account. Reads are
        // called to check they show nothing of the first user's and write nothing at all.
        if (r.method === 'GET') {
          if (!BY_DESIGN.debugOnly.has(name(r))) {
            const a = await call(r, theirs, asBoris);
            if (a.status >= 500) problems.push(`→ ${a.status} ${a.body.slice(0, 200)}`);
            const leaked = leaks(a, [...PRIVATE_MARKERS, ...ORGANIZER_MARKERS]);
            if (leaked.length) problems.push(`shows the first user's ${leaked.join(', ')}`);
          }
          expect(changedTables(before, await snapshot()), 'tables written by a read').toEqual([]);
        } else {
          // Writes may change the caller's own data (a third user's, in a session of its own: logout
          // ends it), never one row of the first user's.
          const firstBefore = await firstTenantSnapshot();
          const a = await call(r, theirs, { ...bearer(await cleoSession()), ...secret });
          if (a.status >= 500) problems.push(`→ ${a.status} ${a.body.slice(0, 200)}`);
          const leaked = leaks(a, [...PRIVATE_MARKERS, ...ORGANIZER_MARKERS]);
          if (leaked.length) problems.push(`shows the first user's ${leaked.join(', ')}`);
          expect(
            changedTables(firstBefore, await firstTenantSnapshot()),
            "the first user's rows changed by a third user's call",
          ).toEqual([]);
        }
        expect(problems).toEqual([]);
        expect(takeContractMismatches(), '2xx answers unlike their contract response').toEqual([]);
        return;
      }

      // The input must pass the contract, so a 404 below is the tenancy check and not a validation slip.
      for (const [part, s, v] of [
        ['query', r.query, theirs.query],
        ['body', r.body, theirs.body],
      ] as const) {
        const parsed = s?.safeParse(v);
        if (parsed && !parsed.success)
          problems.push(
            `the valid-ish ${part} ${JSON.stringify(v)} fails the contract (fill VALID_ISH): ${parsed.error.message}`,
          );
      }
      // Positive control for reads: the owner gets 200 with the same input.
      if (r.method === 'GET') {
        // (an operator route's owner is the operator: its secret header)
        const own = await call(r, theirs, { ...bearer(anna.token), ...secret });
        if (own.status !== 200)
          problems.push(`the owner's own call → ${own.status} ${own.body.slice(0, 200)} (fix the valid-ish input)`);
      }

      const expectRefused = (what: string, a: Answer, input: Input): void => {
        const operatorOnly = r.url.startsWith('/crm/api/operator/') || r.url.startsWith('/crm/api/console/');
        if (BY_DESIGN.publicPerOrganizer.has(name(r))) {
          if (a.status !== 200) problems.push(`${what} → ${a.status} (public by design)`);
          const leaked = leaks(a, PRIVATE_MARKERS);
          if (leaked.length) problems.push(`${what} → shows private ${leaked.join(', ')}`);
          return;
        }
        // ARCHITECTURE: another tenant's organizer or record → 404. A record merely referred to (a file,
        // a bank account) may instead be a 422 on that field; operator routes refuse any user token (401).
        const expected = operatorOnly
          ? [401]
          : input.owned.has('organizer') || input.owned.has('record')
            ? [404]
            : [404, 422];
        if (!expected.includes(a.status))
          problems.push(`${what} → ${a.status}, expected ${expected.join(' or ')}: ${a.body.slice(0, 200)}`);
        else if (shapeProblem(a)) problems.push(`${what} → ${shapeProblem(a)}`);
        else if (a.status === 422 && !errorKeys(a).some((k) => input.references.includes(k)))
          problems.push(
            `${what} → 422 not on ${input.references.join(', ')} (so not refused for the reference): ${a.body.slice(0, 200)}`,
          );
        const leaked = leaks(a, [...PRIVATE_MARKERS, ...ORGANIZER_MARKERS]);
        if (leaked.length) problems.push(`${what} → shows the first user's ${leaked.join(', ')}`);
      };

      expectRefused('the first user’s ids', await call(r, theirs, asBoris), theirs);
      // IDOR: the caller's own organizer with the first user's records or files.
      const mixed = validIsh(r, boris.organizerId);
      if (mixed.owned.has('organizer') && (mixed.owned.has('record') || mixed.owned.has('reference'))) {
        mixed.owned.delete('organizer');
        expectRefused('own organizer + the first user’s records', await call(r, mixed, asBoris), mixed);
      }

      expect(
        changedTables(before, await snapshot()).filter(
          (table) => !(BY_DESIGN.readsAreAudited.has(name(r)) && table === 'operator_audit'),
        ),
        'tables written by the second tenant',
      ).toEqual([]);
      expect(problems).toEqual([]);
      expect(takeContractMismatches(), '2xx answers unlike their contract response').toEqual([]);
    },
  );
});

describe('file downloads (path params only; see above)', () => {
  it("the first user's private file: 200 for its organizer's member, 404 for a second tenant and without a token", async () => {
    const get = (token?: string) =>
      t.app.inject({ method: 'GET', url: `/files/${annaData.privateFileId}`, headers: token ? bearer(token) : {} });
    expect((await get(anna.token)).body).toContain('SWEEPA-FILE');
    for (const res of [await get(boris.token), await get()]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
    for (const variant of ['w1200', 'poster']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/files/${annaData.privateImageId}/${variant}`,
        headers: bearer(boris.token),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

/**
 * A successful call of every route the sweep above does not make succeed (its inputs are built to
 * be refused, or to touch nothing of another user's): a fourth user's account, from sign-up to
 * password reset, an organizer of theirs through verification and a partner site, and the
 * operator's calls. Each answer goes through the same contract check.
 */
describe('every route once with a valid call', () => {
  const DORA = { email: 'dora@sweep.example', phone: '+79990000044', orgPhone: '+79990000055' };
  const PASSWORDS = ['Strong123!', 'Strong456!', 'Strong789!'] as const;
  const operator = { 'x-operator-token': ADMIN_TOKEN };
  const consoleAdmin = { 'x-operator-authorization': `Bearer ${consoleAdminToken}` };
  type Call = { token?: string; payload?: object; headers?: Record<string, string>; cookies?: Record<string, string> };
  const inject = (method: 'GET' | 'POST', url: string, c: Call = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(c.token ? bearer(c.token) : {}), ...c.headers },
      remoteAddress: nextIp(),
      ...(c.cookies ? { cookies: c.cookies } : {}),
      ...(method === 'POST' ? { payload: c.payload ?? {} } : {}),
    });
  /** A call that must answer 200; its answer is checked against the contract. */
  const valid = (method: 'GET' | 'POST', url: string, c: Call = {}) =>
    ok(`${method} ${url.split('?')[0]}`, inject(method, url, c));
  /** The code of the newest phone call to a number (its digits are in the outbox row, not the text). */
  const lastCallCode = async (phone: string): Promise<string> => {
    const [row] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, phone))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    return String(row!.meta.code);
  };

  it('answers 2xx as its contract says', async () => {
    await valid('GET', '/meta/version.json');
    await valid('GET', '/crm/api/debug/outbox?limit=5', { headers: operator });

    // ─── an account: sign-up, e-mail, sign-in every way, phone ───
    const signup = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/register',
      payload: {
        first_name: 'Dora',
        last_name: 'Sweep',
        email: DORA.email,
        phone: DORA.phone,
        password: PASSWORDS[0],
        confirm_password: PASSWORDS[0],
        timezone: 'Europe/Moscow',
      },
      remoteAddress: nextIp(),
    });
    let token = (await ok('POST /crm/api/user/register', Promise.resolve(signup))).token as string;
    const emailToken = await lastLinkToken(t.app, DORA.email, 'email-confirm');
    await valid('POST', '/crm/api/user/confirm-email', { token, payload: { token: emailToken } });
    const signedIn = await inject('POST', '/crm/api/user/auth', {
      payload: { login: DORA.email, password: PASSWORDS[0] },
    });
    await ok('POST /crm/api/user/auth', Promise.resolve(signedIn));
    const refresh = signedIn.cookies.find((c) => c.name === 'td_refresh')!.value;
    await valid('POST', '/crm/api/user/refresh-token', { cookies: { td_refresh: refresh } });
    await valid('POST', '/crm/api/user/send-auth-code', { payload: { login: DORA.email } });
    await valid('POST', '/crm/api/user/auth-via-code', {
      payload: { login: DORA.email, code: await lastCode(t.app, DORA.email) },
    });
    const erik = 'erik@sweep.example';
    await valid('POST', '/crm/api/user/register-without-password', { payload: { email: erik, code_sender: 'email' } });
    const redirect = await valid('POST', '/crm/api/user/redirect-auth-via-code', {
      payload: { login: erik, code: await lastCode(t.app, erik) },
    });
    const oneTime = new URL(redirect.url as string).searchParams.get('token')!;
    await valid('POST', '/crm/api/user/access-token-by-one-time-token', { payload: { token: oneTime } });
    await valid('POST', '/crm/api/phone-code/user', { token });
    await valid('POST', '/crm/api/user/confirm-phone', {
      token,
      payload: { code: await lastCallCode(DORA.phone), verify_method: 'sms' },
    });

    // ─── an organizer: verification, a partner site, the operator ───
    const org = await valid('POST', '/crm/api/organizer/create', {
      token,
      payload: { name: 'Dora Tours', country: 'RU', contacts: { email: 'team@dora.example', phone: DORA.orgPhone } },
    });
    const orgId = org.id as number;
    await valid('POST', '/crm/api/organizer/update', {
      token,
      payload: { id: orgId, tour_author: { first_name: 'Dora', last_name: 'Guide', about: 'Leads every tour' } },
    });
    await valid('POST', '/crm/api/phone-code/organizer', { token, payload: { organizer_id: orgId } });
    // the team (issue 29): a member joins Dora's organizer, gets another role, is removed
    const member = await createUser(t.database, { email: 'dora-member@sweep.example' });
    await t.database.db
      .insert(schema.organizerMembers)
      .values({ organizer_id: orgId, user_id: member.userId, role: 'guide' });
    await valid('POST', '/crm/api/team/change-role', {
      token,
      payload: { organizer_id: orgId, user_id: member.userId, role: 'manager' },
    });
    await valid('POST', '/crm/api/team/remove', { token, payload: { organizer_id: orgId, user_id: member.userId } });
    // …is invited back (the mail's link), the invitation re-sent, previewed and accepted; another one revoked
    const memberEmail = 'dora-member@sweep.example';
    const invitation = await valid('POST', '/crm/api/team/invite', {
      token,
      payload: { organizer_id: orgId, email: memberEmail, role: 'guide' },
    });
    await valid('POST', '/crm/api/team/resend-invitation', {
      token,
      payload: { organizer_id: orgId, invitation_id: invitation.id },
    });
    const [inviteMail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, memberEmail))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    const inviteToken = /\/org\/invite\/([\w-]+)/.exec(inviteMail!.body)![1]!;
    await valid('GET', `/crm/api/team/invitation?token=${inviteToken}`);
    const memberToken = (await signIn(t.app, memberEmail)).token;
    await valid('POST', '/crm/api/team/accept', { token: memberToken, payload: { token: inviteToken } });
    const other = await valid('POST', '/crm/api/team/invite', {
      token,
      payload: { organizer_id: orgId, email: 'dora-other@sweep.example', role: 'accountant' },
    });
    await valid('POST', '/crm/api/team/revoke-invitation', {
      token,
      payload: { organizer_id: orgId, invitation_id: other.id },
    });
    await valid('POST', '/crm/api/organizer/accept-agreement', {
      token,
      payload: { tour_organizer_id: orgId, version: CURRENT_AGREEMENT_VERSION },
    });
    const access = await valid('GET', `/crm/api/user/get-verification-access-token?orgId=${orgId}`, { token });
    await valid('POST', '/crm/api/user/verification-data', {
      token,
      payload: {
        orgId,
        access_token: access.token,
        full_name: 'Dora Sweep',
        document_type: 'passport',
        document_number: '4510 123456',
      },
    });
    const [site] = await t.database.db.select().from(partnerSites).limit(1);
    await valid('POST', '/crm/api/organizer/sign-partnership', {
      token,
      payload: { tour_organizer_id: orgId, site_id: site!.id, is_agreement_accepted: true, is_privacy_accepted: true },
    });
    // the operator console (modules/operator): Dora's verification and partnership wait in its queues
    await valid('GET', '/crm/api/console/queue-counts', { headers: consoleAdmin });
    await valid('GET', `/crm/api/console/verification-queue?site_id=${site!.id}`, { headers: consoleAdmin });
    await valid('GET', '/crm/api/console/partnership-queue', { headers: consoleAdmin });
    await valid('GET', `/crm/api/console/organizer-card?organizer_id=${orgId}`, { headers: consoleAdmin });
    await valid('POST', '/crm/api/console/decide-verification', {
      headers: consoleAdmin,
      payload: { organizer_id: orgId, decision: 'approve' },
    });
    await valid('POST', '/crm/api/console/decide-partnership', {
      headers: consoleAdmin,
      payload: { organizer_id: orgId, site_id: site!.id, status: 'published' },
    });
    await valid('POST', '/crm/api/operator/set-site-status', {
      headers: operator,
      payload: { organizer_id: orgId, site_id: site!.id, status: 'published' },
    });
    await valid('POST', '/crm/api/organizer/set-published-on-site', {
      token,
      payload: { tour_organizer_id: orgId, site_id: site!.id, is_published_on_site: true },
    });
    await valid('GET', '/crm/api/operator/organizers', { headers: operator });
    // operator accounts: the admin command's and the console's, a moderator's sign-in, refresh and logout
    const created = await valid('POST', '/crm/api/operator/create-operator', {
      headers: operator,
      payload: {
        email: 'mod@sweep-ops.example',
        name: 'Sweep Moderator',
        role: 'moderator',
        password: 'Sweep-mod-12345',
      },
    });
    const sweepSupport = await valid('POST', '/crm/api/console/create-operator', {
      headers: consoleAdmin,
      payload: { email: 'sup@sweep-ops.example', name: 'Sweep Support', role: 'support', password: 'Sweep-sup-12345' },
    });
    await valid('POST', '/crm/api/console/update-operator', {
      headers: consoleAdmin,
      payload: { operator_id: (sweepSupport.operator as { id: number }).id, role: 'moderator', is_active: false },
    });
    const opSignIn = t.app.inject({
      method: 'POST',
      url: '/crm/api/console-auth/sign-in',
      remoteAddress: nextIp(),
      payload: {
        email: 'mod@sweep-ops.example',
        password: 'Sweep-mod-12345',
        code: URI.parse(created.otpauth_uri as string).generate(),
      },
    });
    const opSession = await ok('POST /crm/api/console-auth/sign-in', opSignIn);
    const opCookie = (await opSignIn).cookies.find((c) => c.name === 'td_operator_refresh')!.value;
    const opRefreshed = t.app.inject({
      method: 'POST',
      url: '/crm/api/console-auth/refresh',
      cookies: { td_operator_refresh: opCookie },
      payload: {},
    });
    await ok('POST /crm/api/console-auth/refresh', opRefreshed);
    const modHeaders = { 'x-operator-authorization': `Bearer ${opSession.token as string}` };
    await valid('GET', '/crm/api/console/me', { headers: modHeaders });
    await valid('GET', '/crm/api/console/sites', { headers: modHeaders });
    await valid('POST', '/crm/api/console-auth/logout', {
      headers: modHeaders,
      cookies: {
        td_operator_refresh: (await opRefreshed).cookies.find((c) => c.name === 'td_operator_refresh')!.value,
      },
    });
    await valid('GET', '/crm/api/console/operators', { headers: consoleAdmin });
    await valid('GET', '/crm/api/console/audit-log?object_type=organizer&limit=5', { headers: consoleAdmin });
    await valid('POST', '/crm/api/operator/set-verification', {
      headers: operator,
      payload: { organizer_id: orgId, commission_percent: 12 },
    });

    // ─── the organizer's records: created, changed, deleted ───
    const bankFields = VALID_ISH['POST /crm/api/organization-bank-account/create'] as object;
    const bank = await valid('POST', '/crm/api/organization-bank-account/create', {
      token,
      payload: { tour_organizer_id: orgId, name: 'Main', ...bankFields },
    });
    await valid('POST', '/crm/api/organization-bank-account/update', {
      token,
      payload: { tour_organizer_id: orgId, id: bank.id, name: 'Main account', ...bankFields },
    });
    await valid('POST', '/crm/api/organization-bank-account/delete', {
      token,
      payload: { tour_organizer_id: orgId, id: bank.id },
    });
    // the organizer's own YooKassa account (issue 27): connected, read, removed
    await valid('POST', '/crm/api/organizer-payment-account/connect', {
      token,
      payload: { organizer_id: orgId, ...SWEEP_SHOP },
    });
    await valid('GET', `/crm/api/organizer-payment-account/get?organizer_id=${orgId}`, { token });
    await valid('POST', '/crm/api/organizer-payment-account/remove', { token, payload: { organizer_id: orgId } });
    const contract = await valid('POST', '/crm/api/organizer-contract-template/create', {
      token,
      payload: { organizer_id: orgId, name: 'Contract', content: '<p>Terms</p>' },
    });
    await valid('POST', '/crm/api/organizer-contract-template/update', {
      token,
      payload: { id: contract.id, name: 'Contract 2', content: '<p>New terms</p>' },
    });
    await valid('POST', '/crm/api/organizer-contract-template/delete', { token, payload: { id: contract.id } });
    const meet = await valid('POST', '/crm/api/organizer-meet-data-template/create', {
      token,
      payload: { organizer_id: orgId, name: 'Meeting', place: 'The station' },
    });
    await valid('POST', '/crm/api/organizer-meet-data-template/update', {
      token,
      payload: { id: meet.id, name: 'Meeting 2', place: 'The square' },
    });
    await valid('POST', '/crm/api/organizer-meet-data-template/delete', { token, payload: { id: meet.id } });

    // ─── notifications, media, the profile ───
    const [doraUser] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, DORA.email));
    const [chat] = await t.database.db
      .insert(messengerChats)
      .values({ user_id: doraUser!.id, source_type: 'telegram', chat_id: '700004', chat_name: 'Dora' })
      .returning();
    await valid('POST', '/crm/api/chat/disable-notifications', { token, payload: { chat_id: chat!.id } });
    await valid('POST', '/crm/api/file/upload-video', {
      token,
      payload: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', organizer_id: orgId },
    });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const form = await multipart({}, { data: png, name: 'avatar.png', type: 'image/png' });
    const avatar = await valid('POST', '/crm/api/image/upload', {
      token,
      headers: form.headers,
      payload: form.payload,
    });
    await valid('POST', '/crm/api/user/update-profile-photo', { token, payload: { avatar_id: avatar.id } });

    // ─── tours and guides ───
    const tourPhoto = await valid('POST', '/crm/api/image/upload', {
      token,
      headers: form.headers,
      payload: form.payload,
    });
    const guide = await valid('POST', '/crm/api/tour/create-guide', {
      token,
      payload: { organizer_id: orgId, first_name: 'Dora' },
    });
    await valid('POST', '/crm/api/tour/update-guide', {
      token,
      payload: { organizer_id: orgId, guide_id: guide.id, first_name: 'Dora', about: 'Mountains' },
    });
    await valid('GET', `/crm/api/tour/guides?organizer_id=${orgId}`, { token });
    await valid('GET', '/crm/api/tour/catalogue?kind=city&search=altai', { token });
    const tour = await valid('POST', '/crm/api/tour/create', {
      token,
      payload: {
        organizer_id: orgId,
        name: 'Dora’s walk',
        type: 2,
        description: '<p>Two hours in the old town</p>',
        price: 1500,
        duration_hours: 2,
        group_max: 10,
        photos: [{ id: tourPhoto.id }],
        guides: [guide.id],
      },
    });
    await valid('POST', '/crm/api/tour/update', {
      token,
      payload: { id: tour.id, screen_name: 'doras-walk', with_publish: true },
    });
    // published: on moderation on Dora's partner site, where the operator publishes it (console, then CLI)
    await valid('GET', '/crm/api/console/tour-queue', { headers: consoleAdmin });
    await valid('POST', '/crm/api/console/decide-tour', {
      headers: consoleAdmin,
      payload: { tour_id: tour.id, site_id: site!.id, decision: 'publish' },
    });
    await valid('POST', '/crm/api/operator/set-tour-site-status', {
      headers: operator,
      payload: { tour_id: tour.id, site_id: site!.id, status: 'published' },
    });
    await valid('GET', `/crm/api/tour/view?id=${tour.id as number}`, { token });
    await valid('GET', `/crm/api/tour/list?organizer_id=${orgId}&status=published&type=2&search=walk`, { token });
    await valid('POST', '/crm/api/tour/draft', { token, payload: { id: tour.id } });
    await valid('POST', '/crm/api/tour/publish', { token, payload: { id: tour.id } });

    // ─── the traveller's checkout (issue 27): a published tour's options, quote, holds and a booking ───
    const sale = await valid('POST', '/crm/api/tour/create', {
      token,
      payload: { organizer_id: orgId, name: 'Dora sale' },
    });
    const saleDate = await valid('POST', '/crm/api/tour/save-date', {
      token,
      payload: { tour_id: sale.id, ...SWEEP_DEPARTURE },
    });
    await t.database.db
      .update(schema.tours)
      .set({ status: 'published' })
      .where(eq(schema.tours.id, sale.id as number));
    const saleOptions = await valid('GET', `/spa/checkout/options?tour_id=${sale.id as number}`);
    const saleChoice = {
      tour_id: sale.id,
      tour_date_id: saleDate.id,
      travellers: [{ category_id: (saleOptions.categories as { id: number }[])[0]!.id, count: 2 }],
    };
    await valid('POST', '/spa/checkout/quote', { payload: saleChoice });
    const firstHold = await valid('POST', '/spa/checkout/hold', { payload: saleChoice });
    await valid('POST', '/spa/checkout/extend', { payload: { token: firstHold.token } });
    // the abandoned checkout (issue 27): the e-mail left, and the link its message carries
    await valid('POST', '/spa/checkout/contact', {
      payload: { token: firstHold.token, email: 'left@sweep.example', name: 'Left' },
    });
    await valid('POST', '/spa/checkout/release', { payload: { token: firstHold.token } });
    const recoveryToken = randomToken(32);
    await t.database.db
      .update(schema.checkoutSessions)
      .set({ recovery_token_hash: sha256(recoveryToken), recovery_decided_at: new Date() })
      .where(eq(schema.checkoutSessions.token_hash, sha256(firstHold.token as string)));
    const recovered = await valid('POST', '/spa/checkout/recover', { payload: { token: recoveryToken } });
    await valid('POST', '/spa/checkout/release', {
      payload: { token: (recovered.hold as { token: string }).token },
    });
    const secondHold = await valid('POST', '/spa/checkout/hold', { payload: saleChoice });
    const saleBooking = await valid('POST', '/spa/checkout/confirm', {
      payload: {
        token: secondHold.token,
        name: 'Sweep Traveller',
        email: 'sweep-traveller@example.com',
        phone: '+7 999 000-00-00',
        documents_accepted: true,
        total: (secondHold.pricing as { total: number }).total,
        idempotency_key: 'sweep-checkout-1',
      },
    });
    // the traveller's booking page by the confirm's secret link (confirmed by the organizer: a balance to pay)
    const bookingToken = /\/org\/booking\/([\w-]+)\?/.exec(saleBooking.booking_url as string)![1]!;
    await valid('POST', '/crm/api/request/confirm', { token, payload: { id: saleBooking.request_id } });
    await valid('GET', `/spa/booking/page?token=${bookingToken}`);
    await valid('POST', '/spa/booking/pay-balance', { payload: { token: bookingToken } });
    await valid('GET', `/spa/booking/contract?token=${bookingToken}`);
    const cancelQuote = await valid('GET', `/spa/booking/cancel-quote?token=${bookingToken}`);
    await valid('POST', '/spa/booking/cancel', {
      payload: { token: bookingToken, penalty_amount: cancelQuote.penalty_amount },
    });

    // ─── the site constructor, and the public site it publishes (the tour above is published) ───
    const sq = `organizer_id=${orgId}`;
    await valid('GET', `/crm/api/site/get-attached-site?${sq}`, { token });
    await valid('GET', `/crm/api/site/get-preset-list?${sq}`, { token });
    await valid('POST', `/crm/api/site/attach-site?${sq}`, { token, payload: { subdomain: 'dora-sweep' } });
    const mainPage = await valid('GET', `/crm/api/site/get-page?${sq}&type=main`, { token });
    const mainBlocks = mainPage.blocks as unknown[];
    await valid('POST', `/crm/api/site/save-page-blocks?${sq}`, {
      token,
      payload: { type: 'main', blocks: mainBlocks },
    });
    await valid('POST', `/crm/api/site/validate-block?${sq}`, {
      token,
      payload: { block: mainBlocks[0], page_type: 'main' },
    });
    await valid('POST', `/crm/api/site/update-main-page-setting?${sq}`, {
      token,
      payload: { title: 'Dora Tours', meta_description: 'Walks', og_image_id: tourPhoto.id },
    });
    for (const type of ['site', 'main', 'tour'])
      await valid('POST', `/crm/api/site/publish-data?${sq}`, { token, payload: { type } });
    await valid('POST', `/crm/api/site/check-domain?${sq}`, {
      token,
      payload: { domain: 'dora-walks', is_custom: false },
    });
    await valid('POST', `/crm/api/site/change-domain?${sq}`, {
      token,
      payload: { domain: 'dora-walks', is_custom: false },
    });
    await valid('POST', `/crm/api/site/change-preset?${sq}`, { token, payload: { preset_type: 'sea' } });
    await valid('POST', `/crm/api/site/update-preset-data?${sq}`, { token, payload: { radius: 6 } });
    await valid('GET', `/crm/api/site/get-preset?${sq}`, { token });
    await valid('GET', `/crm/api/site/get-fonts-for-preset?${sq}`, { token });
    await valid('GET', `/crm/api/site/font-data?${sq}&id=1`, { token });
    const fontForm = await multipart(
      { organizer_id: String(orgId) },
      { data: Buffer.from('wOF2 dora'), name: 'dora.woff2', type: 'font/woff2' },
    );
    const doraFont = await valid('POST', '/crm/api/file/upload', {
      token,
      headers: fontForm.headers,
      payload: fontForm.payload,
    });
    const font = await valid('POST', `/crm/api/site/add-font?${sq}`, {
      token,
      payload: { name: 'Dora Sans', files: [{ weight: 400, file_id: doraFont.id }] },
    });
    await valid('POST', `/crm/api/site/update-font?${sq}`, { token, payload: { id: font.id, name: 'Dora Serif' } });
    await valid('POST', `/crm/api/site/update-favicon?${sq}`, { token, payload: { file_id: tourPhoto.id } });
    await valid('GET', `/crm/api/site/get-favicon?${sq}`, { token });
    await valid('POST', `/crm/api/site/update-document?${sq}`, {
      token,
      payload: { type: 'policy', content: '<p>Ours</p>' },
    });
    await valid('GET', `/crm/api/site/get-document?${sq}&type=policy`, { token });
    await valid('POST', `/crm/api/site/parse-mass-media-article?${sq}`, { token, payload: { url: articleUrl } });
    const domain = 'domain=dora-walks';
    await valid('GET', `/spa/custom-site-org-data?${domain}`);
    await valid('GET', `/spa/custom-page?${domain}&type=main`);
    await valid('GET', `/spa/custom-page?${domain}&type=tour&slug=doras-walk&lang=ru`);
    await valid('GET', `/spa/custom-document-page?${domain}&type=policy`);
    await valid('GET', `/spa/custom-metadata?${domain}&type=tour&slug=doras-walk`);
    await valid('GET', `/spa/tours-crm?${domain}`);
    await valid('GET', `/spa/tours-schedule?${domain}&page=1&per_page=5`);
    await valid('GET', `/spa/tour-crm?${domain}&slug=doras-walk`);
    await valid('GET', '/spa/site-mock-tours?lang=ru');
    await valid('GET', '/spa/site-mock-tour');
    await valid('POST', '/crm/api/tour/archive', { token, payload: { id: tour.id } });
    await valid('POST', '/crm/api/tour/change-dates-preliminary', { token, payload: { id: tour.id, value: true } });
    await valid('POST', '/crm/api/tour/change-program-preliminary', { token, payload: { id: tour.id, value: true } });
    await valid('POST', '/crm/api/tour/create-copy', { token, payload: { id: tour.id, organizer_id: orgId } });
    await valid('GET', `/crm/api/tour/default-penalties?organizer_id=${orgId}`, { token });
    const date = await valid('POST', '/crm/api/tour/save-date', {
      token,
      payload: { tour_id: tour.id, ...SWEEP_DEPARTURE },
    });
    await valid('POST', '/crm/api/tour/save-dates', {
      token,
      payload: { tour_id: tour.id, dates: [{ ...SWEEP_DEPARTURE, date_start: '2030-06-08', date_end: '2030-06-10' }] },
    });
    await valid('GET', `/crm/api/tour/get-dates?tour_id=${tour.id as number}&limit=5`, { token });
    await valid('POST', '/crm/api/tour/remove-date', { token, payload: { tour_id: tour.id, date_id: date.id } });
    await valid('POST', '/crm/api/tour/save-week-schedule', {
      token,
      payload: { id: tour.id, ...SWEEP_WEEK_SCHEDULE },
    });
    // the programme PDF, a calendar feed (its public address without a token), the tours for a request
    const pdf = await valid('POST', '/crm/api/tour-program/create-pdf', { token, payload: { tour_id: tour.id } });
    await valid('GET', `/crm/api/tour-program/download-pdf?pdf_id=${pdf.id as number}`, { token });
    const feed = await valid('POST', '/crm/api/tour/create-ical-feed', {
      token,
      payload: { organizer_id: orgId, tour_id: tour.id, name: 'Guide Olga' },
    });
    await valid('GET', `/crm/api/tour/ical-feeds?organizer_id=${orgId}&tour_id=${tour.id as number}`, { token });
    await ok('GET /crm/api/tour/ical/:token.ics', inject('GET', feed.url as string));
    await valid('POST', '/crm/api/tour/revoke-ical-feed', {
      token,
      payload: { organizer_id: orgId, feed_id: feed.id },
    });
    await valid('GET', `/crm/api/tour/list-for-request-with-own-type?tour_organizer_id=${orgId}`, { token });
    // the request core: made by hand and by a third-party agent, changed, held, confirmed, canceled
    // (on a tour of its own: the one above is archived by now)
    const bookTour = await valid('POST', '/crm/api/tour/create', {
      token,
      payload: { organizer_id: orgId, name: 'Sweep bookings' },
    });
    const bookable = await valid('POST', '/crm/api/tour/save-date', {
      token,
      payload: { tour_id: bookTour.id, ...SWEEP_DEPARTURE, date_start: '2030-07-01', date_end: '2030-07-03' },
    });
    const ownRequest = await valid('POST', '/crm/api/request/create-request-with-own-type', {
      token,
      payload: { ...SWEEP_REQUEST, tour_organizer_id: orgId, tour_id: bookTour.id, tour_date_id: bookable.id },
    });
    const agentRequest = await valid('POST', '/crm/api/third-party-agent-request/create', {
      token,
      payload: {
        ...SWEEP_REQUEST,
        tour_organizer_id: orgId,
        tour_id: bookTour.id,
        tour_date_id: bookable.id,
        idempotency_key: 'sweep-agent-request',
        third_party_agent: { name: 'Sweep Agency', commission: 100 },
      },
    });
    const requestId = ownRequest.request_id as number;
    await valid('GET', `/crm/api/request/get?id=${requestId}`, { token });
    await valid('POST', '/crm/api/request/update-request-with-own-type', {
      token,
      payload: { id: requestId, comment: 'x' },
    });
    await valid('POST', '/crm/api/third-party-agent-request/update', {
      token,
      payload: { id: agentRequest.request_id, comment: 'x' },
    });
    await valid('POST', '/crm/api/request/update', { token, payload: { id: requestId, tourists_count: 1 } });
    await valid('POST', '/crm/api/request/extend-hold', { token, payload: { id: requestId, seconds: 600 } });
    // prices (issue 26): the tour's categories and extras, a promo code, a booking changed by them
    const tourPrices = await valid('GET', `/crm/api/tour/prices?tour_id=${bookTour.id as number}`, { token });
    const adult = (tourPrices.categories as { id: number }[])[0]!;
    const withChild = await valid('POST', '/crm/api/tour/save-traveller-categories', {
      token,
      payload: {
        tour_id: bookTour.id,
        categories: [
          { ...adult, code: 'adult', name_en: 'Adult', name_ru: 'Взрослый', pricing: 'base' },
          {
            code: 'child',
            name_en: 'Child',
            name_ru: 'Ребёнок',
            age_from: 2,
            age_to: 11,
            pricing: 'percent_off',
            value: 30,
          },
        ],
      },
    });
    const withExtra = await valid('POST', '/crm/api/tour/save-extras', {
      token,
      payload: {
        tour_id: bookTour.id,
        extras: [{ name_en: 'Transfer', name_ru: 'Трансфер', price: 500, per: 'traveller' }],
      },
    });
    const promo = await valid('POST', '/crm/api/promo-code/create', {
      token,
      payload: { organizer_id: orgId, code: 'SWEEP5', value_type: 'percent', value: 5, tour_ids: [bookTour.id] },
    });
    await valid('POST', '/crm/api/promo-code/update', {
      token,
      payload: { id: promo.id, code: 'SWEEP5', value_type: 'percent', value: 7, uses_total: 10 },
    });
    await valid('GET', `/crm/api/promo-code/list?organizer_id=${orgId}`, { token });
    await valid('POST', '/crm/api/request/change-booking', {
      token,
      payload: {
        request_id: requestId,
        travellers: (withChild.categories as { id: number }[]).map((c) => ({ category_id: c.id, count: 1 })),
        extras: [{ extra_id: (withExtra.extras as { id: number }[])[0]!.id, quantity: 1 }],
        adjustments: [{ kind: 'discount', amount: 10, reason: 'Sweep' }],
        promo_code: 'sweep5',
      },
    });
    await valid('GET', `/crm/api/request/pricing?request_id=${requestId}`, { token });
    await valid('GET', `/crm/api/request/booking-changes?request_id=${requestId}`, { token });
    await valid('POST', '/crm/api/promo-code/delete', { token, payload: { id: promo.id } });
    await valid('POST', '/crm/api/request/tour-dates', { token, payload: { request_id: requestId } });
    await valid('GET', `/crm/api/request/base-sale-statuses-by-request-id?id=${requestId}`, { token });
    await valid('POST', '/crm/api/request/change-base-sale-status', {
      token,
      payload: { id: requestId, base_sale_status: 2 },
    });
    await valid('POST', '/crm/api/request/confirm', { token, payload: { id: requestId } });
    // the documents: the contract (with the stamp asked for), the departure's rooming list in three forms
    await valid('GET', `/crm/api/request/download-contract?id=${requestId}&use_stamp=1`, { token });
    await valid('GET', `/crm/api/request/rooming-list?tour_date_id=${bookable.id as number}`, { token });
    await valid('GET', `/crm/api/request/rooming-list-csv?tour_date_id=${bookable.id as number}`, { token });
    await valid('GET', `/crm/api/request/rooming-list-xlsx?tour_date_id=${bookable.id as number}`, { token });
    // the departure's manifest on the guide's phone, one traveller checked in (issue 29)
    await valid('GET', `/crm/api/departure/manifest?tour_date_id=${bookable.id as number}`, { token });
    await valid('POST', '/crm/api/departure/checkin', {
      token,
      payload: {
        tour_date_id: bookable.id,
        request_id: requestId,
        place: 1,
        status: 'checked_in',
        client_key: 'sweep-checkin-1',
      },
    });
    // the departure's guide (issue 29), linked to a member who signs in as a guide
    const runner = await valid('POST', '/crm/api/tour/create-guide', {
      token,
      payload: { organizer_id: orgId, first_name: 'Gleb' },
    });
    await valid('POST', '/crm/api/departure/set-guides', {
      token,
      payload: { organizer_id: orgId, tour_date_id: bookable.id, guide_ids: [runner.id] },
    });
    const gleb = await createUser(t.database, { email: 'gleb-guide@sweep.example' });
    await t.database.db
      .insert(schema.organizerMembers)
      .values({ organizer_id: orgId, user_id: gleb.userId, role: 'guide' });
    await valid('POST', '/crm/api/departure/link-guide-user', {
      token,
      payload: { organizer_id: orgId, guide_id: runner.id, user_id: gleb.userId },
    });
    // a departure messaged, its cancel previewed and made (issue 29)
    const doomed = await valid('POST', '/crm/api/tour/save-date', {
      token,
      payload: { tour_id: bookTour.id, ...SWEEP_DEPARTURE, date_start: '2030-07-20', date_end: '2030-07-22' },
    });
    await valid('POST', '/crm/api/departure/message', {
      token,
      payload: { organizer_id: orgId, tour_date_id: doomed.id, text: 'Meet at 8' },
    });
    await valid('GET', `/crm/api/departure/cancel-preview?organizer_id=${orgId}&tour_date_id=${doomed.id as number}`, {
      token,
    });
    await valid('POST', '/crm/api/departure/cancel', {
      token,
      payload: { organizer_id: orgId, tour_date_id: doomed.id, rule: 'full', message: 'Storm' },
    });
    // the meet data: a template of its own, filled for the request, sent to its customer
    await valid('POST', '/crm/api/request/update-request-with-own-type', {
      token,
      payload: { id: requestId, customer_email: 'sweep-customer@example.com' },
    });
    const meetTemplate = await valid('POST', '/crm/api/organizer-meet-data-template/create', {
      token,
      payload: { organizer_id: orgId, name: 'Sweep meeting', text: 'At 8 on {tour_date.date_start}', place: 'Station' },
    });
    const meetPreview = await valid(
      'GET',
      `/crm/api/request/meet-data-preview?request_id=${requestId}&template_id=${meetTemplate.id as number}`,
      { token },
    );
    await valid('POST', '/crm/api/request/send-meet-data', {
      token,
      payload: {
        request_id: requestId,
        template_id: meetTemplate.id,
        text: (meetPreview.template as { text: string }).text,
        emails: (meetPreview.recipients as { email: string }[]).map((r) => r.email),
      },
    });
    // its tourists, by the provider, then through the questionnaire link (no token)
    const listed = await valid('POST', '/crm/api/request/create-tourist', {
      token,
      payload: { request_id: requestId, first_name: 'Sweep', birthday: '1990-01-01' },
    });
    const touristId = (listed.tourists as { id: number }[])[0]!.id;
    await valid('POST', '/crm/api/request/update-tourist', { token, payload: { id: touristId, last_name: 'Tourist' } });
    await valid('POST', '/crm/api/request/update-tourists', {
      token,
      payload: { request_id: requestId, tourists: [{ id: touristId, passport: 'x' }] },
    });
    // the child the booking has (change-booking above)
    await valid('POST', '/crm/api/request/set-tourist-category', {
      token,
      payload: { id: touristId, category_id: (withChild.categories as { id: number }[])[1]!.id },
    });
    await valid('POST', '/crm/api/request/remove-tourist', { token, payload: { id: touristId } });
    const uuid = ownRequest.uuid as string;
    const added = await valid('POST', '/crm/api/request/add-tourists', {
      payload: { uuid, tourists: [{ first_name: 'Sweep', last_name: 'Guest' }] },
    });
    await valid('POST', '/crm/api/request/update-tourists-questionnaires', {
      payload: { uuid, id: (added.saved as { id: number }[])[0]!.id, first_name: 'Sweep', last_name: 'Filled' },
    });
    await valid('GET', `/crm/api/request/get-by-uuid?uuid=${uuid}`, {});
    await valid('GET', `/spa/tourists-info?uuid=${uuid}`, {});
    await valid('POST', '/crm/api/request/unlink-telegram', { payload: { uuid } });
    // the help form: a guest's is e-mailed to support, a member's goes into its support chat
    await valid('POST', '/spa/submit-help-request', {
      payload: { data: { name: 'Sweep Guest', email: 'sweep-help@example.com', message: 'How do I book?' } },
    });
    await valid('POST', '/spa/submit-help-request', {
      token,
      payload: {
        data: { name: 'Sweep Member', email: 'sweep-help@example.com', message: 'Help', organizer_id: orgId },
      },
    });
    // chats: a traveller writes from the questionnaire link, the provider answers with a file, the
    // traveller reads, writes and uploads through their link; support answers, edits, moderates,
    // deletes and freezes
    const started = await valid('POST', '/crm/api/chat/get-chat-with-organizer', {
      payload: { organizer_id: orgId, request_uuid: uuid, message: 'Is there a transfer?', client_id: 'sweep-1' },
    });
    const chatId = started.id as number;
    const travellerToken = encodeURIComponent(started.token as string);
    await valid('GET', `/crm/api/chat/list?tour_organizer_id=${orgId}&limit=20&offset=0&kind=tourist`, { token });
    await valid('GET', `/crm/api/chat/get-chat?chat_id=${chatId}`, { token });
    await valid('GET', `/crm/api/chat/unread-count?organizer_id=${orgId}`, { token });
    await valid('POST', '/crm/api/chat/mark-as-read', { token, payload: { chat_id: chatId } });
    const chatFile = await multipart(
      { organizer_id: String(orgId) },
      { data: Buffer.from('%PDF-1.4 sweep'), name: 'programme.pdf', type: 'application/pdf' },
    );
    const programme = await valid('POST', '/crm/api/file/upload', {
      token,
      headers: chatFile.headers,
      payload: chatFile.payload,
    });
    await valid('POST', '/crm/api/chat/send-message', {
      token,
      payload: { chat_id: chatId, message: 'Yes', file_id: programme.id, client_id: 'sweep-2' },
    });
    await valid('GET', `/crm/api/chat/get-messages?chat_id=${chatId}&limit=20`, { token });
    await valid('GET', `/crm/api/request/list-for-chat?chat_id=${chatId}`, { token });
    await valid('GET', `/spa/chat/get?token=${travellerToken}`);
    await valid('GET', `/spa/chat/get-messages?token=${travellerToken}&offset=0`);
    await valid('GET', `/spa/chat/channels-list?token=${travellerToken}`);
    await valid('GET', `/spa/chat/file?token=${travellerToken}&id=${programme.id as number}`);
    // an e-mail reply to the request's Reply-To address (from someone not its traveller: held for the provider)
    await valid('POST', '/crm/api/webhooks/inbound-email', {
      headers: { 'x-webhook-secret': INBOUND_EMAIL_SECRET },
      payload: {
        from: 'Sweep Sender <sender@sweep.example>',
        to: [t.app.services.chats.inbound.replyAddress(requestId)!],
        subject: 'Re: your booking',
        text: 'Is there a transfer?\n\n> quoted',
        message_id: '<sweep-inbound@sweep.example>',
      },
    });
    const photo = await multipart({}, { data: png, name: 'room.png', type: 'image/png' });
    const uploaded = await valid('POST', `/spa/chat/upload?token=${travellerToken}`, {
      headers: photo.headers,
      payload: photo.payload,
    });
    const travellerMessage = await valid('POST', '/spa/chat/send-message', {
      payload: { token: started.token, message: 'Thanks', file_id: uploaded.id },
    });
    await valid('POST', '/spa/chat/mark-as-read', { payload: { token: started.token } });
    const support = await valid(
      'GET',
      `/crm/api/chat/get-chat-with-support?site_id=${site!.id}&organizer_id=${orgId}`,
      {
        token,
      },
    );
    await valid('POST', '/crm/api/chat/send-message', { token, payload: { chat_id: support.id, message: 'Help' } });
    await valid('GET', `/crm/api/operator/chat/list?kind=support&organizer_id=${orgId}`, { headers: operator });
    await valid('GET', `/crm/api/operator/chat/get-messages?chat_id=${support.id as number}`, { headers: operator });
    // support opens a traveller's chat's file through the signed link its message views carry
    const supportView = await valid('GET', `/crm/api/operator/chat/get-messages?chat_id=${chatId}`, {
      headers: operator,
    });
    const supportFile = (supportView.items as { file: { url: string } | null }[]).find((m) => m.file)!.file!.url;
    await valid('GET', supportFile);
    // the desk's socket is an operator session's (the shared token gets none)
    await valid('GET', '/crm/api/operator/chat/channels-list', { headers: consoleAdmin });
    await valid('POST', '/crm/api/operator/chat/mark-as-read', { headers: operator, payload: { chat_id: support.id } });
    // support attaches a file (an admin operator's session: the browser's desk)
    const plan = await multipart({}, { data: png, name: 'plan.png', type: 'image/png' });
    const deskFile = await valid('POST', `/crm/api/operator/chat/upload?chat_id=${support.id as number}`, {
      headers: { ...consoleAdmin, ...plan.headers },
      payload: plan.payload,
    });
    const answer = await valid('POST', '/crm/api/operator/chat/send-message', {
      headers: consoleAdmin,
      payload: { chat_id: support.id, message: 'How can we help?', file_id: deskFile.id },
    });
    await valid('POST', '/crm/api/operator/chat/edit-message', {
      headers: operator,
      payload: { message_id: answer.id, message: 'How can we help you?' },
    });
    await valid('POST', '/crm/api/operator/chat/moderate-message', {
      headers: operator,
      payload: { message_id: travellerMessage.id, is_moderated: true },
    });
    await valid('POST', '/crm/api/operator/chat/delete-message', {
      headers: operator,
      payload: { message_id: travellerMessage.id },
    });
    await valid('POST', '/crm/api/operator/chat/freeze-chat', {
      headers: operator,
      payload: { chat_id: chatId, is_frozen: true },
    });
    // the request's traveller links (beyond SPEC): read, the chat's and the questionnaire's reissued
    await valid('GET', `/crm/api/request/traveller-links?request_id=${requestId}`, { token });
    await valid('POST', '/crm/api/request/reissue-chat-link', { token, payload: { request_id: requestId } });
    await valid('POST', '/crm/api/request/reissue-questionnaire-link', { token, payload: { request_id: requestId } });
    await valid('GET', `/crm/api/request/cancel-request-popup-data?id=${requestId}`, { token });
    await valid('POST', '/crm/api/request/cancel', { token, payload: { id: agentRequest.request_id } });
    // an individual tour: its dates and the offer, drafted, applied, the draft cleared
    const individual = await valid('POST', '/crm/api/request/create-request-with-own-type', {
      token,
      payload: {
        ...SWEEP_REQUEST,
        tour_organizer_id: orgId,
        tour_id: bookTour.id,
        is_individual_tour: true,
        idempotency_key: 'sweep-individual-request',
      },
    });
    const individualId = individual.request_id as number;
    await valid('POST', '/crm/api/tour/individual-dates', {
      token,
      payload: { request_id: individualId, date_start: '2030-08-01', date_end: '2030-08-05' },
    });
    await valid('GET', `/crm/api/tour/individual-dates?request_id=${individualId}&from_source=1`, { token });
    await valid('POST', '/crm/api/tour/individual', {
      token,
      payload: { request_id: individualId, tour_id: bookTour.id, is_draft: true, price: 5000 },
    });
    await valid('GET', `/crm/api/tour/individual?request_id=${individualId}`, { token });
    await valid('POST', '/crm/api/tour/individual-clear-draft', { token, payload: { request_id: individualId } });
    await valid('GET', `/crm/api/tour/list-for-request?request_id=${individualId}`, { token });
    await valid('GET', `/crm/api/tour-program/download-pdf?request_id=${individualId}`, { token });
    // invoices and payments: the prepayment worked out, invoiced, changed, paid on the sandbox page, refunded in part
    await valid('POST', '/crm/api/invoice/calculate-prepayment', {
      token,
      payload: {
        request_id: requestId,
        tourists_count: 1,
        price: 1000,
        prepayment_type: 'percent',
        prepayment_size: 30,
      },
    });
    const invoice = await valid('POST', '/crm/api/invoice/create-payment', {
      token,
      payload: { request_id: requestId, amount: 300, payment_type: 'prepayment' },
    });
    await valid('POST', '/crm/api/invoice/update-invoice', {
      token,
      payload: { id: invoice.id, request_id: requestId, amount: 400, payment_type: 'prepayment' },
    });
    const extra = await valid('POST', '/crm/api/invoice/create-payment', {
      token,
      payload: { request_id: requestId, amount: 100 },
    });
    await valid('POST', '/crm/api/invoice/cancel-invoice', { token, payload: { id: extra.id } });
    const payToken = (invoice.payment_url as string).split('/pay/')[1]!;
    const payPage = await inject('GET', `/pay/${payToken}`);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/${payToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `method=sbp&outcome=pay&attempt=${/name="attempt" value="([^"]+)"/.exec(payPage.body)![1]}&amount=${/name="amount" value="([^"]+)"/.exec(payPage.body)![1]}`,
    });
    // the payer comes back in the pay page's language (en: no ?lang= on the page, no Russian browser)
    expect(paid.headers.location).toBe(`/org/success?invoice=${payToken}&lang=en`);
    await valid('GET', `/spa/payment-result?token=${payToken}`);
    const invoicesOf = await valid('GET', `/crm/api/invoice/by-request?request_id=${requestId}`, { token });
    const paymentId = (invoicesOf.prepayment_invoice as { payments: { id: number }[] }).payments[0]!.id;
    await valid('POST', '/crm/api/invoice/poll-payment', { token, payload: { payment_id: paymentId } });
    await valid('POST', '/crm/api/invoice/refund', { token, payload: { payment_id: paymentId, amount: 100 } });
    await valid('GET', `/crm/api/invoice/list?organizer_id=${orgId}&method=sbp`, { token });
    await valid('GET', `/crm/api/invoice/export-csv?organizer_id=${orgId}`, { token });
    // the traveller messages: the settings, a preview, the request's timeline, send again, its language
    await valid('GET', `/crm/api/traveller-messages/settings?organizer_id=${orgId}`, { token });
    await valid('POST', '/crm/api/traveller-messages/update-settings', {
      token,
      payload: {
        organizer_id: orgId,
        default_language: 'ru',
        kinds: [{ kind: 'refund', enabled: false, texts: { en: { subject: 'Refund', body: 'Money back' }, ru: null } }],
      },
    });
    await valid('GET', `/crm/api/traveller-messages/preview?organizer_id=${orgId}&kind=confirmed&lang=ru`, { token });
    await valid('POST', '/crm/api/traveller-messages/set-language', {
      token,
      payload: { request_id: requestId, language: 'en' },
    });
    await valid('GET', `/crm/api/traveller-messages/list?request_id=${requestId}`, { token });
    // reviews: the secret link's page, a review with it, the organizer's list, answer, hide, report, settings
    const reviewToken = 'sweep-valid-review-token';
    await t.database.db.insert(schema.reviewLinks).values({
      organizer_id: orgId,
      request_id: requestId,
      author_key: 'valid-traveller@example.com',
      language: 'en',
      token_hash: hashToken(reviewToken),
      expires_at: new Date(Date.now() + 86_400_000),
    });
    await valid('GET', `/spa/review?token=${reviewToken}`);
    const written = await valid('POST', '/spa/review/save', {
      payload: { token: reviewToken, rating: 5, display_name: 'Valid', text: 'Lovely' },
    });
    const photoRes = await t.app.inject({
      method: 'POST',
      url: `/spa/review/photo?token=${reviewToken}`,
      headers: { 'content-type': 'multipart/form-data; boundary=sweepb' },
      payload: Buffer.concat([
        Buffer.from(
          '--sweepb\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
          .png()
          .toBuffer(),
        Buffer.from('\r\n--sweepb--\r\n'),
      ]),
    });
    expect(photoRes.statusCode, photoRes.body).toBe(200);
    check2xx('POST /spa/review/photo', {
      status: photoRes.statusCode,
      body: photoRes.body,
      contentType: String(photoRes.headers['content-type']),
    });
    await valid('GET', `/crm/api/reviews/list?tour_organizer_id=${orgId}&answered=no&rating=5`, { token });
    await valid('GET', `/crm/api/reviews/unanswered-count?tour_organizer_id=${orgId}`, { token });
    const reviewBody = { tour_organizer_id: orgId, id: written.id as number };
    await valid('POST', '/crm/api/reviews/answer', { token, payload: { ...reviewBody, answer: 'Thanks!' } });
    await valid('POST', '/crm/api/reviews/hide', { token, payload: { ...reviewBody, hidden: true, reason: 'Spam' } });
    await valid('POST', '/crm/api/reviews/report', { token, payload: { ...reviewBody, message: 'Not ours' } });
    await valid('GET', `/crm/api/reviews/settings?tour_organizer_id=${orgId}`, { token });
    await valid('POST', '/crm/api/reviews/update-settings', {
      token,
      payload: { tour_organizer_id: orgId, delay_hours: 12 },
    });
    await valid('GET', `/spa/organizer-reviews?id=${orgId}&page=1`);
    await valid('POST', '/crm/api/payment/yookassa/notification', {
      payload: { type: 'notification', event: 'payment.succeeded', object: { id: 'sweep-payment' } },
    });
    // the request list: groups, a page (every filter and a search), the badge, the filter's choices, the saved filter
    await valid('GET', `/crm/api/request/groups?organizer_id=${orgId}&is_individual_tour=0`, { token });
    await valid('GET', `/crm/api/request/list-for-org?organizer_id=${orgId}`, { token });
    const listFilters = JSON.stringify({
      tour_ids: [tour.id],
      statuses: [1, 2],
      sources: ['own'],
      date_from: '2030-01-01',
      date_to: '2030-12-31',
      query: 'sweep',
    });
    await valid(
      'GET',
      `/crm/api/request/list-for-org?organizer_id=${orgId}&group_id=1&page=1&limit=20&is_individual_tour=0&filters=${encodeURIComponent(listFilters)}`,
      { token },
    );
    await valid('GET', `/crm/api/request/count-for-org?organizer_id=${orgId}`, { token });
    // the reports: each with every filter, and the export of each as CSV and XLSX
    const reportFilters = `organizer_id=${orgId}&basis=departure&date_from=2025-01-01&date_to=2035-12-31&tour_ids=${tour.id as number}&sources=own,agent&granularity=week`;
    for (const report of ['revenue', 'sales', 'occupancy', 'cancellations', 'ledger']) {
      await valid('GET', `/crm/api/report/${report}?${reportFilters}`, { token });
      await valid('GET', `/crm/api/report/${report}?organizer_id=${orgId}`, { token });
      for (const format of ['csv', 'xlsx'])
        await valid('GET', `/crm/api/report/export?${reportFilters}&report=${report}&format=${format}`, { token });
    }
    for (const choice of [
      'tours',
      'individual-tours',
      'get-date-start-request',
      'get-date-start-individual-tours',
      'request-sources',
    ])
      await valid('GET', `/crm/api/request/${choice}?organizer_id=${orgId}`, { token });
    await valid('POST', '/crm/api/request/set-search-filter', {
      token,
      payload: { organizer_id: orgId, is_individual_tour: 1, statuses: [1], query: 'sweep' },
    });
    await valid('GET', `/crm/api/request/get-search-filter?organizer_id=${orgId}&is_individual_tour=1`, { token });
    await valid('POST', '/crm/api/tour/delete-guide', {
      token,
      payload: { organizer_id: orgId, guide_id: guide.id, force: true },
    });
    await valid('POST', '/crm/api/user/change-country', { token, payload: { country_id: 'DE' } });
    await valid('POST', '/crm/api/user/change-phone', {
      token,
      payload: { phone: '+79990000066', password: PASSWORDS[0] },
    });

    // ─── password recovery, then the e-mail and password change ───
    await valid('POST', '/crm/api/user/password-recovery', { payload: { email: DORA.email } });
    const resetToken = await lastLinkToken(t.app, DORA.email, 'reset-password');
    await valid('POST', '/crm/api/user/check-password-reset-token', { payload: { token: resetToken } });
    const reset = await valid('POST', '/crm/api/user/password-reset', {
      payload: { token: resetToken, password: PASSWORDS[1] },
    });
    token = reset.token as string;
    await valid('POST', '/crm/api/user/change-email', {
      token,
      payload: { email: 'dora.new@sweep.example', password: PASSWORDS[1] },
    });
    await valid('POST', '/crm/api/user/change-password', {
      token,
      payload: { password: PASSWORDS[1], new_password: PASSWORDS[2] },
    });

    expect(takeContractMismatches(), '2xx answers unlike their contract response').toEqual([]);
  }, 120_000);
});

it('the contract check refuses an answer that sends more than its contract, or that parsing would change', () => {
  const profile = {
    id: 1,
    first_name: 'A',
    last_name: null,
    email: 'a@sweep.example',
    phone: null,
    country: null,
    is_phone_confirm: false,
    is_password_set: true,
    is_email_set: true,
    is_email_confirm: false,
    is_admin_auth: false,
    language: 'en',
    currency: 'RUB',
    timezone: null,
    avatar: null,
  };
  const check = (body: object): string[] => {
    check2xx('GET /crm/api/user/profile', { status: 200, body: JSON.stringify(body) });
    return takeContractMismatches();
  };
  expect(check(profile)).toEqual([]);
  const { is_email_confirm: _defaulted, ...withoutDefault } = profile;
  expect(check(withoutDefault)).toEqual([expect.stringContaining('is not what its contract response makes of it')]);
  expect(check({ ...profile, password_hash: 'x' })).toEqual([
    expect.stringContaining('keys its contract response does not declare: password_hash'),
  ]);
});

it('checked a 2xx answer of every route with a contract against it', () => {
  expect(checked2xx.size).toBeGreaterThanOrEqual(80);
  expect([...CONTRACT_ROUTES.keys()].filter((route) => !checked2xx.has(route)).sort()).toEqual([]);
  expect(takeContractMismatches(), '2xx answers unlike their contract response').toEqual([]);
});
