import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountCreateBody, BankAccountListItem } from '@tourdesk/contract/api/bank-account';
import { bankAccountRoutes } from '@tourdesk/contract/api/bank-account-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { bankAccountKeys } from './bank-account-keys';

export type SaveBankAccountInput = BankAccountCreateBody & { id?: number | null };

/** create without an id, update with one. */
export const saveBankAccount = ({ id, ...body }: SaveBankAccountInput): Promise<BankAccountListItem> =>
  id ? api.call(bankAccountRoutes.update, { body: { ...body, id } }) : api.call(bankAccountRoutes.create, { body });

export const useSaveBankAccount = ({ onSuccess }: { onSuccess?: (account: BankAccountListItem) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<BankAccountListItem, ApiError, SaveBankAccountInput>({
    mutationFn: saveBankAccount,
    onSuccess: async (account, input) => {
      await queryClient.invalidateQueries({ queryKey: bankAccountKeys.list(input.tour_organizer_id) });
      onSuccess?.(account);
    },
  });
};
