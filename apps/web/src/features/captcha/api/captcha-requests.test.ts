import { describe, expect, it, vi } from 'vitest';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import { uploadRoutes } from '@tourdesk/contract/api/upload-routes';
import { createApiClient } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/api-error';
import { createCaptchaRequests } from './captcha-requests';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('captcha requests with the api client (SPEC §4)', () => {
  it('a 429 captcha waits for the solution, then the call is retried with x-captcha-token, without the invisible token, with the request ids merged', async () => {
    const seen: { headers: Record<string, string>; body: unknown }[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit = {}) => {
      seen.push({ headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
      return seen.length === 1
        ? json(429, { type: 'hard_captcha', message: 'Too many requests', request_id: 'r-1' })
        : json(200, { success: true });
    });
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const requests = createCaptchaRequests();
    client.setCaptchaHandler(requests.handler);
    const call = client.call(userRoutes.sendAuthCode, {
      body: { login: 'a@b.co' },
      headers: { 'x-invisible-captcha-token': 'inv' },
    });
    await vi.waitFor(() => expect(requests.current()).not.toBeNull());
    expect(requests.current()?.body.type).toBe('hard_captcha');
    requests.solve(requests.current()?.id ?? 0, 'solved-payload');
    await expect(call).resolves.toEqual({ success: true });
    expect(seen[1]?.headers['x-captcha-token']).toBe('solved-payload');
    expect(seen[1]?.headers['x-invisible-captcha-token']).toBeUndefined();
    expect(seen[1]?.body).toEqual({ login: 'a@b.co', request_id: 'r-1' });
    expect(requests.current()).toBeNull();
  });

  it('closing the captcha rejects the original call', async () => {
    const fetch = vi.fn(async () => json(429, { type: 'captcha', message: 'Too many requests' }));
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const requests = createCaptchaRequests();
    client.setCaptchaHandler(requests.handler);
    const call = client.call(userRoutes.auth, { body: { login: 'a@b.co', password: 'x' } });
    await vi.waitFor(() => expect(requests.current()).not.toBeNull());
    requests.dismiss(requests.current()?.id ?? 0);
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('routes marked invisibleCaptcha carry x-invisible-captcha-token solved in the background; others do not', async () => {
    const seen: Record<string, string>[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit = {}) => {
      seen.push(init.headers as Record<string, string>);
      return json(200, {});
    });
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    client.setInvisibleCaptchaProvider(async () => 'background-token');
    await client.call(uploadRoutes.image, { body: { url: 'https://example.com/a.jpg' } });
    await client.call(userRoutes.sendAuthCode, { body: { login: 'a@b.co' } });
    expect(seen[0]?.['x-invisible-captcha-token']).toBe('background-token');
    expect(seen[1]?.['x-invisible-captcha-token']).toBeUndefined();
  });
});
