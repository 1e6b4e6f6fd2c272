import { generalRoutes } from '@tourdesk/contract/api/general-routes';
import type { SiteTokens } from '@tourdesk/contract/entities/domain-info';
import { api } from '../../../lib/api/client';

export const getSiteTokens = (signal?: AbortSignal): Promise<SiteTokens> =>
  api.call(generalRoutes.siteTokens, { signal });

let loaded: Promise<SiteTokens> | null = null;

/**
 * The site tokens, fetched once per page load (they change only with the server's
 * configuration); a failed fetch is tried again next time. Plain, without the query cache: the
 * captcha needs them on the sign-in screen, which does not load TanStack Query.
 */
export const loadSiteTokens = (): Promise<SiteTokens> => {
  loaded ??= getSiteTokens().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
};
