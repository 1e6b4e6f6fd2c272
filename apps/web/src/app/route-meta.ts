export type LayoutName = 'default' | 'boxed' | 'empty' | 'none';

/** SPEC §2 route meta. */
export interface RouteMeta {
  authOnly?: boolean;
  guestOnly?: boolean;
  organizerExists?: boolean;
  organizerNotExists?: boolean;
}

/** Route params that must be numbers; anything else is the 404 page. */
export const NUMERIC_PARAMS = ['orgId', 'id', 'siteId', 'agentId'] as const;

export const hasOnlyNumericIds = (params: Readonly<Record<string, string | undefined>>): boolean =>
  NUMERIC_PARAMS.every((name) => params[name] === undefined || /^\d{1,15}$/.test(params[name] ?? ''));

export interface OrganizerRef {
  id: number;
}

/** SPEC §6: the active organizer comes from the orgId route parameter, else it is the first one. */
export const activeOrganizerId = (organizers: readonly OrganizerRef[], orgIdParam?: string): number | null => {
  const fromRoute = orgIdParam === undefined ? undefined : organizers.find((o) => String(o.id) === orgIdParam);
  return fromRoute?.id ?? organizers[0]?.id ?? null;
};

export const homePathFor = (organizers: readonly OrganizerRef[], orgIdParam?: string): string => {
  const id = activeOrganizerId(organizers, orgIdParam);
  return id === null ? '/tour-provider/non' : `/${id}/bookings`;
};

export interface GuardState {
  /** null for a guest */
  session: { organizers: readonly OrganizerRef[] } | null;
  orgId?: string;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'login' };

/** The SPEC §2 guards, in order. 'login' means: to /login with the redirect query. */
export const resolveGuard = (meta: RouteMeta, state: GuardState): GuardDecision => {
  const { session } = state;
  if (meta.authOnly && !session) return { kind: 'login' };
  if (meta.guestOnly && session) return { kind: 'redirect', to: '/' };
  if (session && meta.organizerExists && session.organizers.length === 0)
    return { kind: 'redirect', to: '/tour-provider/non' };
  if (session && meta.organizerNotExists && session.organizers.length > 0)
    return { kind: 'redirect', to: homePathFor(session.organizers, state.orgId) };
  return { kind: 'allow' };
};
