import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

/** Client errors (4xx) are answers, not glitches: never retried. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });

export const queryClient: QueryClient = createQueryClient();
