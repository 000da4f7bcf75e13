/**
 * Direct writes of pre-framed room broadcasts (realtime/fast-broadcast.ts) seen from real
 * socket.io clients: same events, payloads and order as through engine.io, interleaved with
 * single-socket emits, private `user:<id>` messages and binary packets (which take the normal
 * path); room membership still decides who gets what; a backlogged client falls back to
 * engine.io's queue and still gets everything in order; broadcasts arriving through the Redis
 * adapter (local Redis at redis://127.0.0.1:6379, or REDIS_URL) take the fast path too.
 */
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import type { Server, Socket } from 'socket.io';
import { Realtime } from '../src/realtime/realtime';
import { attachSocketServer } from '../src/realtime/socket';
import { silentLogger } from './helpers';

type Received = Array<[string, unknown]>;
interface Started {
  io: Server;
  rt: Realtime;
  port: number;
}

const servers: Started[] = [];
const clients: ClientSocket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) {
    s.rt.close();
    await new Promise<void>((r) => void s.io.close(() => r()));
  }
});

async function start(options: { redisUrl?: string } = {}): Promise<Started> {
  const http = createServer();
  const rt = new Realtime();
  // Tokens "u<id>" stand for a session of user <id>.
  const resolve = (token: string) => Promise.resolve(/^u\d+$/.test(token) ? Number(token.slice(1)) : null);
  const io = attachSocketServer(http, rt, resolve, silentLogger, options);
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const addr = http.address();
  const started = { io, rt, port: typeof addr === 'object' && addr ? addr.port : 0 };
  servers.push(started);
  return started;
}

/** Binary payloads arrive as Buffers: compare their bytes. */
function plain(payload: unknown): unknown {
  return Buffer.isBuffer(payload) ? { bytes: [...payload] } : payload;
}

async function join(
  server: Started,
  token?: string,
): Promise<{ socket: ClientSocket; got: Received; server: Socket }> {
  const socket = connect(`http://127.0.0.1:${server.port}`, {
    transports: ['websocket'],
    forceNew: true,
    auth: token ? { token } : {},
  });
  clients.push(socket);
  const got: Received = [];
  socket.onAny((event: string, payload: unknown) => got.push([event, plain(payload)]));
  await new Promise<void>((r) => socket.once('connect', () => r()));
  const serverSocket = server.io.of('/').sockets.get(socket.id!);
  if (!serverSocket) throw new Error('server socket not found');
  return { socket, got, server: serverSocket };
}

