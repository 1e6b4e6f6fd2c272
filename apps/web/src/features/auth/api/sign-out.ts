import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import { api } from '../../../lib/api/client';
import { isApiError } from '../../../lib/api/api-error';

export const signOut = async (): Promise<void> => {
  try {
    await api.call(userRoutes.logout, { body: {} });
  } catch (error) {
    // SPEC §8: a failed logout is logged only if it is an HTTP error; the local session ends anyway
    if (isApiError(error) && error.status !== 0) console.error('Logout failed', error);
  }
};

export const useSignOut = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      api.clearSession();
      queryClient.clear();
      onSuccess?.();
    },
  });
};
