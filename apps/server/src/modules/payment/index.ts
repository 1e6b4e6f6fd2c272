import { getBrand } from '@tourdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerModule } from '../../lib/modules';
import type { RequestInvoices } from '@tourdesk/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Tenancy } from '../../lib/tenancy';
import { createInvoiceService } from './invoice.service';
import { advanceIfPrepaid } from './payment-effects';
import { paymentRoutes } from './payment.routes';
import { invoicesOfRequest } from './invoice.mapper';
import type { PaymentProvider, ProviderName } from './payment-provider';
import { createPaymentService } from './payment.service';
import { createRefundOwed } from './payment-refund-owed';
import { createPaymentSweeps, PAYMENT_SWEEP_INTERVAL_MS } from './payment-sweeps';
import { createSandboxProvider } from './sandbox-provider';
import { createYookassaProvider } from './yookassa-provider';
import { createSecretBox } from '../../lib/secret-box';
import { createPaymentAccountRepository } from './payment-account.repository';
import { paymentAccountRoutes } from './payment-account.routes';
import { createPaymentAccountService } from './payment-account.service';

export { invoicesOfRequest } from './invoice.mapper';
export { formatAmount } from './pay-page';
export { payUrl } from './invoice.mapper';
export { startOfDayIn } from './calendar';
export { issueBalanceInvoice, issueCheckoutPrepayment } from './checkout-invoice';

/**
 * Invoices and payments (issue 16), wired from the app's parts: the provider new payments go
 * through (PAYMENT_PROVIDER: the sandbox by default, or YooKassa), the invoice service of the CRM
 * routes, the payment service of the pay page and the providers' notifications, and the sweeps.
 */
export const createPaymentServices = (deps: {
  config: Config;
  database: Database;
  tenancy: Tenancy;
  log: FastifyBaseLogger;
  /** the server's secret: the organizers' payment secrets are sealed under a key of it */
  serverSecret: Uint8Array;
}) => {
  const { config, database, tenancy, log } = deps;
  const paymentAccounts = createPaymentAccountService({
    repo: createPaymentAccountRepository(database.db),
    tenancy,
    box: createSecretBox(deps.serverSecret, 'tourdesk organizer payment accounts'),
    apiUrl: config.YOOKASSA_API_URL,
  });
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
    accounts: paymentAccounts.providers,
  });
  const invoices = createInvoiceService({ db: database.db, tenancy, payments, publicUrl: config.publicUrl });
  const sweeps = createPaymentSweeps({
    db: database.db,
    dialect: database.kind,
    payments,
    deadlineHours: config.PREPAYMENT_DEADLINE_HOURS,
    reminderDays: config.BALANCE_REMINDER_DAYS,
    log,
  });
  return {
    invoices,
    payments,
    /** the organizers' own YooKassa accounts (issue 27) */
    paymentAccounts,
    sandbox,
    /** the request page's `invoices` (request get calls it) */
    invoicesOf: (requestId: number): Promise<RequestInvoices> =>
      invoicesOfRequest(database.db, requestId, config.publicUrl),
    /** the system cancel of unpaid requests and the balance reminders, as of `now` (server.ts runs it on a timer) */
    sweep: sweeps.sweep,
    /** for the request core's confirm (1 → 2): a request whose prepayment was paid while pending goes on to 3 */
    advanceIfPrepaid,
    /** a canceled request refunded what it is owed (issue 29: a departure's cancel) */
    refundOwed: createRefundOwed({ db: database.db, refund: payments.refund }),
  };
};
export type PaymentServices = ReturnType<typeof createPaymentServices>;

declare module '../../lib/modules' {
  interface Services {
    /** invoices and payments, and their sweep (unpaid requests canceled, balance reminders) */
    payments: PaymentServices;
  }
}

export const paymentModule: ServerModule = {
  name: 'payment',
  create: ({ config, database, tenancy, log, secrets }) => ({
    payments: createPaymentServices({ config, database, tenancy, log, serverSecret: secrets.jwtSecret }),
  }),
  routes: (app, { payments }, { contextOf, config }) => {
    paymentRoutes(app, { ...payments, contextOf, platformName: getBrand(config.BRAND_ID).name });
    paymentAccountRoutes(app, { paymentAccounts: payments.paymentAccounts });
  },
  sweeps: ({ payments }) => [
    // unpaid requests canceled by the system, and balance reminders
    { name: 'payment', sweep: () => payments.sweep(new Date()), intervalMs: PAYMENT_SWEEP_INTERVAL_MS },
  ],
};
