import { isPhoneLogin, type VerificationMethodType } from '@tourdesk/contract';
import type { ServiceContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password';
import type { Guard } from '../../plugins/rate-limit';
import type { NewUser, UserRow } from './auth.repository';
import { INVALID_CREDENTIALS, loginKey as keyOfLogin, normalizePhone, type IssuedSession } from './auth.service';
import { TELEGRAM_METHODS, fieldError, tooSoon, type AccountPartDeps } from './account-kit';
import { CODE_PURPOSE, ONE_TIME_LOGIN_TTL_S, PASSWORD_RESET_TTL_S } from './codes';
import { messagesFor } from './messages';

/** Sign-in and registration: password, codes, one-time links, password recovery. */
export const createAccountSignIn = (deps: AccountPartDeps) => {
  const { repo, auth, codes, delivery, limits, kit } = deps;
  const { G, sendCooldown, brandName, sameTimeForAnyAccount, link, userTarget, requireUser, assertUnique } = kit;
  const { addressFor, sendEmailConfirmation } = kit;

  /**
   * Registration's common part: the per-IP limit, unique e-mail and phone (checked again if
   * the insert races another), the row. The password is hashed only once the limit let it in.
   * The account keeps the interface's language (X-Language): every code, e-mail and messenger
   * text the person gets from then on is in it.
   */
  const createAccount = async (
    ctx: ServiceContext,
    values: Omit<NewUser, 'password_hash' | 'language'> & {
      email: string | null;
      phone: string | null;
      passwordHash: (() => Promise<string>) | null;
    },
  ): Promise<UserRow> => {
    const { passwordHash, ...row } = values;
    await limits.enforce(ctx, [[G.registerIp, ctx.ip]]);
    // Every attempt counts, a refused one too: "already registered" tells whether an address has
    // an account, so past the limit asking needs a captcha, as sign-in does.
    await limits.hit([[G.registerIp, ctx.ip]]);
    await assertUnique(row.email, row.phone);
    try {
      return await repo.createUser({
        ...row,
        language: ctx.lang,
        password_hash: passwordHash ? await passwordHash() : null,
      });
    } catch (e) {
      if (isUniqueViolation(e)) await assertUnique(row.email, row.phone);
      throw e;
    }
  };

  /** Verifies a sign-in code for the login; counts failures; null when wrong (same for unknown logins). */
  const checkSignInCode = async (ctx: ServiceContext, login: string, code: string): Promise<UserRow> => {
    const loginKey = keyOfLogin(login);
    await limits.enforce(ctx, [
      [G.signInLogin, loginKey],
      [G.signInIp, ctx.ip],
    ]);
    const user = await auth.findUserByLogin(login);
    const row = user
      ? await codes.verifyDigits({ purpose: CODE_PURPOSE.signIn, target: userTarget(user.id), code })
      : null;
    if (!user || !row) {
      await limits.hit([
        [G.signInLogin, loginKey],
        [G.signInIp, ctx.ip],
      ]);
      throw fieldError('code', 'invalid_code');
    }
    // Receiving the code proves the address it went to.
    if (row.method === 'email' && !user.is_email_confirm) await repo.updateUser(user.id, { is_email_confirm: true });
    else if (
      row.method &&
      row.method !== 'email' &&
      !TELEGRAM_METHODS.includes(row.method as VerificationMethodType) &&
      !user.is_phone_confirm
    )
      await repo.updateUser(user.id, { is_phone_confirm: true });
    return user;
  };
  return {
    signIn: async (ctx: ServiceContext, login: string, password: string): Promise<IssuedSession> => {
      const loginKey = keyOfLogin(login);
      const pairs: [Guard, string][] = [
        [G.signInLogin, loginKey],
        [G.signInIp, ctx.ip],
      ];
      await limits.enforce(ctx, pairs);
      const user = await auth.checkPassword(login, password);
      if (!user) {
        await limits.hit(pairs);
        throw fieldError('login', INVALID_CREDENTIALS);
      }
      return auth.startSession(user.id, ctx);
    },

    register: async (
      ctx: ServiceContext,
      body: {
        first_name?: string | null;
        last_name?: string | null;
        email: string;
        phone?: string | null;
        password: string;
        timezone?: string | null;
      },
    ): Promise<IssuedSession> => {
      const email = body.email.trim().toLowerCase();
      const phone = body.phone ? normalizePhone(body.phone) : null;
      const user = await createAccount(ctx, {
        first_name: body.first_name || null,
        last_name: body.last_name || null,
        email,
        phone,
        timezone: body.timezone || null,
        passwordHash: () => hashPassword(body.password),
      });
      const session = await auth.startSession(user.id, ctx);
      // The account exists and the session started: a mail outage must not turn that into an error.
      await sendEmailConfirmation(user).catch((err: unknown) => ctx.log.warn({ err }, 'e-mail confirmation not sent'));
      return session;
    },

    registerWithoutPassword: async (
      ctx: ServiceContext,
      body: {
        first_name?: string | null;
        last_name?: string | null;
        email?: string | null;
        phone?: string | null;
        timezone?: string | null;
        code_sender: VerificationMethodType;
        country_id?: string | null;
      },
    ): Promise<{ success: boolean }> => {
      if (TELEGRAM_METHODS.includes(body.code_sender)) throw fieldError('code_sender', 'method_unavailable');
      const email = body.email ? body.email.trim().toLowerCase() : null;
      const phone = body.phone ? normalizePhone(body.phone) : null;
      if (body.code_sender === 'email' && !email) throw fieldError('email', 'required');
      if (body.code_sender !== 'email' && !phone) throw fieldError('phone', 'required');
      const user = await createAccount(ctx, {
        first_name: body.first_name || null,
        last_name: body.last_name || null,
        email,
        phone,
        country: body.country_id ?? null,
        timezone: body.timezone || null,
        passwordHash: null,
      });
      const address = await addressFor(user, body.code_sender);
      if (address) {
        const code = await codes.issueDigits({
          purpose: CODE_PURPOSE.signIn,
          target: userTarget(user.id),
          userId: user.id,
          method: body.code_sender,
        });
        await sendCooldown.take(`signin:${(body.code_sender === 'email' ? email : phone) ?? ''}`);
        const t = messagesFor(user.language, brandName);
        await delivery.send({ ...address, subject: t.signInSubject, body: t.signInCode(code) });
      }
      return { success: true };
    },

    /** Same answer whether or not the login exists (no enumeration); the countdown is per login. */
    sendAuthCode: async (
      ctx: ServiceContext,
      body: { login: string; code_sender?: VerificationMethodType },
    ): Promise<{ success: boolean }> => {
      const isPhone = isPhoneLogin(body.login);
      const loginKey = keyOfLogin(body.login);
      const pairs: [Guard, string][] = [
        [G.codeSendIp, ctx.ip],
        [G.codeSendTarget, `login:${loginKey}`],
      ];
      await limits.enforce(ctx, pairs);
      const left = await sendCooldown.take(`signin:${loginKey}`);
      if (left > 0) throw tooSoon('code_sender', left);
      await limits.hit(pairs);
      return sameTimeForAnyAccount.run(async () => {
        const user = await auth.findUserByLogin(body.login);
        if (!user || user.blocked_at) return { success: true };
        const method = body.code_sender ?? (isPhone ? 'sms' : 'email');
        const address = await addressFor(user, method);
        if (!address) return { success: true };
        const code = await codes.issueDigits({
          purpose: CODE_PURPOSE.signIn,
          target: userTarget(user.id),
          userId: user.id,
          method,
        });
        const t = messagesFor(user.language, brandName);
        await delivery.send({ ...address, subject: t.signInSubject, body: t.signInCode(code) });
        return { success: true };
      });
    },

    authViaCode: async (ctx: ServiceContext, body: { login: string; code: string }): Promise<IssuedSession> => {
      const user = await checkSignInCode(ctx, body.login, body.code);
      return auth.startSession(user.id, ctx);
    },

    /** A one-time sign-in URL instead of a session (the caller follows it, e.g. from another domain). */
    redirectAuthViaCode: async (
      ctx: ServiceContext,
      body: { login: string; code: string },
    ): Promise<{ type: 'redirect'; url: string }> => {
      const user = await checkSignInCode(ctx, body.login, body.code);
      const token = await codes.issueToken({
        purpose: CODE_PURPOSE.oneTimeLogin,
        target: userTarget(user.id),
        userId: user.id,
        ttlS: ONE_TIME_LOGIN_TTL_S,
        replacePrevious: false,
      });
      return { type: 'redirect', url: link('login-via-token', token) };
    },

    accessTokenByOneTimeToken: async (ctx: ServiceContext, token: string): Promise<IssuedSession> => {
      const row = await codes.consumeToken(CODE_PURPOSE.oneTimeLogin, token);
      if (!row?.user_id) throw fieldError('token', 'invalid_link');
      return auth.startSession(row.user_id, ctx);
    },

    /** Same answer whether or not the address exists (no enumeration). */
    passwordRecovery: async (ctx: ServiceContext, email: string): Promise<{ success: boolean }> => {
      const address = email.trim().toLowerCase();
      const pairs: [Guard, string][] = [
        [G.recoveryIp, ctx.ip],
        [G.codeSendTarget, `recovery:${address}`],
      ];
      await limits.enforce(ctx, pairs);
      await limits.hit(pairs);
      return sameTimeForAnyAccount.run(async () => {
        // Within the countdown nothing is sent, silently: a 422 here would tell which addresses exist.
        if ((await sendCooldown.take(`recovery:${address}`)) > 0) return { success: true };
        const user = await repo.findUserByEmail(address);
        // Only a confirmed address: one set with a stolen session and never proven must not get the link.
        if (!user?.email || !user.is_email_confirm) return { success: true };
        const token = await codes.issueToken({
          purpose: CODE_PURPOSE.passwordReset,
          target: userTarget(user.id),
          userId: user.id,
          ttlS: PASSWORD_RESET_TTL_S,
        });
        const t = messagesFor(user.language, brandName);
        await delivery.send({
          channel: 'email',
          recipient: user.email,
          subject: t.resetSubject,
          body: t.reset(link('reset-password', token)),
        });
        return { success: true };
      });
    },

    checkPasswordResetToken: async (token: string): Promise<{ success: boolean }> => {
      if (!(await codes.findToken(CODE_PURPOSE.passwordReset, token))) throw fieldError('token', 'invalid_link');
      return { success: true };
    },

    /** New password, every session ended, a fresh one started. */
    passwordReset: async (ctx: ServiceContext, body: { token: string; password: string }): Promise<IssuedSession> => {
      const passwordHash = await hashPassword(body.password);
      const userId = await repo.transaction(async (tx) => {
        const row = await codes.consumeToken(CODE_PURPOSE.passwordReset, body.token, tx);
        if (!row?.user_id) throw fieldError('token', 'invalid_link');
        const user = await requireUser(row.user_id, tx);
        // The link arrived by e-mail: the address is proven.
        await tx.updateUser(user.id, {
          password_hash: passwordHash,
          ...(user.email ? { is_email_confirm: true } : {}),
        });
        await tx.expireUserCodes([CODE_PURPOSE.passwordReset, CODE_PURPOSE.oneTimeLogin], user.id);
        await auth.revokeOtherSessions(user.id, null, 'password_reset', tx);
        return user.id;
      });
      return auth.startSession(userId, ctx);
    },
  };
};
