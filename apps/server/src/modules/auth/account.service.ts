import {
  PHONE_CALL_CODE_LENGTH,
  RESEND_CODE_COUNTDOWN_S,
  coded,
  getBrand,
  isPhoneLogin,
  SYSTEM_ACTOR,
  userChannel,
  userActor,
  type Currency,
  type Language,
  type PhoneCallStarted,
  type PhoneConfirmationMethods,
  type User,
  type VerificationMethodType,
  type WebCallData,
  type DomainActor,
} from '@tourdesk/contract';
import type { Config } from '../../config';
import type { RealtimeHandlers } from '../realtime';
import { AppError, type FieldMessages, type MessageRef } from '../../lib/app-error';
import { createAnswerFloor } from '../../lib/answer-floor';
import type { ServiceContext } from '../../lib/context';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Delivery, OutgoingMessage } from '../../lib/transports/index';
import type { Guard, Limits } from '../../plugins/rate-limit';
import type { AuthRepository, NewUser, UserRow } from './auth.repository';
import {
  INVALID_CREDENTIALS,
  loginKey as keyOfLogin,
  normalizePhone,
  type AuthService,
  type IssuedSession,
} from './auth.service';
import { CODE_PURPOSE, EMAIL_CONFIRM_TTL_S, ONE_TIME_LOGIN_TTL_S, PASSWORD_RESET_TTL_S, type Codes } from './codes';
import { messagesFor } from './messages';
import { whatsappManualWord } from './whatsapp-manual';
import { isUniqueViolation } from '../../lib/db-errors';

/** Methods that cost money per message: hidden from a client the security system flags (is_bot). */
const PAID_METHODS: readonly VerificationMethodType[] = ['sms', 'whatsapp_paid', 'vk_via_sms_service'];
const TELEGRAM_METHODS: readonly VerificationMethodType[] = ['telegram', 'telegram_with_phone_request'];

const fieldError = (field: string, message: MessageRef): AppError =>
  AppError.validation({ [field]: [message] }, message);
const tooSoon = (field: string, seconds: number): AppError => fieldError(field, coded('resend_too_soon', { seconds }));

export interface AccountDeps {
  repo: AuthRepository;
  auth: AuthService;
  codes: Codes;
  delivery: Delivery;
  limits: Limits;
  config: Config;
}

