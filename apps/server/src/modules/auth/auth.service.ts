import { isPhoneLogin, userSchema, type AuthTokenResponse, type User } from '@tourdesk/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { randomToken, sha256, type TokenSigner } from '../../lib/tokens';
import type { AuthRepository, UserRow } from './auth.repository';

export const INVALID_CREDENTIALS = 'invalid_credentials';

/** Phone logins may be typed with spaces, dashes and parentheses; stored phones are '+' and digits. */
export const normalizePhone = (login: string): string => {
  const digits = login.replace(/\D/g, '');
  return `+${digits}`;
};

/**
 * The key a login's counters and countdowns use: the phone as the lookup normalises it, the
 * e-mail trimmed and lower-cased. Every spelling of one account shares one counter.
 */
export const loginKey = (login: string): string =>
  isPhoneLogin(login) ? normalizePhone(login) : login.trim().toLowerCase();

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

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

/** How long a node trusts its "this session is live" answer before asking the database again. */
export const FAMILY_CHECK_TTL_MS = 30_000;
const FAMILY_CACHE_MAX = 20_000;

export const createAuthService = (deps: {
  repo: AuthRepository;
  signer: TokenSigner;
  config: Config;
  fileUrl?: (fileId: number | null) => string | null;
}) => {
  const { repo, signer, config } = deps;
  const fileUrl = deps.fileUrl ?? ((id: number | null) => (id ? `/files/${id}` : null));

  /**
   * Sessions ended here (logout, reuse, password change) are known at once; others are looked up
   * (one primary-key query) and trusted for FAMILY_CHECK_TTL_MS, so on several nodes a session
   * ended elsewhere loses its access tokens within that time rather than their 15 minutes.
   */
  const familyCache = new Map<number, { userId: number; isLive: boolean; at: number }>();
  /** userId 0: the owner is not known here (a revocation), so only "not live" may be read from it. */
  const rememberFamily = (familyId: number, isLive: boolean, userId = 0): void => {
    if (familyCache.size >= FAMILY_CACHE_MAX) familyCache.clear();
    familyCache.set(familyId, { userId, isLive, at: Date.now() });
  };

  const issueAccess = async (userId: number, familyId: number): Promise<AuthTokenResponse> => ({
    token: await signer.sign({ sub: userId, typ: 'access', fam: familyId }, config.ACCESS_TOKEN_TTL_S),
    expires_in: config.ACCESS_TOKEN_TTL_S,
  });

  const issueRefresh = async (familyId: number): Promise<{ refreshToken: string; refreshExpiresAt: Date }> => {
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    await repo.insertRefreshToken(familyId, sha256(refreshToken), refreshExpiresAt);
    return { refreshToken, refreshExpiresAt };
  };

  /** Starts a session (a refresh-token family) for a user who has proved who they are. */
  const startSession = async (userId: number, client: ClientInfo): Promise<IssuedSession> => {
    const familyId = await repo.createFamily(userId, client.userAgent, client.ip);
    rememberFamily(familyId, true, userId);
    return { ...(await issueAccess(userId, familyId)), ...(await issueRefresh(familyId)) };
  };

  /** Told of every session this node ends (the real-time server drops the sessions' sockets). */
  const endedListeners: ((familyIds: readonly number[]) => void)[] = [];
  const sessionsEnded = (familyIds: readonly number[]): void => {
    for (const id of familyIds) rememberFamily(id, false);
    for (const listener of endedListeners) listener(familyIds);
  };

  const revokeFamily = async (familyId: number, reason: string): Promise<void> => {
    await repo.revokeFamily(familyId, reason);
    sessionsEnded([familyId]);
  };

  return {
    startSession,
    issueAccess,
    toUserDto: (u: UserRow): User => toUserDto(u, fileUrl(u.avatar_file_id)),
    onSessionsEnded: (listener: (familyIds: readonly number[]) => void): void => {
      endedListeners.push(listener);
    },

    /** Whether the session an access token belongs to is still live (cached, see above). */
    isFamilyLive: async (familyId: number, userId: number): Promise<boolean> => {
      const cached = familyCache.get(familyId);
      if (cached && !cached.isLive) return false;
      // A family is only ever live for its owner: a token naming someone else's session is refused.
      if (cached && cached.userId === userId && Date.now() - cached.at < FAMILY_CHECK_TTL_MS) return true;
      const row = await repo.findFamily(familyId);
      if (!row) return false;
      const isLive = !row.revoked_at;
      rememberFamily(familyId, isLive, row.user_id);
      return isLive && row.user_id === userId;
    },

    /** Ends every session of the user but `keepFamilyId` (password change and reset). */
    revokeOtherSessions: async (
      userId: number,
      keepFamilyId: number | null,
      reason: string,
      r: AuthRepository = repo,
    ): Promise<void> => {
      sessionsEnded(await r.revokeUserFamilies(userId, keepFamilyId, reason));
    },

    findUserByLogin: (login: string): Promise<UserRow | undefined> =>
      isPhoneLogin(login) ? repo.findUserByPhone(normalizePhone(login)) : repo.findUserByEmail(login.trim()),

    /** Null for wrong credentials (the caller counts the failure). */
    checkPassword: async (login: string, password: string): Promise<UserRow | null> => {
      const user = isPhoneLogin(login)
        ? await repo.findUserByPhone(normalizePhone(login))
        : await repo.findUserByEmail(login.trim());
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      return user && ok ? user : null;
    },

    /** Rotates the refresh token. Reusing a rotated token revokes its whole family. */
    refresh: async (refreshToken: string | undefined): Promise<IssuedSession> => {
      if (!refreshToken) throw new AppError('unauthorized', { message: 'no_refresh_token' });
      const row = await repo.findRefreshToken(sha256(refreshToken));
      if (!row || row.family_revoked_at) throw new AppError('unauthorized', { message: 'invalid_refresh_token' });
      if (row.used_at || !(await repo.markRefreshTokenUsed(row.id))) {
        await revokeFamily(row.family_id, 'reuse');
        throw new AppError('unauthorized', { message: 'invalid_refresh_token' });
      }
      if (row.expires_at.getTime() <= Date.now())
        throw new AppError('unauthorized', { message: 'refresh_token_expired' });
      await repo.touchFamily(row.family_id);
      return { ...(await issueAccess(row.user_id, row.family_id)), ...(await issueRefresh(row.family_id)) };
    },

    /**
     * Ends the session of the refresh cookie and the session the access token names (a client
     * holding only the access token logs out too); either may be missing.
     */
    logout: async (refreshToken: string | undefined, accessFamilyId = 0): Promise<void> => {
      const row = refreshToken ? await repo.findRefreshToken(sha256(refreshToken)) : undefined;
      if (row && !row.family_revoked_at) await revokeFamily(row.family_id, 'logout');
      if (accessFamilyId && accessFamilyId !== row?.family_id) await revokeFamily(accessFamilyId, 'logout');
    },

    profile: async (userId: number): Promise<User> => {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('unauthorized');
      return toUserDto(user, fileUrl(user.avatar_file_id));
    },
  };
};
export type AuthService = ReturnType<typeof createAuthService>;
