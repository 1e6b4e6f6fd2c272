import type { FastifyBaseLogger } from 'fastify';
import type { RequestInvoices } from '@tourdesk/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Tenancy } from '../../lib/tenancy';
import type { OutgoingMessage } from '../../lib/transports/index';
import { createInvoiceService } from './invoice.service';
import { invoicesOfRequest } from './invoice.mapper';
import type { PaymentProvider, ProviderName } from './payment-provider';
import { createPaymentService } from './payment.service';
import { createPaymentSweeps } from './payment-sweeps';
import { createSandboxProvider } from './sandbox-provider';
import { createYookassaProvider } from './yookassa-provider';

export { invoicesOfRequest } from './invoice.mapper';
/** for the request core's confirm (1 → 2): a request whose prepayment was paid while pending goes straight on to 3 */
export { advanceIfPrepaid, prepaymentReached } from './payment-effects';
export { paymentRoutes } from './payment.routes';
export { formatAmount } from './pay-page';
export { startOfDayIn } from './calendar';
export { PAYMENT_SWEEP_INTERVAL_MS } from './payment-sweeps';

/**
 * Invoices and payments (issue 16), wired from the app's parts: the provider new payments go
 * through (PAYMENT_PROVIDER: the sandbox by default, or YooKassa), the invoice service of the CRM
 * routes, the payment service of the pay page and the providers' notifications, and the sweeps.
 */
export const createPaymentServices = (deps: {
  config: Config;
  database: Database;
  tenancy: Tenancy;
  send: (message: OutgoingMessage) => Promise<unknown>;
  log: FastifyBaseLogger;
}) => {
  const { config, database, tenancy, log } = deps;
  const sandbox = createSandboxProvider();
  const providers: Partial<Record<ProviderName, PaymentProvider>> = { sandbox };
  if (config.YOOKASSA_SHOP_ID && config.YOOKASSA_SECRET_KEY)
    providers.yookassa = createYookassaProvider({
      shopId: config.YOOKASSA_SHOP_ID,
      secretKey: config.YOOKASSA_SECRET_KEY,
      apiUrl: config.YOOKASSA_API_URL,
    });
  const payments = createPaymentService({
    db: database.db,
    active: providers[config.PAYMENT_PROVIDER] ?? sandbox,
    providers,
    publicUrl: config.publicUrl,
    twoStage: config.PAYMENT_TWO_STAGE,
    log,
  });
  const invoices = createInvoiceService({ db: database.db, tenancy, payments, publicUrl: config.publicUrl });
  const sweeps = createPaymentSweeps({
    db: database.db,
    dialect: database.kind,
    payments,
    send: deps.send,
    publicUrl: config.publicUrl,
    deadlineHours: config.PREPAYMENT_DEADLINE_HOURS,
    reminderDays: config.BALANCE_REMINDER_DAYS,
    log,
  });
  return {
    invoices,
    payments,
    sandbox,
    /** the request page's `invoices` (request get calls it) */
    invoicesOf: (requestId: number): Promise<RequestInvoices> =>
      invoicesOfRequest(database.db, requestId, config.publicUrl),
    /** the system cancel of unpaid requests and the balance reminders, as of `now` (server.ts runs it on a timer) */
    sweep: sweeps.sweep,
  };
};
export type PaymentServices = ReturnType<typeof createPaymentServices>;
