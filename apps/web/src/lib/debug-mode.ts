import { COOKIE_NAMES, DEBUG_COOKIE_DAYS } from '@tourdesk/contract/constants';
import { DAY_SECONDS, getCookie, removeCookie, setCookie } from './cookies';

/** SPEC §4: a debug cookie (180 days) toggles debug mode (error details, debug tools). */
export const isDebugMode = (): boolean => getCookie(COOKIE_NAMES.debug) === '1';

export const setDebugMode = (enabled: boolean): void => {
  if (enabled) setCookie(COOKIE_NAMES.debug, '1', DEBUG_COOKIE_DAYS * DAY_SECONDS);
  else removeCookie(COOKIE_NAMES.debug);
};
