import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATOR_TOKEN_HEADER, generalApi } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { BuildInfo } from '../../lib/build-info';
import { registerRoute } from '../../lib/route';
import type { GeneralService } from './general.service';
import { buildOpenApi } from './openapi';

const require = createRequire(import.meta.url);
export const CAPTCHA_CHALLENGE_PATH = '/spa/captcha/challenge';

/**
 * Codes the phone and country lists use that flag-icons files under their parent territory:
 * Ascension and Tristan da Cunha (AC, TA) are Saint Helena's (sh-ac.svg, sh-ta.svg).
 */
const FLAG_FILE_ALIASES: Readonly<Record<string, string>> = { 'ac.svg': 'sh-ac.svg', 'ta.svg': 'sh-ta.svg' };

/** The flag files that exist, read once: a request can only name one of these (no path traversal). */
const loadFlags = (): { dir: string; names: Set<string> } => {
  const dir = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '1x1');
  return { dir, names: new Set(fs.readdirSync(dir).filter((f) => f.endsWith('.svg'))) };
};

/** Headers a proxy adds: a request carrying one came through a proxy, not from this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'] as const;
const isLoopbackAddress = (address: string): boolean =>
  address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address);

/**
 * The client is on the server's own machine: the TCP peer is a loopback address (never the
 * X-Forwarded-For that TRUST_PROXY makes request.ip) and no proxy forwarded the request, since a
 * proxy on the same machine would make every outside client look local.
 */
export const isFromThisMachine = (request: FastifyRequest): boolean =>
  FORWARDING_HEADERS.every((h) => request.headers[h] === undefined) &&
  isLoopbackAddress(request.socket.remoteAddress ?? '');

export const generalRoutes = (app: FastifyInstance, deps: { general: GeneralService; buildInfo: BuildInfo }): void => {
  const { general, buildInfo } = deps;

  registerRoute(app, generalApi.domainInfo, ({ body, request }) =>
    general.domainInfo(body?.domain ?? request.hostname),
  );
  registerRoute(app, generalApi.siteTokens, () => general.siteTokens(CAPTCHA_CHALLENGE_PATH));
  registerRoute(app, generalApi.countryByIp, ({ request }) => ({
    result: { iso_code: general.countryByIp(request.ip) },
  }));
  registerRoute(app, generalApi.version, ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { timestamp: buildInfo.timestamp };
  });

  // the server's build and runtime: for a signed-in user, the server's own machine or the operator token
  registerRoute(app, generalApi.debugInfo, ({ userId, request }) => {
    const header = request.headers[OPERATOR_TOKEN_HEADER];
    return general.debugInfo({
      isSignedIn: userId > 0,
      isFromThisMachine: isFromThisMachine(request),
      operatorToken: Array.isArray(header) ? header[0] : header,
    });
  });
  registerRoute(app, generalApi.debugOutbox, async ({ query, request }) => {
    const header = request.headers[OPERATOR_TOKEN_HEADER];
    const caller = {
      isFromThisMachine: isFromThisMachine(request),
      operatorToken: Array.isArray(header) ? header[0] : header,
    };
    const rows = await general.outbox(caller, query.limit);
    return {
      items: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        created_at: r.created_at.toISOString(),
        status: r.status,
        attempts: r.attempts,
        next_attempt_at: r.next_attempt_at?.toISOString() ?? null,
        last_error: r.last_error,
        sent_at: r.sent_at?.toISOString() ?? null,
      })),
    };
  });

  // Generated once, on first request: the contract does not change while the server runs.
  let openApi: ReturnType<typeof buildOpenApi> | null = null;
  app.get('/crm/api/docs', { config: { isPublic: true } }, async (_request, reply) => {
    // the same for everyone until the next build: caches may keep it a while
    reply.header('cache-control', 'public, max-age=600');
    return (openApi ??= buildOpenApi({ title: 'Tourdesk API', version: String(buildInfo.timestamp) }));
  });

  const flags = loadFlags();
  app.get<{ Params: { file: string } }>('/flags/1x1/:file', async (request, reply) => {
    const asked = request.params.file.toLowerCase();
    const file = FLAG_FILE_ALIASES[asked] ?? asked;
    if (!flags.names.has(file)) throw AppError.notFound('unknown_country_code');
    reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=604800, immutable');
    return reply.send(await fs.promises.readFile(path.join(flags.dir, file)));
  });
};
