import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requests } from '../../db/schema/index';
import { invoiceQueries } from './invoice.repository';
import type { PaymentService } from './payment.service';

/** What a canceled request's refund came to: refunded now, and what is left to refund by hand. */
export interface RefundOwedResult {
  /** asked of the provider now (succeeded or pending), minor units */
  refunded_minor: number;
  /** owed but not refundable through a provider (e.g. paid by hand, or the provider refused), minor units */
  left_minor: number;
}

/**
 * Refunds a canceled request what it is owed (issue 29, a departure's cancel): what was paid less
 * what it keeps (penalty_minor) less the refunds already asked, through the payment refund path
 * (each succeeded payment, newest first, by its provider). Asking again refunds nothing twice:
 * what was refunded is no longer paid, a pending refund counts as asked.
 */
export const createRefundOwed =
  (deps: { db: Db; refund: PaymentService['refund'] }) =>
  async (requestId: number): Promise<RefundOwedResult> => {
    const q = invoiceQueries(deps.db);
    const [money] = await deps.db
      .select({ paid_minor: requests.paid_minor, penalty_minor: requests.penalty_minor })
      .from(requests)
      .where(eq(requests.id, requestId));
    if (!money) return { refunded_minor: 0, left_minor: 0 };
    const invoiceIds = (await q.invoicesOfRequest(requestId)).map((i) => i.id);
    const rows = (await q.paymentsOf(invoiceIds)).reverse();
    const pendingOf = new Map<number, number>();
    for (const p of rows) {
      const asked = await q.refundsOf(p.id);
      pendingOf.set(
        p.id,
        asked.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount_minor, 0),
      );
    }
    const pending = [...pendingOf.values()].reduce((a, b) => a + b, 0);
    let owed = Math.max(0, money.paid_minor - (money.penalty_minor ?? 0) - pending);
    let refunded = 0;
    for (const p of rows) {
      if (owed <= 0) break;
      if (p.status !== 'succeeded' || !p.provider_payment_id) continue;
      const left = p.amount_minor - p.refunded_minor - (pendingOf.get(p.id) ?? 0);
      const amount = Math.min(left, owed);
      if (amount <= 0) continue;
      await deps.refund(p, amount);
      refunded += amount;
      owed -= amount;
    }
    return { refunded_minor: refunded, left_minor: owed };
  };
export type RefundOwed = ReturnType<typeof createRefundOwed>;
