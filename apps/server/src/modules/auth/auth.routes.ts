import type { FastifyInstance, FastifyReply } from 'fastify';
import { userApi } from '@tourdesk/contract';
import type { Config } from '../../config';
import { registerRoute } from '../../lib/route';
import type { AuthService, IssuedSession } from './auth.service';

export const REFRESH_COOKIE = 'td_refresh';
const REFRESH_COOKIE_PATH = '/crm/api/user';

const setRefreshCookie = (reply: FastifyReply, config: Config, session: IssuedSession): void => {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.COOKIE_SECURE,
    path: REFRESH_COOKIE_PATH,
    expires: session.refreshExpiresAt,
  });
};

export const authRoutes = (app: FastifyInstance, deps: { auth: AuthService; config: Config }): void => {
  const { auth, config } = deps;

  registerRoute(app, userApi.auth, async ({ body, request, reply }) => {
    const session = await auth.login(body.login, body.password, { userAgent: request.headers['user-agent'] ?? null, ip: request.ip });
    setRefreshCookie(reply, config, session);
    return { token: session.token, expires_in: session.expires_in };
  });

  registerRoute(app, userApi.refreshToken, async ({ request, reply }) => {
    try {
      const session = await auth.refresh(request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, config, session);
      return { token: session.token, expires_in: session.expires_in };
    } catch (e) {
      reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
      throw e;
    }
  });

  registerRoute(app, userApi.logout, async ({ request, reply }) => {
    await auth.logout(request.cookies[REFRESH_COOKIE]);
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
    return { success: true };
  });

  registerRoute(app, userApi.profile, ({ userId }) => auth.profile(userId));
};
