import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import {
  SOCKET_PATH,
  subscribeMessageSchema,
  type Publication,
  type RealtimeEvent,
  type SubscribeAck,
} from '@tourdesk/contract';
import type { TokenSigner } from '../lib/tokens';

export interface Realtime {
  /** Emits to every client subscribed to the channel. Call after the transaction commits. */
  publish: (channel: string, event: RealtimeEvent, payload: Record<string, unknown>) => void;
  close: () => Promise<void>;
}

interface SocketData {
  userId: number;
}

/**
 * Socket.IO with channel subscriptions (ARCHITECTURE.md "Real time"): the connection token
 * names the user; each channel token names the channel AND the same user, so a token taken
 * from another user's session cannot be used on this connection.
 */
export const createRealtime = async (opts: {
  httpServer: HttpServer;
  signer: TokenSigner;
  log: FastifyBaseLogger;
  redisUrl?: string;
}): Promise<Realtime> => {
  const io = new Server<
    Record<string, never>,
    { publication: (p: Publication) => void },
    Record<string, never>,
    SocketData
  >(opts.httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: false },
  });
  let closeRedis: (() => Promise<void>) | null = null;
  if (opts.redisUrl) {
    const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')]);
    const pub = new Redis(opts.redisUrl);
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub));
    closeRedis = async () => {
      await Promise.all([pub.quit(), sub.quit()]);
    };
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const claims = typeof token === 'string' ? await opts.signer.verify(token, 'rt-connection') : null;
    if (!claims) return next(new Error('Unauthenticated'));
    socket.data.userId = claims.sub;
    return next();
  });

  io.on('connection', (socket: Socket) => {
    socket.on('subscribe', async (raw: unknown, ack?: (a: SubscribeAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = subscribeMessageSchema.safeParse(raw);
      if (!parsed.success) return reply({ ok: false, message: 'Invalid subscription' });
      const claims = await opts.signer.verify(parsed.data.token, 'rt-channel');
      if (!claims || claims.ch !== parsed.data.channel || claims.sub !== (socket.data as SocketData).userId) {
        return reply({ ok: false, message: 'Forbidden' });
      }
      await socket.join(parsed.data.channel);
      return reply({ ok: true });
    });
    socket.on('unsubscribe', async (raw: unknown) => {
      const parsed = subscribeMessageSchema.pick({ channel: true }).safeParse(raw);
      if (parsed.success) await socket.leave(parsed.data.channel);
    });
  });

  return {
    publish: (channel, event, payload) => {
      io.to(channel).emit('publication', { channel, event, payload });
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
        // io.close also closes the http server; Fastify closes it too, so don't wait forever.
        setTimeout(resolve, 1000).unref();
      });
      await closeRedis?.();
    },
  };
};
