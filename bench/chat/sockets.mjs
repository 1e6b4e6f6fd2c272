// The sockets section of the chat benchmark: `count` (2 000) authenticated Socket.IO clients on
// one server node, each connected and subscribed as the web's realtime client does (its own
// channels list fetched first, the connection token in the handshake, websocket transport, every
// channel of the list subscribed with its token) — the bench provider's tabs, one session. On a
// fresh server process (restarted for this section; the other sections' garbage would make its
// memory swing by more than the sockets take), the connection path warmed up with 50 sockets
// first. Prints the server process's resident memory (VmRSS of /proc/<pid>/status) before, at
// half and with all of them, per socket, and after they all disconnect; and how long one provider
// message takes to reach all of them (each socket is on the organizer's channel).
import crypto from 'node:crypto';
import { api, fmt, percentile } from '../bookings/http.mjs';
import { connect, memoryOf, onNewMessage, providerChannels } from './realtime.mjs';

const BATCH = 100;
const FAN_OUT_MESSAGES = 5;
const SETTLE_MS = 2000;
const WARM_UP = 50;

const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `fn(i)` for 0..n-1, `BATCH` at a time. */
const inBatches = async (n, fn) => {
  const out = [];
  for (let from = 0; from < n; from += BATCH)
    out.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, n - from) }, (_, k) => fn(from + k)))));
  return out;
};

/** Runs on a server process of its own (restarted before it): its memory is the sockets' and little else. */
export const freshServer = true;

export const run = async ({ url, token, ids, pid, sockets: { count } }) => {
  if (count < 2) {
    console.log(`\nsockets: SKIPPED: ${count} sockets allowed by the open-files limit`);
    return [];
  }
  const fetchChannels = providerChannels(url, token);
  // the connection path warmed up (its code compiled, Socket.IO's structures made) before measuring
  const warm = await inBatches(WARM_UP, () => connect(url, { fetchChannels, transports: ['websocket'] }));
  for (const c of warm) c.socket.disconnect();
  const lists = await inBatches(count, () => fetchChannels());
  await sleep(SETTLE_MS);
  const before = memoryOf(pid);
  const t0 = performance.now();
  const clients = [];
  try {
    const half = Math.floor(count / 2);
    clients.push(...(await inBatches(half, (i) => connect(url, { list: lists[i], transports: ['websocket'] }))));
    const connectHalfMs = performance.now() - t0;
    await sleep(SETTLE_MS);
    const middle = memoryOf(pid);
    const t1 = performance.now();
    clients.push(
      ...(await inBatches(count - half, (i) => connect(url, { list: lists[half + i], transports: ['websocket'] }))),
    );
    const connectMs = connectHalfMs + performance.now() - t1;
    await sleep(SETTLE_MS);
    const after = memoryOf(pid);
    const channels = clients[0].channels;
    console.log(
      `\n${count.toLocaleString('en')} sockets on one node (a fresh server process, pid ${pid}; websocket; ${channels.length} channels each: ${channels.join(', ')}), connected and subscribed ${BATCH} at a time in ${(connectMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  server RSS before ${mb(before.rss)}, with ${half.toLocaleString('en')} sockets ${mb(middle.rss)}, with ${count.toLocaleString('en')} ${mb(after.rss)}: +${mb(after.rss - before.rss)}, ${kb((after.rss - before.rss) / count)} per socket (the second ${(count - half).toLocaleString('en')}: ${kb((after.rss - middle.rss) / (count - half))} each; peak RSS ${mb(after.hwm)})`,
    );

    // one provider message reaching every socket (all on the organizer's channel)
    const main = `organizer:${ids.main}`;
    if (!channels.includes(main)) throw new Error(`the sockets are not on ${main}`);
    const waiting = new Map();
    for (const c of clients) onNewMessage(c.socket, (payload, at) => waiting.get(payload.message.client_id)?.(at));
    const lasts = [];
    const medians = [];
    for (let m = 0; m < FAN_OUT_MESSAGES; m += 1) {
      const clientId = crypto.randomUUID();
      const times = [];
      const all = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`fan-out: ${times.length} of ${count} in 30 s`)), 30_000);
        waiting.set(clientId, (at) => {
          times.push(at);
          if (times.length === count) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const sent = performance.now();
      await api(url, token, 'POST', '/crm/api/chat/send-message', {
        chat_id: ids.deliveryChat,
        message: `To everyone ${m + 1}`,
        client_id: clientId,
      });
      await all;
      waiting.delete(clientId);
      const ms = times.map((t) => t - sent).sort((a, b) => a - b);
      medians.push(percentile(ms, 50));
      lasts.push(ms.at(-1));
      await sleep(200);
    }
    lasts.sort((a, b) => a - b);
    medians.sort((a, b) => a - b);
    console.log(
      `  one provider message to all ${count.toLocaleString('en')} sockets (${FAN_OUT_MESSAGES} messages, medians): half of them have it after ${fmt(percentile(medians, 50)).trim()} ms, the last after ${fmt(percentile(lasts, 50)).trim()} ms (slowest message ${fmt(lasts.at(-1)).trim()} ms)`,
    );
  } finally {
    for (const c of clients) c.socket.disconnect();
  }
  await sleep(SETTLE_MS);
  const gone = memoryOf(pid);
  console.log(`  all disconnected: server RSS ${mb(gone.rss)}`);
  return [];
};
