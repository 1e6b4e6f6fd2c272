import {
  userActor,
  type DepartureCancelItem,
  type DepartureCancelPreview,
  type DepartureCancelResponse,
  type DepartureCancelResult,
  type DepartureRefundRule,
} from '@tourdesk/contract';
import type { ServiceContext } from '../../lib/context';
import { recordEvent } from '../../lib/domain-events';
import { toMajor, toMinor } from '../../lib/money';
import type { Tenancy } from '../../lib/tenancy';
import type { PaymentServices } from '../payment/index';
import type { RequestService } from '../request/index';
import { errorCodeOf, writableDeparture } from './departure-access';
import type { DepartureCancelRepository, DepartureRequest } from './departure-cancel.repository';
import type { DepartureDates } from './departure-plan.repository';

/**
 * Canceling a whole departure (issue 29; weather, too few travellers). The preview shows each live
 * request with what the chosen rule refunds; the cancel closes the departure for sale (canceled_at:
 * the site, the checkout and every seat take refuse it), then cancels each live request by the
 * author through the request module (its seats back, its invoices canceled, the traveller told
 * with the refund) and refunds what it is owed through the payment module — each request in its
 * own transaction, one failing never undoing the others (each reported). A repeat cancels nothing
 * twice and asks again only the refunds still owed of the requests canceled with the departure.
 */
export const createDepartureCancelService = (deps: {
  repo: DepartureCancelRepository;
  tenancy: Tenancy;
  departure: (organizerId: number, tourDateId: number) => Promise<DepartureDates | undefined>;
  requests: Pick<RequestService, 'cancelForDeparture' | 'cancelQuoteOf'>;
  refundOwed: PaymentServices['refundOwed'];
}) => {
  const { repo, requests } = deps;

  /** What the request keeps under the rule, minor units: nothing, the terms' penalty, or all paid. */
  const keptMinor = async (r: DepartureRequest, rule: DepartureRefundRule, now: Date): Promise<number> => {
    if (rule === 'full') return 0;
    if (rule === 'none') return r.paid_minor;
    return Math.min(r.paid_minor, toMinor((await requests.cancelQuoteOf(r.id, now)).penalty_amount));
  };

  const record = (tx: Parameters<typeof recordEvent>[0], ctx: ServiceContext, organizerId: number, id: number) =>
    recordEvent(tx, {
      type: 'departure.changed',
      aggregateId: id,
      organizerId,
      actor: userActor(ctx.userId),
      payload: { tour_date_id: id, change: 'canceled' },
    });

  return {
    preview: async (
      ctx: ServiceContext,
      organizerId: number,
      tourDateId: number,
      rule: DepartureRefundRule,
      now = new Date(),
    ): Promise<DepartureCancelPreview> => {
      const d = await writableDeparture(deps, ctx, organizerId, tourDateId);
      const items: DepartureCancelItem[] = [];
      for (const r of await repo.liveRequests(d.id)) {
        const kept = await keptMinor(r, rule, now);
        items.push({
          request_id: r.id,
          customer_name: r.customer_name,
          status: r.status,
          seats: r.seats,
          currency: r.currency,
          paid: toMajor(r.paid_minor),
          penalty: toMajor(kept),
          refund: toMajor(r.paid_minor - kept),
        });
      }
      const canceledAt = await repo.canceledAt(d.id);
      return { tour_date_id: d.id, rule, canceled_at: canceledAt?.toISOString() ?? null, items };
    },

    cancel: async (
      ctx: ServiceContext,
      input: { organizerId: number; tourDateId: number; rule: DepartureRefundRule; message: string },
      now = new Date(),
    ): Promise<DepartureCancelResponse> => {
      const d = await writableDeparture(deps, ctx, input.organizerId, input.tourDateId);
      // closed for sale first: no one books it while its requests are being canceled
      const marked = await repo.transaction(async (q, tx) => {
        const first = await q.markCanceled(d.id);
        if (first) await record(tx, ctx, input.organizerId, d.id);
        return first;
      });
      const canceledAt = (await repo.canceledAt(d.id))!;
      const items: DepartureCancelResult[] = [];
      const refund = async (r: DepartureRequest): Promise<DepartureCancelResult> => {
        const base = { request_id: r.id, customer_name: r.customer_name, currency: r.currency };
        try {
          const out = await deps.refundOwed(r.id);
          return {
            ...base,
            result: 'canceled',
            refunded: toMajor(out.refunded_minor),
            refund_left: toMajor(out.left_minor),
            error: null,
          };
        } catch (e) {
          ctx.log.warn({ err: e, request_id: r.id, tour_date_id: d.id }, 'departure cancel: refund failed');
          // still owed: a repeat of the cancel asks it again
          const left = Math.max(0, r.paid_minor - (r.penalty_minor ?? 0));
          return { ...base, result: 'canceled', refunded: 0, refund_left: toMajor(left), error: errorCodeOf(e) };
        }
      };
      let canceled = 0;
      for (const r of await repo.liveRequests(d.id)) {
        try {
          await requests.cancelForDeparture(
            r.id,
            { message: input.message, rule: input.rule, userId: ctx.userId },
            now,
          );
          canceled += 1;
        } catch (e) {
          ctx.log.warn({ err: e, request_id: r.id, tour_date_id: d.id }, 'departure cancel: request not canceled');
          items.push({
            request_id: r.id,
            customer_name: r.customer_name,
            currency: r.currency,
            result: 'failed',
            refunded: 0,
            refund_left: 0,
            error: errorCodeOf(e),
          });
        }
      }
      // the refunds of every request canceled with the departure: now's, and a repeat's still owed
      for (const r of await repo.canceledWith(d.id, canceledAt)) items.push(await refund(r));
      if (!marked && canceled > 0) await repo.transaction((_q, tx) => record(tx, ctx, input.organizerId, d.id));
      items.sort((a, b) => a.request_id - b.request_id);
      return { tour_date_id: d.id, canceled_at: canceledAt.toISOString(), items };
    },
  };
};
export type DepartureCancelService = ReturnType<typeof createDepartureCancelService>;
