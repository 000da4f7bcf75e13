/**
 * Lean client side of the fan-out benchmark (a child process of bench/fanout.ts with
 * `--clients=lean`): plain WebSocket connections speaking the Engine.IO v4 / Socket.IO v5 wire
 * protocol directly (open, namespace connect, `sub`, pong), so the 5,000 simulated phones cost
 * the shared 2-core machine as little CPU as possible and the figure reflects the server's
 * fan-out rather than socket.io-client's per-message overhead. Every message is still fully
 * parsed (JSON) to read the publish time stamp. Reports the same figures as fanout-clients.ts.
 */
import WebSocket from 'ws';
import { runClientProcess } from './fanout-client-harness';

const [url = '', countArg = '100'] = process.argv.slice(2);
const wsUrl = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;

runClientProcess(Number(countArg), (rec) => {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
    ws.on('error', reject);
    ws.on('message', (raw: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const text = raw.toString();
      const kind = text.charCodeAt(0);
      if (kind === 0x30 /* 0 open */) ws.send('40');
      else if (kind === 0x32 /* 2 ping */) ws.send('3');
      else if (text.startsWith('40')) {
        ws.send('42["sub","ticker"]');
        resolve(ws);
      } else if (text.startsWith('42')) {
        const [event, batch] = JSON.parse(text.slice(2)) as [string, Array<{ ts: number }>];
        if (event === 'ticker') rec.arrived(batch[0]!.ts);
      }
    });
  });
});
