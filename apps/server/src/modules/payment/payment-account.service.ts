import type { PaymentAccount } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { Tenancy } from '../../lib/tenancy';
import type { PaymentAccountRepository, PaymentAccountRow } from './payment-account.repository';
import type { PaymentProvider } from './payment-provider';
import { createYookassaProvider } from './yookassa-provider';

/**
 * The YooKassa providers of the organizers' own accounts, built per use with the account's key
 * (decrypted in memory only, never kept): what payment.service pays, verifies and refunds through.
 */
export interface AccountProviders {
  /** the organizer's live account: where its new payments go; null: the platform's provider */
  live(organizerId: number): Promise<{ id: number; provider: PaymentProvider } | null>;
  /** the account a payment was made with, live or retired; null when it is gone */
  byId(id: number): Promise<PaymentProvider | null>;
  /** the accounts of a shop a notification names; null when no organizer connected it */
  byShop(shopId: string): Promise<{ ids: number[]; provider: PaymentProvider } | null>;
}

/** How long the test call to YooKassa may take. */
const CHECK_TIMEOUT_MS = 10_000;

const viewOf = (row: PaymentAccountRow): PaymentAccount => ({
  provider: 'yookassa',
  shop_id: row.shop_id,
  secret_last4: row.secret_last4,
  verified_at: row.verified_at.toISOString(),
});

/**
 * The organizer's own YooKassa account (issue 27): connected with its shop id and secret key,
 * which a test call to YooKassa's API (`GET /v3/me`, the shop the key belongs to) must accept
 * first; replaced by connecting another, removed. The secret is stored encrypted (secret-box)
 * and never leaves the server: the browser sees its last 4 characters.
 */
export const createPaymentAccountService = (deps: {
  repo: PaymentAccountRepository;
  tenancy: Tenancy;
  box: SecretBox;
  /** YOOKASSA_API_URL: YooKassa's API (a local server in the tests) */
  apiUrl: string;
}) => {
  const { repo, tenancy, box } = deps;
  const base = deps.apiUrl.replace(/\/+$/, '');
  const providerOf = (row: PaymentAccountRow): PaymentProvider =>
    createYookassaProvider({ shopId: row.shop_id, secretKey: box.decrypt(row.secret_enc), apiUrl: deps.apiUrl });

  /** YooKassa's word on the credentials: the shop they open, or why not. */
  const check = async (shopId: string, secretKey: string): Promise<void> => {
    let res: Response;
    try {
      res = await fetch(`${base}/v3/me`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    } catch {
      throw new AppError('unavailable', { message: 'payment_provider_unavailable' });
    }
    if (res.status === 401 || res.status === 403)
      throw AppError.validation({ secret_key: ['payment_account_rejected'] }, 'payment_account_rejected');
    if (!res.ok) throw new AppError('unavailable', { message: 'payment_provider_unavailable' });
    let me: { account_id?: unknown };
    try {
      me = (await res.json()) as { account_id?: unknown };
    } catch {
      throw new AppError('unavailable', { message: 'payment_provider_unavailable' });
    }
    if (String(me.account_id ?? '') !== shopId)
      throw AppError.validation({ shop_id: ['payment_account_shop_mismatch'] }, 'payment_account_shop_mismatch');
  };

  return {
    get: async (userId: number, organizerId: number): Promise<{ account: PaymentAccount | null }> => {
      await tenancy.assertMember(userId, organizerId, 'billing');
      const row = await repo.ofOrganizer(organizerId);
      return { account: row ? viewOf(row) : null };
    },
    /** Checks the credentials with YooKassa, then stores them (replacing the organizer's previous ones). */
    connect: async (
      userId: number,
      organizerId: number,
      input: { shop_id: string; secret_key: string },
    ): Promise<{ account: PaymentAccount }> => {
      await tenancy.assertMember(userId, organizerId, 'billing');
      await check(input.shop_id, input.secret_key);
      const row = await repo.upsert(organizerId, {
        shop_id: input.shop_id,
        secret_enc: box.encrypt(input.secret_key),
        secret_last4: input.secret_key.slice(-4),
        verified_at: new Date(),
      });
      return { account: viewOf(row) };
    },
    remove: async (userId: number, organizerId: number): Promise<{ success: boolean }> => {
      await tenancy.assertMember(userId, organizerId, 'billing');
      if (!(await repo.remove(organizerId))) throw AppError.notFound('payment_account_not_found');
      return { success: true };
    },
    /** the providers of the accounts, for payment.service (the server only) */
    providers: {
      live: async (organizerId) => {
        const row = await repo.ofOrganizer(organizerId);
        return row ? { id: row.id, provider: providerOf(row) } : null;
      },
      byId: async (id) => {
        const row = await repo.byId(id);
        return row ? providerOf(row) : null;
      },
      byShop: async (shopId) => {
        const rows = await repo.byShop('yookassa', shopId);
        return rows[0] ? { ids: rows.map((r) => r.id), provider: providerOf(rows[0]) } : null;
      },
    } satisfies AccountProviders,
  };
};
export type PaymentAccountService = ReturnType<typeof createPaymentAccountService>;
