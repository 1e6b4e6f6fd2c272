/**
 * Route descriptors of ./manifest.ts, free of zod (issue 29): a departure's manifest for the guide's
 * phone and checking its travellers in. The web imports these; the server's schemas use the same values.
 */
import type { RouteDescriptors } from '../route';

export const manifestRoutes = {
  /** one departure's manifest: the tour, dates, guides, every active request with its travellers and check-ins */
  manifest: { method: 'GET', path: '/crm/api/departure/manifest' },
  /** sets (or clears, with status null) one traveller's check-in; a replayed client_key changes nothing */
  checkin: { method: 'POST', path: '/crm/api/departure/checkin' },
} as const satisfies RouteDescriptors;

/** A traveller's state on the day: came (checked_in) or did not (no_show); no row: not yet. */
export const CHECKIN_STATUSES = ['checked_in', 'no_show'] as const;
export type CheckinStatus = (typeof CHECKIN_STATUSES)[number];
/** The longest idempotency key a client makes for one check-in action. */
export const CHECKIN_CLIENT_KEY_MAX_LENGTH = 100;
