import type { Currency, Language, User } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { UserRow } from './auth.repository';
import { normalizePhone } from './auth.service';
import { fieldError, tooSoon, type AccountPartDeps } from './account-kit';
import { CODE_PURPOSE } from './codes';
import { messagesFor } from './messages';

/** The account's own settings: profile, e-mail (and its confirmation), password, phone number. */
export const createAccountProfile = (deps: AccountPartDeps) => {
  const { repo, auth, codes, delivery, limits, kit } = deps;
  const { G, sendCooldown, brandName, requireUser, assertUnique, sendEmailConfirmation } = kit;

  return {
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
  };
};
