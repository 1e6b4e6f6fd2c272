import type { AltchaChallenge } from '@tourdesk/contract/api/captcha';
import { captchaRoutes } from '@tourdesk/contract/api/captcha-routes';
import { api } from '../../../lib/api/client';

/** ALTCHA v1 payload: base64 of the solved challenge, what the widget would produce. */
export const encodeAltchaPayload = (challenge: AltchaChallenge, number: number, took: number): string =>
  btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature,
      took,
    }),
  );

/**
 * SPEC §7 invisible captcha: fetch the invisible challenge and solve its proof of work in the
 * background (no UI); resolves with the x-invisible-captcha-token value, or null.
 */
export const solveInvisibleCaptcha = async (): Promise<string | null> => {
  const challenge = await api.call(captchaRoutes.challenge, { query: { invisible: '1' } });
  const { solveChallenge } = await import('altcha-lib/v1');
  const started = performance.now();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) return null;
  return encodeAltchaPayload(challenge, solution.number, Math.round(performance.now() - started));
};
