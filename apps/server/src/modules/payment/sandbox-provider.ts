import crypto from 'node:crypto';
import type { CreatePaymentInput, PaymentProvider, ProviderPayment, ProviderRefund } from './payment-provider';

/** The sandbox's one shop: every payment goes to it. */
const SANDBOX_SHOP = 'sandbox';

interface SandboxPayment extends ProviderPayment {
  capturedMinor: number;
  refundedMinor: number;
}

/**
 * The built-in sandbox: a test double of a bank that lives in the server process, so `npm start`
 * takes a payment end to end without any account. Its payments are confirmed on the invoice's
 * own page (/pay/<token>), whose Pay and Fail buttons play the payer at the bank (`decide`);
 * what the page then tells the server goes through the same notification path as a real
 * provider's (read back with `get` before anything changes). Card payments confirm by redirect,
 * SBP ones by a QR code. Kept in memory: a payment started before a restart is forgotten by the
 * bank (its row stays pending; a new attempt on the page makes a new one).
 */
export const createSandboxProvider = (): PaymentProvider & {
  /** the payer at the bank: pays (authorised or taken, as create asked) or gives up */
  decide: (paymentId: string, outcome: 'pay' | 'fail') => ProviderPayment | null;
} => {
  const payments = new Map<string, SandboxPayment & { capture: boolean }>();
  const byKey = new Map<string, string>();
  const refunds = new Map<string, ProviderRefund>();
  const refundsByKey = new Map<string, string>();
  const id = (prefix: string): string => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
  const view = (p: SandboxPayment): ProviderPayment => ({
    id: p.id,
    status: p.status,
    amountMinor: p.amountMinor,
    currency: p.currency,
    confirmation: p.confirmation,
    metadata: { ...p.metadata },
    recipient: SANDBOX_SHOP,
  });
  const must = (paymentId: string) => {
    const p = payments.get(paymentId);
    if (!p) throw new Error(`sandbox: no payment ${paymentId}`);
    return p;
  };
  return {
    name: 'sandbox',
    recipient: SANDBOX_SHOP,
    create: async (input: CreatePaymentInput) => {
      const known = byKey.get(input.idempotencyKey);
      if (known) return view(must(known));
      const paymentId = id('sbx');
      const p = {
        id: paymentId,
        status: 'pending' as const,
        amountMinor: input.amountMinor,
        currency: input.currency,
        confirmation:
          input.method === 'sbp'
            ? {
                type: 'qr' as const,
                data: `sandbox-sbp://pay/${paymentId}?sum=${input.amountMinor}&cur=${input.currency}`,
              }
            : { type: 'redirect' as const, url: input.returnUrl },
        metadata: { ...input.metadata },
        recipient: SANDBOX_SHOP,
        capturedMinor: 0,
        refundedMinor: 0,
        capture: input.capture,
      };
      payments.set(paymentId, p);
      byKey.set(input.idempotencyKey, paymentId);
      return view(p);
    },
    get: async (paymentId) => {
      const p = payments.get(paymentId);
      return p ? view(p) : null;
    },
    capture: async (paymentId, _key, amountMinor) => {
      const p = must(paymentId);
      if (p.status === 'waiting_for_capture') {
        p.capturedMinor = Math.min(amountMinor ?? p.amountMinor, p.amountMinor);
        p.amountMinor = p.capturedMinor;
        p.status = 'succeeded';
      }
      return view(p);
    },
    cancel: async (paymentId) => {
      const p = must(paymentId);
      if (p.status === 'pending' || p.status === 'waiting_for_capture') p.status = 'canceled';
      return view(p);
    },
    refund: async ({ paymentId, amountMinor, currency, idempotencyKey }) => {
      const known = refundsByKey.get(idempotencyKey);
      if (known) return { ...refunds.get(known)! };
      const p = must(paymentId);
      const refundable = p.status === 'succeeded' ? p.capturedMinor - p.refundedMinor : 0;
      const r: ProviderRefund = {
        id: id('sbxr'),
        paymentId,
        status: amountMinor > 0 && amountMinor <= refundable ? 'succeeded' : 'canceled',
        amountMinor,
        currency,
      };
      if (r.status === 'succeeded') p.refundedMinor += amountMinor;
      refunds.set(r.id, r);
      refundsByKey.set(idempotencyKey, r.id);
      return { ...r };
    },
    getRefund: async (refundId) => {
      const r = refunds.get(refundId);
      return r ? { ...r } : null;
    },
    decide: (paymentId, outcome) => {
      const p = payments.get(paymentId);
      if (!p) return null;
      if (p.status === 'pending') {
        if (outcome === 'fail') p.status = 'canceled';
        else if (p.capture) {
          p.status = 'succeeded';
          p.capturedMinor = p.amountMinor;
        } else p.status = 'waiting_for_capture';
      }
      return view(p);
    },
  };
};
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
