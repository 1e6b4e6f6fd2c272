import type { ServerModule } from '../../lib/modules';
import { createBankAccountRepository } from './bank-account.repository';
import { bankAccountRoutes } from './bank-account.routes';
import { createBankAccountService, type BankAccountService } from './bank-account.service';

declare module '../../lib/modules' {
  interface Services {
    /** an organizer's bank accounts (the contract's and invoices' payee) */
    bankAccounts: BankAccountService;
  }
}

/** The bank-account module: an organizer's bank accounts; it offers nothing to other modules. */
export const bankAccountModule: ServerModule = {
  name: 'bank-account',
  create: ({ db, tenancy }) => ({
    bankAccounts: createBankAccountService({ repo: createBankAccountRepository(db), tenancy }),
  }),
  routes: (app, { bankAccounts }) => bankAccountRoutes(app, { bankAccounts }),
};
