import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { TokenSigner } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user's id; 0 for a guest */
    userId: number;
  }
  interface FastifyContextConfig {
    isPublic?: boolean;
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const raw = request.headers['x-authorization'] ?? request.headers.authorization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return m?.[1] ?? null;
};

/**
 * Authentication is the default for every route; a route opts out with `isPublic` in its
 * contract. A token on a public route is still read (logout, domain info for a user).
 */
export const registerAuth = (app: FastifyInstance, signer: TokenSigner): void => {
  app.decorateRequest('userId', 0);
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const token = bearer(request);
    const claims = token ? await signer.verify(token, 'access') : null;
    if (claims) request.userId = claims.sub;
    if (!request.routeOptions.config.isPublic && !claims) throw new AppError('unauthorized');
  };
  app.addHook('onRequest', (request, _reply, done) => {
    // Static files, the SPA and /meta are registered without a contract and are public by nature.
    const url = request.routeOptions.url;
    if (!url || !(url.startsWith('/crm/api') || url.startsWith('/spa'))) return done();
    // Public routes without a token skip the JWT work entirely.
    if (request.routeOptions.config.isPublic && !request.headers['x-authorization'] && !request.headers.authorization) return done();
    authenticate(request).then(() => done(), done);
  });
};
