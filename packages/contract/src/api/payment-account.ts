import { z } from 'zod';
import { defineRoute } from '../route';
import { issueOf } from '../messages';
import { idSchema, queryIdSchema } from '../entities/common';
import { paymentAccountRoutes } from './payment-account-routes';
import { successResponseSchema } from './user';

/**
 * The organizer's own payment account (issue 27): its YooKassa shop id and secret key. With one
 * connected its invoices are paid into it; without one the platform's provider collects. The
 * secret never comes back: only its last 4 characters.
 */
export const paymentAccountSchema = z.object({
  provider: z.literal('yookassa'),
  shop_id: z.string(),
  /** the secret key's last 4 characters ("•••• 1a2b") */
  secret_last4: z.string(),
  verified_at: z.string(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

export const paymentAccountGetResponseSchema = z.object({ account: paymentAccountSchema.nullable() });
export type PaymentAccountGetResponse = z.infer<typeof paymentAccountGetResponseSchema>;

const SHOP_ID = /^\d{1,20}$/;
const SECRET_KEY = /^(live|test)_[A-Za-z0-9_-]{8,200}$/;

export const paymentAccountConnectBodySchema = z.strictObject({
  organizer_id: idSchema,
  /** YooKassa's shopId: digits */
  shop_id: z
    .string()
    .trim()
    .refine((v) => SHOP_ID.test(v), issueOf('payment_account_shop_id_invalid')),
  /** YooKassa's secret key: live_… or test_… */
  secret_key: z
    .string()
    .trim()
    .refine((v) => SECRET_KEY.test(v), issueOf('payment_account_secret_invalid')),
});

export const paymentAccountApi = {
  get: defineRoute({
    ...paymentAccountRoutes.get,
    query: z.strictObject({ organizer_id: queryIdSchema }),
    response: paymentAccountGetResponseSchema,
  }),
  connect: defineRoute({
    ...paymentAccountRoutes.connect,
    body: paymentAccountConnectBodySchema,
    response: paymentAccountGetResponseSchema,
  }),
  remove: defineRoute({
    ...paymentAccountRoutes.remove,
    body: z.strictObject({ organizer_id: idSchema }),
    response: successResponseSchema,
  }),
};
