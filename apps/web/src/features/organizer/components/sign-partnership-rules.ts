import { FORM_RULES, validateFields } from '@tourdesk/contract/validation';
import type { PartnersResponse } from '@tourdesk/contract/api/organizer';
import { isApiError } from '../../../lib/api/api-error';

export interface SignPartnershipValues {
  is_agreement_accepted: boolean;
  is_privacy_accepted: boolean;
}

/** SPEC §5: both acceptances are required; field → 'Required field'. */
export const validateSignPartnership = (
  values: SignPartnershipValues,
): Partial<Record<keyof SignPartnershipValues, string>> => validateFields({ ...values }, FORM_RULES.signPartnership);

/** The fallback text when the server gives no message (SPEC §8). */
export const SIGN_PARTNERSHIP_FALLBACK_ERROR = 'Error';

export type SignPartnershipFailure =
  /** the site needs the tour expert's details: prompt a move to the profile settings */
  { kind: 'tour_author'; message: string } | { kind: 'message'; message: string };

/** SPEC §8: the server message or 'Error'; an error about tour_organizer_id prompts filling in the tour expert. */
export const signPartnershipFailure = (error: unknown): SignPartnershipFailure => {
  if (!isApiError(error)) return { kind: 'message', message: SIGN_PARTNERSHIP_FALLBACK_ERROR };
  const aboutOrganizer = error.fieldErrors.tour_organizer_id?.[0];
  if (aboutOrganizer) return { kind: 'tour_author', message: aboutOrganizer };
  const body = error.body as { message?: unknown } | null;
  const serverMessage =
    body && typeof body.message === 'string' && body.message.trim() !== ''
      ? body.message
      : Object.values(error.fieldErrors)[0]?.[0];
  return { kind: 'message', message: serverMessage ?? SIGN_PARTNERSHIP_FALLBACK_ERROR };
};

/** Paths where the start-up sign-partnership modal must not appear (SPEC §4: settings and create pages). */
export const isSettingsOrCreatePath = (pathname: string): boolean => {
  const path = pathname.replace(/^\/org(?=\/|$)/, '');
  return (
    /^\/\d+\/settings(\/|$)/.test(path) ||
    /^\/tour-provider\/create\/?$/.test(path) ||
    /^\/\d+\/tours\/create\/?$/.test(path)
  );
};

export type StartupSite =
  | { kind: 'sign'; site: PartnersResponse['available_for_connection'][number] }
  | { kind: 'publish'; site: PartnersResponse['connected_sites'][number] };

/**
 * SPEC §4 start-up sign-partnership modal: a site was requested via the partner-site cookie and is
 * not yet published, the user is not on the settings or create pages, and an organizer is active.
 * An available site is offered for signing; a connected but unpublished one for publishing.
 */
export const startupPartnerSite = (input: {
  requestedSiteId: number | null;
  pathname: string;
  activeOrganizerId: number | null;
  partners: PartnersResponse | undefined;
}): StartupSite | null => {
  const { requestedSiteId, pathname, activeOrganizerId, partners } = input;
  if (requestedSiteId === null || activeOrganizerId === null || !partners) return null;
  if (isSettingsOrCreatePath(pathname)) return null;
  const connected = partners.connected_sites.find((s) => s.site_id === requestedSiteId);
  if (connected) return connected.is_published_on_site ? null : { kind: 'publish', site: connected };
  const available = partners.available_for_connection.find((s) => s.id === requestedSiteId);
  return available ? { kind: 'sign', site: available } : null;
};

export { parsePartnerSiteCookie } from './partner-site-request';
