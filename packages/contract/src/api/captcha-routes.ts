/**
 * Route descriptors (method, path, flags) of ./captcha.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./captcha.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/** Request headers that carry a solved ALTCHA payload (SPEC §7 "On captcha retry"). */
export const CAPTCHA_TOKEN_HEADER = 'x-captcha-token';
export const INVISIBLE_CAPTCHA_TOKEN_HEADER = 'x-invisible-captcha-token';
/** Ids a 429 body may carry; the client merges them into the retried payload (SPEC §4); the server ignores them in bodies. */
export const CAPTCHA_REQUEST_ID_FIELDS = ['request_id', 'requestUUID', 'subscriber_id'] as const;

/** The routes of captchaApi (./captcha.ts): method, path and flags. */
export const captchaRoutes = {
  challenge: { method: 'GET', path: '/spa/captcha/challenge', isPublic: true },
} as const satisfies RouteDescriptors;