export const createAccountService = (deps: AccountDeps) => {
  const { repo, auth, codes, delivery, limits, config } = deps;
  const G = limits.guards;
  const sendCooldown = limits.cooldown('send', RESEND_CODE_COUNTDOWN_S);
  /** messages name the brand being served, as the interface does */
  const brandName = getBrand(config.BRAND_ID).name;
  /** the answers that must not tell whether an account exists take the same time (lib/answer-floor.ts) */
  const sameTimeForAnyAccount = createAnswerFloor(config.ACCOUNT_ANSWER_MIN_MS);
  const link = (path: string, token: string): string =>
    `${config.publicUrl.replace(/\/$/, '')}/org/${path}?token=${encodeURIComponent(token)}`;
  const userTarget = (userId: number): string => `user:${userId}`;

  const requireUser = async (userId: number, r: AuthRepository = repo): Promise<UserRow> => {
    const user = await r.findUserById(userId);
    if (!user) throw new AppError('unauthorized');
    return user;
  };

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

  /** 422 on each field the e-mail or phone of another account already holds. */
  const assertUnique = async (email: string | null, phone: string | null, exceptUserId = 0): Promise<void> => {
    const errors: FieldMessages = {};
    if (email) {
      const other = await repo.findUserByEmail(email);
      if (other && other.id !== exceptUserId) errors.email = ['email_taken'];
    }
    if (phone) {
      const other = await repo.findUserByPhone(phone);
      if (other && other.id !== exceptUserId) errors.phone = ['phone_taken'];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
  };

  /**
   * Where a message by this verification method goes for this user; null when the user has no
   * such address (no phone, no e-mail, no linked Telegram chat).
   */
  const addressFor = async (
    user: UserRow,
    method: VerificationMethodType,
  ): Promise<Pick<OutgoingMessage, 'channel' | 'recipient' | 'meta'> | null> => {
    switch (method) {
      case 'email':
        return user.email ? { channel: 'email', recipient: user.email } : null;
      case 'sms':
        return user.phone ? { channel: 'sms', recipient: user.phone } : null;
      case 'whatsapp':
      case 'whatsapp_paid':
        return user.phone
          ? { channel: 'whatsapp', recipient: user.phone, meta: { paid: method === 'whatsapp_paid' } }
          : null;
      case 'vk':
      case 'vk_via_sms_service':
        return user.phone
          ? { channel: 'vk', recipient: user.phone, meta: { via_sms_service: method === 'vk_via_sms_service' } }
          : null;
      case 'telegram':
      case 'telegram_with_phone_request': {
        const chat = await repo.findMessengerChat(user.id, 'telegram');
        return chat ? { channel: 'telegram', recipient: chat.chat_id } : null;
      }
    }
  };

  const sendEmailConfirmation = async (user: UserRow): Promise<void> => {
    if (!user.email) return;
    const token = await codes.issueToken({
      purpose: CODE_PURPOSE.emailConfirm,
      target: user.email,
      userId: user.id,
      ttlS: EMAIL_CONFIRM_TTL_S,
    });
    const t = messagesFor(user.language, brandName);
    await delivery.send({
      channel: 'email',
      recipient: user.email,
      subject: t.emailConfirmSubject,
      body: t.emailConfirm(link('email-confirm', token)),
    });
  };

  /**
   * Marks the phone confirmed, with its domain event in the same transaction (the user's open tabs
   * hear crm_user_phone_was_confirmed). `actor`: the user's own code, else the system (a messenger
   * webhook confirmed it), so the tab waiting for a messenger hears it.
   */
  const markPhoneConfirmed = async (userId: number, actor: DomainActor = SYSTEM_ACTOR): Promise<void> => {
    await repo.transaction(async (r) => {
      await r.updateUser(userId, { is_phone_confirm: true });
      await r.expireUserCodes([CODE_PURPOSE.phoneConfirm], userId);
      await r.record({
        type: 'user.phone_confirmed',
        aggregateId: userId,
        organizerId: null,
        actor,
        payload: { user_id: userId },
      });
    });
  };

  /** The checks every phone-code send shares; answers the user. */
  const phoneSendPreconditions = (user: UserRow): void => {
    if (user.blocked_at) throw fieldError('code_sender', 'code_send_failed');
    if (!user.phone) throw fieldError('code_sender', 'phone_not_set');
    if (user.is_phone_confirm) throw fieldError('code_sender', 'phone_already_confirmed');
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

  const offeredMethods = (user: UserRow): VerificationMethodType[] =>
    config.VERIFICATION_METHODS.filter((m) => m !== 'email' || !!user.email);

  return {
    markPhoneConfirmed,

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

    emailConfirmationRequest: async (ctx: ServiceContext): Promise<{ success: boolean }> => {
      const user = await requireUser(ctx.userId);
      if (!user.email) throw fieldError('email', 'email_not_set');
      if (user.is_email_confirm) return { success: true };
      await limits.enforce(ctx, [[G.codeSendIp, ctx.ip]]);
      const left = await sendCooldown.take(`email-confirm:${user.id}`);
      if (left > 0) throw tooSoon('email', left);
      await limits.hit([[G.codeSendIp, ctx.ip]]);
      await sendEmailConfirmation(user);
      return { success: true };
    },

    /** The link's token must be this user's and for the e-mail the account has now. */
    confirmEmail: async (userId: number, token: string): Promise<User> => {
      const user = await requireUser(userId);
      const row = await codes.findToken(CODE_PURPOSE.emailConfirm, token);
      if (
        !row ||
        row.user_id !== userId ||
        row.target !== user.email ||
        !(await codes.consumeToken(CODE_PURPOSE.emailConfirm, token))
      )
        throw fieldError('token', 'invalid_link');
      return auth.toUserDto((await repo.updateUser(userId, { is_email_confirm: true }))!);
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

    updateProfile: async (
      userId: number,
      body: { first_name?: string | null; last_name?: string | null; timezone?: string | null },
    ): Promise<User> => {
      const patch: Partial<UserRow> = {};
      if (body.first_name !== undefined) patch.first_name = body.first_name || null;
      if (body.last_name !== undefined) patch.last_name = body.last_name || null;
      if (body.timezone !== undefined) patch.timezone = body.timezone || null;
      const user = Object.keys(patch).length ? await repo.updateUser(userId, patch) : await repo.findUserById(userId);
      if (!user) throw new AppError('unauthorized');
      return auth.toUserDto(user);
    },

    updateProfilePhoto: async (userId: number, avatarId: number | null): Promise<User> => {
      if (avatarId !== null && !(await repo.findUserImage(avatarId, userId))) throw AppError.notFound('file_not_found');
      return auth.toUserDto(
        (await repo.updateUser(userId, { avatar_file_id: avatarId })) ?? (await requireUser(userId)),
      );
    },

    setSettings: async (
      userId: number,
      patch: { language?: Language; currency?: Currency; country?: string },
    ): Promise<User> => {
      const user = await repo.updateUser(userId, patch);
      if (!user) throw new AppError('unauthorized');
      return auth.toUserDto(user);
    },

    setActivity: async (userId: number): Promise<{ success: boolean }> => {
      await repo.touchActivity(userId);
      return { success: true };
    },

    /**
     * Needs the current password (a stolen access token alone must not move the account to an
     * address password recovery would then mail); an account without one sets a password first.
     * The new address is unconfirmed until its link is opened; the old one is told.
     */
    changeEmail: async (
      ctx: ServiceContext,
      body: { email: string; password?: string },
    ): Promise<{ email: string }> => {
      const { userId } = ctx;
      const address = body.email.trim().toLowerCase();
      const user = await requireUser(userId);
      if (!user.password_hash) throw fieldError('password', 'set_password_first');
      if (!body.password) throw fieldError('password', 'required');
      const key = `user:${userId}`;
      await limits.enforce(ctx, [[G.accountFailures, key]]);
      if (!(await verifyPassword(user.password_hash, body.password))) {
        await limits.hit([[G.accountFailures, key]]);
        throw fieldError('password', 'wrong_password');
      }
      if (user.email === address) return { email: address };
      await assertUnique(address, null, userId);
      let updated: UserRow | undefined;
      try {
        updated = await repo.updateUser(userId, { email: address, is_email_confirm: false });
      } catch (e) {
        if (isUniqueViolation(e)) await assertUnique(address, null, userId);
        throw e;
      }
      await sendEmailConfirmation(updated!).catch((err: unknown) =>
        ctx.log.warn({ err }, 'e-mail confirmation not sent'),
      );
      if (user.email) {
        const t = messagesFor(user.language, brandName);
        await delivery
          .send({
            channel: 'email',
            recipient: user.email,
            subject: t.emailChangedSubject,
            body: t.emailChanged(address),
          })
          .catch((err: unknown) => ctx.log.warn({ err }, 'e-mail change notice not sent'));
      }
      return { email: address };
    },

    /** The current password is needed when one is set; every other session ends. */
    changePassword: async (
      ctx: ServiceContext,
      familyId: number | null,
      body: { password?: string; new_password: string },
    ) => {
      const { userId } = ctx;
      const user = await requireUser(userId);
      if (user.password_hash) {
        if (!body.password) throw fieldError('password', 'required');
        const key = `user:${userId}`;
        await limits.enforce(ctx, [[G.accountFailures, key]]);
        if (!(await verifyPassword(user.password_hash, body.password))) {
          await limits.hit([[G.accountFailures, key]]);
          throw fieldError('password', 'wrong_password');
        }
      }
      const passwordHash = await hashPassword(body.new_password);
      await repo.transaction(async (tx) => {
        await tx.updateUser(userId, { password_hash: passwordHash });
        await tx.expireUserCodes([CODE_PURPOSE.passwordReset, CODE_PURPOSE.oneTimeLogin], userId);
        await auth.revokeOtherSessions(userId, familyId, 'password_change', tx);
      });
      // A token from before session claims has no family: it gets a new one so it outlives the revocation.
      return auth.issueAccess(userId, familyId ?? (await repo.createFamily(userId, ctx.userAgent, ctx.ip)));
    },

    /** SPEC §8: a wrong password is `{ success: false }`, which the web shows as its generic error. */
    changePhone: async (
      ctx: ServiceContext,
      body: { phone: string; password: string },
    ): Promise<{ success: boolean }> => {
      const { userId } = ctx;
      const user = await requireUser(userId);
      const key = `user:${userId}`;
      await limits.enforce(ctx, [[G.accountFailures, key]]);
      if (!(await verifyPassword(user.password_hash, body.password))) {
        await limits.hit([[G.accountFailures, key]]);
        return { success: false };
      }
      const phone = normalizePhone(body.phone);
      if (phone === user.phone) return { success: true };
      await assertUnique(null, phone, userId);
      try {
        await repo.updateUser(userId, { phone, is_phone_confirm: false });
      } catch (e) {
        if (isUniqueViolation(e)) await assertUnique(null, phone, userId);
        throw e;
      }
      await repo.expireUserCodes([CODE_PURPOSE.phoneConfirm], userId);
      return { success: true };
    },

    phoneConfirmationMethods: async (ctx: ServiceContext): Promise<PhoneConfirmationMethods> => {
      const { userId } = ctx;
      const user = await requireUser(userId);
      const isBot = await limits.isSuspicious([
        [G.codeSendIp, ctx.ip],
        [G.signInIp, ctx.ip],
      ]);
      const types = offeredMethods(user).filter((m) => !isBot || !PAID_METHODS.includes(m));
      const isSubscribed = !!(await repo.findMessengerChat(userId, 'telegram'));
      const fallbackDefault = types[0];
      const chosen = types.includes(user.default_verify_method as VerificationMethodType)
        ? user.default_verify_method
        : fallbackDefault;
      // The manual WhatsApp flow: the word to send and the number to send it to (README).
      const manual =
        config.whatsappManual && user.phone
          ? { target: whatsappManualWord(codes, user.id, user.phone), manual_number: config.whatsappManual.number }
          : null;
      return {
        verification_methods: types.map((type) => ({
          type,
          is_default: type === chosen,
          target: type === 'whatsapp' && manual ? manual.target : null,
          manual_number: type === 'whatsapp' && manual ? manual.manual_number : null,
          is_subscribed: TELEGRAM_METHODS.includes(type) ? isSubscribed : false,
        })),
        is_bot: isBot,
      };
    },

    sendConfirmationCode: async (
      ctx: ServiceContext,
      method: VerificationMethodType,
    ): Promise<{ success: boolean }> => {
      const { userId } = ctx;
      const user = await requireUser(userId);
      phoneSendPreconditions(user);
      if (!offeredMethods(user).includes(method)) throw fieldError('code_sender', 'method_unavailable');
      if (method === 'whatsapp' && config.whatsappManual) {
        // The manual flow sends nothing: the user messages the word (target) to the business
        // number and the webhook confirms. The answer lets the dialog show the word.
        if (user.default_verify_method !== method) await repo.updateUser(userId, { default_verify_method: method });
        return { success: true };
      }
      const address = await addressFor(user, method);
      if (!address)
        throw fieldError('code_sender', TELEGRAM_METHODS.includes(method) ? 'subscribe_first' : 'method_unavailable');
      const pairs: [Guard, string][] = [
        [G.codeSendIp, ctx.ip],
        [G.codeSendTarget, userTarget(userId)],
      ];
      await limits.enforce(ctx, pairs);
      const left = await sendCooldown.take(`phone:${userId}`);
      if (left > 0) throw tooSoon('code_sender', left);
      await limits.hit(pairs);
      // SPEC §4: choosing another method makes it the default.
      if (user.default_verify_method !== method) await repo.updateUser(userId, { default_verify_method: method });
      const t = messagesFor(user.language, brandName);
      if (method === 'telegram_with_phone_request') {
        // No code: the bot asks for the contact; the webhook confirms the phone when it matches.
        await delivery.send({
          ...address,
          body: t.sharePhone,
          meta: {
            reply_markup: {
              keyboard: [[{ text: t.sharePhoneButton, request_contact: true }]],
              one_time_keyboard: true,
              resize_keyboard: true,
            },
          },
        });
        return { success: true };
      }
      const code = await codes.issueDigits({
        purpose: CODE_PURPOSE.phoneConfirm,
        target: userTarget(userId),
        userId,
        method,
      });
      await delivery.send({ ...address, subject: t.phoneSubject, body: t.phoneCode(code) });
      return { success: true };
    },

    confirmPhone: async (ctx: ServiceContext, code: string): Promise<{ success: boolean }> => {
      const { userId } = ctx;
      const key = `user:${userId}`;
      await limits.enforce(ctx, [[G.accountFailures, key]]);
      const row = await codes.verifyDigits({ purpose: CODE_PURPOSE.phoneConfirm, target: userTarget(userId), code });
      if (!row) {
        await limits.hit([[G.accountFailures, key]]);
        throw fieldError('code', 'invalid_code');
      }
      await markPhoneConfirmed(userId, userActor(userId));
      return { success: true };
    },

    /** Flash call to the user's phone: the last digits of the calling number are a phone_confirm code. */
    startPhoneCall: async (ctx: ServiceContext): Promise<PhoneCallStarted> => {
      const { userId } = ctx;
      const user = await requireUser(userId);
      phoneSendPreconditions(user);
      const pairs: [Guard, string][] = [
        [G.codeSendIp, ctx.ip],
        [G.codeSendTarget, userTarget(userId)],
      ];
      await limits.enforce(ctx, pairs);
      const left = await sendCooldown.take(`phone:${userId}`);
      if (left > 0) throw tooSoon('code_sender', left);
      await limits.hit(pairs);
      const code = await codes.issueDigits({
        purpose: CODE_PURPOSE.phoneConfirm,
        target: userTarget(userId),
        userId,
        method: 'call',
        length: PHONE_CALL_CODE_LENGTH,
      });
      await delivery.send({
        channel: 'call',
        recipient: user.phone!,
        body: messagesFor(user.language, brandName).flashCall,
        meta: { code, code_length: PHONE_CALL_CODE_LENGTH },
      });
      return { success: true, code_length: PHONE_CALL_CODE_LENGTH, resend_in: RESEND_CODE_COUNTDOWN_S };
    },

    /** Whether the call flow can confirm the user's phone now, and the countdown it shows. */
    webCallData: async (ctx: ServiceContext): Promise<WebCallData> => {
      const user = await requireUser(ctx.userId);
      return {
        is_available: !!user.phone && !user.is_phone_confirm && !user.blocked_at,
        phone: user.phone,
        code_length: PHONE_CALL_CODE_LENGTH,
        countdown: RESEND_CODE_COUNTDOWN_S,
        resend_in: await sendCooldown.remaining(`phone:${user.id}`),
      };
    },
  };
};
export type AccountService = ReturnType<typeof createAccountService>;

/** The user's open tabs hear their phone was confirmed (SPEC §4; the phone dialog closes). */
export const accountRealtime: RealtimeHandlers = {
  'user.phone_confirmed': (event, _tx, tell) =>
    tell(userChannel(event.payload.user_id), 'crm_user_phone_was_confirmed', { user_id: event.payload.user_id }),
};
