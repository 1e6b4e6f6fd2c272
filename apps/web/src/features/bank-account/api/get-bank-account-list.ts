import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankAccountListItem } from '@tourdesk/contract/api/bank-account';
import { bankAccountRoutes } from '@tourdesk/contract/api/bank-account-routes';
import { api } from '../../../lib/api/client';
import { bankAccountKeys } from './bank-account-keys';

export const getBankAccountList = (organizerId: number, signal?: AbortSignal): Promise<BankAccountListItem[]> =>
  api.call(bankAccountRoutes.getList, { query: { tour_organizer_id: organizerId }, signal });

export const bankAccountListQueryOptions = (organizerId: number) =>
  queryOptions({
    queryKey: bankAccountKeys.list(organizerId),
    queryFn: ({ signal }) => getBankAccountList(organizerId, signal),
  });

export const useBankAccountList = (organizerId: number) => useQuery(bankAccountListQueryOptions(organizerId));
