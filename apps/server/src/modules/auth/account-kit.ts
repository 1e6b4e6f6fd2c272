import { RESEND_CODE_COUNTDOWN_S, coded, getBrand, type VerificationMethodType } from '@tourdesk/contract';
import type { Config } from '../../config';
import { AppError, type FieldMessages, type MessageRef } from '../../lib/app-error';
import { createAnswerFloor } from '../../lib/answer-floor';
import type { Delivery, OutgoingMessage } from '../../lib/transports/index';
import type { Limits } from '../../plugins/rate-limit';
import type { AuthRepository, UserRow } from './auth.repository';
import type { AuthService } from './auth.service';
import { CODE_PURPOSE, EMAIL_CONFIRM_TTL_S, type Codes } from './codes';
import { messagesFor } from './messages';

/** Methods that cost money per message: hidden from a client the security system flags (is_bot). */
export const PAID_METHODS: readonly VerificationMethodType[] = ['sms', 'whatsapp_paid', 'vk_via_sms_service'];
export const TELEGRAM_METHODS: readonly VerificationMethodType[] = ['telegram', 'telegram_with_phone_request'];

export const fieldError = (field: string, message: MessageRef): AppError =>
  AppError.validation({ [field]: [message] }, message);
export const tooSoon = (field: string, seconds: number): AppError =>
  fieldError(field, coded('resend_too_soon', { seconds }));

export interface AccountDeps {
  repo: AuthRepository;
  auth: AuthService;
  codes: Codes;
  delivery: Delivery;
  limits: Limits;
  config: Config;
}

/**
 * What the account's parts (sign-in, profile, phone) share: the limits' guards, one send countdown
 * and one answer floor (both keep state, so the parts must share the same ones), the lookups and
 * the e-mail confirmation.
 */
export const createAccountKit = (deps: AccountDeps) => {
  const { repo, codes, delivery, limits, config } = deps;
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

  return {
    G,
    sendCooldown,
    brandName,
    sameTimeForAnyAccount,
    link,
    userTarget,
    requireUser,
    assertUnique,
    addressFor,
    sendEmailConfirmation,
  };
};
export type AccountKit = ReturnType<typeof createAccountKit>;

/** What each part of the account service is made of. */
export type AccountPartDeps = AccountDeps & { kit: AccountKit };
