/**
 * The provider's team (issue 29): a member's role and what each role may do. SPEC §6 says finer
 * roles are "not shown"; this is the design (README "Team and roles"). Zod-free: the server checks
 * capabilities in lib/tenancy.ts, the web hides what a role cannot do with the same map.
 */
export const MEMBER_ROLES = ['owner', 'manager', 'guide', 'accountant'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * What a member may do, per route family. A guide's `departures.read`, `bookings.read` and
 * `chats` reach only the departures it is assigned to (tour_date_guides through guides.user_id).
 */
export const CAPABILITIES = [
  /** requests: list, open, history */
  'bookings.read',
  /** requests: create, edit, cancel, tourists, contracts, holds */
  'bookings.write',
  /** chats with travellers and support: read and write */
  'chats',
  /** tours, departures, guides, prices, promo codes: read */
  'tours.read',
  /** tours, departures, guides, prices, promo codes: change */
  'tours.write',
  /** the calendar of departures and their manifests */
  'departures.read',
  /** assign guides, cancel a departure, message everyone on it */
  'departures.write',
  /** check travellers in (or mark no-show) on a manifest */
  'checkin',
  /** invoices and payments of requests, refunds */
  'payments',
  /** the organizer's own billing: commission invoices, payment account (YooKassa) */
  'billing',
  /** bank accounts */
  'bank_accounts',
  /** reports and the dashboard's figures */
  'reports',
  /** the organizer's profile, verification, sites, templates, messengers, settings */
  'organizer.write',
  /** invite, change the role of and remove members */
  'members',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ALL: readonly Capability[] = CAPABILITIES;

export const ROLE_CAPABILITIES: Record<MemberRole, readonly Capability[]> = {
  owner: ALL,
  manager: ALL.filter((c) => c !== 'billing' && c !== 'bank_accounts' && c !== 'members'),
  accountant: ['bookings.read', 'tours.read', 'departures.read', 'payments', 'billing', 'reports'],
  guide: ['bookings.read', 'chats', 'departures.read', 'checkin'],
};

export const roleCan = (role: MemberRole, capability: Capability): boolean =>
  ROLE_CAPABILITIES[role].includes(capability);

/** Roles whose reach is limited to the departures they are assigned to. */
export const isDepartureScoped = (role: MemberRole): boolean => role === 'guide';
