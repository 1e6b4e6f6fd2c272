import { z } from 'zod';
import { defineRoute } from '../route';
import { captchaRoutes } from './captcha-routes';
export { CAPTCHA_REQUEST_ID_FIELDS, CAPTCHA_TOKEN_HEADER, INVISIBLE_CAPTCHA_TOKEN_HEADER } from './captcha-routes';

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
    ...captchaRoutes.challenge,
    query: z.strictObject({ hard: flag, invisible: flag }),
    response: altchaChallengeSchema,
  }),
};
