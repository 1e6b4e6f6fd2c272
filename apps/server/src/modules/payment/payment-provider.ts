import type { PaymentMethod } from '@tourdesk/contract';

/**
 * One interface for every payment provider (the built-in sandbox, YooKassa): create a payment
 * under an idempotency key (a retried create makes no second payment), confirm it by redirect or
 * QR, capture at once or authorise and capture later, cancel an authorised one, refund all or
 * part, and read a payment or refund back (a notification is only a hint to read it; a late
 * notification is replaced by reading it). Several payments per request (deposit and balance)
 * are several payments of several invoices. Amounts are integers in minor units.
 */
export type ProviderName = 'sandbox' | 'yookassa';

/** As the provider reports it: waiting_for_capture is authorised, not yet taken. */
export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type ProviderRefundStatus = 'pending' | 'succeeded' | 'canceled';

export type Confirmation =
  /** send the payer to `url` (the provider's page) */
  | { type: 'redirect'; url: string }
  /** show `data` as a QR code the payer scans with a banking app (SBP) */
  | { type: 'qr'; data: string };

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountMinor: number;
  currency: string;
  confirmation: Confirmation | null;
  /** what create was told to carry (our payment row's id, invoice id) */
  metadata: Record<string, string>;
  /** the shop (account) the money went to, as the provider reports it; null when it says none */
  recipient: string | null;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: ProviderRefundStatus;
  amountMinor: number;
  currency: string;
}

export interface CreatePaymentInput {
  idempotencyKey: string;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  description: string;
  /** where the provider's page sends the payer back */
  returnUrl: string;
  /** true: take the money at once; false: authorise only, capture() takes it */
  capture: boolean;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** our shop at the provider: a payment whose recipient is another is not ours to credit */
  readonly recipient: string;
  create(input: CreatePaymentInput): Promise<ProviderPayment>;
  get(paymentId: string): Promise<ProviderPayment | null>;
  /** takes an authorised payment (all of it, or `amountMinor` of it) */
  capture(paymentId: string, idempotencyKey: string, amountMinor?: number): Promise<ProviderPayment>;
  /** releases an authorised (or still pending) payment */
  cancel(paymentId: string, idempotencyKey: string): Promise<ProviderPayment>;
  refund(input: {
    paymentId: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
  getRefund(refundId: string): Promise<ProviderRefund | null>;
}

/** The provider did not answer, or answered what cannot be used: try again later (503). */
export class ProviderUnavailableError extends Error {}

/** 12345 → '123.45' (the providers' decimal strings). */
export const minorToDecimal = (minor: number): string => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** '123.45' → 12345; null when it is no amount. Exact: no float arithmetic on the digits. */
export const decimalToMinor = (value: unknown): number | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};
