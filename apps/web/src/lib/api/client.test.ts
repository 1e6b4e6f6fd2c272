import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import { createApiClient } from './client';
import { ApiError } from './api-error';
import { clearToken, getToken, setToken } from './token-storage';
import { messageError } from '../../test/error-bodies';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const user = {
  id: 1,
  first_name: 'Anna',
  last_name: null,
  email: 'a@b.c',
  phone: null,
  country: 'RU',
  is_phone_confirm: false,
  is_password_set: true,
  is_email_set: true,
  is_admin_auth: false,
};

/** A fake backend: access tokens are valid when listed; refresh issues the next one. */
const fakeServer = ({ refreshOk = true, refreshDelay = 10 } = {}) => {
  const valid = new Set<string>();
  const calls: { url: string; headers: Record<string, string>; body?: string }[] = [];
  let issued = 0;
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, headers, body: init.body as string | undefined });
    if (url.startsWith(userRoutes.refreshToken.path)) {
      await new Promise((r) => setTimeout(r, refreshDelay));
      if (!refreshOk) return json(401, messageError('unauthorized'));
      issued += 1;
      const token = `fresh-${issued}`;
      valid.add(token);
      return json(200, { token, expires_in: 900 });
    }
    const token = headers['X-Authorization']?.replace('Bearer ', '');
    if (!token || !valid.has(token)) return json(401, messageError('unauthorized'));
    if (url.startsWith(organizerRoutes.list.path)) return json(200, []);
    return json(200, user);
  });
  return {
    fetch,
    calls,
    refreshCount: () => calls.filter((c) => c.url.startsWith(userRoutes.refreshToken.path)).length,
  };
};

