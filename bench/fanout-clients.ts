/**
 * Client side of the fan-out benchmark (a child process of bench/fanout.ts): opens `count`
 * socket.io clients on loopback, joins 'ticker', and records for every message the delay between
 * the publish time stamped in the payload and its arrival. Reports percentiles to the parent.
 */
import { io, type Socket } from 'socket.io-client';

const [url = '', countArg = '100'] = process.argv.slice(2);
const count = Number(countArg);
const sockets: Socket[] = [];
let delays: number[] = [];
let received = 0;
let recording = false;

function connectOne(): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], reconnection: false, timeout: 20_000 });
    s.on('connect', () => {
      s.emit('sub', 'ticker');
      resolve();
    });
    s.on('connect_error', reject);
    s.on('ticker', (batch: Array<{ ts: number }>) => {
      if (!recording) return;
      received++;
      delays.push(Date.now() - batch[0]!.ts);
    });
    sockets.push(s);
  });
}

process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'record') {
    delays = [];
    received = 0;
    recording = true;
  } else if (msg.cmd === 'report') {
    recording = false;
    delays.sort((a, b) => a - b);
    const q = (p: number) => delays[Math.min(delays.length - 1, Math.floor(p * delays.length))] ?? NaN;
    const cpu = process.cpuUsage();
    process.send!({ received, p50: q(0.5), p99: q(0.99), max: delays.at(-1) ?? NaN, cpuMs: (cpu.user + cpu.system) / 1000 });
  } else if (msg.cmd === 'exit') {
    for (const s of sockets) s.close();
    process.exit(0);
  }
});

(async () => {
  for (let i = 0; i < count; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, count - i) }, connectOne));
  }
  process.send!({ ready: sockets.length });
})().catch((err: unknown) => {
  process.send!({ error: String(err) });
  process.exit(1);
});
