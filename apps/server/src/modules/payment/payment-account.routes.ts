import type { FastifyInstance } from 'fastify';
import { paymentAccountApi } from '@tourdesk/contract';
import { registerRoute } from '../../lib/route';
import type { PaymentAccountService } from './payment-account.service';

/** The organizer's own YooKassa account in Settings (issue 27): get, connect (or replace), remove. */
export const paymentAccountRoutes = (app: FastifyInstance, deps: { paymentAccounts: PaymentAccountService }): void => {
  const s = deps.paymentAccounts;
  registerRoute(app, paymentAccountApi.get, ({ userId, query }) => s.get(userId, query.organizer_id));
  registerRoute(app, paymentAccountApi.connect, ({ userId, body }) =>
    s.connect(userId, body.organizer_id, { shop_id: body.shop_id, secret_key: body.secret_key }),
  );
  registerRoute(app, paymentAccountApi.remove, ({ userId, body }) => s.remove(userId, body.organizer_id));
};
