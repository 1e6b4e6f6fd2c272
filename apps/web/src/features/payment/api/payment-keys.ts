import type { InvoiceFilters } from './invoice-list';

/** Query keys of the payments screen and the payer's result pages. */
export const paymentKeys = {
  all: ['payment'] as const,
  list: (orgId: number, filters: InvoiceFilters) => [...paymentKeys.all, 'list', orgId, filters] as const,
  tours: (orgId: number) => [...paymentKeys.all, 'tours', orgId] as const,
  result: (token: string) => [...paymentKeys.all, 'result', token] as const,
};
