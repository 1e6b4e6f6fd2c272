// HTTP helpers of the bookings benchmark: JSON calls with the demo account's token, and p50/p99
// of a GET measured as the browser sends it (one at a time on a keep-alive connection,
// Accept-Encoding br/gzip, from sending to the body's last byte).

import { solveChallenge } from 'altcha-lib/v1';

export const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };

export const api = async (url, token, method, route, body) => {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { 'x-authorization': `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
};
/** An invisible captcha solved as the widget does: the token for x-invisible-captcha-token. */
export const captchaToken = async (url) => {
  const c = await (await fetch(`${url}/spa/captcha/challenge?invisible=1`)).json();
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return Buffer.from(
    JSON.stringify({
      algorithm: c.algorithm,
      challenge: c.challenge,
      number: solution.number,
      salt: c.salt,
      signature: c.signature,
    }),
  ).toString('base64');
};
export const signIn = async (url) => (await api(url, null, 'POST', '/crm/api/user/auth', DEMO)).token;

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `samples` sequential GETs after `warmup`; p50, p99 and the first answer (parsed). */
export const measure = async (url, token, route, { samples, warmup }) => {
  const headers = { 'x-authorization': `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  let first = null;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}${route}`, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200)
      throw new Error(`GET ${route}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    return { ms, body };
  };
  for (let i = 0; i < warmup; i += 1) {
    const { body } = await once();
    if (i === 0) first = JSON.parse(Buffer.from(body).toString());
  }
  const times = [];
  for (let i = 0; i < samples; i += 1) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), first };
};

export const fmt = (ms) => ms.toFixed(1).padStart(6);
