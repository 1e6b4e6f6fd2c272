import { COOKIE_NAMES, TOKEN_STORAGE_KEY } from '@tourdesk/contract/constants';
import { DAY_SECONDS, getCookie, removeCookie, setCookie } from '../cookies';

/*
 * The access token lives in local storage and in a cookie (SPEC §7). The cookie outlives the
 * 15-minute token on purpose: a stale token still means "there is a session, try a refresh".
 */
const TOKEN_COOKIE_DAYS = 30;

const readStorage = (): string | null => {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};

export const getToken = (): string | null => readStorage() ?? getCookie(COOKIE_NAMES.token);

export const setToken = (token: string): void => {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // private mode: the cookie still carries it
  }
  setCookie(COOKIE_NAMES.token, token, TOKEN_COOKIE_DAYS * DAY_SECONDS);
};

export const clearToken = (): void => {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  removeCookie(COOKIE_NAMES.token);
};
