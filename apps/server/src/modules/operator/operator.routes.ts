import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  OPERATOR_AUTH_HEADER,
  OPERATOR_REFRESH_COOKIE,
  OPERATOR_REFRESH_COOKIE_PATH,
  OPERATOR_ROUTE_ROLES,
  OPERATOR_TOKEN_HEADER,
  consoleApi,
  consolePages,
  queryIdSchema,
  operatorAuthApi,
  operatorCliApi,
  type OperatorSession,
} from '@tourdesk/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { isOperatorToken } from '../organizer/index';
import {
  ADMIN_COMMAND_ACTOR,
  type IssuedOperatorSession,
  type OperatorActor,
  type OperatorAuthService,
} from './operator-auth.service';
import type { OperatorQueueService } from './operator-queue.service';
import type { OperatorOrganizerService } from './operator-organizer.service';
import { contentDisposition } from '../../lib/content-disposition';

const headerToken = (request: FastifyRequest): string | null => {
  const raw = request.headers[OPERATOR_AUTH_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value ? (/^Bearer\s+(\S+)$/i.exec(value.trim())?.[1] ?? null) : null;
};

/** The console's sign-in: password + TOTP, the refresh cookie, logout. */
export const operatorAuthRoutes = (
  app: FastifyInstance,
  deps: { operatorAuth: OperatorAuthService; config: Config; contextOf: ContextOf },
): void => {
  const { operatorAuth, config, contextOf } = deps;
  const session = (reply: FastifyReply, s: IssuedOperatorSession): OperatorSession => {
    reply.setCookie(OPERATOR_REFRESH_COOKIE, s.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.COOKIE_SECURE,
      path: OPERATOR_REFRESH_COOKIE_PATH,
      expires: s.refreshExpiresAt,
    });
    return { token: s.token, expires_in: s.expires_in, operator: s.operator };
  };
  registerRoute(app, operatorAuthApi.signIn, async ({ request, reply, body }) =>
    session(reply, await operatorAuth.signIn(contextOf(request), body)),
  );
  registerRoute(app, operatorAuthApi.refresh, async ({ request, reply }) => {
    try {
      return session(reply, await operatorAuth.refresh(request.cookies[OPERATOR_REFRESH_COOKIE]));
    } catch (e) {
      reply.clearCookie(OPERATOR_REFRESH_COOKIE, { path: OPERATOR_REFRESH_COOKIE_PATH });
      throw e;
    }
  });
  registerRoute(app, operatorAuthApi.logout, async ({ request, reply }) => {
    const access = await operatorAuth.verifyAccess(headerToken(request));
    await operatorAuth.logout(request.cookies[OPERATOR_REFRESH_COOKIE], access?.sessionId ?? 0);
    reply.clearCookie(OPERATOR_REFRESH_COOKIE, { path: OPERATOR_REFRESH_COOKIE_PATH });
    return { success: true };
  });
};

