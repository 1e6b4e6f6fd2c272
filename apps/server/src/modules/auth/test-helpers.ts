import type { FastifyInstance, InjectOptions } from 'fastify';

let ipCounter = 0;
/** A fresh client address, so the per-address counters of one test do not spill into another. */
export const nextIp = (): string => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.7`;
};

export interface OutboxItem {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
}

/** The outbox as the debug screen reads it (through the server, not the database), newest first. */
export const readOutbox = async (app: FastifyInstance, recipient?: string): Promise<OutboxItem[]> => {
  const res = await app.inject({ method: 'GET', url: '/crm/api/debug/outbox?limit=200' });
  const items = (res.json() as { items: OutboxItem[] }).items;
  return recipient ? items.filter((i) => i.recipient === recipient) : items;
};

/** The newest 6-digit code sent to the recipient. */
export const lastCode = async (app: FastifyInstance, recipient: string): Promise<string> => {
  const [item] = await readOutbox(app, recipient);
  const m = item ? /\b(\d{6})\b/.exec(item.body) : null;
  if (!m) throw new Error(`no code in the outbox for ${recipient}`);
  return m[1]!;
};

/** The token of the newest link `…/org/<path>?token=…` sent to the recipient. */
export const lastLinkToken = async (app: FastifyInstance, recipient: string, path: string): Promise<string> => {
  for (const item of await readOutbox(app, recipient)) {
    const m = new RegExp(`/org/${path}\\?token=([A-Za-z0-9_%-]+)`).exec(item.body);
    if (m) return decodeURIComponent(m[1]!);
  }
  throw new Error(`no ${path} link in the outbox for ${recipient}`);
};

/** POST with JSON from a given client address. */
export const post = (app: FastifyInstance, url: string, payload: unknown, opts: Partial<InjectOptions> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: opts.remoteAddress ?? nextIp(),
    ...opts,
  });
