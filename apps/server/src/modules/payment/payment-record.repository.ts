import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, paymentNotifications, paymentRefunds, payments } from '../../db/schema/index';
import type { PaymentRow, RefundRow } from './invoice.repository';

/** An invoice's payment attempts, their refunds, and the provider's notifications already applied. */
export const paymentRecordQueries = (db: Db) => ({
  paymentsOf: async (invoiceIds: number[]): Promise<PaymentRow[]> =>
    invoiceIds.length
      ? db.select().from(payments).where(inArray(payments.invoice_id, invoiceIds)).orderBy(asc(payments.id))
      : [],

  payment: async (id: number): Promise<PaymentRow | null> =>
    (await db.select().from(payments).where(eq(payments.id, id)))[0] ?? null,

  paymentByKey: async (key: string): Promise<PaymentRow | null> =>
    (await db.select().from(payments).where(eq(payments.idempotency_key, key)))[0] ?? null,

  paymentByProviderId: async (provider: string, providerPaymentId: string): Promise<PaymentRow | null> =>
    (
      await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.provider_payment_id, providerPaymentId)))
    )[0] ?? null,

  /** A new pending attempt, or the one already made under the same key (a retried click). */
  insertPayment: async (values: typeof payments.$inferInsert): Promise<PaymentRow> => {
    await db.insert(payments).values(values).onConflictDoNothing({ target: payments.idempotency_key });
    return (await db.select().from(payments).where(eq(payments.idempotency_key, values.idempotency_key)))[0]!;
  },

  updatePayment: async (id: number, values: Partial<typeof payments.$inferInsert>): Promise<void> => {
    await db
      .update(payments)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(payments.id, id));
  },

  /** The refunds asked of a payment, oldest first. */
  refundsOf: async (paymentId: number): Promise<RefundRow[]> =>
    db.select().from(paymentRefunds).where(eq(paymentRefunds.payment_id, paymentId)).orderBy(asc(paymentRefunds.id)),

  /** Records a refund the provider answered (or its new status); one row per provider refund. */
  saveRefund: async (values: typeof paymentRefunds.$inferInsert): Promise<void> => {
    await db
      .insert(paymentRefunds)
      .values(values)
      .onConflictDoUpdate({
        target: [paymentRefunds.provider, paymentRefunds.provider_refund_id],
        set: { status: values.status, updated_at: sql`now()` },
      });
  },

  refundByProviderId: async (provider: string, providerRefundId: string): Promise<RefundRow | null> =>
    (
      await db
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.provider_refund_id, providerRefundId)))
    )[0] ?? null,

  /** Pending payments of a request's invoices (to ask the provider about). */
  pendingPaymentsOfRequest: async (requestId: number): Promise<PaymentRow[]> =>
    db
      .select({ p: payments })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoice_id))
      .where(and(eq(invoices.request_id, requestId), eq(payments.status, 'pending')))
      .then((rows) => rows.map((r) => r.p)),

  /**
   * Records that an event was applied; false when it already was (a replay). The caller's
   * transaction rolls the record back with everything else when it fails.
   */
  claimEvent: async (provider: string, eventKey: string): Promise<boolean> =>
    (
      await db
        .insert(paymentNotifications)
        .values({ provider, event_key: eventKey })
        .onConflictDoNothing()
        .returning({ key: paymentNotifications.event_key })
    ).length === 1,
});
