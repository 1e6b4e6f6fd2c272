import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { BASE_PATH } from '@tourdesk/contract/constants';
import type { Session } from './session';
import { api } from '../lib/api/client';
import { hasOnlyNumericIds, homePathFor, resolveGuard, type RouteMeta } from './route-meta';
import { loginPathFor } from './redirect-query';
import { SETTINGS_TABS } from './route-table';

const notFound = () => data({ message: 'Not found' }, { status: 404 });

/** Router path (without /org) plus search of the request. */
const routerPath = (request: Request): string => {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname;
  return `${path}${url.search}`;
};

export interface GuardLoaderOptions {
  meta: RouteMeta;
  /** the index route: always sends the user on */
  isIndex?: boolean;
}

/**
 * Runs before a route renders: numeric params (else 404), the SPEC §2 guards, and the
 * organizer of the URL must be one of the user's (else 404).
 */
export const createGuardLoader =
  (getQueryClient: () => Promise<QueryClient>, { meta, isIndex }: GuardLoaderOptions) =>
  async ({ request, params }: LoaderFunctionArgs): Promise<Session | null | Response> => {
    if (!hasOnlyNumericIds(params)) throw notFound();
    if (params.tab !== undefined && !(SETTINGS_TABS as readonly string[]).includes(params.tab)) throw notFound();

    const needsSession =
      meta.authOnly || meta.guestOnly || meta.organizerExists || meta.organizerNotExists || params.orgId !== undefined;
    // a guest has no session to load: the session module (and the query cache) load with a token
    const session =
      needsSession && api.hasToken() ? await import('./session').then((m) => m.loadSession(getQueryClient)) : null;
    const decision = resolveGuard(meta, { session, orgId: params.orgId });
    if (decision.kind === 'login') return redirect(loginPathFor(routerPath(request)));
    if (decision.kind === 'redirect') return redirect(decision.to);

    if (session && params.orgId !== undefined && !session.organizers.some((o) => String(o.id) === params.orgId))
      throw notFound();
    if (isIndex && session) return redirect(homePathFor(session.organizers));
    return session;
  };
