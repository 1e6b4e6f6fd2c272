import { z } from 'zod';
import { defineRoute } from '../route';

/** Request headers that carry a solved ALTCHA payload (SPEC §7 "On captcha retry"). */
export const CAPTCHA_TOKEN_HEADER = 'x-captcha-token';
export const INVISIBLE_CAPTCHA_TOKEN_HEADER = 'x-invisible-captcha-token';
/** Ids a 429 body may carry; the client merges them into the retried payload (SPEC §4); the server ignores them in bodies. */
export const CAPTCHA_REQUEST_ID_FIELDS = ['request_id', 'requestUUID', 'subscriber_id'] as const;

/** An ALTCHA v1 challenge, what the `altcha` widget fetches from `challenge` / `challengeurl`. */
export const altchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  /** difficulty: the widget tries numbers up to this one */
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

const flag = z.enum(['0', '1']).optional();

export const captchaApi = {
  /**
   * A fresh challenge (valid 10 min; a solved one is accepted once). `hard=1` for the
   * hard_captcha (higher difficulty), `invisible=1` for the background invisible captcha.
   * /spa/site-tokens hands out these URLs as captcha_key, hard_captcha_key, invisible_captcha_key.
   */
  challenge: defineRoute({
    method: 'GET',
    path: '/spa/captcha/challenge',
    query: z.strictObject({ hard: flag, invisible: flag }),
    response: altchaChallengeSchema,
    isPublic: true,
  }),
};