async function until(what: string, done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function inRoom(server: Started, room: string, id: string): boolean {
  return server.io.of('/').adapter.rooms.get(room)?.has(id) ?? false;
}

async function subscribe(server: Started, c: { socket: ClientSocket }, room: string): Promise<void> {
  c.socket.emit('sub', room);
  await until(`join ${room}`, () => inRoom(server, room, c.socket.id!));
}

const ticker = (seq: number) => [
  {
    symbol: 'BTC/USDT',
    last: '92000.12',
    change: '-1.23',
    high: '93000.00',
    low: '91000.00',
    volume: '10136.187762',
    quote_volume: '911016547.75',
    ts: seq,
  },
];

describe('fast broadcast path', () => {
  it('delivers ticker bursts, single-socket emits, private and binary messages in emit order', async () => {
    const s = await start();
    const a = await join(s, 'u7');
    const other = await join(s, 'u8');
    await subscribe(s, a, 'ticker');
    await subscribe(s, other, 'ticker');
    await until('user room', () => inRoom(s, 'user:7', a.socket.id!));

    const expected: Received = [];
    const expectedOther: Received = [];
    s.rt.publish('ticker', 'ticker', ticker(-1));
    expected.push(['ticker', ticker(-1)]);
    expectedOther.push(['ticker', ticker(-1)]);
    for (let i = 0; i < 400; i++) {
      s.io.to('ticker').emit('ticker', ticker(i));
      expected.push(['ticker', ticker(i)]);
      expectedOther.push(['ticker', ticker(i)]);
      // Two packets through engine.io back to back: the second waits in its write buffer (the
      // transport is busy until the first one's write callback), and later broadcasts must not
      // overtake it.
      if (i % 7 === 1 || i % 7 === 2) {
        a.server.emit('direct', { seq: i });
        expected.push(['direct', { seq: i }]);
      }
      if (i % 7 === 2 || i % 7 === 3) {
        s.io.to('user:7').emit('private', { seq: i, note: 'ünïcode ✓' });
        expected.push(['private', { seq: i, note: 'ünïcode ✓' }]);
      }
      if (i % 7 === 4) {
        s.io.to('ticker').emit('bin', Buffer.from([i & 255, 1, 2]));
        expected.push(['bin', { bytes: [i & 255, 1, 2] }]);
        expectedOther.push(['bin', { bytes: [i & 255, 1, 2] }]);
      }
      // Let write callbacks run now and then, so the fast path becomes available again.
      if (i % 11 === 10) await new Promise((r) => setImmediate(r));
    }
    // A frame between a binary packet's placeholder and its attachment makes the client drop the
    // connection: stop waiting then, and let the comparison show what arrived.
    const settled = () =>
      !a.socket.connected ||
      !other.socket.connected ||
      (a.got.length >= expected.length && other.got.length >= expectedOther.length);
    await until('all messages', settled);
    expect(a.got).toEqual(expected);
    expect(other.got).toEqual(expectedOther);
    // Both paths were exercised.
    expect(s.rt.delivery.direct).toBeGreaterThan(200);
    expect(s.rt.delivery.queued).toBeGreaterThan(50);
  });

  it('sends nothing to a client before it joins a room or after it leaves', async () => {
    const s = await start();
    const a = await join(s);
    const b = await join(s);
    await subscribe(s, a, 'ticker');
    const burst = (from: number) => {
      for (let i = from; i < from + 5; i++) s.io.to('ticker').emit('ticker', ticker(i));
    };
    burst(0);
    await until('first burst', () => a.got.length === 5);
    await subscribe(s, b, 'ticker');
    burst(5);
    await until('second burst', () => b.got.length === 5);
    b.socket.emit('unsub', 'ticker');
    await until('leave', () => !inRoom(s, 'ticker', b.socket.id!));
    burst(10);
    // A direct message to b after the third burst: once it arrives, anything of that burst
    // would have arrived before it.
    b.server.emit('fence', 1);
    await until('fence', () => b.got.some(([event]) => event === 'fence') && a.got.length === 15);
    expect(b.got).toEqual([
      ...[5, 6, 7, 8, 9].map((i): [string, unknown] => ['ticker', ticker(i)]),
      ['fence', 1],
    ]);
    expect(a.got.map(([, p]) => (p as Array<{ ts: number }>)[0]!.ts)).toEqual(
      Array.from({ length: 15 }, (_, i) => i),
    );
    expect(s.rt.delivery.direct).toBeGreaterThanOrEqual(20);
  });

  it('leaves a backlogged client to engine.io and delivers its whole backlog in order', async () => {
    const s = await start();
    const fast = await join(s);
    const slow = await join(s);
    await subscribe(s, fast, 'ticker');
    await subscribe(s, slow, 'ticker');
    // The slow client stops reading from its TCP socket, so the server's send buffer fills up.
    const clientTcp = (
      slow.socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }
    ).ws._socket;
    clientTcp.pause();
    const conn = slow.server.conn as unknown as {
      writeBuffer: unknown[];
      transport: { socket: { _socket: { writableLength: number } } };
    };
    const serverTcp = conn.transport.socket._socket;
    const pad = 'x'.repeat(64 * 1024);
    let sent = 0;
    const send = () => s.io.to('ticker').emit('ticker', { seq: sent++, pad });
    while (serverTcp.writableLength === 0) {
      if (sent > 2000) throw new Error('the server socket never backed up');
      send();
      await new Promise((r) => setImmediate(r));
    }
    const before = { ...s.rt.delivery };
    for (let i = 0; i < 20; i++) send();
    // The slow client's frames wait in engine.io's buffer; the fast client's went out directly.
    expect(conn.writeBuffer.length).toBeGreaterThan(0);
    expect(s.rt.delivery.queued - before.queued).toBeGreaterThanOrEqual(20);
    expect(s.rt.delivery.direct - before.direct).toBeGreaterThan(0);
    clientTcp.resume();
    await until('backlog', () => slow.got.length === sent && fast.got.length === sent, 30_000);
    for (const c of [fast, slow])
      expect(c.got.map(([, p]) => (p as { seq: number }).seq)).toEqual(
        Array.from({ length: sent }, (_, i) => i),
      );
    // With the backlog gone, the slow client is back on the fast path.
    const directBefore = s.rt.delivery.direct;
    send();
    await until('after backlog', () => slow.got.length === sent);
    expect(s.rt.delivery.direct - directBefore).toBe(2);
  });

  it('writes broadcasts that arrive through the Redis adapter directly', async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const a = await start({ redisUrl });
    const b = await start({ redisUrl });
    const c = await join(a, 'u5');
    await subscribe(a, c, 'ticker');
    await until('user room', () => inRoom(a, 'user:5', c.socket.id!));
    // Publish from B until the subscription is visible through Redis (bounded), then a private one.
    const timer = setInterval(() => b.rt.publish('ticker', 'ticker', ticker(1)), 150);
    try {
      await until('message through Redis', () => c.got.length > 0);
    } finally {
      clearInterval(timer);
    }
    b.rt.publish('user:5', 'balance', { asset: 'USDT', available: '10.5' });
    await until('private message through Redis', () => c.got.some(([event]) => event === 'balance'));
    expect(c.got[0]).toEqual(['ticker', ticker(1)]);
    expect(c.got.at(-1)).toEqual(['balance', { asset: 'USDT', available: '10.5' }]);
    expect(a.rt.delivery.direct).toBe(c.got.length);
    expect(a.rt.delivery.queued).toBe(0);
  });
});
