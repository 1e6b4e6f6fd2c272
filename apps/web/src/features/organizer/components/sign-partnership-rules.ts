import { FORM_RULES, ruleIssues } from '@tourdesk/contract/validation';
import type { PartnersResponse } from '@tourdesk/contract/api/organizer';
import type { CodedMessage, MessageCode } from '@tourdesk/contract/messages';
import { isApiError } from '../../../lib/api/api-error';
import type { FormValues } from '../../../lib/form/form-values';
import type { SignPartnershipInput } from '../api/sign-partnership';

/** The two acceptances of sign-partnership's body, as the modal's checkboxes hold them. */
export type SignPartnershipValues = FormValues<
  Pick<SignPartnershipInput, 'is_agreement_accepted' | 'is_privacy_accepted'>
>;

/**
 * SPEC §5: both acceptances are required; field → the code of its message ('required'), which the
 * modal translates (codes, not English texts: the texts' catalogue stays out of the web's bundle).
 */
export const validateSignPartnership = (
  values: SignPartnershipValues,
): Partial<Record<keyof SignPartnershipValues, MessageCode>> =>
  Object.fromEntries(ruleIssues({ ...values }, FORM_RULES.signPartnership).map((i) => [i.path, i.code]));

export type SignPartnershipFailure =
  /** the site needs the tour expert's details: prompt a move to the profile settings */
  | { kind: 'tour_author'; message: CodedMessage }
  /** the server's message by its code; null: SPEC §8's fallback 'Error' */
  | { kind: 'message'; message: CodedMessage | null };

/** SPEC §8: the server message or 'Error'; an error about tour_organizer_id prompts filling in the tour expert. */
export const signPartnershipFailure = (error: unknown): SignPartnershipFailure => {
  if (!isApiError(error)) return { kind: 'message', message: null };
  const aboutOrganizer = error.fieldErrors.tour_organizer_id?.[0];
  if (aboutOrganizer) return { kind: 'tour_author', message: aboutOrganizer };
  return { kind: 'message', message: error.coded ?? Object.values(error.fieldErrors)[0]?.[0] ?? null };
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
