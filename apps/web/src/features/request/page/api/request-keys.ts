/**
 * Query keys of the request page: everything of one request under ['request', id], so a live
 * update of the request (status, tourists, a payment) refetches all of it at once.
 */
export const requestPageKeys = {
  all: (requestId: number) => ['request', requestId] as const,
  detail: (requestId: number) => ['request', requestId, 'detail'] as const,
  tourDates: (requestId: number) => ['request', requestId, 'tour-dates'] as const,
  cancelQuote: (requestId: number) => ['request', requestId, 'cancel-quote'] as const,
  baseSaleStatuses: (requestId: number) => ['request', requestId, 'base-sale-statuses'] as const,
  /** the booking's price lines and the tour's categories and extras (issue 26) */
  pricing: (requestId: number) => ['request', requestId, 'pricing'] as const,
  bookingChanges: (requestId: number) => ['request', requestId, 'booking-changes'] as const,
};

/** The key this tab notes its own answers of a request under (lib/socket/own-answers.ts). */
export const requestAnswerKey = (requestId: number): string => `request:${requestId}`;
