import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPERATOR_AUTH_HEADER,
  consoleRoutes,
  operatorAuthRoutes,
  tourPreviewPath,
  type AuditAction,
  type AuditObjectType,
} from '@tourdesk/contract/api/operator-console-routes';
import type { OperatorSession } from '@tourdesk/contract/api/operator-console';
import type { ApiRouteDescriptor, RouteResponse } from '@tourdesk/contract/route';
import { api, type CallInput } from '../../../lib/api/client';
import { isApiError } from '../../../lib/api/api-error';

/**
 * The operator console's session: the access token lives in memory only (never in storage), the
 * refresh token in an httpOnly cookie the server set at sign-in; reloading the page asks the
 * server for a new access token with that cookie. The shared ADMIN_TOKEN never reaches the browser.
 */
let current: OperatorSession | null = null;
let refreshing: Promise<OperatorSession | null> | null = null;
const listeners = new Set<(s: OperatorSession | null) => void>();
const setSession = (s: OperatorSession | null): void => {
  current = s;
  for (const l of listeners) l(s);
};

export const consoleSession = {
  get: (): OperatorSession | null => current,
  set: setSession,
  subscribe: (l: (s: OperatorSession | null) => void): (() => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** One refresh at a time; null when the cookie is missing or no longer valid. */
  refresh: (): Promise<OperatorSession | null> => {
    refreshing ??= api
      .call(operatorAuthRoutes.refresh, { body: {} })
      .then(
        (s) => s as OperatorSession,
        () => null,
      )
      .then((s) => {
        refreshing = null;
        setSession(s);
        return s;
      });
    return refreshing;
  },
  signIn: async (body: { email: string; password: string; code: string }): Promise<OperatorSession> => {
    const s = (await api.call(operatorAuthRoutes.signIn, { body })) as OperatorSession;
    setSession(s);
    return s;
  },
  signOut: async (): Promise<void> => {
    const token = current?.token;
    await api
      .call(operatorAuthRoutes.logout, {
        body: {},
        headers: token ? { [OPERATOR_AUTH_HEADER]: `Bearer ${token}` } : {},
      })
      .catch(() => undefined);
    setSession(null);
  },
};

/** A console route with the operator's token; a 401 renews the token once with the cookie. */
export const consoleCall = async <R extends ApiRouteDescriptor>(
  route: R,
  input: CallInput<R> = {},
  isRetry = false,
): Promise<RouteResponse<R>> => {
  const token = current?.token;
  try {
    return await api.call(route, {
      ...input,
      headers: { ...input.headers, ...(token ? { [OPERATOR_AUTH_HEADER]: `Bearer ${token}` } : {}) },
    });
  } catch (e) {
    if (!isRetry && isApiError(e) && e.status === 401 && (await consoleSession.refresh()))
      return consoleCall(route, input, true);
    if (isApiError(e) && e.status === 401) setSession(null);
    throw e;
  }
};

/** The console's session for another feature's screen (the support desk): its calls and its auth header. */
export interface ConsoleDesk {
  call: typeof consoleCall;
  authHeaders: () => Record<string, string>;
  /** opens the organizer's card (issue 30) over the desk */
  openOrganizer?: (organizerId: number) => void;
}
export const consoleDesk: ConsoleDesk = {
  call: (route, input) => consoleCall(route, input),
  authHeaders: (): Record<string, string> =>
    current?.token ? { [OPERATOR_AUTH_HEADER]: `Bearer ${current.token}` } : {},
};

export const consoleKeys = {
  all: ['console'] as const,
  counts: (siteId: number | null) => [...consoleKeys.all, 'counts', siteId] as const,
  queue: (kind: 'verification' | 'partnerships' | 'tours', siteId: number | null) =>
    [...consoleKeys.all, 'queue', kind, siteId] as const,
  sites: () => [...consoleKeys.all, 'sites'] as const,
  audit: (filter: AuditFilter) => [...consoleKeys.all, 'audit', filter] as const,
  card: (organizerId: number) => [...consoleKeys.all, 'card', organizerId] as const,
  operators: () => [...consoleKeys.all, 'operators'] as const,
  tourPreview: (tourId: number, lang: string) => [...consoleKeys.all, 'tour-preview', tourId, lang] as const,
};

export interface AuditFilter {
  action?: AuditAction;
  object_type?: AuditObjectType;
}

const siteQuery = (siteId: number | null) => (siteId ? { site_id: siteId } : {});

export const queueCountsOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: consoleKeys.counts(siteId),
    queryFn: ({ signal }) => consoleCall(consoleRoutes.queueCounts, { query: siteQuery(siteId), signal }),
    refetchInterval: 30_000,
  });
