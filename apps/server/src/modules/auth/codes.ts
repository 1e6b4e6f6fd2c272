import crypto from 'node:crypto';
import { equalDigests, hmacSha256, randomToken } from '../../lib/tokens';
import type { AuthCodeRow, AuthRepository } from './auth.repository';

export const CODE_PURPOSE = {
  signIn: 'sign_in',
  phoneConfirm: 'phone_confirm',
  emailConfirm: 'email_confirm',
  passwordReset: 'password_reset',
  oneTimeLogin: 'one_time_login',
  messengerConnection: 'messenger_connection',
  organizerPhone: 'organizer_phone',
} as const;
export type CodePurpose = (typeof CODE_PURPOSE)[keyof typeof CODE_PURPOSE];

/** Lifetimes (design; SPEC §9 fixes only the resend countdown and the messenger code). */
export const CODE_TTL_S = 600;
export const CODE_LENGTH = 6;
/** wrong guesses after which a code is dead */
export const MAX_CODE_ATTEMPTS = 5;
export const PASSWORD_RESET_TTL_S = 3600;
export const EMAIL_CONFIRM_TTL_S = 3 * 86_400;
export const ONE_TIME_LOGIN_TTL_S = 300;

/** Code digits from a CSPRNG, leading zeros kept. */
export const randomDigits = (length: number): string => String(crypto.randomInt(0, 10 ** length)).padStart(length, '0');

/**
 * One-time codes (digits typed by the user) and link tokens (long random strings in URLs):
 * stored only as an HMAC under a server key, single use, expiring; a code dies after
 * MAX_CODE_ATTEMPTS wrong guesses; a new code of the same purpose and target ends the old one.
 */
export const createCodes = (deps: { repo: AuthRepository; key: Uint8Array }) => {
  const { repo, key } = deps;
  const hash = (purpose: string, value: string): string => hmacSha256(key, `${purpose}:${value}`);

  return {
    hash,
    /** A new code of `length` digits for the target; older live codes of the same purpose and target end. */
    issueDigits: async (opts: {
      purpose: CodePurpose;
      target: string;
      userId: number | null;
      method?: string | null;
      ttlS?: number;
      length?: number;
      repo?: AuthRepository;
    }): Promise<string> => {
      const r = opts.repo ?? repo;
      const code = randomDigits(opts.length ?? CODE_LENGTH);
      await r.expireCodes(opts.purpose, opts.target);
      await r.insertCode({
        purpose: opts.purpose,
        target: opts.target,
        user_id: opts.userId,
        method: opts.method ?? null,
        code_hash: hash(opts.purpose, code),
        expires_at: new Date(Date.now() + (opts.ttlS ?? CODE_TTL_S) * 1000),
      });
      return code;
    },
    /** A link token (256 bits) or a caller-made code looked up by its hash. */
    issueToken: async (opts: {
      purpose: CodePurpose;
      target: string;
      userId: number | null;
      ttlS: number;
      token?: string;
      replacePrevious?: boolean;
    }): Promise<string> => {
      const token = opts.token ?? randomToken(32);
      if (opts.replacePrevious !== false) await repo.expireCodes(opts.purpose, opts.target);
      await repo.insertCode({
        purpose: opts.purpose,
        target: opts.target,
        user_id: opts.userId,
        code_hash: hash(opts.purpose, token),
        expires_at: new Date(Date.now() + opts.ttlS * 1000),
      });
      return token;
    },
    /**
     * Checks a typed code against the newest live code of the target. A wrong guess counts an
     * attempt; the right one is used up. Null for wrong, expired, dead or unknown.
     */
    verifyDigits: async (opts: { purpose: CodePurpose; target: string; code: string }): Promise<AuthCodeRow | null> => {
      const row = await repo.findLiveCode(opts.purpose, opts.target);
      const given = hash(opts.purpose, opts.code.trim());
      if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return null;
      if (!equalDigests(row.code_hash, given)) {
        await repo.addAttempt(row.id);
        return null;
      }
      return (await repo.markCodeUsed(row.id)) ? row : null;
    },
    /** The live row of a link token, without using it up. */
    findToken: async (purpose: CodePurpose, token: string): Promise<AuthCodeRow | null> =>
      (await repo.findLiveCodeByHash(purpose, hash(purpose, token.trim()))) ?? null,
    /** Uses a link token up; null when unknown, expired or already used (also by a concurrent request). */
    consumeToken: async (
      purpose: CodePurpose,
      token: string,
      r: AuthRepository = repo,
    ): Promise<AuthCodeRow | null> => {
      const row = await r.findLiveCodeByHash(purpose, hash(purpose, token.trim()));
      if (!row) return null;
      return (await r.markCodeUsed(row.id)) ? row : null;
    },
  };
};
export type Codes = ReturnType<typeof createCodes>;
