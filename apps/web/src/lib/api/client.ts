import { DEFAULT_CURRENCY } from '@tourdesk/contract/entities/user-values';
import { CAPTCHA_TYPES } from '@tourdesk/contract/error-values';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { CaptchaErrorBody } from '@tourdesk/contract/errors';
import type { ApiRouteDescriptor, RouteBody, RouteQuery, RouteResponse } from '@tourdesk/contract/route';
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from './api-error';
import { clearToken, getToken, setToken } from './token-storage';
import { fileNameOf } from './download';

/** What a solved captcha gives back: the token and the header it travels in (SPEC §4, §7). */
export interface CaptchaSolution {
  token: string;
  header?: 'x-captcha-token' | 'x-invisible-captcha-token';
}
/** Receives the 429 body, resolves with a solution or rejects when the user closes the modal. */
export type CaptchaHandler = (body: CaptchaErrorBody) => Promise<CaptchaSolution>;
/** Solves the invisible captcha in the background; null when it cannot (the call goes without it). */
export type InvisibleCaptchaProvider = () => Promise<string | null>;

export interface CallInput<R> {
  query?: RouteQuery<R>;
  body?: RouteBody<R>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A file the server answered with: its bytes and the name its Content-Disposition gives (null without one). */
export interface DownloadedFile {
  blob: Blob;
  name: string | null;
}

export interface DownloadInput<R> extends CallInput<R> {
  /** how much of the announced length has come (0–1), null when the server announced none */
  onProgress?: (fraction: number | null) => void;
}

export interface UploadInput {
  file: File;
  /** the multipart form's other fields; undefined ones are left out */
  fields?: Record<string, string | number | boolean | undefined>;
  /** percent of the file sent (0–100) */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** base URL of the API; SPEC §7: '/' */
  baseUrl?: string;
}

type Json = Record<string, unknown>;
interface SendInput {
  method: string;
  path: string;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const REQUEST_IDS = ['request_id', 'requestUUID', 'subscriber_id'] as const;

/** A 429 body asking for a captcha (SPEC §4): `type` is one of the captcha types. */
const isCaptchaErrorBody = (body: unknown): body is CaptchaErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  (CAPTCHA_TYPES as readonly unknown[]).includes((body as { type?: unknown }).type) &&
  typeof (body as { message?: unknown }).message === 'string' &&
  REQUEST_IDS.every((k) => ['undefined', 'string'].includes(typeof (body as Record<string, unknown>)[k]));

/**
 * The one HTTP client of the app. Adds the SPEC §7 headers, normalises errors, refreshes an
 * expired token once for all concurrent calls, and hands 429 captcha bodies to a handler.
 */
export const createApiClient = (options: ApiClientOptions = {}) => {
  const baseUrl = (options.baseUrl ?? '/').replace(/\/$/, '');
  let language: () => string = () => document.documentElement.lang || 'en';
  let currency: () => string = () => DEFAULT_CURRENCY;
  let captchaHandler: CaptchaHandler | null = null;
  let invisibleCaptcha: InvisibleCaptchaProvider | null = null;
  let authFailureHandler: (() => void) | null = null;
  let authFailureReported = false;
  let refreshing: Promise<boolean> | null = null;

  const doFetch = (url: string, init: RequestInit): Promise<Response> => (options.fetch ?? globalThis.fetch)(url, init);

  const buildUrl = (path: string, query: unknown): string => {
    const params = new URLSearchParams();
    if (query && typeof query === 'object') {
      for (const [key, value] of Object.entries(query as Json)) {
        if (value === undefined || value === null) continue;
        if (Array.isArray(value)) value.forEach((item) => params.append(`${key}[]`, String(item)));
        else params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
      }
    }
    const qs = params.toString();
    return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
  };

  const readBody = async (res: Response): Promise<unknown> => {
    const text = await res.text();
    if (text === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  };

  const reportAuthFailure = (): void => {
    if (authFailureReported) return;
    authFailureReported = true;
    authFailureHandler?.();
  };

  /** One refresh in flight at a time; every caller that saw a 401 awaits the same promise. */
  const refreshOnce = (staleToken: string): Promise<boolean> => {
    const current = getToken();
    if (current !== staleToken) return Promise.resolve(current !== null);
    refreshing ??= (async () => {
      try {
        const res = await doFetch(buildUrl(userRoutes.refreshToken.path, undefined), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-USER-ROLE': 'org' },
          body: '{}',
          credentials: 'same-origin',
        });
        const body = (await readBody(res)) as { token?: unknown } | null;
        if (res.ok && typeof body?.token === 'string' && body.token !== '') {
          setToken(body.token);
          return true;
        }
      } catch {
        // network failure counts as a failed refresh
      }
      clearToken();
      return false;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  /** The SPEC §7 headers of every call: the access token, the language, the currency, the role. */
  const specHeaders = (token: string | null, extra?: Record<string, string>): Record<string, string> => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Language': language(),
      'X-Currency': currency(),
      'X-USER-ROLE': 'org',
      ...extra,
    };
    if (token) headers['X-Authorization'] = `Bearer ${token}`;
    return headers;
  };

  /** After a 401 with a token: whether the session was renewed (the call is then tried once more). */
  const renewedAfter401 = async (token: string | null, refreshed: boolean): Promise<boolean> => {
    if (!token || refreshed) return false;
    if (await refreshOnce(token)) return true;
    reportAuthFailure();
    return false;
  };

  const send = async (
    input: SendInput,
    state: { refreshed?: boolean; captcha?: CaptchaSolution } = {},
  ): Promise<unknown> => {
    const token = getToken();
    const headers = specHeaders(token, input.headers);
    if (state.captcha) {
      delete headers['x-invisible-captcha-token'];
      headers[state.captcha.header ?? 'x-captcha-token'] = state.captcha.token;
    }
    const init: RequestInit = { method: input.method, headers, credentials: 'same-origin', signal: input.signal };
    if (input.method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(input.body ?? {});
    }

    let res: Response;
    try {
      res = await doFetch(buildUrl(input.path, input.query), init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, null);
    }
    const body = await readBody(res);
    if (res.ok) return body;

    if (
      res.status === 401 &&
      input.path !== userRoutes.refreshToken.path &&
      (await renewedAfter401(token, !!state.refreshed))
    )
      return send(input, { ...state, refreshed: true });

    if (res.status === 429 && captchaHandler && !state.captcha) {
      if (isCaptchaErrorBody(body)) {
        let solution: CaptchaSolution;
        try {
          solution = await captchaHandler(body);
        } catch {
          throw toApiError(res.status, body);
        }
        // SPEC §4: request ids from the error body are merged into the retried payload
        const ids = Object.fromEntries(REQUEST_IDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
        const merged =
          input.method === 'GET'
            ? { ...input, query: { ...((input.query as Json | undefined) ?? {}), ...ids } }
            : { ...input, body: { ...((input.body as Json | undefined) ?? {}), ...ids } };
        return send(merged, { ...state, captcha: solution });
      }
    }
    throw toApiError(res.status, body);
  };

  const invisibleCaptchaToken = async (): Promise<string | null> => {
    if (!invisibleCaptcha) return null;
    try {
      return await invisibleCaptcha();
    } catch {
      return null;
    }
  };

  const withInvisibleCaptcha = async (
    route: ApiRouteDescriptor,
    headers: Record<string, string> | undefined,
  ): Promise<Record<string, string>> => {
    const out = { ...headers };
    // SPEC §7: calls marked "invisible captcha" carry a token solved in the background
    if (route.invisibleCaptcha) {
      const token = await invisibleCaptchaToken();
      if (token) out['x-invisible-captcha-token'] = token;
    }
    return out;
  };

  /**
   * Calls a route (its descriptor from the contract's `api/<area>-routes.ts`) and returns the
   * response body as the server sent it, typed by the route's contract. Nothing is parsed here,
   * in any mode: the route sweep (apps/server/src/route-sweep.test.ts) checks that every 2xx
   * answer already is what its contract's response schema makes of it.
   */
  const call = async <R extends ApiRouteDescriptor>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> => {
    const headers = await withInvisibleCaptcha(route, input.headers);
    return (await send({
      method: route.method,
      path: route.path,
      query: input.query,
      body: input.body,
      signal: input.signal,
      headers,
    })) as RouteResponse<R>;
  };

  /** The body's bytes, reporting how much of the announced length has come. */
  const readWithProgress = async (res: Response, onProgress: (fraction: number | null) => void): Promise<Blob> => {
    const type = res.headers.get('content-type') ?? 'application/octet-stream';
    const total = Number(res.headers.get('content-length')) || 0;
    if (!res.body) return res.blob();
    const reader = res.body.getReader();
    const parts: Uint8Array[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress(total ? Math.min(1, received / total) : null);
    }
    return new Blob(parts as BlobPart[], { type });
  };

  /**
   * Calls a route that answers with a file (a PDF, a CSV…) rather than JSON: the same headers,
   * session renewal and errors as `call`; the bytes (with progress when asked) and the file name.
   */
  const download = async <R extends ApiRouteDescriptor>(
    route: R,
    input: DownloadInput<R> = {},
    refreshed = false,
  ): Promise<DownloadedFile> => {
    const token = getToken();
    const headers = specHeaders(token, await withInvisibleCaptcha(route, input.headers));
    headers.Accept = '*/*';
    const init: RequestInit = { method: route.method, headers, credentials: 'same-origin', signal: input.signal };
    if (route.method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(input.body ?? {});
    }
    let res: Response;
    try {
      res = await doFetch(buildUrl(route.path, input.query), init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, null);
    }
    if (res.status === 401 && (await renewedAfter401(token, refreshed))) return download(route, input, true);
    if (!res.ok) throw toApiError(res.status, await readBody(res));
    const blob = input.onProgress ? await readWithProgress(res, input.onProgress) : await res.blob();
    return { blob, name: fileNameOf(res.headers.get('content-disposition')) };
  };

  /**
   * Sends a file to a multipart route through XMLHttpRequest (fetch cannot report upload
   * progress), with the same headers, session renewal and errors as `call`.
   */
  const upload = async <R extends ApiRouteDescriptor>(
    route: R,
    input: UploadInput,
    refreshed = false,
  ): Promise<RouteResponse<R>> => {
    const token = getToken();
    const headers = specHeaders(token, await withInvisibleCaptcha(route, input.headers));
    const { status, body } = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(route.method, buildUrl(route.path, undefined));
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      const form = new FormData();
      for (const [key, value] of Object.entries(input.fields ?? {}))
        if (value !== undefined) form.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
      form.append('file', input.file, input.file.name);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) input.onProgress?.((event.loaded / event.total) * 100);
      };
      xhr.onload = () => {
        let parsed: unknown = null;
        try {
          parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
        } catch {
          parsed = xhr.responseText;
        }
        resolve({ status: xhr.status, body: parsed });
      };
      xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, {}, null));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
    if (status >= 200 && status < 300) {
      input.onProgress?.(100);
      // as `call`: the answer as sent (the route sweep checks it against the contract)
      return body as RouteResponse<R>;
    }
    if (status === 401 && (await renewedAfter401(token, refreshed))) return upload(route, input, true);
    throw toApiError(status, body);
  };

  return {
    call,
    download,
    upload,
    /** Stores a freshly issued token and re-arms the one-time redirect to /login. */
    setSessionToken(newToken: string): void {
      setToken(newToken);
      authFailureReported = false;
    },
    clearSession(): void {
      clearToken();
    },
    hasToken: (): boolean => getToken() !== null,
    setCaptchaHandler(handler: CaptchaHandler | null): void {
      captchaHandler = handler;
    },
    setInvisibleCaptchaProvider(provider: InvisibleCaptchaProvider | null): void {
      invisibleCaptcha = provider;
    },
    /** A token of the invisible captcha solved now (for a caller that shows the step on its own). */
    invisibleCaptchaToken,
    /** Called once when a refresh fails (the app sends the user to /login). */
    setAuthFailureHandler(handler: (() => void) | null): void {
      authFailureHandler = handler;
    },
    setLanguageGetter(getter: () => string): void {
      language = getter;
    },
    setCurrencyGetter(getter: () => string): void {
      currency = getter;
    },
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client. Features' fetchers call `api.call(route, input)`. */
export const api: ApiClient = createApiClient();
export const setCaptchaHandler = (handler: CaptchaHandler | null): void => api.setCaptchaHandler(handler);
