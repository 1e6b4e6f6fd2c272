import path from 'node:path';
import { z } from 'zod';
import {
  brandIdSchema,
  CHECKOUT_RECOVERY_DELAY_MINUTES,
  getBrand,
  verificationMethodTypeSchema,
} from '@tourdesk/contract';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every environment variable the server reads; README.md "Configuration" lists the same. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** embedded database, uploads, the lock file and generated secrets live here */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL instead of the embedded PGlite */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Socket.IO fan-out across nodes, shared rate-limit and captcha-replay stores */
  REDIS_URL: z.string().url().optional(),
  BRAND_ID: brandIdSchema.default(1),
  /** the public origin, used in links sent by e-mail; defaults to http://localhost:PORT */
  PUBLIC_URL: z.string().url().optional(),
  /** HMAC secret for access tokens; generated into DATA_DIR/secrets.json when absent */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(10).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Secure flag on cookies; turn on behind HTTPS */
  COOKIE_SECURE: bool.default(false),
  /** JSON body limit in bytes (1 MiB) */
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  /** country answered for loopback and private addresses by /spa/country-by-ip */
  DEFAULT_COUNTRY: z.string().length(2).default('RU'),
  /** ALTCHA HMAC key; generated into DATA_DIR/secrets.json when absent */
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  MAPS_PROVIDER: z.string().default('osm'),
  MAPS_TOKEN: z.string().default(''),
  MAPS_SUGGEST_TOKEN: z.string().default(''),
  /**
   * the tour map's tiles: an https (or same-origin) URL template with {z}, {x} and {y}; the page's
   * CSP lets images come from https only. The attribution is plain text shown on the map
   */
  MAP_TILES_URL: z
    .string()
    .refine(
      (v) => /^(https:\/\/[^/\s]+|\/)\S*$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)),
      'expected an https:// (or /path) URL template with {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILES_ATTRIBUTION: z.string().max(500).default('© OpenStreetMap contributors'),
  /** SMTP: a full URL (smtp://user:pass@host:587) or the parts */
  SMTP_URL: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** the sender; by default the brand's name (BRAND_ID) at no-reply@localhost */
  SMTP_FROM: z.string().optional(),
  /** where help requests of people without an account go (POST /spa/submit-help-request); support@ the brand's domain by default */
  SUPPORT_EMAIL: z.string().trim().email().optional(),
  /** Telegram bot: delivery of codes and notifications, the webhook that links chats */
  TELEGRAM_BOT_TOKEN: z.string().min(10).optional(),
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /** the bot's @username, for t.me links handed to the web */
  TELEGRAM_BOT_USERNAME: z.string().optional(),
  /** secret_token given to setWebhook; derived from the bot token when unset */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/)
    .optional(),
  /** HTTP providers (JSON POST { to, text }, Authorization: Bearer <key>); outbox only when unset */
  SMS_API_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().optional(),
  WHATSAPP_API_URL: z.string().url().optional(),
  WHATSAPP_API_KEY: z.string().optional(),
  /**
   * the manual WhatsApp flow (offered only when both are set): the business WhatsApp number the
   * user sends a word to, in international format; the secret the provider bridge sends in
   * X-Webhook-Secret to POST /crm/api/messenger/whatsapp/webhook
   */
  WHATSAPP_MANUAL_NUMBER: z
    .string()
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'expected an international number such as +79990000000'))
    .optional(),
  WHATSAPP_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, 'expected 16 to 256 visible ASCII characters')
    .optional(),
  /**
   * inbound e-mail (issue 24): the domain whose mail the mail service posts to POST
   * /crm/api/webhooks/inbound-email; messages to travellers then carry the Reply-To
   * reply+<request id>-<signature>@<domain>. Unset: no per-request Reply-To
   */
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'expected a domain name such as reply.example.com',
    )
    .optional(),
  /** the shared secret the mail service sends in X-Webhook-Secret; unset: the webhook answers 404 */
  INBOUND_EMAIL_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, 'expected 16 to 256 visible ASCII characters')
    .optional(),
  /**
   * the domain the organizers' own sites live under (site constructor): a site is served at
   * <subdomain>.<SITES_DOMAIN>, and a custom domain's CNAME must point at it. The default
   * `localhost` makes http://<subdomain>.localhost:PORT work on a developer's machine
   */
  SITES_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(localhost|(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})$/, 'expected a domain name')
    .default('localhost'),
  /**
   * the DNS servers a custom domain's CNAME is looked up with (comma-separated host or host:port,
   * e.g. `1.1.1.1,8.8.8.8`); unset: the system's resolvers
   */
  SITES_DNS_SERVERS: z
    .string()
    .trim()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d{1,5})?$/i, 'expected IP or IP:port'))
        .min(1),
    )
    .optional(),
  /** how many rendered public-site pages the server keeps (per site, change, path, language); 0 renders every request */
  SITE_PAGE_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(500),
  VK_API_URL: z.string().url().optional(),
  VK_API_KEY: z.string().optional(),
  /** flash-call provider for /crm/api/phone-code/* */
  CALL_API_URL: z.string().url().optional(),
  CALL_API_KEY: z.string().optional(),
  /** verification methods offered for phone confirmation, in order (comma-separated); the first is the default */
  VERIFICATION_METHODS: z
    .string()
    .default('sms,email,telegram,telegram_with_phone_request,whatsapp,whatsapp_paid,vk,vk_via_sms_service')
    .transform((v) =>
      v
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    )
    .pipe(z.array(verificationMethodTypeSchema).min(1)),
  /** ALTCHA difficulty (the highest number the browser may have to try) for captcha, hard_captcha and the invisible one */
  CAPTCHA_MAXNUMBER: z.coerce.number().int().min(10).default(100_000),
  CAPTCHA_HARD_MAXNUMBER: z.coerce.number().int().min(10).default(1_000_000),
  CAPTCHA_INVISIBLE_MAXNUMBER: z.coerce.number().int().min(10).default(20_000),
  /**
   * the outbox of outgoing messages is readable at /crm/api/debug/outbox from the server's own
   * machine or with the operator token; on by default, never in production
   */
  DEBUG_OUTBOX: bool.optional(),
  /**
   * the least time send-auth-code and password-recovery take to answer, ms, so an unknown account
   * answers no sooner than a known one (the slowest recent send raises it further)
   */
  ACCOUNT_ANSWER_MIN_MS: z.coerce.number().int().min(0).max(10_000).default(300),
  /** seed the demo accounts into an empty database */
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** where the built SPA is; the default is apps/web/dist next to this server */
  WEB_DIST: z.string().optional(),
  /** trust X-Forwarded-For from a proxy in front */
  TRUST_PROXY: bool.default(false),
  /** largest uploaded or fetched image or file, bytes (10 MiB) */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** largest uploaded video file, bytes (200 MiB) */
  UPLOAD_VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024),
  /** time-out for downloading an upload from a URL, ms */
  UPLOAD_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** operator token for `npm run admin`; generated into DATA_DIR/admin-token when unset */
  ADMIN_TOKEN: z.string().min(32).optional(),
  /** payments: the built-in sandbox (a test page per invoice, the default; never in production) or YooKassa */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'yookassa']).default('sandbox'),
  /** authorise first and capture when the payment is confirmed (two stages) instead of taking it at once */
  PAYMENT_TWO_STAGE: bool.default(false),
  /** YooKassa shop id and secret key (Basic auth), and its API's origin */
  YOOKASSA_SHOP_ID: z.string().optional(),
  YOOKASSA_SECRET_KEY: z.string().optional(),
  YOOKASSA_API_URL: z.string().url().default('https://api.yookassa.ru'),
  /** a confirmed request whose prepayment is unpaid this many hours later is canceled by the system (7) */
  PREPAYMENT_DEADLINE_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  /** the payment link of a balance goes out this many days before the departure's full-payment day */
  BALANCE_REMINDER_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  /** an abandoned checkout's one message goes this many minutes after the checkout began (issue 27) */
  CHECKOUT_RECOVERY_DELAY_MINUTES: z.coerce.number().int().min(0).max(1440).default(CHECKOUT_RECOVERY_DELAY_MINUTES),
});

