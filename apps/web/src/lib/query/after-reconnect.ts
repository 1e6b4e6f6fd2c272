import type { QueryClient } from '@tanstack/react-query';

/**
 * The meta of a query whose every fetch issues something new on the server (a messenger
 * connection code the user may have copied already): a reconnect must not fetch it again, or
 * what the user holds stops working. Such a query changes on its own schedule (its expiry).
 */
export const KEEP_ON_RECONNECT = { keepOnReconnect: true } as const;

/** After a reconnect the database is the source of truth: every query refetches but those kept. */
export const invalidateAfterReconnect = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ predicate: (query) => query.meta?.keepOnReconnect !== true });
