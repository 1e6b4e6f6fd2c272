import type { ReviewFilters } from './reviews';

/** The reviews' query keys: everything of an organizer under `all` (a live event refetches it). */
export const reviewKeys = {
  all: (orgId: number) => ['reviews', orgId] as const,
  list: (orgId: number, filters: ReviewFilters, page: number) => ['reviews', orgId, 'list', filters, page] as const,
  unanswered: (orgId: number) => ['reviews', orgId, 'unanswered'] as const,
  settings: (orgId: number) => ['reviews', orgId, 'settings'] as const,
  page: (token: string) => ['review-page', token] as const,
};
