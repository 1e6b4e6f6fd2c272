import { BASE_PATH } from '@tourdesk/contract/constants';

export type RedirectTarget = { kind: 'none' } | { kind: 'path'; path: string } | { kind: 'illegal' };

/**
 * The `redirect` query of /login: only same-origin paths under /org are honoured. Returns the
 * router path (without the /org base) to go to, 'none' when absent, or 'illegal' (SPEC §5:
 * 'Illegal redirect', then go to /).
 */
export const parseRedirectQuery = (
  value: string | null | undefined,
  origin: string = window.location.origin,
): RedirectTarget => {
  if (value === null || value === undefined || value === '') return { kind: 'none' };
  // Only a plain absolute path; no scheme, no protocol-relative or backslash tricks.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return { kind: 'illegal' };
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return { kind: 'illegal' };
  }
  if (url.origin !== origin) return { kind: 'illegal' };
  const { pathname } = url;
  if (pathname !== BASE_PATH && !pathname.startsWith(`${BASE_PATH}/`)) return { kind: 'illegal' };
  const path = pathname.slice(BASE_PATH.length) || '/';
  return { kind: 'path', path: `${path}${url.search}${url.hash}` };
};

/** The login URL for a guest stopped on `path` (router path + search); SPEC §2: no redirect for '/'. */
export const loginPathFor = (path: string): string => {
  if (path === '/' || path === '') return '/login';
  return `/login?redirect=${encodeURIComponent(`${BASE_PATH}${path}`)}`;
};