export const useQueueCounts = (siteId: number | null) => useQuery(queueCountsOptions(siteId));

export const useVerificationQueue = (siteId: number | null) =>
  useQuery({
    queryKey: consoleKeys.queue('verification', siteId),
    queryFn: ({ signal }) => consoleCall(consoleRoutes.verificationQueue, { query: siteQuery(siteId), signal }),
  });
export const usePartnershipQueue = (siteId: number | null) =>
  useQuery({
    queryKey: consoleKeys.queue('partnerships', siteId),
    queryFn: ({ signal }) => consoleCall(consoleRoutes.partnershipQueue, { query: siteQuery(siteId), signal }),
  });
export const useTourQueue = (siteId: number | null) =>
  useQuery({
    queryKey: consoleKeys.queue('tours', siteId),
    queryFn: ({ signal }) => consoleCall(consoleRoutes.tourQueue, { query: siteQuery(siteId), signal }),
  });
export const useConsoleSites = () =>
  useQuery({
    queryKey: consoleKeys.sites(),
    queryFn: ({ signal }) => consoleCall(consoleRoutes.sites, { signal }),
    staleTime: 5 * 60_000,
  });
export const useAuditLog = (filter: AuditFilter, enabled: boolean) =>
  useQuery({
    queryKey: consoleKeys.audit(filter),
    queryFn: ({ signal }) => consoleCall(consoleRoutes.auditLog, { query: { ...filter, limit: 100 }, signal }),
    enabled,
  });

/** A decision: the queues, their counts and the audit log are read again, then the caller's onSuccess. */
const useDecision = <R extends ApiRouteDescriptor>(route: R) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<R>['body']) => consoleCall(route, { body } as CallInput<R>),
    onSuccess: () => client.invalidateQueries({ queryKey: consoleKeys.all }),
  });
};
export const useDecideVerification = () => useDecision(consoleRoutes.decideVerification);
export const useDecidePartnership = () => useDecision(consoleRoutes.decidePartnership);
export const useDecideTour = () => useDecision(consoleRoutes.decideTour);

/** The organizer's card: every open is a view the server logs, so it is read fresh each time. */
export const useOrganizerCard = (organizerId: number) =>
  useQuery({
    queryKey: consoleKeys.card(organizerId),
    queryFn: ({ signal }) => consoleCall(consoleRoutes.organizerCard, { query: { organizer_id: organizerId }, signal }),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * Opens the organizer's verification document in a new tab: it is fetched with the operator's
 * header (the link alone opens nothing), then shown from a local blob URL. The tab is opened
 * first, in the click, so no pop-up blocker stops it.
 */
export const openVerificationDocument = async (url: string): Promise<void> => {
  const tab = window.open('', '_blank');
  const fetchOnce = () =>
    fetch(url, { headers: consoleDesk.authHeaders(), credentials: 'same-origin', cache: 'no-store' });
  let res = await fetchOnce();
  if (res.status === 401 && (await consoleSession.refresh())) res = await fetchOnce();
  if (!res.ok) {
    tab?.close();
    throw Object.assign(new Error('document'), { status: res.status });
  }
  const blobUrl = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = blobUrl;
  else window.location.assign(blobUrl);
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
};

/**
 * A tour as its site page shows it (the tour queue's preview): HTML fetched with the operator's
 * header, shown in a sandboxed frame. Read fresh at each open.
 */
export const useTourPreview = (tourId: number, lang: 'en' | 'ru') =>
  useQuery({
    queryKey: consoleKeys.tourPreview(tourId, lang),
    queryFn: async ({ signal }) => {
      const fetchOnce = () =>
        fetch(tourPreviewPath(tourId, lang), {
          headers: consoleDesk.authHeaders(),
          credentials: 'same-origin',
          cache: 'no-store',
          signal,
        });
      let res = await fetchOnce();
      if (res.status === 401 && (await consoleSession.refresh())) res = await fetchOnce();
      if (!res.ok) throw Object.assign(new Error('preview'), { status: res.status });
      return res.text();
    },
    staleTime: 0,
    gcTime: 0,
  });

export const useOperators = () =>
  useQuery({
    queryKey: consoleKeys.operators(),
    queryFn: ({ signal }) => consoleCall(consoleRoutes.operators, { signal }),
  });
export const useCreateOperator = () => useDecision(consoleRoutes.createOperator);
export const useUpdateOperator = () => useDecision(consoleRoutes.updateOperator);
