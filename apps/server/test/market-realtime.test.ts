/**
 * Realtime fan-out: per-channel coalescing (at most 10 messages per second, newest wins, ticker
 * batches merged by symbol) and, with REDIS_URL, rooms shared by two server processes through
 * the socket.io Redis adapter (local Redis at redis://127.0.0.1:6379).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Server } from 'socket.io';
import { mergeTickers } from '../src/modules/market/feed';
import { Realtime } from '../src/realtime/realtime';
import { attachSocketServer } from '../src/realtime/socket';
import { silentLogger } from './helpers';

function fakeIo(log: Array<{ room: string; event: string; payload: unknown; at: number }>) {
  return {
    to: (room: string) => ({ emit: (event: string, payload: unknown) => log.push({ room, event, payload, at: Date.now() }) }),
    engine: { clientsCount: 0 },
  } as unknown as Server;
}

describe('coalescing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends at most one message per 100 ms per channel, the newest one last', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const log: Array<{ room: string; event: string; payload: unknown; at: number }> = [];
    const rt = new Realtime();
    rt.attach(fakeIo(log));
    // 1,000 publishes over one second on one channel, plus another channel.
    for (let i = 0; i < 1000; i++) {
      rt.publish('kline:BTC/USDT:1min', 'kline', { i });
      if (i % 100 === 0) rt.publish('kline:ETH/USDT:1min', 'kline', { i });
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(200);
    const btc = log.filter((m) => m.room === 'kline:BTC/USDT:1min');
    expect(btc.length).toBeLessThanOrEqual(11);
    expect(btc.length).toBeGreaterThanOrEqual(9);
    for (let k = 1; k < btc.length; k++) expect(btc[k]!.at - btc[k - 1]!.at).toBeGreaterThanOrEqual(100);
    expect(btc.at(-1)!.payload).toEqual({ i: 999 });
    expect(log.filter((m) => m.room === 'kline:ETH/USDT:1min').map((m) => m.payload)).toEqual(
      Array.from({ length: 10 }, (_, k) => ({ i: k * 100 })),
    );
    expect(rt.counters.coalesced).toBeGreaterThan(900);
    rt.close();
  });

  it('merges held ticker batches by symbol, newest entry per symbol', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const log: Array<{ room: string; event: string; payload: unknown; at: number }> = [];
    const rt = new Realtime();
    rt.attach(fakeIo(log));
    const e = (symbol: string, last: string) => ({ symbol, last, change: '0', high: last, low: last, volume: '0', quote_volume: '0', ts: 1 });
    rt.publish('ticker', 'ticker', [e('BTC/USDT', '1')], mergeTickers);
    rt.publish('ticker', 'ticker', [e('BTC/USDT', '2'), e('ETH/USDT', '5')], mergeTickers);
    rt.publish('ticker', 'ticker', [e('BTC/USDT', '3')], mergeTickers);
    vi.advanceTimersByTime(100);
    expect(log.map((m) => m.payload)).toEqual([[e('BTC/USDT', '1')], [e('BTC/USDT', '3'), e('ETH/USDT', '5')]]);
    rt.close();
  });
});

describe('Redis adapter: two servers share rooms', () => {
  const servers: Array<{ http: HttpServer; io: Server; rt: Realtime }> = [];
  const clients: Socket[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const s of servers.splice(0)) {
      s.rt.close();
      await new Promise<void>((r) => void s.io.close(() => r()));
    }
  });

  async function start(): Promise<{ port: number; rt: Realtime }> {
    const http = createServer();
    const rt = new Realtime();
    const io = attachSocketServer(http, rt, () => Promise.resolve(null), silentLogger, { redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    servers.push({ http, io, rt });
    const addr = http.address();
    return { port: typeof addr === 'object' && addr ? addr.port : 0, rt };
  }

  it('delivers a publish of server B to a client subscribed on server A', async () => {
    const a = await start();
    const b = await start();
    const client = connect(`http://127.0.0.1:${a.port}`, { transports: ['websocket'] });
    clients.push(client);
    await new Promise<void>((r) => client.once('connect', () => r()));
    const channel = `ticker`;
    const got = new Promise<unknown>((resolve, reject) => {
      client.on('ticker', resolve);
      setTimeout(() => reject(new Error('no message through Redis within 5 s')), 5000).unref();
    });
    client.emit('sub', channel);
    // The join travels to server A; publish from B until the client has joined (bounded).
    const payload = [{ symbol: 'BTC/USDT', last: '1.00', change: '0.00', high: '1', low: '1', volume: '0', quote_volume: '0', ts: 1 }];
    const timer = setInterval(() => b.rt.publish(channel, 'ticker', payload), 150);
    try {
      expect(await got).toEqual(payload);
    } finally {
      clearInterval(timer);
    }
  });
});
