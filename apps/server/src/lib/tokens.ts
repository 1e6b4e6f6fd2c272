import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * `rt-guest`: a real-time token of someone without an account (a chat's traveller, support): it
 * names the one channel it connects to and subscribes (`ch`), and no user. `operator-access`: an
 * operator's access token (the operator console, modules/operator): `sub` is an operator, never a user.
 */
export type TokenType = 'access' | 'rt-connection' | 'rt-channel' | 'rt-guest' | 'operator-access';

const ISSUER = 'tourdesk';

export interface TokenClaims {
  sub: number;
  typ: TokenType;
  /** for channel and guest tokens: the channel name */
  ch?: string;
  /** for access tokens: the session (refresh-token family), so ending a session ends its access tokens */
  fam?: number;
}

/** HS256 JWTs for access and real-time tokens. Verification pins the algorithm and the type. */
export const createTokenSigner = (secret: Uint8Array) => ({
  sign: (claims: TokenClaims, ttlSeconds: number): Promise<string> =>
    new SignJWT({
      typ: claims.typ,
      ...(claims.ch ? { ch: claims.ch } : {}),
      ...(claims.fam ? { fam: claims.fam } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(secret),
  /** null for anything invalid: bad signature, other algorithm, expired, wrong type */
  verify: async (token: string, typ: TokenType): Promise<TokenClaims | null> => {
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
      const sub = Number(payload.sub);
      if (payload.typ !== typ || !Number.isInteger(sub) || sub <= 0) return null;
      return {
        sub,
        typ,
        ...(typeof payload.ch === 'string' ? { ch: payload.ch } : {}),
        ...(typeof payload.fam === 'number' && Number.isInteger(payload.fam) ? { fam: payload.fam } : {}),
      };
    } catch {
      return null;
    }
  },
});
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');

/** HMAC-SHA256 (hex) of a one-time code or link token under a server key: codes are never stored in clear. */
export const hmacSha256 = (key: Uint8Array | string, value: string): string =>
  crypto.createHmac('sha256', key).update(value).digest('hex');

/** Compares two hex digests in constant time. */
export const equalDigests = (a: string, b: string): boolean =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
