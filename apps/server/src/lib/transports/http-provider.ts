import { TransportError, type Transport } from './transport';

const TIMEOUT_MS = 10_000;

/** What of a message's meta the provider gets: not our own bookkeeping (whom a notification is for). */
const providerMeta = (meta: Record<string, unknown> | undefined): Record<string, unknown> => {
  const { notification: _ours, ...rest } = meta ?? {};
  return rest;
};

/**
 * A messaging provider behind one JSON endpoint: POST url { to, text, channel, ...meta } with
 * `Authorization: Bearer <key>`; any 2xx is accepted, `id` in the answer is kept. SMS, WhatsApp,
 * VK and flash calls all use this shape; an adapter service in front of a vendor API maps it.
 */
export const createHttpProviderTransport = (opts: { name: string; url: string; apiKey?: string }): Transport => ({
  name: opts.name,
  send: async (message) => {
    const res = await fetch(opts.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
      },
      body: JSON.stringify({
        ...providerMeta(message.meta),
        channel: message.channel,
        to: message.recipient,
        text: message.body,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new TransportError(`${opts.name} provider answered ${res.status}`);
    let providerId: string | undefined;
    try {
      const id = (JSON.parse(text) as { id?: unknown }).id;
      if (typeof id === 'string' || typeof id === 'number') providerId = String(id);
    } catch {
      // a provider may answer plain text; the status is what counts
    }
    return { providerId };
  },
});
