import { COOKIE_NAMES } from '@tourdesk/contract/constants';
import { getCookie, removeCookie } from '../../../lib/cookies';

/** The site id a partner marketplace asks to connect, from its cookie's value; null when none or invalid. */
export const parsePartnerSiteCookie = (value: string | null): number | null => {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
};

/**
 * The partner-site cookie lives 1 s (SPEC §9), so it is noted when the signed-in shell loads
 * and read again when the start-up modals take their turn; whichever saw it wins. Once taken,
 * the request stays until it is finished (a render React throws away and repeats takes it
 * again and gets the same site). This module is tiny on purpose: the sign-partnership screens
 * load only when a request is there.
 */
let requestedAtLoad: number | null = null;
let taken: number | null = null;

export const noteRequestedSiteAtLoad = (): number | null => {
  requestedAtLoad =
    typeof document === 'undefined' ? null : parsePartnerSiteCookie(getCookie(COOKIE_NAMES.partnerSite));
  return requestedAtLoad;
};

export const takeRequestedSite = (): number | null => {
  const now = parsePartnerSiteCookie(getCookie(COOKIE_NAMES.partnerSite));
  if (now !== null) removeCookie(COOKIE_NAMES.partnerSite);
  taken = now ?? requestedAtLoad ?? taken;
  requestedAtLoad = null;
  return taken;
};

/** The request was answered (signed, declined, or nothing to offer): it is not taken again. */
export const finishRequestedSite = (): void => {
  taken = null;
};
