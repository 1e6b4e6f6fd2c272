import {
  BANK_ACCOUNT_CURRENCIES,
  bankAccountSchema,
  type BankAccountListItem,
  type BankAccountPopupData,
  type Currency,
  type bankAccountCreateBodySchema,
} from '@tourdesk/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Tenancy } from '../../lib/tenancy';
import type { BankAccountRepository, BankAccountRow, BankAccountValues } from './bank-account.repository';

type Fields = Omit<z.output<typeof bankAccountCreateBodySchema>, 'tour_organizer_id'>;

const toItem = (row: BankAccountRow, ownRequestId: number | null): BankAccountListItem => ({
  id: row.id,
  tour_organizer_id: row.organizer_id,
  name: row.name,
  bank_name: row.bank_name,
  account_number: row.account_number,
  bik: row.bik,
  correspondent_account: row.correspondent_account,
  iban: row.iban,
  swift: row.swift,
  bank_address: row.bank_address,
  currency: row.currency as Currency,
  is_default: row.is_default,
  is_own_request_account: row.id === ownRequestId,
});

const valuesOf = (f: Fields): BankAccountValues => ({
  name: f.name,
  bank_name: f.bank_name,
  account_number: f.account_number,
  bik: f.bik,
  correspondent_account: f.correspondent_account,
  iban: f.iban,
  swift: f.swift,
  bank_address: f.bank_address,
  currency: f.currency,
  is_default: f.is_default,
});

const notFound = (): AppError => AppError.notFound('bank_account_not_found');

export const createBankAccountService = (deps: { repo: BankAccountRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;
  return {
    popupData: async (userId: number, organizerId: number, id: number | undefined): Promise<BankAccountPopupData> => {
      await tenancy.assertMember(userId, organizerId, 'bank_accounts');
      if (id === undefined) {
        const empty = bankAccountSchema.parse({ id: 1, tour_organizer_id: organizerId });
        // the first account will be the default (see create): the form shows it
        return {
          bank_account: { ...empty, id: null, is_default: !(await repo.hasDefault(organizerId)) },
          currencies: [...BANK_ACCOUNT_CURRENCIES],
        };
      }
      const row = await repo.find(organizerId, id);
      if (!row) throw notFound();
      const { is_own_request_account: _own, ...account } = toItem(row, null);
      return { bank_account: account, currencies: [...BANK_ACCOUNT_CURRENCIES] };
    },
    list: async (userId: number, organizerId: number): Promise<BankAccountListItem[]> => {
      await tenancy.assertMember(userId, organizerId, 'bank_accounts');
      const own = await repo.ownRequestAccountId(organizerId);
      return (await repo.list(organizerId)).map((r) => toItem(r, own));
    },
    create: async (userId: number, organizerId: number, fields: Fields): Promise<BankAccountListItem> => {
      await tenancy.assertMember(userId, organizerId, 'bank_accounts');
      return repo.transaction(async (r) => {
        // an organizer's first account is its default: payments always have one to go to
        const row = await r.insert(organizerId, {
          ...valuesOf(fields),
          is_default: fields.is_default || !(await r.hasDefault(organizerId)),
        });
        if (row.is_default) await r.clearOtherDefaults(organizerId, row.id);
        return toItem(row, await r.ownRequestAccountId(organizerId));
      });
    },
    update: async (userId: number, organizerId: number, id: number, fields: Fields): Promise<BankAccountListItem> => {
      await tenancy.assertMember(userId, organizerId, 'bank_accounts');
      return repo.transaction(async (r) => {
        const row = await r.update(organizerId, id, valuesOf(fields));
        if (!row) throw notFound();
        if (row.is_default) await r.clearOtherDefaults(organizerId, row.id);
        return toItem(row, await r.ownRequestAccountId(organizerId));
      });
    },
    /**
     * Deleting the own-request account also clears the organizer's choice; deleting the default
     * one hands the default to the oldest account left.
     */
    delete: async (userId: number, organizerId: number, id: number): Promise<{ success: boolean }> => {
      await tenancy.assertMember(userId, organizerId, 'bank_accounts');
      await repo.transaction(async (r) => {
        await r.clearOwnRequestAccount(organizerId, id);
        const deleted = await r.delete(organizerId, id);
        if (!deleted) throw notFound();
        if (deleted.is_default) await r.promoteOldestToDefault(organizerId);
      });
      return { success: true };
    },
  };
};
export type BankAccountService = ReturnType<typeof createBankAccountService>;
