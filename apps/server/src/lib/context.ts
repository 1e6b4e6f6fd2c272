import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Language } from '@tourdesk/contract';
import type { Captcha, CaptchaKind } from '../plugins/captcha';

/**
 * What a service knows of its caller. Services take this and their domain arguments, never a
 * Fastify request, so a route, a payment webhook, a scheduled sweep and a command call the same
 * functions. Routes build it with `contextOf(request)`; anything else writes the object itself.
 * What is HTTP proper (cookies, the answer's headers) stays in the route.
 */
export interface ServiceContext {
  /** the signed-in user; 0 for nobody (a guest, a webhook, a sweep) */
  userId: number;
  /**
   * The organizer the call acts for, when its caller has one (a payment webhook, a sweep over one
   * organizer). CRM routes name the organizer in their query or body and pass it as an argument.
   */
  organizerId?: number;
  /** the language the caller reads, for texts made for the answer (shipped templates, placeholders) */
  lang: Language;
  /** the client's address: the per-address rate limits, the record of a new session */
  ip: string;
  /** the client program, recorded with a new session (at most 500 characters); null when unknown */
  userAgent: string | null;
  /** names the call in logs, and in a 429's request_id that the captcha retry sends back */
  requestId: string;
  /**
   * The captcha the caller solved, asked only when a rate limit wants one (an HTTP caller's is
   * checked and consumed once per request). Absent: the caller solved none.
   */
  solvedCaptcha?: () => Promise<CaptchaKind | null>;
  /** where a service reports what its answer leaves out (a confirmation e-mail not sent) */
  log: FastifyBaseLogger;
}

/** Answers follow the SPA's X-Language header: ru when it starts with ru, else en. */
export const languageOf = (request: FastifyRequest): Language =>
  String(request.headers['x-language'] ?? '')
    .toLowerCase()
    .startsWith('ru')
    ? 'ru'
    : 'en';

/** The context of a request: routes only. The captcha is read from the request's headers when asked. */
export const createContextOf =
  (captcha: Pick<Captcha, 'fromRequest'>) =>
  (request: FastifyRequest): ServiceContext => ({
    userId: request.userId,
    lang: languageOf(request),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    requestId: request.id,
    solvedCaptcha: () => captcha.fromRequest(request),
    log: request.log,
  });
export type ContextOf = ReturnType<typeof createContextOf>;

/** The context of a call the server makes itself for a user (the demo seed, a command): no request behind it. */
export const internalContext = (userId: number, log: FastifyBaseLogger, requestId: string): ServiceContext => ({
  userId,
  lang: 'en',
  ip: '127.0.0.1',
  userAgent: null,
  requestId,
  log,
});