/** The console's routes: each checks the operator's session and role before its body is read. */
export const consoleRoutes = (
  app: FastifyInstance,
  deps: {
    operatorAuth: OperatorAuthService;
    operatorQueues: OperatorQueueService;
    operatorOrganizers: OperatorOrganizerService;
    contextOf: ContextOf;
    operatorToken: string;
  },
): void => {
  const { operatorAuth, operatorQueues: q, operatorOrganizers: orgs, contextOf } = deps;
  const actors = new WeakMap<FastifyRequest, OperatorActor>();
  const guard =
    (route: keyof typeof OPERATOR_ROUTE_ROLES): onRequestHookHandler =>
    (request, _reply, done) => {
      operatorAuth.verifyAccess(headerToken(request)).then((found) => {
        if (!found) return done(new AppError('unauthorized', { message: 'operator_session_required' }));
        const role = found.operator.role as OperatorActor['role'];
        if (!OPERATOR_ROUTE_ROLES[route].includes(role))
          return done(new AppError('forbidden', { message: 'operator_role_forbidden' }));
        actors.set(request, { id: found.operator.id, name: found.operator.name, role });
        done();
      }, done);
    };
  const actorOf = (request: FastifyRequest): OperatorActor => actors.get(request)!;
  const on = (route: keyof typeof OPERATOR_ROUTE_ROLES) => ({ onRequest: guard(route) });

  registerRoute(
    app,
    consoleApi.me,
    ({ request }) => {
      const a = actorOf(request);
      return operatorAuth.list().then((all) => all.find((o) => o.id === a.id)!);
    },
    on('me'),
  );
  registerRoute(app, consoleApi.queueCounts, ({ query }) => q.counts(query.site_id), on('queueCounts'));
  registerRoute(
    app,
    consoleApi.verificationQueue,
    ({ query }) => q.verification(query.site_id),
    on('verificationQueue'),
  );
  registerRoute(
    app,
    consoleApi.decideVerification,
    ({ request, body }) => q.decideVerification(contextOf(request), actorOf(request), body),
    on('decideVerification'),
  );
  registerRoute(app, consoleApi.partnershipQueue, ({ query }) => q.partnerships(query.site_id), on('partnershipQueue'));
  registerRoute(
    app,
    consoleApi.decidePartnership,
    ({ request, body }) => q.decidePartnership(contextOf(request), actorOf(request), body),
    on('decidePartnership'),
  );
  registerRoute(app, consoleApi.tourQueue, ({ query }) => q.tours(query.site_id), on('tourQueue'));
  registerRoute(
    app,
    consoleApi.decideTour,
    ({ request, body }) => q.decideTour(contextOf(request), actorOf(request), body),
    on('decideTour'),
  );
  registerRoute(app, consoleApi.sites, () => q.sites(), on('sites'));
  registerRoute(app, consoleApi.auditLog, ({ query }) => q.auditLog(query), on('auditLog'));
  registerRoute(app, consoleApi.operators, () => operatorAuth.list(), on('operators'));
  registerRoute(
    app,
    consoleApi.createOperator,
    ({ request, body }) => operatorAuth.create(contextOf(request), actorOf(request), body),
    on('createOperator'),
  );

  registerRoute(
    app,
    consoleApi.updateOperator,
    ({ request, body }) => operatorAuth.update(contextOf(request), actorOf(request), body),
    on('updateOperator'),
  );
  registerRoute(
    app,
    consoleApi.organizerCard,
    ({ request, query }) => orgs.card(contextOf(request), actorOf(request), query.organizer_id),
    on('organizerCard'),
  );
  // the verification document's bytes (no JSON, so no contract answer): never cached, never run
  const documentParams = z.object({ organizer_id: queryIdSchema });
  app.get(
    consolePages.verificationDocument.path,
    { ...on('verificationDocument'), config: { isPublic: true } },
    async (request, reply) => {
      const p = documentParams.safeParse(request.params);
      if (!p.success) throw AppError.notFound('organizer_not_found');
      const file = await orgs.verificationDocument(contextOf(request), actorOf(request), p.data.organizer_id);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition('inline', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('cache-control', 'private, no-store')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.data);
    },
  );

  // a tour as its site page shows it (HTML, no contract answer): nothing in it runs, never cached
  const previewParams = z.object({ tour_id: queryIdSchema });
  app.get(
    consolePages.tourPreview.path,
    { ...on('tourPreview'), config: { isPublic: true } },
    async (request, reply) => {
      const p = previewParams.safeParse(request.params);
      if (!p.success) throw AppError.notFound('tour_not_found');
      const lang = (request.query as { lang?: unknown }).lang === 'ru' ? 'ru' : 'en';
      const html = await orgs.tourPreview(p.data.tour_id, lang);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; sandbox",
        )
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(html);
    },
  );

  // the admin command (`npm run admin -- create-operator`): the shared operator token
  const operatorOnly: onRequestHookHandler = (request, _reply, done) => {
    const header = request.headers[OPERATOR_TOKEN_HEADER];
    if (isOperatorToken(Array.isArray(header) ? header[0] : header, deps.operatorToken)) return done();
    done(new AppError('unauthorized', { message: 'operator_token_required' }));
  };
  registerRoute(
    app,
    operatorCliApi.createOperator,
    ({ request, body }) => operatorAuth.create(contextOf(request), ADMIN_COMMAND_ACTOR, body),
    { onRequest: operatorOnly },
  );
};
