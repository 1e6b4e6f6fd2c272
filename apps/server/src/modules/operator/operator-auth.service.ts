import type { OperatorAccount, OperatorRole, OperatorSession } from '@tourdesk/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { hashPassword, verifyPassword } from '../../lib/password';
import { randomToken, sha256, type TokenSigner } from '../../lib/tokens';
import type { Limits } from '../../plugins/rate-limit';
import type { OperatorRepository, OperatorRow } from './operator.repository';
import { writeAudit } from './operator.repository';
import type { TotpBox } from './operator-totp';

/** Failed sign-ins in a row that lock an operator account, and for how long. */
export const OPERATOR_MAX_FAILURES = 5;
export const OPERATOR_LOCK_MINUTES = 15;

/** Who acts in the console: an operator, or the admin command on the server's machine (id null). */
export interface OperatorActor {
  id: number | null;
  name: string;
  role: OperatorRole;
}
export const ADMIN_COMMAND_ACTOR: OperatorActor = { id: null, name: 'admin command', role: 'admin' };

export interface IssuedOperatorSession extends OperatorSession {
  refreshToken: string;
  refreshExpiresAt: Date;
}

export const toOperatorAccount = (o: OperatorRow): OperatorAccount => ({
  id: o.id,
  email: o.email,
  name: o.name,
  role: o.role as OperatorRole,
  is_active: o.is_active,
});

/**
 * The operators' accounts and sessions. Sessions mirror the providers' (modules/auth): a short
 * JWT access token naming its session, an opaque refresh token hashed in the database and rotated
 * on every use, reuse of a rotated one ends the session. Sign-in takes the password AND the
 * authenticator's code; the providers' rate limits apply, and 5 failures in a row lock the account.
 */
