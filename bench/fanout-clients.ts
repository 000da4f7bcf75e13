/**
 * Client side of the fan-out benchmark (a child process of bench/fanout.ts): opens `count`
 * socket.io clients on loopback, joins 'ticker', and records for every message the delay between
 * the publish time stamped in the payload and its arrival. Reports percentiles to the parent.
 */
import { io } from 'socket.io-client';
import { runClientProcess } from './fanout-client-harness';

const [url = '', countArg = '100'] = process.argv.slice(2);

runClientProcess(Number(countArg), (rec) => {
  return new Promise((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], reconnection: false, timeout: 20_000 });
    s.on('connect', () => {
      s.emit('sub', 'ticker');
      resolve(s);
    });
    s.on('connect_error', reject);
    s.on('ticker', (batch: Array<{ ts: number }>) => rec.arrived(batch[0]!.ts));
  });
});
