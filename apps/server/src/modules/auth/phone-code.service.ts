import {
  PHONE_CALL_CODE_LENGTH,
  RESEND_CODE_COUNTDOWN_S,
  coded,
  isInternationalPhone,
  type PhoneCallStarted,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { Delivery } from '../../lib/transports/index';
import type { Limits } from '../../plugins/rate-limit';
import { normalizePhone } from './auth.service';
import { CODE_PURPOSE, type Codes } from './codes';
import { messagesFor } from './messages';
import type { PhoneCodeRepository } from './phone-code.repository';

/** The organizer's contact phone from its profile (profile.contacts.phone). */
const contactPhone = (profile: Record<string, unknown>): string | null => {
  const contacts = profile.contacts as { phone?: unknown } | undefined;
  return typeof contacts?.phone === 'string' && isInternationalPhone(contacts.phone)
    ? normalizePhone(contacts.phone)
    : null;
};

/**
 * Flash-call verification of an organizer's contact phone (design, README): without `code` the
 * phone is rung, with `code` the digits are checked. Membership is checked first: another
 * tenant's organizer is 404, as if it did not exist.
 */
export const createPhoneCodeService = (deps: {
  repo: PhoneCodeRepository;
  tenancy: Tenancy;
  codes: Codes;
  delivery: Delivery;
  limits: Limits;
  /** the brand being served (BRAND_ID), named in the messages */
  brandName: string;
}) => {
  const { repo, tenancy, codes, delivery, limits } = deps;
  const G = limits.guards;
  const cooldown = limits.cooldown('organizer-call', RESEND_CODE_COUNTDOWN_S);

  return {
    organizer: async (
      ctx: ServiceContext,
      body: { organizer_id: number; code?: string },
    ): Promise<PhoneCallStarted> => {
      const organizer = (await tenancy.reaches(ctx.userId, body.organizer_id, 'organizer.write'))
        ? await repo.findOrganizer(body.organizer_id)
        : undefined;
      if (!organizer) throw AppError.notFound();
      const target = `organizer:${organizer.id}`;
      const base = { code_length: PHONE_CALL_CODE_LENGTH, resend_in: 0 };
      if (body.code !== undefined) {
        const key = `organizer:${organizer.id}`;
        await limits.enforce(ctx, [[G.accountFailures, key]]);
        if (!(await codes.verifyDigits({ purpose: CODE_PURPOSE.organizerPhone, target, code: body.code }))) {
          await limits.hit([[G.accountFailures, key]]);
          throw AppError.validation({ code: ['invalid_code'] }, 'invalid_code');
        }
        return { success: true, ...base };
      }
      const phone = contactPhone(organizer.profile);
      if (!phone) throw AppError.validation({ phone: ['phone_not_set'] }, 'phone_not_set');
      const pairs: [typeof G.codeSendIp, string][] = [[G.codeSendIp, ctx.ip]];
      await limits.enforce(ctx, pairs);
      const left = await cooldown.take(target);
      if (left > 0) {
        const message = coded('resend_too_soon', { seconds: left });
        throw AppError.validation({ code_sender: [message] }, message);
      }
      await limits.hit(pairs);
      const code = await codes.issueDigits({
        purpose: CODE_PURPOSE.organizerPhone,
        target,
        userId: ctx.userId,
        method: 'call',
        length: PHONE_CALL_CODE_LENGTH,
      });
      await delivery.send({
        channel: 'call',
        recipient: phone,
        body: messagesFor(ctx.lang, deps.brandName).flashCall,
        meta: { code, code_length: PHONE_CALL_CODE_LENGTH, organizer_id: organizer.id },
      });
      return { success: true, ...base, resend_in: RESEND_CODE_COUNTDOWN_S };
    },
  };
};
export type PhoneCodeService = ReturnType<typeof createPhoneCodeService>;