export const createOperatorAuthService = (deps: {
  repo: OperatorRepository;
  signer: TokenSigner;
  config: Config;
  limits: Limits;
  totp: TotpBox;
  /** drops the live sockets of an operator's session (the support desk's), on every node */
  endSockets?: (sessionId: number) => void;
}) => {
  const { repo, signer, config, limits, totp } = deps;
  const endSession = async (sessionId: number, reason: string): Promise<void> => {
    await repo.revokeSession(sessionId, reason);
    deps.endSockets?.(sessionId);
  };

  const issue = async (o: OperatorRow, sessionId: number): Promise<IssuedOperatorSession> => {
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    await repo.insertRefreshToken(sessionId, sha256(refreshToken), refreshExpiresAt);
    return {
      token: await signer.sign({ sub: o.id, typ: 'operator-access', fam: sessionId }, config.ACCESS_TOKEN_TTL_S),
      expires_in: config.ACCESS_TOKEN_TTL_S,
      operator: toOperatorAccount(o),
      refreshToken,
      refreshExpiresAt,
    };
  };

  const isLocked = (o: OperatorRow): boolean => o.locked_until !== null && o.locked_until.getTime() > Date.now();
  const lockedError = () =>
    new AppError('forbidden', { message: { code: 'operator_locked', params: { minutes: OPERATOR_LOCK_MINUTES } } });

  return {
    create: async (
      ctx: Pick<ServiceContext, 'ip'>,
      actor: OperatorActor,
      input: { email: string; name: string; role: OperatorRole; password: string },
    ): Promise<{ operator: OperatorAccount; otpauth_uri: string }> => {
      const email = input.email.trim().toLowerCase();
      const secret = totp.create(email);
      const passwordHash = await hashPassword(input.password);
      const created = await repo.transaction(async (tx) => {
        const row = await repo.insertOperator(
          { email, name: input.name, role: input.role, password_hash: passwordHash, totp_secret_enc: secret.stored },
          tx,
        );
        if (row)
          await writeAudit(tx, {
            operator_id: actor.id,
            operator_name: actor.name,
            action: 'operator.create',
            object_type: 'operator',
            object_id: String(row.id),
            before: null,
            after: { email, name: row.name, role: row.role },
            ip: ctx.ip,
          });
        return row;
      });
      if (!created) throw AppError.validation({ email: ['operator_email_taken'] });
      return { operator: toOperatorAccount(created), otpauth_uri: secret.uri };
    },

    signIn: async (
      ctx: ServiceContext,
      input: { email: string; password: string; code: string },
    ): Promise<IssuedOperatorSession> => {
      const email = input.email.trim().toLowerCase();
      const pairs: Parameters<Limits['hit']>[0] = [
        [limits.guards.signInLogin, `operator:${email}`],
        [limits.guards.signInIp, ctx.ip],
      ];
      await limits.enforce(ctx, pairs);
      const found = await repo.findByEmail(email);
      const isPasswordOk = await verifyPassword(found?.password_hash ?? null, input.password);
      if (found && isLocked(found)) throw lockedError();
      const fail = async (fields: Record<string, ['operator_invalid_credentials'] | ['operator_invalid_totp']>) => {
        await limits.hit(pairs);
        const after = found
          ? await repo.countFailure(found.id, OPERATOR_MAX_FAILURES, OPERATOR_LOCK_MINUTES * 60_000)
          : null;
        if (after && isLocked(after)) return lockedError();
        return AppError.validation(fields);
      };
      if (!found || !isPasswordOk) throw await fail({ password: ['operator_invalid_credentials'] });
      if (!found.is_active) throw new AppError('forbidden', { message: 'operator_inactive' });
      const step = totp.verify(found.totp_secret_enc, input.code);
      if (step === null) throw await fail({ code: ['operator_invalid_totp'] });
      const sessionId = await repo.transaction(async (tx) => {
        // each code signs in once: a replayed one (same 30 s step) is refused
        if (!(await repo.acceptSignIn(found.id, step, tx))) return null;
        const session = await repo.createSession(found.id, ctx.userAgent, ctx.ip, tx);
        await writeAudit(tx, {
          operator_id: found.id,
          operator_name: found.name,
          action: 'operator.sign_in',
          object_type: 'operator',
          object_id: String(found.id),
          ip: ctx.ip,
        });
        return session.id;
      });
      if (sessionId === null) throw await fail({ code: ['operator_invalid_totp'] });
      return issue(found, sessionId);
    },

    /** Rotates the refresh token; reusing a rotated one ends the session. */
    refresh: async (refreshToken: string | undefined): Promise<IssuedOperatorSession> => {
      if (!refreshToken) throw new AppError('unauthorized', { message: 'no_refresh_token' });
      const row = await repo.findRefreshToken(sha256(refreshToken));
      if (!row || row.revoked_at) throw new AppError('unauthorized', { message: 'invalid_refresh_token' });
      if (row.used_at || !(await repo.markRefreshTokenUsed(row.id))) {
        await endSession(row.session_id, 'reuse');
        throw new AppError('unauthorized', { message: 'invalid_refresh_token' });
      }
      if (row.expires_at.getTime() <= Date.now())
        throw new AppError('unauthorized', { message: 'refresh_token_expired' });
      const operator = await repo.findById(row.operator_id);
      if (!operator || !operator.is_active) throw new AppError('unauthorized', { message: 'invalid_refresh_token' });
      return issue(operator, row.session_id);
    },

    logout: async (refreshToken: string | undefined, accessSessionId: number): Promise<void> => {
      const row = refreshToken ? await repo.findRefreshToken(sha256(refreshToken)) : null;
      if (row && !row.revoked_at) await endSession(row.session_id, 'logout');
      if (accessSessionId && accessSessionId !== row?.session_id) await endSession(accessSessionId, 'logout');
    },

    /** The operator of an access token whose session is live and whose account is active; null otherwise. */
    verifyAccess: async (token: string | null): Promise<{ operator: OperatorRow; sessionId: number } | null> => {
      const claims = token ? await signer.verify(token, 'operator-access') : null;
      if (!claims?.fam) return null;
      const [session, operator] = await Promise.all([repo.findSession(claims.fam), repo.findById(claims.sub)]);
      if (!session || session.revoked_at || session.operator_id !== claims.sub) return null;
      if (!operator || !operator.is_active) return null;
      return { operator, sessionId: session.id };
    },

    /** Whether an operator's session is live, its account active and of one of `roles` (a support socket's check). */
    isSessionLiveFor: async (sessionId: number | undefined, roles: readonly OperatorRole[]): Promise<boolean> => {
      if (!sessionId) return false;
      const session = await repo.findSession(sessionId);
      if (!session || session.revoked_at) return false;
      const operator = await repo.findById(session.operator_id);
      return !!operator && operator.is_active && roles.includes(operator.role as OperatorRole);
    },

    list: async (): Promise<OperatorAccount[]> => (await repo.list()).map(toOperatorAccount),

    /**
     * An admin changes another operator's role or deactivates them; a deactivation ends all their
     * sessions in the same transaction (the next call is a 401) and drops their sockets after it.
     * Everything inside reads through `tx`: on PGlite's single connection a query outside an open
     * transaction waits for it forever.
     */
    update: async (
      ctx: Pick<ServiceContext, 'ip'>,
      actor: OperatorActor,
      input: { operator_id: number; role?: OperatorRole; is_active?: boolean },
    ): Promise<OperatorAccount> => {
      if (input.operator_id === actor.id) throw AppError.validation({ operator_id: ['operator_self_change'] });
      const { row, ended } = await repo.transaction(async (tx) => {
        const before = await repo.findById(input.operator_id, tx);
        if (!before) throw AppError.notFound('operator_not_found');
        const values = {
          ...(input.role !== undefined ? { role: input.role } : {}),
          ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
        };
        const after = Object.keys(values).length ? await repo.updateOperator(tx, before.id, values) : before;
        // a deactivated account's sessions end with the change (a new role applies at the next call)
        const isChanged = after.is_active !== before.is_active || after.role !== before.role;
        const ended = !after.is_active ? await repo.revokeSessionsOf(tx, before.id, 'deactivated') : [];
        if (isChanged)
          await writeAudit(tx, {
            operator_id: actor.id,
            operator_name: actor.name,
            action: 'operator.update',
            object_type: 'operator',
            object_id: String(before.id),
            before: { role: before.role, is_active: before.is_active },
            after: { role: after.role, is_active: after.is_active },
            ip: ctx.ip,
          });
        return { row: after, ended };
      });
      for (const sessionId of ended) deps.endSockets?.(sessionId);
      return toOperatorAccount(row);
    },
  };
};
export type OperatorAuthService = ReturnType<typeof createOperatorAuthService>;
