import type { Server as HttpServer } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import {
  SOCKET_PATH,
  publicationSchema,
  subscribeMessageSchema,
  type Publication,
  type Publish,
  type SubscribeAck,
} from '@tourdesk/contract';
import type { TokenSigner } from '../lib/tokens';

export interface Realtime {
  /**
   * Emits to every client subscribed to the channel; the payload is its event's (RealtimePayloads).
   * Call after the transaction commits.
   */
  publish: Publish;
  /** Drops every socket connected with a connection token of these sessions (on every node). */
  endSessions: (familyIds: readonly number[]) => void;
  /** Drops every guest socket of a channel (a chat link reissued), on every node. */
  endGuests: (channel: string) => void;
  /** Drops the guest sockets of a channel whose token named `generation` (an operator's session ended). */
  endGuestGeneration: (channel: string, generation: number) => void;
  /**
   * Adds the user's live sockets (every session, every node) to a channel they may read now: a
   * new organizer's, whose channel token none of them got when it connected.
   */
  addUserTo: (userId: number, channel: string) => void;
  /** Takes the user's live sockets (every session, every node) out of a channel at once: a member removed. */
  removeUserFrom: (userId: number, channel: string) => void;
  /** Sets whether a user may still join a channel its (unexpired) channel token names: membership, read each time. */
  checkMembersWith: (check: (userId: number, channel: string) => Promise<boolean>) => void;
  /**
   * Sets whether a member joining a channel is departure-scoped there (a guide, issue 29): a
   * publication with an audience reaches such a member only when it names them.
   */
  checkScopedWith: (check: (userId: number, channel: string) => Promise<boolean>) => void;
  /**
   * Sets whether a guest token (its channel and `fam`) still opens its channel: a chat link
   * reissued makes its old tokens connect and subscribe no more (the chat module sets it). Until
   * it is set every guest token does.
   */
  checkGuestsWith: (check: (channel: string, generation: number | undefined) => Promise<boolean>) => void;
  close: () => Promise<void>;
}

interface SocketData {
  /** 0 for a guest */
  userId: number;
  sessionFamilyId: number;
  /** a guest's one channel (its `rt-guest` token's) */
  guestChannel?: string;
  /** its token's `fam` (a chat link's generation, an operator's session) */
  guestGeneration?: number;
}

/** Throws unless the publication is exactly what publicationSchema makes of it (checkPayloads). */
const assertInContract = (publication: Publication): void => {
  const parsed = publicationSchema.safeParse(publication);
  if (!parsed.success) throw new Error(`${publication.event}: payload outside the contract: ${parsed.error.message}`);
  if (!isDeepStrictEqual(parsed.data, publication))
    throw new Error(`${publication.event}: payload keys the contract does not declare: ${JSON.stringify(publication)}`);
};

/** The room of a session's sockets; not a channel (no channel token names it, so no client joins it). */
const sessionRoom = (familyId: number): string => `session:${familyId}`;
/** The room of a user's sockets (every session); not a channel either. */
const userRoom = (userId: number): string => `sockets-of:${userId}`;
/** The rooms of a channel's departure-scoped member sockets (all, and one user's); not channels either. */
const scopedRoom = (channel: string): string => `scoped:${channel}`;
const scopedUserRoom = (channel: string, userId: number): string => `scoped:${channel}:${userId}`;
/** The room of a channel's guest sockets; not a channel either. */
const guestRoom = (channel: string): string => `guest:${channel}`;
/** The room of a channel's guest sockets of one generation (`fam`); not a channel either. */
const guestGenerationRoom = (channel: string, generation: number): string => `guest:${channel}:${generation}`;

/**
 * Socket.IO with channel subscriptions (ARCHITECTURE.md "Real time"). A guest (a chat's traveller
 * through their link, support through the operator token) connects with an `rt-guest` token that
 * names one channel, and may join that channel only. Otherwise the connection token
 * names the user; each channel token names the channel AND the same user, so a token taken
 * from another user's session cannot be used on this connection. The connection token also
 * names the session (`fam`): a session that has ended (logout, refresh reuse, password change or
 * reset) connects no more, and its live sockets are dropped when it ends (`endSessions`).
 */
