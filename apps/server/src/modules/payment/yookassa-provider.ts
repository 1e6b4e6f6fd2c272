import {
  decimalToMinor,
  minorToDecimal,
  ProviderUnavailableError,
  type Confirmation,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type ProviderRefundStatus,
} from './payment-provider';

/** How long one call to the YooKassa API may take. */
const TIMEOUT_MS = 10_000;

const PAYMENT_STATUSES: readonly ProviderPaymentStatus[] = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'];
const REFUND_STATUSES: readonly ProviderRefundStatus[] = ['pending', 'succeeded', 'canceled'];

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A YooKassa payment object → ours; throws when it is not one (an answer we cannot use). */
const paymentOf = (raw: unknown): ProviderPayment => {
  const o = obj(raw);
  const amount = obj(o.amount);
  const amountMinor = decimalToMinor(amount.value);
  const status = str(o.status) as ProviderPaymentStatus;
  if (!str(o.id) || amountMinor === null || !PAYMENT_STATUSES.includes(status))
    throw new ProviderUnavailableError('YooKassa answered something that is not a payment');
  const c = obj(o.confirmation);
  const confirmation: Confirmation | null =
    c.type === 'redirect' && str(c.confirmation_url)
      ? { type: 'redirect', url: str(c.confirmation_url) }
      : c.type === 'qr' && str(c.confirmation_data)
        ? { type: 'qr', data: str(c.confirmation_data) }
        : null;
  const metadata = Object.fromEntries(
    Object.entries(obj(o.metadata)).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const recipient = str(obj(o.recipient).account_id) || null;
  return { id: str(o.id), status, amountMinor, currency: str(amount.currency), confirmation, metadata, recipient };
};

const refundOf = (raw: unknown): ProviderRefund => {
  const o = obj(raw);
  const amount = obj(o.amount);
  const amountMinor = decimalToMinor(amount.value);
  const status = str(o.status) as ProviderRefundStatus;
  if (!str(o.id) || !str(o.payment_id) || amountMinor === null || !REFUND_STATUSES.includes(status))
    throw new ProviderUnavailableError('YooKassa answered something that is not a refund');
  return { id: str(o.id), paymentId: str(o.payment_id), status, amountMinor, currency: str(amount.currency) };
};

/**
 * YooKassa (API v3): Basic auth shopId:secretKey, an `Idempotence-Key` on every POST, amounts as
 * decimal strings. Card payments and SBP both confirm by redirect to YooKassa's page, which sends
 * the payer back to `returnUrl`. Its HTTP notifications are unsigned: the server reads every
 * object back through `get` / `getRefund` before anything changes (payment.service.ts).
 */
export const createYookassaProvider = (opts: {
  shopId: string;
  secretKey: string;
  apiUrl: string;
}): PaymentProvider => {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${opts.shopId}:${opts.secretKey}`).toString('base64')}`;

  /** One call; null for a 404 on a read. Network errors, time-outs and 5xx are ProviderUnavailableError. */
  const call = async (method: 'GET' | 'POST', path: string, body?: Json, idempotencyKey?: string): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotence-key': idempotencyKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderUnavailableError(
        `YooKassa did not answer: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const text = await res.text();
    if (method === 'GET' && res.status === 404) return null;
    if (!res.ok) {
      let description = text.slice(0, 300);
      try {
        description = str(obj(JSON.parse(text)).description) || description;
      } catch {
        // not JSON: the text itself
      }
      throw new ProviderUnavailableError(`YooKassa answered ${res.status} to ${method} ${path}: ${description}`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderUnavailableError(`YooKassa answered ${method} ${path} with no JSON`);
    }
  };
  const paymentPath = (id: string): string => `/v3/payments/${encodeURIComponent(id)}`;

  return {
    name: 'yookassa',
    recipient: opts.shopId,
    create: async (input: CreatePaymentInput) =>
      paymentOf(
        await call(
          'POST',
          '/v3/payments',
          {
            amount: { value: minorToDecimal(input.amountMinor), currency: input.currency },
            capture: input.capture,
            payment_method_data: { type: input.method === 'sbp' ? 'sbp' : 'bank_card' },
            confirmation: { type: 'redirect', return_url: input.returnUrl },
            description: input.description.slice(0, 128),
            metadata: input.metadata,
          },
          input.idempotencyKey,
        ),
      ),
    get: async (id) => {
      const raw = await call('GET', paymentPath(id));
      return raw === null ? null : paymentOf(raw);
    },
    capture: async (id, key, amountMinor) => {
      const current = amountMinor === undefined ? null : await call('GET', paymentPath(id));
      const currency = current ? str(obj(obj(current).amount).currency) : '';
      return paymentOf(
        await call(
          'POST',
          `${paymentPath(id)}/capture`,
          amountMinor === undefined ? {} : { amount: { value: minorToDecimal(amountMinor), currency } },
          key,
        ),
      );
    },
    cancel: async (id, key) => paymentOf(await call('POST', `${paymentPath(id)}/cancel`, {}, key)),
    refund: async ({ paymentId, amountMinor, currency, idempotencyKey }) =>
      refundOf(
        await call(
          'POST',
          '/v3/refunds',
          { payment_id: paymentId, amount: { value: minorToDecimal(amountMinor), currency } },
          idempotencyKey,
        ),
      ),
    getRefund: async (id) => {
      const raw = await call('GET', `/v3/refunds/${encodeURIComponent(id)}`);
      return raw === null ? null : refundOf(raw);
    },
  };
};
