/**
 * Rawest client side of the fan-out benchmark (`--clients=raw`): each simulated phone is a plain
 * TCP connection that performs the WebSocket upgrade itself and reads the server's frames with a
 * minimal parser (server frames are unmasked; client frames carry a zero mask key, as RFC 6455
 * allows), speaking the Engine.IO v4 / Socket.IO v5 wire protocol (open, namespace connect, `sub`,
 * pong). Every ticker message is still decoded as UTF-8 and fully JSON-parsed to read the publish
 * stamp. Compared with fanout-lean-clients.ts it drops the `ws` library's per-message machinery,
 * so the simulated phones, which in production run on their own devices, take less of the two
 * cores the server needs.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { runClientProcess } from './fanout-client-harness';

const [url = '', countArg = '100'] = process.argv.slice(2);
const { hostname, port } = new URL(url);
const PATH = '/socket.io/?EIO=4&transport=websocket';

/** One masked text frame (mask key 0: the payload bytes stay as they are). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('frame too long for this client');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

runClientProcess(Number(countArg), (rec) => {
  return new Promise<{ close(): void }>((resolve, reject) => {
    const sock = connect({ host: hostname, port: Number(port) });
    sock.setNoDelay(true);
    let buf: Buffer = Buffer.alloc(0);
    let upgraded = false;
    sock.on('error', reject);
    sock.on('connect', () => {
      sock.write(
        `GET ${PATH} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    const onText = (text: string) => {
      const kind = text.charCodeAt(0);
      if (kind === 0x30 /* 0 open */) sock.write(textFrame('40'));
      else if (kind === 0x32 /* 2 ping */) sock.write(textFrame('3'));
      else if (text.startsWith('40')) {
        sock.write(textFrame('42["sub","ticker"]'));
        resolve({ close: () => sock.destroy() });
      } else if (text.startsWith('42')) {
        const [event, batch] = JSON.parse(text.slice(2)) as [string, Array<{ ts: number }>];
        if (event === 'ticker') rec.arrived(batch[0]!.ts);
      }
    };
    sock.on('data', (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!buf.subarray(0, 12).toString().includes('101')) return reject(new Error('upgrade refused'));
        upgraded = true;
        buf = buf.subarray(end + 4);
      }
      // Whole frames only; a partial one waits for the next chunk.
      for (;;) {
        if (buf.length < 2) return;
        const opcode = buf[0]! & 0x0f;
        let len = buf[1]! & 0x7f;
        let off = 2;
        if (len === 126) {
          if (buf.length < 4) return;
          len = buf.readUInt16BE(2);
          off = 4;
        } else if (len === 127) {
          if (buf.length < 10) return;
          len = Number(buf.readBigUInt64BE(2));
          off = 10;
        }
        if (buf.length < off + len) return;
        if (opcode === 1) onText(buf.toString('utf8', off, off + len));
        buf = buf.subarray(off + len);
      }
    });
  });
});
