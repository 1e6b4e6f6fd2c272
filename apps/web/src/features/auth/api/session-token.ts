import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api/client';

/** A fresh access token starts a session: store it and forget whatever the cache knew before. */
export const useStartSession = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (token: string) => {
      api.setSessionToken(token);
      queryClient.clear();
    },
    [queryClient],
  );
};
