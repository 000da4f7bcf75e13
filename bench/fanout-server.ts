/**
 * One socket.io server process of the fan-out benchmark's scale-out mode (`--servers=N` in
 * bench/fanout.ts): the app's real socket server with the Redis adapter (REDIS_URL), as each API
 * process runs it in production. It owns only the connections made to it; a publish in any
 * process reaches them through Redis. Reports its port, then its CPU time on request.
 */
import { createServer } from 'node:http';
import pino from 'pino';
import { Realtime } from '../apps/server/src/realtime/realtime';
import { attachSocketServer } from '../apps/server/src/realtime/socket';

const redisUrl = process.argv[2] ?? 'redis://127.0.0.1:6379';
const http = createServer();
const rt = new Realtime();
const io = attachSocketServer(http, rt, () => Promise.resolve(null), pino({ level: 'silent' }), { redisUrl });
let cpu0 = process.cpuUsage();

process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'record') cpu0 = process.cpuUsage();
  else if (msg.cmd === 'cpu') {
    const c = process.cpuUsage(cpu0);
    process.send!({ cpuMs: (c.user + c.system) / 1000 });
  } else if (msg.cmd === 'exit') {
    rt.close();
    void io.close(() => process.exit(0));
  }
});

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
});
