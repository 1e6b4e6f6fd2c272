import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import type { ServiceContext } from '../lib/context';

/**
 * An attempt counter that escalates: up to `soft` attempts in the window pass freely; past
 * `soft` each attempt needs a solved captcha (429 `captcha`), past `hard` a solved hard captcha
 * (429 `hard_captcha` with a request_id).
 */
export interface Guard {
  name: string;
  soft: number;
  hard: number;
  windowMs: number;
}

const MINUTE = 60_000;
/** The counters behind the account flows (docs/decisions.md "Rate limits and captcha"). */
export const GUARDS = {
  /** failed sign-ins (password or code) per login */
  signInLogin: { name: 'signin-login', soft: 5, hard: 10, windowMs: 15 * MINUTE },
  /** failed sign-ins per client address */
  signInIp: { name: 'signin-ip', soft: 20, hard: 50, windowMs: 15 * MINUTE },
  /** codes and links sent (sign-in codes, phone codes, e-mail confirmation) per client address */
  codeSendIp: { name: 'code-ip', soft: 10, hard: 30, windowMs: 60 * MINUTE },
  /** codes sent per account or login */
  codeSendTarget: { name: 'code-target', soft: 5, hard: 10, windowMs: 60 * MINUTE },
  /** wrong phone-confirmation codes and wrong current passwords per account */
  accountFailures: { name: 'account-failures', soft: 5, hard: 10, windowMs: 15 * MINUTE },
  /** password-recovery requests per client address */
  recoveryIp: { name: 'recovery-ip', soft: 5, hard: 15, windowMs: 60 * MINUTE },
  /** accounts created per client address */
  registerIp: { name: 'register-ip', soft: 5, hard: 15, windowMs: 60 * MINUTE },
  /** calls of invisible-captcha routes without an invisible captcha token, per client and route */
  invisible: { name: 'invisible', soft: 30, hard: 60, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Guard>;

/** What a limit reads of its caller: the captcha it solved, and the id a captcha retry sends back. */
export type LimitedCaller = Pick<ServiceContext, 'requestId' | 'solvedCaptcha'>;

/** Large enough never to trip: escalation reads the count and decides itself. */
const COUNTER_MAX = 1_000_000_000;

interface KeyedRequest {
  key: string;
  routeOptions: { config: Record<string, unknown> };
}

/**
 * @fastify/rate-limit's stores count: in memory per node by default (an LRU), shared through
 * Redis with REDIS_URL. `createRateLimit` gives a counter we can read without counting, so an
 * attempt is counted only when it happened (a failed sign-in, a code sent), not when refused.
 */
export const registerRateLimit = async (app: FastifyInstance, deps: { redis?: Redis | null }) => {
  await app.register(fastifyRateLimit, {
    global: false,
    cache: 50_000,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'td-rl:' } : {}),
  });
  const counters = new Map<number, ReturnType<FastifyInstance['createRateLimit']>>();
  const counterFor = (windowMs: number) => {
    let c = counters.get(windowMs);
    if (!c) {
      c = app.createRateLimit({
        max: COUNTER_MAX,
        timeWindow: windowMs,
        keyGenerator: (r) => (r as unknown as KeyedRequest).key,
      });
      counters.set(windowMs, c);
    }
    return c;
  };
  const asRequest = (key: string): FastifyRequest =>
    ({ key, routeOptions: { config: {} } }) as unknown as FastifyRequest;
  const readState = async (
    windowMs: number,
    key: string,
    increment: boolean,
  ): Promise<{ current: number; ttlS: number }> => {
    const r = await counterFor(windowMs)(asRequest(key), { increment });
    return r.isAllowed ? { current: 0, ttlS: 0 } : { current: COUNTER_MAX - r.remaining, ttlS: r.ttlInSeconds };
  };
  const count = async (guard: Guard, key: string): Promise<number> =>
    (await readState(guard.windowMs, `${guard.name}:${key}`, false)).current;

  const limits = {
    guards: GUARDS,
    count,
    /** Refuses the attempt with 429 unless the caller solved the captcha its counters require. */
    enforce: async (caller: LimitedCaller, pairs: [Guard, string][]): Promise<void> => {
      let level: 0 | 1 | 2 = 0;
      for (const [guard, key] of pairs) {
        const n = await count(guard, key);
        if (n >= guard.hard) level = 2;
        else if (n >= guard.soft && level < 1) level = 1;
      }
      if (level === 0) return;
      const solved = caller.solvedCaptcha ? await caller.solvedCaptcha() : null;
      if (solved === 'hard' || (level === 1 && solved === 'captcha')) return;
      throw new AppError('too_many_requests', {
        captcha:
          level === 2
            ? { type: 'hard_captcha', request_id: caller.requestId }
            : { type: 'captcha', request_id: caller.requestId },
      });
    },
    /** Counts one attempt on each counter. */
    hit: async (pairs: [Guard, string][]): Promise<void> => {
      for (const [guard, key] of pairs) await readState(guard.windowMs, `${guard.name}:${key}`, true);
    },
    /** Whether the client address is past the captcha threshold of a guard (the `is_bot` flag). */
    isSuspicious: async (pairs: [Guard, string][]): Promise<boolean> => {
      for (const [guard, key] of pairs) if ((await count(guard, key)) >= guard.soft) return true;
      return false;
    },
    /**
     * A resend countdown: `take` arms it and answers 0, or answers the seconds left while it
     * runs; `remaining` only reads.
     */
    cooldown: (name: string, seconds: number) => ({
      take: async (key: string): Promise<number> => {
        const s = await readState(seconds * 1000, `cd-${name}:${key}`, true);
        return s.current > 1 ? Math.max(1, s.ttlS) : 0;
      },
      remaining: async (key: string): Promise<number> => {
        const s = await readState(seconds * 1000, `cd-${name}:${key}`, false);
        return s.current >= 1 ? Math.max(1, s.ttlS) : 0;
      },
    }),
  };
  return limits;
};
export type Limits = Awaited<ReturnType<typeof registerRateLimit>>;
