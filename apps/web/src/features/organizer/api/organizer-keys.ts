/** Query keys of organizers (one factory per resource). */
export const organizerKeys = {
  all: ['organizer'] as const,
  list: () => [...organizerKeys.all, 'list'] as const,
  detail: (id: number) => [...organizerKeys.all, 'detail', id] as const,
  dashboard: (id: number) => [...organizerKeys.all, 'dashboard', id] as const,
  verification: (id: number) => [...organizerKeys.all, 'verification', id] as const,
  partners: (id: number) => [...organizerKeys.all, 'partners', id] as const,
  /** the organizer's promo codes (issue 26) */
  promoCodes: (id: number) => [...organizerKeys.all, 'promo-codes', id] as const,
  /** the organizer's own YooKassa account (issue 27) */
  paymentAccount: (id: number) => [...organizerKeys.all, 'payment-account', id] as const,
};