export type Config = z.infer<typeof configSchema> & {
  SMTP_FROM: string;
  SUPPORT_EMAIL: string;
  dataDir: string;
  /** both WHATSAPP_MANUAL_NUMBER and WHATSAPP_WEBHOOK_SECRET are set: the manual WhatsApp flow is on */
  whatsappManual: { number: string; secret: string } | null;
  isDebugOutbox: boolean;
  publicUrl: string;
};

export class ConfigError extends Error {}

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const known = Object.fromEntries(Object.keys(configSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.PAYMENT_PROVIDER === 'yookassa' && !(c.YOOKASSA_SHOP_ID && c.YOOKASSA_SECRET_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: yookassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY',
    );
  // the outbox holds sign-in codes: a production server never shows it
  if (c.NODE_ENV === 'production' && c.DEBUG_OUTBOX)
    throw new ConfigError('Invalid configuration:\n  DEBUG_OUTBOX: the outbox cannot be on in production');
  // the sandbox's Pay button takes no money: a production server taking it would book trips for free
  if (c.NODE_ENV === 'production' && c.PAYMENT_PROVIDER === 'sandbox')
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: the sandbox takes fake payments and cannot be used in production; set PAYMENT_PROVIDER=yookassa',
    );
  return {
    ...c,
    SMTP_FROM: c.SMTP_FROM ?? `${getBrand(c.BRAND_ID).name} <no-reply@localhost>`,
    SUPPORT_EMAIL: c.SUPPORT_EMAIL ?? `support@${getBrand(c.BRAND_ID).domain}`,
    dataDir: path.resolve(c.DATA_DIR),
    whatsappManual:
      c.WHATSAPP_MANUAL_NUMBER && c.WHATSAPP_WEBHOOK_SECRET
        ? { number: c.WHATSAPP_MANUAL_NUMBER, secret: c.WHATSAPP_WEBHOOK_SECRET }
        : null,
    isDebugOutbox: c.NODE_ENV !== 'production' && (c.DEBUG_OUTBOX ?? true),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
  };
};
