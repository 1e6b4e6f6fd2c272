import { Secret, TOTP } from 'otpauth';
import { createSecretBox } from '../../lib/secret-box';

/**
 * The operators' second factor: TOTP (RFC 6238, 30 s, 6 digits, SHA-1 — what every authenticator
 * app reads) by the `otpauth` library. The secret is stored encrypted (AES-256-GCM) under a key
 * derived from the server's JWT secret: a copy of the database alone does not give the codes.
 */
const ISSUER = 'Tourdesk operators';
const PERIOD_S = 30;

export const createTotpBox = (serverSecret: Uint8Array) => {
  // the purpose's name is the key's: the secrets stored before lib/secret-box.ts still open
  const { encrypt, decrypt } = createSecretBox(serverSecret, 'tourdesk operator totp');
  const totpOf = (base32: string, label: string) =>
    new TOTP({
      issuer: ISSUER,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_S,
      secret: Secret.fromBase32(base32),
    });

  return {
    /** A new secret: what to store, and the enrolment link shown once. */
    create: (label: string): { stored: string; uri: string } => {
      const secret = new Secret({ size: 20 });
      return { stored: encrypt(secret.base32), uri: totpOf(secret.base32, label).toString() };
    },
    /**
     * The time step a code belongs to (±1 step for clock drift), or null for a wrong code. The
     * caller accepts a step only once, so a code seen over a shoulder cannot be replayed.
     */
    verify: (stored: string, code: string, now = Date.now()): number | null => {
      const delta = totpOf(decrypt(stored), 'check').validate({ token: code, timestamp: now, window: 1 });
      return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
    },
    /** The current code (tests and the e2e's authenticator). */
    codeOf: (stored: string, now = Date.now()): string => totpOf(decrypt(stored), 'code').generate({ timestamp: now }),
  };
};
export type TotpBox = ReturnType<typeof createTotpBox>;
