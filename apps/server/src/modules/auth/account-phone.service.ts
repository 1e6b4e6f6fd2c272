import {
  PHONE_CALL_CODE_LENGTH,
  RESEND_CODE_COUNTDOWN_S,
  SYSTEM_ACTOR,
  userActor,
  type DomainActor,
  type PhoneCallStarted,
  type PhoneConfirmationMethods,
  type VerificationMethodType,
  type WebCallData,
} from '@tourdesk/contract';
import type { ServiceContext } from '../../lib/context';
import type { Guard } from '../../plugins/rate-limit';
import type { UserRow } from './auth.repository';
import { PAID_METHODS, TELEGRAM_METHODS, fieldError, tooSoon, type AccountPartDeps } from './account-kit';
import { CODE_PURPOSE } from './codes';
import { messagesFor } from './messages';
import { whatsappManualWord } from './whatsapp-manual';

/** Confirming the account's phone: the methods offered, codes, flash calls, the messengers' confirmation. */
export const createAccountPhone = (deps: AccountPartDeps) => {
  const { repo, codes, delivery, limits, config, kit } = deps;
  const { G, sendCooldown, brandName, userTarget, requireUser, addressFor } = kit;

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

  /** The rate limits (per address and per user) and the resend countdown of every phone-code send. */
  const takePhoneSend = async (ctx: ServiceContext): Promise<void> => {
    const pairs: [Guard, string][] = [
      [G.codeSendIp, ctx.ip],
      [G.codeSendTarget, userTarget(ctx.userId)],
    ];
    await limits.enforce(ctx, pairs);
    const left = await sendCooldown.take(`phone:${ctx.userId}`);
    if (left > 0) throw tooSoon('code_sender', left);
    await limits.hit(pairs);
  };

  const offeredMethods = (user: UserRow): VerificationMethodType[] =>
    config.VERIFICATION_METHODS.filter((m) => m !== 'email' || !!user.email);
  return {
    markPhoneConfirmed,

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
      await takePhoneSend(ctx);
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
      await takePhoneSend(ctx);
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
