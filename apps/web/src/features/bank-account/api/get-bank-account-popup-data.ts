import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankAccountPopupData } from '@tourdesk/contract/api/bank-account';
import { bankAccountRoutes } from '@tourdesk/contract/api/bank-account-routes';
import { api } from '../../../lib/api/client';
import { bankAccountKeys } from './bank-account-keys';

export const getBankAccountPopupData = (
  organizerId: number,
  id: number | null,
  signal?: AbortSignal,
): Promise<BankAccountPopupData> =>
  api.call(bankAccountRoutes.popupData, {
    query: { tour_organizer_id: organizerId, ...(id === null ? {} : { id }) },
    signal,
  });

export const bankAccountPopupDataQueryOptions = (organizerId: number, id: number | null) =>
  queryOptions({
    queryKey: bankAccountKeys.popupData(organizerId, id),
    queryFn: ({ signal }) => getBankAccountPopupData(organizerId, id, signal),
    staleTime: 0,
  });

export const useBankAccountPopupData = (organizerId: number, id: number | null, enabled: boolean) =>
  useQuery({ ...bankAccountPopupDataQueryOptions(organizerId, id), enabled });
