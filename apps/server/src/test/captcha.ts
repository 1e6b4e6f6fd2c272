import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib/v1';
import type { AltchaChallenge } from '@tourdesk/contract';

/** Test settings that keep the proof of work quick; pass them to createTestApp. */
export const FAST_CAPTCHA_ENV = {
  CAPTCHA_MAXNUMBER: '2000',
  CAPTCHA_HARD_MAXNUMBER: '4000',
  CAPTCHA_INVISIBLE_MAXNUMBER: '2000',
} as const;

/**
 * Solves an ALTCHA challenge fetched through the HTTP API, as the widget would, and returns
 * the payload to send in `x-captcha-token` (or `x-invisible-captcha-token` for kind invisible).
 */
export const solveCaptcha = async (
  app: FastifyInstance,
  kind: 'captcha' | 'hard' | 'invisible' = 'captcha',
): Promise<string> => {
  const query = kind === 'hard' ? '?hard=1' : kind === 'invisible' ? '?invisible=1' : '';
  const res = await app.inject({ method: 'GET', url: `/spa/captcha/challenge${query}` });
  if (res.statusCode !== 200) throw new Error(`captcha challenge failed: ${res.statusCode} ${res.body}`);
  const c = res.json() as AltchaChallenge;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(
    JSON.stringify({
      algorithm: c.algorithm,
      challenge: c.challenge,
      number: solution.number,
      salt: c.salt,
      signature: c.signature,
    }),
  ).toString('base64');
};
