import { coded, type PromoCode, type PromoCodeInput } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError, type FieldMessages } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Tenancy } from '../../lib/tenancy';
import type { PromoCodeRepository, PromoCodeRow } from './promo-code.repository';

/** A promo code as a booking applies it. */
export interface AppliedPromo {
  promo_code_id: number;
  code: string;
  value: number;
  value_type: 'currency' | 'percent';
  is_combinable: boolean;
}

const toPromoCode = (r: PromoCodeRow): PromoCode => ({
  id: r.id,
  organizer_id: r.organizer_id,
  code: r.code,
  value_type: r.value_type as PromoCode['value_type'],
  value: Number(r.value),
  valid_from: r.valid_from,
  valid_to: r.valid_to,
  tour_ids: r.tour_ids,
  uses_total: r.uses_total,
  uses_per_email: r.uses_per_email,
  is_combinable: r.is_combinable,
  uses_count: r.uses_count,
});

const notFound = (): AppError => AppError.notFound('promo_code_not_found');

/** Where a code is used: the organizer, the tour, who books, the organizer's calendar day. */
interface PromoAt {
  organizerId: number;
  tourId: number;
  email: string;
  today: string;
}
type PromoRefusal =
  | 'promo_code_unknown'
  | 'promo_code_expired'
  | 'promo_code_other_tour'
  | 'promo_code_used_up'
  | 'promo_code_used_by_email';

/** An organizer's promo codes (issue 26): kept by its members, used by its bookings. */
export const createPromoCodeService = (deps: { repo: PromoCodeRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;

  const check = async (organizerId: number, input: PromoCodeInput, usesCount = 0): Promise<void> => {
    const errors: FieldMessages = {};
    if (input.value_type === 'percent' && input.value > 100) errors.value = ['promo_percent_over_100'];
    if (input.valid_from && input.valid_to && input.valid_to < input.valid_from) errors.valid_to = ['end_before_start'];
    const tourIds = [...new Set(input.tour_ids)];
    if ((await repo.ownTours(organizerId, tourIds)) !== tourIds.length) errors.tour_ids = ['tour_unknown_item'];
    if (input.uses_total !== null && input.uses_total < usesCount)
      errors.uses_total = [coded('min_value', { min: usesCount })];
    if (Object.keys(errors).length) throw AppError.validation(errors);
  };
  const values = (input: PromoCodeInput) => ({
    ...input,
    code: input.code.toUpperCase(),
    value: input.value.toFixed(2),
    tour_ids: [...new Set(input.tour_ids)],
  });
  const taken = (e: unknown): never => {
    if (isUniqueViolation(e)) throw AppError.validation({ code: ['promo_code_taken'] });
    throw e;
  };
  const refuse = (field: string, c: PromoRefusal) => AppError.validation({ [field]: [c] });
  /** The code of the organizer, valid `today`, for the tour; else the refusal `use` gives. */
  const usable = async (tx: Db, at: PromoAt, code: string, field: string): Promise<PromoCodeRow> => {
    const row = await repo.byCode(tx, at.organizerId, code.trim());
    if (!row) throw refuse(field, 'promo_code_unknown');
    if ((row.valid_from && at.today < row.valid_from) || (row.valid_to && at.today > row.valid_to))
      throw refuse(field, 'promo_code_expired');
    if (row.tour_ids.length > 0 && !row.tour_ids.includes(at.tourId)) throw refuse(field, 'promo_code_other_tour');
    return row;
  };
  const emailCheck = async (tx: Db, row: PromoCodeRow, rawEmail: string, requestId: number, field: string) => {
    const email = rawEmail.trim();
    if (
      row.uses_per_email !== null &&
      email &&
      (await repo.usesByEmail(tx, row.id, email, requestId)) >= row.uses_per_email
    )
      throw refuse(field, 'promo_code_used_by_email');
  };
  const applied = (row: PromoCodeRow): AppliedPromo => ({
    promo_code_id: row.id,
    code: row.code,
    value: Number(row.value),
    value_type: row.value_type as AppliedPromo['value_type'],
    is_combinable: row.is_combinable,
  });

  const own = async (ctx: ServiceContext, id: number): Promise<PromoCodeRow> => {
    const row = await repo.byId(id);
    if (!row || !(await tenancy.reaches(ctx.userId, row.organizer_id, 'tours.write'))) throw notFound();
    return row;
  };

  return {
    list: async (ctx: ServiceContext, organizerId: number): Promise<{ items: PromoCode[] }> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.read');
      return { items: (await repo.list(organizerId)).map(toPromoCode) };
    },
    create: async (ctx: ServiceContext, organizerId: number, input: PromoCodeInput): Promise<PromoCode> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.write');
      await check(organizerId, input);
      return toPromoCode(await repo.insert({ ...values(input), organizer_id: organizerId }).catch(taken));
    },
    update: async (ctx: ServiceContext, id: number, input: PromoCodeInput): Promise<PromoCode> => {
      const row = await own(ctx, id);
      await check(row.organizer_id, input, row.uses_count);
      const updated = await repo.update(id, values(input)).catch(taken);
      if (!updated) throw notFound();
      return toPromoCode(updated);
    },
    remove: async (ctx: ServiceContext, id: number): Promise<{ success: true }> => {
      await own(ctx, id);
      await repo.remove(id);
      return { success: true };
    },

    /**
     * Uses the organizer's code for a request, inside the caller's transaction: 422 on `field` when
     * there is no such code (another organizer's included), it is not valid `today`, not for the
     * tour, used up, or used up for the e-mail. The use is counted atomically (countUse) before the
     * e-mail's uses are read, so 20 concurrent last uses leave exactly one.
     */
    use: async (
      tx: Db,
      at: PromoAt & { requestId: number },
      code: string,
      field = 'promo_code',
    ): Promise<AppliedPromo> => {
      const row = await usable(tx, at, code, field);
      if (!(await repo.countUse(tx, row.id))) throw refuse(field, 'promo_code_used_up');
      await emailCheck(tx, row, at.email, at.requestId, field);
      await repo.insertUse(tx, {
        promo_code_id: row.id,
        request_id: at.requestId,
        email: at.email.trim().toLowerCase(),
      });
      return applied(row);
    },
    /**
     * The code as `use` would apply it, refused as `use` would refuse it, with nothing written: the
     * checkout's quote and hold (issue 27). The confirm's booking uses it for real.
     */
    peek: async (tx: Db, at: PromoAt, code: string, field = 'promo_code'): Promise<AppliedPromo> => {
      const row = await usable(tx, at, code, field);
      if (row.uses_total !== null && row.uses_count >= row.uses_total) throw refuse(field, 'promo_code_used_up');
      await emailCheck(tx, row, at.email, 0, field);
      return applied(row);
    },
    /** Before a booking gives its code back and uses another: both codes' rows locked in id order. */
    lockForSwap: async (tx: Db, organizerId: number, requestId: number, code: string | null): Promise<void> => {
      const next = code ? await repo.byCode(tx, organizerId, code.trim()) : null;
      const current = await repo.useOf(tx, requestId);
      await repo.lockRows(
        tx,
        [current, next?.id ?? null].filter((id): id is number => id !== null),
      );
    },
    /** Gives the request's use back to its code (the code removed from the booking). */
    release: (tx: Db, requestId: number): Promise<void> => repo.releaseUse(tx, requestId),
  };
};
export type PromoCodeService = ReturnType<typeof createPromoCodeService>;
