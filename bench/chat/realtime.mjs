// Socket.IO clients of the chat benchmark, connected as the web's realtime client does
// (apps/web/src/lib/socket/realtime-client.ts): the channels list is fetched before the
// connection, its connection token is the handshake's `auth.token`, and on connect every channel
// of the list is subscribed with its own token (`subscribe` { channel, token }, acknowledged).
// Publications arrive as `publication` { channel, event, payload }.
import fs from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import { root } from '../lib.mjs';

// from the contract (packages/contract/src/realtime-values.ts)
export const SOCKET_PATH = '/socket.io/';

/** The provider's channels list (GET /crm/api/chat/channels-list with its access token). */
export const providerChannels = (url, token) => async () => {
  const res = await fetch(`${url}/crm/api/chat/channels-list`, { headers: { 'x-authorization': `Bearer ${token}` } });
  if (!res.ok) throw new Error(`channels-list: ${res.status} ${await res.text()}`);
  return res.json();
};

/** The traveller's (GET /spa/chat/channels-list with the chat's link token): one guest channel. */
export const travellerChannels = (url, linkToken) => async () => {
  const res = await fetch(`${url}/spa/chat/channels-list?${new URLSearchParams({ token: linkToken })}`);
  if (!res.ok) throw new Error(`spa channels-list: ${res.status} ${await res.text()}`);
  return res.json();
};

/**
 * Connects and subscribes; resolves with the socket once every subscription is acknowledged.
 * `list` (a channels list already fetched) skips the fetch; `only` keeps the channels it accepts.
 */
export const connect = async (url, { fetchChannels, list, only, transports = ['websocket', 'polling'] }) => {
  const channels = list ?? (await fetchChannels());
  const subscribed = channels.channels.filter((c) => !only || only(c.name));
  const socket = io(url, {
    path: SOCKET_PATH,
    auth: { token: channels.connectionToken },
    transports,
    reconnection: false,
    forceNew: true,
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket: no connection in 30 s')), 30_000);
    socket.once('connect', () => {
      let left = subscribed.length;
      if (left === 0) resolve();
      for (const c of subscribed)
        socket.emit('subscribe', { channel: c.name, token: c.token }, (ack) => {
          if (!ack?.ok) reject(new Error(`subscribe ${c.name}: ${ack?.message}`));
          else if (--left === 0) {
            clearTimeout(timer);
            resolve();
          }
        });
    });
    socket.once('connect_error', (e) => {
      clearTimeout(timer);
      reject(new Error(`socket: ${e.message}`));
    });
  });
  return { socket, channels: subscribed.map((c) => c.name) };
};

/** The `new_message` publications a socket receives, each passed to `onMessage(payload, at)`. */
export const onNewMessage = (socket, onMessage) =>
  socket.on('publication', (p) => {
    if (p?.event === 'new_message') onMessage(p.payload, performance.now());
  });

/** A process's resident memory and its peak, in bytes (/proc/<pid>/status VmRSS, VmHWM). */
export const memoryOf = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};

/**
 * The pid of the built server this process started (lib.mjs' startServer: node, or taskset that
 * execs node): a child of ours running apps/server/dist/server.js.
 */
export const serverPid = () => {
  const script = path.join(root, 'apps/server/dist/server.js');
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (cmd.includes(script) && path.basename(cmd[0]).startsWith('node')) return Number(name);
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error('the server process was not found among this process’s children');
};