describe('api client', () => {
  beforeEach(() => {
    clearToken();
    document.documentElement.lang = 'ru';
  });
  afterEach(() => clearToken());

  it('sends the SPEC §7 headers', async () => {
    const server = fakeServer();
    setToken('stale');
    const client = createApiClient({ fetch: server.fetch as unknown as typeof fetch });
    client.setCurrencyGetter(() => 'EUR');
    await client.call(userRoutes.profile).catch(() => undefined);
    const first = server.calls[0];
    expect(first?.headers['X-Authorization']).toBe('Bearer stale');
    expect(first?.headers['X-Language']).toBe('ru');
    expect(first?.headers['X-Currency']).toBe('EUR');
    expect(first?.headers['X-USER-ROLE']).toBe('org');
  });

  it('calls a route by its descriptor and hands back the answer as sent, in every mode (nothing parsed)', async () => {
    const seen: { url: string; method?: string }[] = [];
    // fields the contract's schema would fill in (defaults) are absent; the answer must come back unchanged
    const answer = { id: 7, name: 'Altai Trails' };
    const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
      seen.push({ url, method: init.method });
      return json(200, answer);
    });
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const result = await client.call(organizerRoutes.info, { query: { id: 7 } });
    expect(seen).toEqual([{ url: '/crm/api/organizer/info?id=7', method: 'GET' }]);
    expect(result).toStrictEqual(answer);
  });

  it('refreshes ONCE for concurrent 401s and retries every call with the new token', async () => {
    const server = fakeServer();
    setToken('expired');
    const client = createApiClient({ fetch: server.fetch as unknown as typeof fetch });
    const results = await Promise.all([
      client.call(userRoutes.profile),
      client.call(userRoutes.profile),
      client.call(organizerRoutes.list),
      client.call(userRoutes.profile),
    ]);
    expect(server.refreshCount()).toBe(1);
    expect(results[0]).toMatchObject({ id: 1, first_name: 'Anna' });
    expect(results[2]).toEqual([]);
    expect(getToken()).toBe('fresh-1');
    const retried = server.calls.filter(
      (c) => !c.url.startsWith(userRoutes.refreshToken.path) && c.headers['X-Authorization'] === 'Bearer fresh-1',
    );
    expect(retried).toHaveLength(4);
  });

  it('on a failed refresh clears the token and reports the auth failure once', async () => {
    const server = fakeServer({ refreshOk: false });
    setToken('expired');
    const client = createApiClient({ fetch: server.fetch as unknown as typeof fetch });
    const onFailure = vi.fn();
    client.setAuthFailureHandler(onFailure);
    const outcomes = await Promise.allSettled([
      client.call(userRoutes.profile),
      client.call(organizerRoutes.list),
      client.call(userRoutes.profile),
    ]);
    expect(
      outcomes.every((o) => o.status === 'rejected' && o.reason instanceof ApiError && o.reason.status === 401),
    ).toBe(true);
    expect(server.refreshCount()).toBe(1);
    expect(getToken()).toBeNull();
    expect(onFailure).toHaveBeenCalledTimes(1);

    // later failures in the same session do not redirect again…
    setToken('expired-again');
    await client.call(userRoutes.profile).catch(() => undefined);
    expect(onFailure).toHaveBeenCalledTimes(1);
    // …until a new sign-in re-arms it
    client.setSessionToken('expired-third');
    await client.call(userRoutes.profile).catch(() => undefined);
    expect(onFailure).toHaveBeenCalledTimes(2);
  });

  it('does not try a refresh without a stored token', async () => {
    const server = fakeServer();
    const client = createApiClient({ fetch: server.fetch as unknown as typeof fetch });
    const onFailure = vi.fn();
    client.setAuthFailureHandler(onFailure);
    await expect(client.call(userRoutes.profile)).rejects.toMatchObject({ status: 401 });
    expect(server.refreshCount()).toBe(0);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('normalises errors: 422 field errors, messages, the Server Error fallback and network failures', async () => {
    const responses = [
      json(422, {
        message: 'Incorrect login or password',
        code: 'invalid_credentials',
        errors: { login: ['Incorrect login or password'] },
        codes: { login: [{ code: 'invalid_credentials' }] },
      }),
      json(403, { message: 'Forbidden', code: 'forbidden' }),
      new Response('<html>oops</html>', { status: 502 }),
    ];
    const client = createApiClient({ fetch: (async () => responses.shift()) as unknown as typeof fetch });
    const e422 = await client.call(userRoutes.auth, { body: { login: 'x', password: 'y' } }).catch((e: unknown) => e);
    expect(e422).toBeInstanceOf(ApiError);
    expect(e422).toMatchObject({
      status: 422,
      fieldErrors: { login: [{ code: 'invalid_credentials' }] },
      coded: { code: 'invalid_credentials' },
      message: 'Incorrect login or password',
    });
    await expect(client.call(userRoutes.profile)).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    await expect(client.call(userRoutes.profile)).rejects.toMatchObject({ status: 502, message: 'Server Error' });

    const offline = createApiClient({
      fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch,
    });
    await expect(offline.call(userRoutes.profile)).rejects.toMatchObject({ status: 0 });
  });

  it('hands a 429 captcha body to the captcha handler and retries with the token and the request ids', async () => {
    const seen: { headers: Record<string, string>; body?: string }[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit = {}) => {
      seen.push({ headers: init.headers as Record<string, string>, body: init.body as string | undefined });
      if (seen.length === 1) return json(429, { type: 'captcha', message: 'Solve the captcha', request_id: 'r-1' });
      return json(200, { token: 't', expires_in: 900 });
    });
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const handler = vi.fn(async () => ({ token: 'solved' }));
    client.setCaptchaHandler(handler);
    await client.call(userRoutes.auth, {
      body: { login: 'a', password: 'b' },
      headers: { 'x-invisible-captcha-token': 'inv' },
    });
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ type: 'captcha', request_id: 'r-1' }));
    expect(seen[1]?.headers['x-captcha-token']).toBe('solved');
    expect(seen[1]?.headers['x-invisible-captcha-token']).toBeUndefined();
    expect(JSON.parse(seen[1]?.body ?? '{}')).toEqual({ login: 'a', password: 'b', request_id: 'r-1' });

    // closing the captcha rejects the call with the 429
    seen.length = 0;
    client.setCaptchaHandler(() => Promise.reject(new Error('closed')));
    await expect(client.call(userRoutes.auth, { body: { login: 'a', password: 'b' } })).rejects.toMatchObject({
      status: 429,
    });
  });

  it('downloads a file with the SPEC headers, renewing an expired session through refresh-token once', async () => {
    const server = fakeServer();
    const pdf = new Uint8Array(2048).fill(7);
    const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
      if (!url.startsWith('/crm/api/request/download-contract')) return server.fetch(url, init);
      server.calls.push({ url, headers: init.headers as Record<string, string> });
      const token = (init.headers as Record<string, string>)['X-Authorization'];
      if (token !== 'Bearer fresh-1') return json(401, messageError('unauthorized'));
      return new Response(pdf, {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(pdf.byteLength),
          'Content-Disposition': `attachment; filename="____.pdf"; filename*=UTF-8''%D0%90%D0%BB%D1%82.pdf`,
        },
      });
    });
    setToken('stale');
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const progress: (number | null)[] = [];
    const file = await client.download(
      { method: 'GET', path: '/crm/api/request/download-contract' },
      { query: { id: 5, use_stamp: true }, headers: { 'X-Language': 'en' }, onProgress: (f) => progress.push(f) },
    );
    expect(file.name).toBe('Алт.pdf');
    expect(file.blob.size).toBe(2048);
    expect(progress.at(-1)).toBe(1);
    expect(server.refreshCount()).toBe(1);
    const downloads = server.calls.filter((c) => c.url.includes('download-contract'));
    expect(downloads).toHaveLength(2);
    expect(downloads[1]!.url).toBe('/crm/api/request/download-contract?id=5&use_stamp=1');
    expect(downloads[1]!.headers['X-Language']).toBe('en');
    expect(downloads[1]!.headers['X-USER-ROLE']).toBe('org');
    // nothing but refresh-token was called to renew the session
    expect(server.calls.map((c) => c.url.split('?')[0])).toEqual([
      '/crm/api/request/download-contract',
      userRoutes.refreshToken.path,
      '/crm/api/request/download-contract',
    ]);
  });

  it('answers a failed download with the API error of its body', async () => {
    setToken('t');
    const fetch = vi.fn(async () => json(404, messageError('not_found')));
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    await expect(client.download({ method: 'GET', path: '/crm/api/request/rooming-list-csv' })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('uploads a file as multipart with progress and renews an expired session once', async () => {
    const sent: { headers: Record<string, string>; form: FormData }[] = [];
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      withCredentials = false;
      private headers: Record<string, string> = {};
      open(): void {}
      setRequestHeader(name: string, value: string): void {
        this.headers[name] = value;
      }
      abort(): void {}
      send(form: FormData): void {
        sent.push({ headers: this.headers, form });
        const fresh = this.headers['X-Authorization'] === 'Bearer fresh-1';
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
          this.status = fresh ? 200 : 401;
          this.responseText = JSON.stringify(fresh ? { id: 9 } : messageError('unauthorized'));
          this.onload?.();
        }, 1);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    try {
      const server = fakeServer();
      setToken('stale');
      const client = createApiClient({ fetch: server.fetch as unknown as typeof fetch });
      const progress: number[] = [];
      const answer = await client.upload(
        { method: 'POST', path: '/crm/api/file/upload' },
        {
          file: new File(['abc'], 'a.pdf'),
          fields: { organizer_id: 3, is_public: false, skip: undefined },
          onProgress: (p) => progress.push(p),
        },
      );
      expect(answer).toEqual({ id: 9 });
      expect(server.refreshCount()).toBe(1);
      expect(sent).toHaveLength(2);
      expect(sent[1]!.headers['X-Language']).toBe('ru');
      expect(sent[1]!.form.get('organizer_id')).toBe('3');
      expect(sent[1]!.form.get('is_public')).toBe('0');
      expect(sent[1]!.form.has('skip')).toBe(false);
      expect((sent[1]!.form.get('file') as File).name).toBe('a.pdf');
      expect(progress).toContain(50);
      expect(progress.at(-1)).toBe(100);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
