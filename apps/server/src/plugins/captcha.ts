import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import {
  CAPTCHA_REQUEST_ID_FIELDS,
  CAPTCHA_TOKEN_HEADER,
  INVISIBLE_CAPTCHA_TOKEN_HEADER,
  captchaApi,
  type AltchaChallenge,
} from '@tourdesk/contract';
import type { Db } from '../db/client';
import { usedCaptchaTokens } from '../db/schema/index';
import { registerRoute } from '../lib/route';
import type { Limits } from './rate-limit';

/** What a solved challenge proves: the plain captcha, the hard one, or the background invisible one. */
export type CaptchaKind = 'captcha' | 'hard' | 'invisible';

/** A challenge may be solved and used within this time. */
export const CAPTCHA_CHALLENGE_TTL_S = 600;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's contract has `invisibleCaptcha: true` (SPEC §7) */
    invisibleCaptcha?: boolean;
  }
}

const header = (request: FastifyRequest, name: string): string | null => {
  const v = request.headers[name];
  const value = Array.isArray(v) ? v[0] : v;
  return value && value.length <= 4096 ? value : null;
};

/**
 * ALTCHA (v1 protocol, which the `altcha` widget speaks): challenges signed with the HMAC key,
 * expiring after CAPTCHA_CHALLENGE_TTL_S, the kind carried inside the signed salt. A solved
 * payload is accepted once: its signature is stored (Redis SET NX with REDIS_URL, else the
 * used_captcha_tokens table) until the challenge would have expired, so a replay is refused.
 */
export const createCaptcha = (deps: {
  hmacKey: string;
  db: Db;
  redis?: Redis | null;
  difficulty: Record<CaptchaKind, number>;
}) => {
  const { hmacKey, db, redis } = deps;
  const verified = new WeakMap<FastifyRequest, Promise<CaptchaKind | null>>();

  /** true the first time a solved challenge is presented, false on every replay */
  const consumeOnce = async (signature: string, expiresAtS: number): Promise<boolean> => {
    const key = crypto.createHash('sha256').update(signature).digest('hex');
    const ttlMs = Math.max(1000, expiresAtS * 1000 - Date.now());
    if (redis) return (await redis.set(`td-captcha:${key}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
    // Expired rows are swept now and then; the primary key makes the insert the atomic check.
    if (Math.random() < 0.05) await db.delete(usedCaptchaTokens).where(lt(usedCaptchaTokens.expires_at, sql`now()`));
    const rows = await db
      .insert(usedCaptchaTokens)
      .values({ token_hash: key, expires_at: new Date(expiresAtS * 1000) })
      .onConflictDoNothing()
      .returning({ token_hash: usedCaptchaTokens.token_hash });
    return rows.length === 1;
  };

  /** The kind of a valid, unexpired, first-time solution; null for anything else. */
  const verify = async (token: string): Promise<CaptchaKind | null> => {
    let payload: { signature?: unknown; salt?: unknown };
    try {
      payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as typeof payload;
    } catch {
      return null;
    }
    if (typeof payload?.signature !== 'string' || typeof payload.salt !== 'string') return null;
    let ok = false;
    try {
      ok = await verifySolution(token, hmacKey, true);
    } catch {
      return null;
    }
    if (!ok) return null;
    const params = extractParams(token);
    const expires = Number(params.expires);
    const kind = params.k;
    if (!Number.isFinite(expires) || (kind !== 'captcha' && kind !== 'hard' && kind !== 'invisible')) return null;
    return (await consumeOnce(payload.signature, expires)) ? kind : null;
  };

  return {
    challenge: async (kind: CaptchaKind): Promise<AltchaChallenge> => {
      const c = await createChallenge({
        hmacKey,
        maxnumber: deps.difficulty[kind],
        expires: new Date(Date.now() + CAPTCHA_CHALLENGE_TTL_S * 1000),
        params: { k: kind },
      });
      return {
        algorithm: c.algorithm,
        challenge: c.challenge,
        maxnumber: c.maxnumber ?? deps.difficulty[kind],
        salt: c.salt,
        signature: c.signature,
      };
    },
    verify,
    /**
     * The captcha this request carries (x-captcha-token, else x-invisible-captcha-token), checked
     * and consumed once per request however many limits ask.
     */
    fromRequest: (request: FastifyRequest): Promise<CaptchaKind | null> => {
      let result = verified.get(request);
      if (!result) {
        const visible = header(request, CAPTCHA_TOKEN_HEADER);
        const invisible = header(request, INVISIBLE_CAPTCHA_TOKEN_HEADER);
        result = (async () => {
          if (visible) {
            const kind = await verify(visible);
            // an invisible solution is not accepted in place of the visible captcha
            return kind === 'invisible' ? null : kind;
          }
          if (invisible) return (await verify(invisible)) === 'invisible' ? 'invisible' : null;
          return null;
        })();
        verified.set(request, result);
      }
      return result;
    },
  };
};
export type Captcha = ReturnType<typeof createCaptcha>;

/** The fields a route's zod object schema declares, through optional/nullable/default/pipe wrappers. */
const declaredFields = (schema: unknown): ReadonlySet<string> => {
  type Def = { type: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown };
  let at = schema as { _zod?: { def: Def } } | undefined;
  for (let depth = 0; at?._zod && depth < 10; depth += 1) {
    const def = at._zod.def;
    if (def.type === 'object') return new Set(Object.keys(def.shape ?? {}));
    at = (def.type === 'pipe' ? def.in : def.innerType) as typeof at;
  }
  return new Set();
};

const stripFields = (value: unknown, fields: readonly string[]): void => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return;
  for (const k of fields) delete (value as Record<string, unknown>)[k];
};

/**
 * A captcha retry merges `request_id`, `requestUUID` and `subscriber_id` into its payload
 * (SPEC §4); they are removed before the contract's strict schema sees the query or body, except
 * where the route's contract declares the field itself (a booking's `request_id`: update-tourists,
 * create-payment, tour-dates…). Done inside the validator rather than in a hook, which every
 * request would pay for.
 */
export const stripCaptchaIdsBeforeValidation =
  <S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> =>
  (route) => {
    const validate = compiler(route);
    if (route.httpPart !== 'body' && route.httpPart !== 'querystring') return validate;
    const own = declaredFields(route.schema);
    const strip = CAPTCHA_REQUEST_ID_FIELDS.filter((k) => !own.has(k));
    return (data) => {
      stripFields(data, strip);
      return validate(data);
    };
  };

/**
 * The challenge route, and the invisible captcha of routes whose contract says
 * `invisibleCaptcha: true`: a valid x-invisible-captcha-token passes, without one the request is
 * counted per client and route, and past the limit a visible captcha is asked for.
 * Register before the routes (it watches them being added).
 */
export const registerCaptcha = (app: FastifyInstance, deps: { captcha: Captcha; limits: Limits }): void => {
  const { captcha, limits } = deps;

  registerRoute(app, captchaApi.challenge, ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge(query.hard === '1' ? 'hard' : query.invisible === '1' ? 'invisible' : 'captcha');
  });

  app.addHook('onRoute', (route) => {
    if (!route.config?.invisibleCaptcha) return;
    const path = route.url;
    const check = async (request: FastifyRequest): Promise<void> => {
      if (await captcha.fromRequest(request)) return;
      const key = `${path}:${request.ip}`;
      const caller = { requestId: request.id, solvedCaptcha: () => captcha.fromRequest(request) };
      await limits.enforce(caller, [[limits.guards.invisible, key]]);
      await limits.hit([[limits.guards.invisible, key]]);
    };
    const existing = route.preHandler;
    route.preHandler = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), check];
  });
};
