import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { OPERATOR_AUTH_HEADER, OPERATOR_TOKEN_HEADER, type OperatorRole } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import { isOperatorToken } from '../organizer/index';
import { ADMIN_COMMAND_ACTOR, type OperatorActor, type OperatorAuthService } from './operator-auth.service';

/** The operator's access token of a request (`Bearer …` in OPERATOR_AUTH_HEADER), null without one. */
export const operatorHeaderToken = (request: FastifyRequest): string | null => {
  const raw = request.headers[OPERATOR_AUTH_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value ? (/^Bearer\s+(\S+)$/i.exec(value.trim())?.[1] ?? null) : null;
};

/** Who acts, with the session they act in (null for the admin command's shared token). */
export interface OperatorActorOfRequest extends OperatorActor {
  sessionId: number | null;
}

/**
 * A guard for routes other modules serve to operators (the support desk): an operator session of
 * one of `roles`, checked before the body is read; with `sharedToken` the admin command's shared
 * operator token (`x-operator-token`, the server's machine only) opens them too, acting as
 * ADMIN_COMMAND_ACTOR. `actorOf` names who acts in the route's body.
 */
export const createOperatorGuard = (
  operatorAuth: OperatorAuthService,
  roles: readonly OperatorRole[],
  sharedToken?: string,
): { onRequest: onRequestHookHandler; actorOf: (request: FastifyRequest) => OperatorActorOfRequest } => {
  const actors = new WeakMap<FastifyRequest, OperatorActorOfRequest>();
  return {
    onRequest: (request, _reply, done) => {
      const header = request.headers[OPERATOR_TOKEN_HEADER];
      if (sharedToken && header !== undefined && !request.headers[OPERATOR_AUTH_HEADER]) {
        if (!isOperatorToken(Array.isArray(header) ? header[0] : header, sharedToken))
          return done(new AppError('unauthorized', { message: 'operator_token_required' }));
        actors.set(request, { ...ADMIN_COMMAND_ACTOR, sessionId: null });
        return done();
      }
      operatorAuth.verifyAccess(operatorHeaderToken(request)).then((found) => {
        if (!found) return done(new AppError('unauthorized', { message: 'operator_session_required' }));
        const role = found.operator.role as OperatorRole;
        if (!roles.includes(role)) return done(new AppError('forbidden', { message: 'operator_role_forbidden' }));
        actors.set(request, { id: found.operator.id, name: found.operator.name, role, sessionId: found.sessionId });
        done();
      }, done);
    },
    actorOf: (request) => actors.get(request)!,
  };
};
