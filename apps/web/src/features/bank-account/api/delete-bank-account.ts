import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankAccountRoutes } from '@tourdesk/contract/api/bank-account-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { bankAccountKeys } from './bank-account-keys';

export interface DeleteBankAccountInput {
  tour_organizer_id: number;
  id: number;
}

export const deleteBankAccount = (body: DeleteBankAccountInput) => api.call(bankAccountRoutes.delete, { body });

export const useDeleteBankAccount = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, DeleteBankAccountInput>({
    mutationFn: deleteBankAccount,
    onSuccess: async (_data, input) => {
      await queryClient.invalidateQueries({ queryKey: bankAccountKeys.list(input.tour_organizer_id) });
      onSuccess?.();
    },
  });
};
