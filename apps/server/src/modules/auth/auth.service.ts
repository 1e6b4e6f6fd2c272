import { isPhoneLogin, userSchema, type AuthTokenResponse, type User } from '@tourdesk/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { randomToken, sha256, type TokenSigner } from '../../lib/tokens';
import type { AuthRepository, UserRow } from './auth.repository';

export const INVALID_CREDENTIALS = 'Incorrect login or password';

/** Phone logins may be typed with spaces, dashes and parentheses; stored phones are '+' and digits. */
export const normalizePhone = (login: string): string => {
  const digits = login.replace(/\D/g, '');
  return `+${digits}`;
};

export const toUserDto = (u: UserRow, avatarUrl: string | null = null): User =>
  userSchema.parse({
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    phone: u.phone,
    country: u.country,
    is_phone_confirm: u.is_phone_confirm,
    is_password_set: u.password_hash !== null,
    is_email_set: u.email !== null,
    is_email_confirm: u.is_email_confirm,
    is_admin_auth: false,
    language: u.language,
    currency: u.currency,
    timezone: u.timezone,
    avatar: avatarUrl,
  });

export interface IssuedSession extends AuthTokenResponse {
  refreshToken: string;
  refreshExpiresAt: Date;
}

export const createAuthService = (deps: { repo: AuthRepository; signer: TokenSigner; config: Config }) => {
  const { repo, signer, config } = deps;

  const issueAccess = async (userId: number): Promise<AuthTokenResponse> => ({
    token: await signer.sign({ sub: userId, typ: 'access' }, config.ACCESS_TOKEN_TTL_S),
    expires_in: config.ACCESS_TOKEN_TTL_S,
  });

  const issueRefresh = async (familyId: number): Promise<{ refreshToken: string; refreshExpiresAt: Date }> => {
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    await repo.insertRefreshToken(familyId, sha256(refreshToken), refreshExpiresAt);
    return { refreshToken, refreshExpiresAt };
  };

  /** Starts a session (a refresh-token family) for a user who has proved who they are. */
  const startSession = async (userId: number, client: { userAgent: string | null; ip: string | null }): Promise<IssuedSession> => {
    const familyId = await repo.createFamily(userId, client.userAgent, client.ip);
    return { ...(await issueAccess(userId)), ...(await issueRefresh(familyId)) };
  };

  return {
    startSession,

    login: async (login: string, password: string, client: { userAgent: string | null; ip: string | null }): Promise<IssuedSession> => {
      const user = isPhoneLogin(login) ? await repo.findUserByPhone(normalizePhone(login)) : await repo.findUserByEmail(login.trim());
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) throw AppError.validation({ login: [INVALID_CREDENTIALS] }, INVALID_CREDENTIALS);
      return startSession(user.id, client);
    },

    /** Rotates the refresh token. Reusing a rotated token revokes its whole family. */
    refresh: async (refreshToken: string | undefined): Promise<IssuedSession> => {
      if (!refreshToken) throw new AppError('unauthorized', { message: 'No refresh token' });
      const row = await repo.findRefreshToken(sha256(refreshToken));
      if (!row || row.family_revoked_at) throw new AppError('unauthorized', { message: 'Invalid refresh token' });
      if (row.used_at || !(await repo.markRefreshTokenUsed(row.id))) {
        await repo.revokeFamily(row.family_id, 'reuse');
        throw new AppError('unauthorized', { message: 'Invalid refresh token' });
      }
      if (row.expires_at.getTime() <= Date.now()) throw new AppError('unauthorized', { message: 'Refresh token expired' });
      await repo.touchFamily(row.family_id);
      return { ...(await issueAccess(row.user_id)), ...(await issueRefresh(row.family_id)) };
    },

    logout: async (refreshToken: string | undefined): Promise<void> => {
      if (!refreshToken) return;
      const row = await repo.findRefreshToken(sha256(refreshToken));
      if (row) await repo.revokeFamily(row.family_id, 'logout');
    },

    profile: async (userId: number): Promise<User> => {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('unauthorized');
      return toUserDto(user);
    },
  };
};
export type AuthService = ReturnType<typeof createAuthService>;
