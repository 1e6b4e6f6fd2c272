/** Route descriptors of ./departure.ts, free of zod (issue 29: guides per departure, the calendar). */
import type { RouteDescriptors } from '../route';

/** The departures of every tour: the calendar, each departure's guides. */
export const departureRoutes = {
  guides: { method: 'GET', path: '/crm/api/departure/guides' },
  setGuides: { method: 'POST', path: '/crm/api/departure/set-guides' },
  calendar: { method: 'GET', path: '/crm/api/departure/calendar' },
  linkGuideUser: { method: 'POST', path: '/crm/api/departure/link-guide-user' },
  /** what canceling the departure would do to each live request (who, seats, paid, refund) */
  cancelPreview: { method: 'GET', path: '/crm/api/departure/cancel-preview' },
  /** cancels the departure: every live request canceled with the refund rule, closed for sale */
  cancel: { method: 'POST', path: '/crm/api/departure/cancel' },
  /** a text to everyone on the departure: each request's chat, e-mail and messenger */
  message: { method: 'POST', path: '/crm/api/departure/message' },
} as const satisfies RouteDescriptors;