export const createRealtime = async (opts: {
  httpServer: HttpServer;
  signer: TokenSigner;
  /** whether the session (refresh-token family) is live for this user: the access tokens' check */
  isSessionLive: (familyId: number, userId: number) => Promise<boolean>;
  log: FastifyBaseLogger;
  redisUrl?: string;
  /**
   * Tests: every publication is checked against its event's payload schema (undeclared keys
   * included) before it goes out, and one that does not match throws, so no server test passes
   * while a publisher sends what the contract does not say.
   */
  checkPayloads?: boolean;
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
  let memberCheck: ((userId: number, channel: string) => Promise<boolean>) | null = null;
  let scopedCheck: ((userId: number, channel: string) => Promise<boolean>) | null = null;
  let guestCheck: ((channel: string, generation: number | undefined) => Promise<boolean>) | null = null;
  const isGuestLive = (channel: string, generation: number | undefined): Promise<boolean> =>
    guestCheck ? guestCheck(channel, generation).catch(() => false) : Promise.resolve(true);
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
    // a guest (a chat's traveller, support) connects for the one channel its token names
    const guest = typeof token === 'string' ? await opts.signer.verify(token, 'rt-guest') : null;
    if (guest?.ch) {
      if (!(await isGuestLive(guest.ch, guest.fam))) return next(new Error('Unauthenticated'));
      socket.data.userId = 0;
      socket.data.sessionFamilyId = 0;
      socket.data.guestChannel = guest.ch;
      if (guest.fam !== undefined) socket.data.guestGeneration = guest.fam;
      return next();
    }
    const claims = typeof token === 'string' ? await opts.signer.verify(token, 'rt-connection') : null;
    if (!claims?.fam || !(await opts.isSessionLive(claims.fam, claims.sub).catch(() => false)))
      return next(new Error('Unauthenticated'));
    socket.data.userId = claims.sub;
    socket.data.sessionFamilyId = claims.fam;
    return next();
  });

  io.on('connection', (socket: Socket) => {
    const { sessionFamilyId, userId, guestChannel, guestGeneration } = socket.data as SocketData;
    if (guestChannel !== undefined) {
      void socket.join([
        guestRoom(guestChannel),
        ...(guestGeneration !== undefined ? [guestGenerationRoom(guestChannel, guestGeneration)] : []),
      ]);
      // a generation that ended between the check above and the join: its end missed this socket
      void isGuestLive(guestChannel, guestGeneration).then((isLive) => isLive || socket.disconnect(true));
      socket.on('subscribe', async (raw: unknown, ack?: (a: SubscribeAck) => void) => {
        const reply = typeof ack === 'function' ? ack : () => undefined;
        const parsed = subscribeMessageSchema.safeParse(raw);
        if (!parsed.success) return reply({ ok: false, message: 'Invalid subscription' });
        const claims = await opts.signer.verify(parsed.data.token, 'rt-guest');
        if (
          !claims ||
          claims.ch !== parsed.data.channel ||
          parsed.data.channel !== guestChannel ||
          !(await isGuestLive(guestChannel, claims.fam))
        )
          return reply({ ok: false, message: 'Forbidden' });
        await socket.join(guestChannel);
        return reply({ ok: true });
      });
      socket.on('unsubscribe', async () => {
        await socket.leave(guestChannel);
      });
      return;
    }
    void socket.join([sessionRoom(sessionFamilyId), userRoom(userId)]);
    // a session that ended between the check above and the join: its endSessions missed this socket
    void opts.isSessionLive(sessionFamilyId, userId).then(
      (isLive) => isLive || socket.disconnect(true),
      () => socket.disconnect(true),
    );
    socket.on('subscribe', async (raw: unknown, ack?: (a: SubscribeAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = subscribeMessageSchema.safeParse(raw);
      if (!parsed.success) return reply({ ok: false, message: 'Invalid subscription' });
      const claims = await opts.signer.verify(parsed.data.token, 'rt-channel');
      if (!claims || claims.ch !== parsed.data.channel || claims.sub !== (socket.data as SocketData).userId) {
        return reply({ ok: false, message: 'Forbidden' });
      }
      // a member removed since the token was signed joins no more (issue 29)
      if (memberCheck && !(await memberCheck(claims.sub, parsed.data.channel).catch(() => false)))
        return reply({ ok: false, message: 'Forbidden' });
      const channel = parsed.data.channel;
      // a departure-scoped member hears what is addressed to everyone, or to them (issue 29)
      const scoped = scopedCheck ? await scopedCheck(claims.sub, channel).catch(() => true) : false;
      await socket.join(scoped ? [channel, scopedRoom(channel), scopedUserRoom(channel, claims.sub)] : channel);
      return reply({ ok: true });
    });
    socket.on('unsubscribe', async (raw: unknown) => {
      const parsed = subscribeMessageSchema.pick({ channel: true }).safeParse(raw);
      if (!parsed.success) return;
      const channel = parsed.data.channel;
      for (const room of [channel, scopedRoom(channel), scopedUserRoom(channel, userId)]) await socket.leave(room);
    });
  });

  return {
    publish: (channel, event, payload, audience) => {
      const publication = { channel, event, payload } as Publication;
      if (opts.checkPayloads) assertInContract(publication);
      if (!audience) return void io.to(channel).emit('publication', publication);
      io.to(channel).except(scopedRoom(channel)).emit('publication', publication);
      const named = audience.scopedUserIds.map((id) => scopedUserRoom(channel, id));
      if (named.length) io.to(named).emit('publication', publication);
    },
    endSessions: (familyIds) => {
      if (familyIds.length) io.in(familyIds.map(sessionRoom)).disconnectSockets(true);
    },
    endGuests: (channel) => {
      io.in(guestRoom(channel)).disconnectSockets(true);
    },
    endGuestGeneration: (channel, generation) => {
      io.in(guestGenerationRoom(channel, generation)).disconnectSockets(true);
    },
    checkGuestsWith: (check) => {
      guestCheck = check;
    },
    addUserTo: (userId, channel) => {
      io.in(userRoom(userId)).socketsJoin(channel);
    },
    removeUserFrom: (userId, channel) => {
      io.in(userRoom(userId)).socketsLeave([channel, scopedRoom(channel), scopedUserRoom(channel, userId)]);
    },
    checkMembersWith: (check) => {
      memberCheck = check;
    },
    checkScopedWith: (check) => {
      scopedCheck = check;
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
