/**
 * Fan-out benchmark: the real socket.io server of the app (websocket only, rooms per channel,
 * Realtime publisher with coalescing) on loopback, N clients (in child processes, so they do not
 * share the server's event loop) joined to 'ticker', and the server publishing a 6-market
 * ticker batch 5 times a second for 10 s. Prints, per client count: messages delivered,
 * delivery delay p50/p99/max, server CPU and memory per connection. Bounded: stops by itself.
 *
 *   npx tsx bench/fanout.ts [counts, default 500,1000,2000,3000,5000] [client processes, default 2] [--clients=lean|raw]
 *
 * `--clients=lean` uses bench/fanout-lean-clients.ts (raw WebSocket speaking the socket.io wire
 * protocol) instead of socket.io-client, so the client processes take less of the shared CPU;
 * `--clients=raw` (bench/fanout-raw-clients.ts) goes further: plain TCP, its own WebSocket frame reader.
 * `--servers=N` runs N socket server processes sharing rooms through Redis (REDIS_URL, default
 * redis://127.0.0.1:6379), as several API processes do in production: this process publishes
 * through the Redis adapter and the clients are spread over the N servers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import pino from 'pino';
import { mergeTickers } from '../apps/server/src/modules/market/feed';
import { Realtime } from '../apps/server/src/realtime/realtime';
import { attachSocketServer } from '../apps/server/src/realtime/socket';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const lean = process.argv.includes('--clients=lean');
const raw = process.argv.includes('--clients=raw');
const counts = (args[0] ?? '500,1000,2000,3000,5000').split(',').map(Number);
const procs = Number(args[1] ?? 2);
const serversArg = process.argv.find((a) => a.startsWith('--servers='));
const servers = serversArg ? Number(serversArg.split('=')[1]) : 0;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RATE = 5;
const SECONDS = 10;
const log = pino({ level: 'silent' });

interface Report {
  received: number;
  p50: number;
  p99: number;
  max: number;
  cpuMs: number;
}

function ask<T>(child: ChildProcess, cmd: string, key: string): Promise<T> {
  return new Promise((res, rej) => {
    const on = (m: Record<string, unknown>) => {
      if ('error' in m) rej(new Error(String(m.error)));
      else if (key in m) {
        child.off('message', on);
        res(m as T);
      }
    };
    child.on('message', on);
    if (cmd) child.send({ cmd });
  });
}

const gc = (globalThis as { gc?: () => void }).gc;
const rows: string[] = [];
for (const n of counts) {
  const http = createServer();
  const rt = new Realtime();
  const io = attachSocketServer(http, rt, () => Promise.resolve(null), log, servers ? { redisUrl } : {});
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as { port: number }).port;
  // Scale-out mode: N server processes own the connections; this one only publishes.
  const serverChildren = Array.from({ length: servers }, () =>
    fork(resolve(import.meta.dirname, 'fanout-server.ts'), [redisUrl], { execArgv: ['--import', 'tsx'] }),
  );
  const serverPorts = await Promise.all(serverChildren.map((c) => ask<{ port: number }>(c, '', 'port')));
  const portFor = (i: number) => (servers ? serverPorts[i % servers]!.port : port);
  gc?.();
  const memBefore = process.memoryUsage();
  const children = Array.from({ length: procs }, (_, i) =>
    fork(resolve(import.meta.dirname, raw ? 'fanout-raw-clients.ts' : lean ? 'fanout-lean-clients.ts' : 'fanout-clients.ts'), [`http://127.0.0.1:${portFor(i)}`, String(Math.floor(n / procs) + (i < n % procs ? 1 : 0))], {
      execArgv: ['--import', 'tsx'],
    }),
  );
  await Promise.all(children.map((c) => ask(c, '', 'ready')));
  // Let joins settle.
  await new Promise((r) => setTimeout(r, 1000));
  gc?.();
  const memAfter = process.memoryUsage();
  // 2 s of warm-up broadcasts, then 10 s recorded.
  const WARMUP = 2 * RATE;
  let cpu0 = process.cpuUsage();
  let t0 = Date.now();
  let sent = 0;
  let total = 0;
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const ts = Date.now();
      const batch = ['BTC/USDT', 'ETH/USDT', 'LTC/USDT', 'SOL/USDT', 'XRP/USDT', 'DOGE/USDT'].map((symbol) => ({
        symbol,
        last: '92000.12',
        change: '-1.23',
        high: '93000.00',
        low: '91000.00',
        volume: '10136.187762',
        quote_volume: '911016547.75',
        ts,
      }));
      total++;
      if (total === WARMUP + 1) {
        for (const c of [...children, ...serverChildren]) c.send({ cmd: 'record' });
        cpu0 = process.cpuUsage();
        t0 = Date.now();
      }
      rt.publish('ticker', 'ticker', batch, mergeTickers);
      if (total > WARMUP) sent++;
      if (sent >= RATE * SECONDS) {
        clearInterval(timer);
        done();
      }
    }, 1000 / RATE);
  });
  await new Promise((r) => setTimeout(r, 1500));
  const cpu = process.cpuUsage(cpu0);
  const wall = Date.now() - t0;
  const reports = await Promise.all(children.map((c) => ask<Report>(c, 'report', 'received')));
  const serverCpuMs = (await Promise.all(serverChildren.map((c) => ask<{ cpuMs: number }>(c, 'cpu', 'cpuMs')))).reduce(
    (sum, r) => sum + r.cpuMs,
    0,
  );
  const received = reports.reduce((s, r) => s + r.received, 0);
  const p99 = Math.max(...reports.map((r) => r.p99));
  const p50 = Math.max(...reports.map((r) => r.p50));
  const max = Math.max(...reports.map((r) => r.max));
  const serverCpu = (((cpu.user + cpu.system) / 1000 + serverCpuMs) / wall) * 100;
  const perConn = (memAfter.rss - memBefore.rss) / n / 1024;
  const perConnHeap = (memAfter.heapUsed - memBefore.heapUsed) / n / 1024;
  const expected = n * sent;
  const row = `| ${n} | ${sent} | ${received}/${expected} (${((received / expected) * 100).toFixed(1)} %) | ${p50} | ${p99} | ${max} | ${serverCpu.toFixed(0)} % | ${perConn.toFixed(1)} KiB rss, ${perConnHeap.toFixed(1)} KiB heap | ${p99 < 100 && received >= expected * 0.999 ? 'yes' : 'no'} |`;
  console.log(row);
  rows.push(row);
  for (const c of children) c.send({ cmd: 'exit' });
  for (const c of serverChildren) c.send({ cmd: 'exit' });
  await Promise.all([...children, ...serverChildren].map((c) => new Promise((r) => c.once('exit', r))));
  rt.close();
  await new Promise<void>((r) => void io.close(() => r()));
}
console.log(`\n${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node.js ${process.version}, ${procs} ${raw ? 'raw TCP WebSocket' : lean ? 'lean WebSocket' : 'socket.io-client'} client processes, ${servers ? `${servers} socket server processes (Redis adapter)` : 'one socket server process'}, ${RATE} updates/s, 2 s warm-up + ${SECONDS} s recorded; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log('| clients | broadcasts | messages delivered | p50 ms | p99 ms | max ms | server CPU | memory per connection | p99 < 100 ms |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
