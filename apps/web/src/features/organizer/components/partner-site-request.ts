import { COOKIE_NAMES } from '@tourdesk/contract/constants';
import { getCookie, removeCookie } from '../../../lib/cookies';

/** The site id a partner marketplace asks to connect, from its cookie's value; null when none or invalid. */
export const parsePartnerSiteCookie = (value: string | null): number | null => {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
};

/**
 * The partner-site cookie lives 1 s (SPEC §9), so it is noted when the app loads with a session
 * and read again when the start-up modals take their turn; whichever saw it wins, and the
 * request is consumed once. This module is tiny on purpose: the sign-partnership screens load
 * only when a request is there.
 */
let requestedAtLoad: number | null = null;

export const noteRequestedSiteAtLoad = (): number | null => {
  requestedAtLoad = typeof document === 'undefined' ? null : parsePartnerSiteCookie(getCookie(COOKIE_NAMES.partnerSite));
  return requestedAtLoad;
};

export const takeRequestedSite = (): number | null => {
  const now = parsePartnerSiteCookie(getCookie(COOKIE_NAMES.partnerSite));
  const site = now ?? requestedAtLoad;
  requestedAtLoad = null;
  if (now !== null) removeCookie(COOKIE_NAMES.partnerSite);
  return site;
};
