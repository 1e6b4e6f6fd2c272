import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { AppError } from '../../lib/app-error';
import type { AuthService } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** the session (refresh-token family) of the access token; 0 without one */
    sessionFamilyId: number;
  }
}

const bearerToken = (request: FastifyRequest): string | null => {
  const raw = request.headers['x-authorization'] ?? request.headers.authorization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const m = value ? /^Bearer\s+(\S+)$/i.exec(value.trim()) : null;
  return m?.[1] ?? null;
};

/**
 * Access tokens name their session (`fam`); once the session ends (logout, refresh reuse,
 * password change or reset) its access tokens stop working too, instead of living out their
 * 15 minutes. Runs after the auth plugin verified the token, so decoding is enough here.
 */
export const registerSessionGuard = (app: FastifyInstance, auth: AuthService): void => {
  app.decorateRequest('sessionFamilyId', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.userId) return done();
    const token = bearerToken(request);
    let fam: unknown;
    try {
      fam = token ? decodeJwt(token).fam : undefined;
    } catch {
      fam = undefined;
    }
    if (typeof fam !== 'number' || !Number.isInteger(fam)) return done();
    request.sessionFamilyId = fam;
    auth.isFamilyLive(fam, request.userId).then(
      (isLive) => {
        if (isLive) return done();
        request.userId = 0;
        request.sessionFamilyId = 0;
        // A public route goes on as for a guest; any other needs a live session.
        done(request.routeOptions.config.isPublic ? undefined : new AppError('unauthorized'));
      },
      (err: unknown) => done(err as Error),
    );
  });
};
