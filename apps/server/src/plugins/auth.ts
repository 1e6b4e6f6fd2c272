import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';
import type { TokenSigner } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user's id; 0 for a guest */
    userId: number;
    /** the session (refresh-token family) of the access token; 0 without one */
    sessionFamilyId: number;
  }
  interface FastifyContextConfig {
    isPublic?: boolean;
  }
  interface FastifyInstance {
    /**
     * The one access-token check: a valid token of a live session (see registerAuth); null for
     * anything else. The API routes and /files/* both use it.
     */
    verifyAccessToken: (token: string | null) => Promise<AccessIdentity | null>;
  }
}

export interface AccessIdentity {
  userId: number;
  /** the session (refresh-token family); 0 for a token from before sessions were named */
  sessionFamilyId: number;
}

/** The access token of `X-Authorization: Bearer …` (or `Authorization`); null without one. */
export const bearerToken = (request: FastifyRequest): string | null => {
  const raw = request.headers['x-authorization'] ?? request.headers.authorization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return m?.[1] ?? null;
};

export interface SessionCheck {
  /** whether the session (refresh-token family) an access token names is still live */
  isFamilyLive: (familyId: number, userId: number) => Promise<boolean>;
}

const isApiUrl = (url: string): boolean => url.startsWith('/crm/api') || url.startsWith('/spa');

/**
 * An API answer is someone's data (a profile, a request, a chat) or made for one caller: no cache
 * (a shared proxy's, the browser's disk) keeps it, unless its route said otherwise (a file's own
 * headers, the OpenAPI document). Static assets, /files and the SPA are not API routes.
 */
const noStoreByDefault: onSendHookHandler = (_request, reply, payload, done) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
};

/**
 * Authentication is the default for every API route (/crm/api, /spa); a route opts out with
 * `isPublic` in its contract. A token on a public route is still read (logout, domain info for
 * a user). Static files, the SPA and /meta are public by nature.
 *
 * Access tokens name their session (`fam`); once the session ends (logout, refresh reuse,
 * password change or reset) its access tokens stop working too, instead of living out their
 * 15 minutes.
 *
 * The check is attached to each API route when it is added (`onRoute`), so it knows at start
 * whether the route is public and other routes never run it; every hook is paid by every
 * request it runs on (bench/api). Register this before the routes.
 */
export const registerAuth = (app: FastifyInstance, signer: TokenSigner, sessions: SessionCheck): void => {
  app.decorateRequest('userId', 0);
  app.decorateRequest('sessionFamilyId', 0);

  const verifyAccessToken = async (token: string | null): Promise<AccessIdentity | null> => {
    const claims = token ? await signer.verify(token, 'access') : null;
    if (!claims) return null;
    if (claims.fam !== undefined && !(await sessions.isFamilyLive(claims.fam, claims.sub))) return null;
    return { userId: claims.sub, sessionFamilyId: claims.fam ?? 0 };
  };
  app.decorate('verifyAccessToken', verifyAccessToken);

  const authenticate = async (request: FastifyRequest, token: string | null, isPublic: boolean): Promise<void> => {
    const identity = await verifyAccessToken(token);
    if (identity) {
      request.userId = identity.userId;
      request.sessionFamilyId = identity.sessionFamilyId;
      return;
    }
    // A public route goes on as for a guest; any other needs a valid token of a live session.
    if (!isPublic) throw new AppError('unauthorized');
  };

  const guard =
    (isPublic: boolean): onRequestHookHandler =>
    (request, _reply, done) => {
      const token = bearerToken(request);
      // Public routes without a token skip the JWT work entirely.
      if (!token && isPublic) return done();
      authenticate(request, token, isPublic).then(() => done(), done);
    };
  const publicGuard = guard(true);
  const privateGuard = guard(false);

  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    const check = route.config?.isPublic === true ? publicGuard : privateGuard;
    const existing = route.onRequest;
    // first, so a route's own hooks (a webhook's secret) see the user
    route.onRequest = [check, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
    const sends = route.onSend;
    route.onSend = [...(Array.isArray(sends) ? sends : sends ? [sends] : []), noStoreByDefault];
  });

  // Sync (no promise per request): these headers go on every answer, errors and 404s included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
};
