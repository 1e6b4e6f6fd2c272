import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';

/**
 * A new account through POST /crm/api/user/register, as the sign-up form sends it. The server asks
 * one address for a captcha after a few sign-ups an hour (and a hard one after more), and every
 * spec signs up from 127.0.0.1: on that 429 this solves the ALTCHA challenge it names, as the
 * widget would, and retries with it (up to three times: a parallel sign-up may raise the ask).
 */
export const register = async (request: APIRequestContext, data: Record<string, unknown>): Promise<string> => {
  const send = (headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
    request.post('/crm/api/user/register', {
      headers: { 'X-USER-ROLE': 'org', ...headers },
      data: { ...data, ...extra },
    });
  let res = await send();
  // another spec signing up at the same moment may raise the ask from a captcha to a hard one: solve what is asked, again
  for (let attempt = 0; attempt < 3 && res.status() === 429; attempt++) {
    // the 429 body names the captcha it asks for (SPEC §4): { type, request_id, message, code }
    const captcha = (await res.json()) as { type?: string; request_id?: string };
    const hard = captcha.type === 'hard_captcha';
    const c = (await (await request.get(`/spa/captcha/challenge${hard ? '?hard=1' : ''}`)).json()) as {
      algorithm: string;
      challenge: string;
      salt: string;
      signature: string;
      maxnumber: number;
    };
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    const token = Buffer.from(JSON.stringify({ ...c, number: solution?.number, maxnumber: undefined })).toString(
      'base64',
    );
    res = await send({ 'x-captcha-token': token }, { request_id: captcha.request_id });
  }
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
};

/** A signed-up provider with an organizer that accepted the agreement: its token and organizer id. */
export const newProvider = async (
  request: APIRequestContext,
  opts: { email: string; organizer: string; timezone?: string },
): Promise<{ token: string; orgId: number; headers: Record<string, string>; email: string; password: string }> => {
  const password = 'Str0ng!pass';
  const token = await register(request, {
    email: opts.email,
    password,
    confirm_password: password,
    ...(opts.timezone ? { timezone: opts.timezone } : {}),
  });
  const headers = { Authorization: `Bearer ${token}` };
  const org = await request.post('/crm/api/organizer/create', { headers, data: { name: opts.organizer } });
  expect(org.ok()).toBe(true);
  const orgId = ((await org.json()) as { id: number }).id;
  const dashboard = await request.get(`/crm/api/user/dashboard?orgId=${orgId}`, { headers });
  const { agreement_version: version } = (await dashboard.json()) as { agreement_version: string };
  const accepted = await request.post('/crm/api/organizer/accept-agreement', {
    headers,
    data: { tour_organizer_id: orgId, version },
  });
  expect(accepted.ok()).toBe(true);
  return { token, orgId, headers, email: opts.email, password };
};

const PORT = Number(process.env.E2E_PORT ?? 18431);

/**
 * Opens a page signed in with `token`, in `language`; the phone prompt (not what the tour specs
 * are about) is put off with its one-day suppression cookie.
 */
export const openSignedIn = async (page: Page, url: string, token: string, language: 'en' | 'ru' = 'en') => {
  await page.addInitScript(
    ([t, l]) => {
      window.localStorage.setItem('token', t as string);
      window.localStorage.setItem('language', l as string);
    },
    [token, language],
  );
  await suppressPhonePrompt(page.context());
  await page.goto(url);
};

/** The phone prompt put off (its one-day cookie) in a browser context. */
export const suppressPhonePrompt = (context: BrowserContext) =>
  // on both hosts the server answers as itself: the payer's way back (/success) is on its PUBLIC_URL,
  // localhost, where the init script signs in too
  context.addCookies(
    [`http://127.0.0.1:${PORT}`, `http://localhost:${PORT}`].map((url) => ({
      name: 'phone_confirm_suppressed',
      value: '1',
      url,
    })),
  );
