import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { SOCKET_EVENTS, channels, isPublicChannel } from '@bourse/contract';
import type { FastifyBaseLogger } from 'fastify';
import { enableFastBroadcast } from './fast-broadcast';
import type { Realtime } from './realtime';

/** Resolves a session token to a user id (identity module), for private user channels. */
export type TokenResolver = (token: string) => Promise<number | null>;

const MAX_ROOMS_PER_SOCKET = 50;

/**
 * socket.io on the page origin, websocket transport only. Clients emit `sub` / `unsub`
 * with a channel name; public channels are open to all, and a client that authenticates with its
 * session token joins its own `user:<id>` room. Every connection gets the direct write of
 * pre-framed broadcasts (fast-broadcast.ts), with the in-memory and the Redis adapter alike.
 */
export function attachSocketServer(
  httpServer: HttpServer,
  realtime: Realtime,
  resolveToken: TokenResolver,
  log: FastifyBaseLogger,
  options: { redisUrl?: string } = {},
): Server {
  const io = new Server(httpServer, {
    transports: ['websocket'],
    serveClient: false,
    pingTimeout: 20_000,
    connectTimeout: 60_000,
  });
  if (options.redisUrl) {
    // Several processes share rooms through Redis pub/sub (REDIS_URL): a publish in one process
    // reaches the clients of all of them.
    const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err: Error) => log.warn({ err: err.message }, 'redis (socket adapter) error'));
    io.adapter(createAdapter(pub, sub));
    httpServer.once('close', () => {
      pub.disconnect();
      sub.disconnect();
    });
  }
  io.on('connection', (socket) => {
    enableFastBroadcast(socket, realtime.delivery);
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string' && token) {
      resolveToken(token)
        .then((userId) => {
          if (userId !== null) void socket.join(channels.user(userId));
        })
        .catch((err: unknown) => log.warn({ err }, 'socket token resolution failed'));
    }
    socket.on(SOCKET_EVENTS.subscribe, (name: unknown) => {
      if (typeof name !== 'string' || !isPublicChannel(name)) return;
      if (socket.rooms.size > MAX_ROOMS_PER_SOCKET) return;
      void socket.join(name);
    });
    socket.on(SOCKET_EVENTS.unsubscribe, (name: unknown) => {
      if (typeof name === 'string') void socket.leave(name);
    });
  });
  realtime.attach(io);
  return io;
}
