import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenType = 'access' | 'rt-connection' | 'rt-channel';

const ISSUER = 'tourdesk';

export interface TokenClaims {
  sub: number;
  typ: TokenType;
  /** for channel tokens: the channel name */
  ch?: string;
}

/** HS256 JWTs for access and real-time tokens. Verification pins the algorithm and the type. */
export const createTokenSigner = (secret: Uint8Array) => ({
  sign: (claims: TokenClaims, ttlSeconds: number): Promise<string> =>
    new SignJWT({ typ: claims.typ, ...(claims.ch ? { ch: claims.ch } : {}) })
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
      return { sub, typ, ...(typeof payload.ch === 'string' ? { ch: payload.ch } : {}) };
    } catch {
      return null;
    }
  },
});
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');
