import type { Page } from '@playwright/test';

/**
 * Whether the page's Socket.IO connection has joined `channel`: a `subscribe` it sent for that
 * channel was acknowledged ok. Call before the page opens its socket.
 */
export const joinedChannel = (page: Page, channel: string): (() => boolean) => {
  let joined = false;
  // Socket.IO frames: 42<ack id>["subscribe",{channel,token}] out, 43<ack id>[{ok}] back
  const frame = (type: '42' | '43', payload: string | Buffer): [string, unknown[]] | null => {
    const m = new RegExp(`^${type}(\\d+)(\\[.*)$`, 's').exec(String(payload));
    try {
      return m ? [m[1]!, JSON.parse(m[2]!) as unknown[]] : null;
    } catch {
      return null;
    }
  };
  page.on('websocket', (ws) => {
    const ackIds = new Set<string>();
    ws.on('framesent', ({ payload }) => {
      const f = frame('42', payload);
      if (f && f[1][0] === 'subscribe' && (f[1][1] as { channel?: string })?.channel === channel) ackIds.add(f[0]);
    });
    ws.on('framereceived', ({ payload }) => {
      const f = frame('43', payload);
      if (f && ackIds.has(f[0]) && (f[1][0] as { ok?: boolean })?.ok === true) joined = true;
    });
  });
  return () => joined;
};
