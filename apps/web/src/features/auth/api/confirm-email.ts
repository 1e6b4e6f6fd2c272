import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { User } from '@tourdesk/contract/entities/user';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { userKeys } from './user-keys';

export const confirmEmail = (token: string): Promise<User> => api.call(userRoutes.confirmEmail, { body: { token } });

export const useConfirmEmail = ({ onSuccess }: { onSuccess?: (user: User) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<User, ApiError, string>({
    mutationFn: confirmEmail,
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.profile(), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.profile() });
      onSuccess?.(user);
    },
  });
};
