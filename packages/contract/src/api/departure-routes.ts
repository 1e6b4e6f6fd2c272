/** Route descriptors of ./departure.ts, free of zod (issue 29: guides per departure, the calendar). */
import type { RouteDescriptors } from '../route';

/** The departures of every tour: the calendar, each departure's guides. */
export const departureRoutes = {
  guides: { method: 'GET', path: '/crm/api/departure/guides' },
  setGuides: { method: 'POST', path: '/crm/api/departure/set-guides' },
  calendar: { method: 'GET', path: '/crm/api/departure/calendar' },
  linkGuideUser: { method: 'POST', path: '/crm/api/departure/link-guide-user' },
} as const satisfies RouteDescriptors;
