/**
 * Load generator for the HTTP benchmarks, run in a child process so it does not share the
 * server's event loop (it still shares the machine's cores, as the task asks). Like wrk, it
 * speaks HTTP/1.1 over raw keep-alive TCP connections with every request's bytes built before
 * the clock starts, and reads each response's status line, Content-Length and body, nothing
 * more: node:http cost ≈ 120 µs of CPU per request here, which on two shared cores was taken
 * from the server under test. `inFlight` connections, one request outstanding on each, each
 * request with its own latency.
 *
 * Input (the first IPC message): base URL, the requests to send (path, headers, form body), in-flight count,
 * how many of the first requests are a warm-up. Then `{phase: 'ready'}` once connected and warmed
 * up (the parent answers with any message to start), and
 * `{phase: 'done'}` when the last response is in, so the parent's counters cover the load only.
 * Output (the last message): latencies in ms (sorted), accepted/refused counts, the first
 * refusals, CPU time of this process, and the wall time.
 */
import { connect, type Socket } from 'node:net';

export interface LoadRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}
export interface LoadInput {
  base: string;
  requests: LoadRequest[];
  inFlight: number;
  /**
   * The first `warmup` requests are sent before 'ready' and not measured: the server's code is
   * compiled by then and its connections' plans made, as in a server that has been running.
   */
  warmup?: number;
}
export interface LoadResult {
  latencies: number[];
  ok: number;
  refused: number;
  samples: string[];
  seconds: number;
  /** CPU time of this load process during the run (ms). */
  cpuMs: number;
}

const input = await new Promise<LoadInput>((res) => process.once('message', (m) => res(m as LoadInput)));
const url = new URL(input.base);
const host = `${url.hostname}:${url.port}`;

/** One request as bytes on the wire (POST with a Content-Length body). */
function wire(r: LoadRequest): Buffer {
  const body = Buffer.from(r.body);
  let head = `POST ${r.path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [k, v] of Object.entries(r.headers)) head += `${k}: ${v}\r\n`;
  head += `content-length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

const HEADER_END = Buffer.from('\r\n\r\n');
const OK_BODY = Buffer.from('{"type":"ok"');

/** A keep-alive connection sending one request at a time; resolves with the response body. */
class Connection {
  private buf: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (body: Buffer) => void; reject: (e: Error) => void } | null = null;
  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (e) => this.waiting?.reject(e));
    socket.on('close', () => this.waiting?.reject(new Error('connection closed')));
  }
  static open(): Promise<Connection> {
    return new Promise((res, rej) => {
      const s = connect({ host: url.hostname, port: Number(url.port) }, () => res(new Connection(s)));
      s.once('error', rej);
    });
  }
  send(bytes: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(bytes);
    });
  }
  private onData(chunk: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const end = this.buf.indexOf(HEADER_END);
    if (end < 0) return;
    const head = this.buf.subarray(0, end).toString('latin1');
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!m) {
      this.waiting?.reject(new Error(`response without Content-Length: ${head.slice(0, 80)}`));
      return;
    }
    const total = end + 4 + Number(m[1]);
    if (this.buf.length < total) return;
    const body = this.buf.subarray(end + 4, total);
    this.buf = this.buf.subarray(total);
    const w = this.waiting;
    this.waiting = null;
    w?.resolve(body);
  }
  close() {
    this.socket.destroy();
  }
}

const wires = input.requests.map(wire);
const connections = await Promise.all(Array.from({ length: input.inFlight }, () => Connection.open()));
const latencies: number[] = [];
const trace: Array<[number, number]> = [];
const samples: string[] = [];
let ok = 0;
let refused = 0;

/** Sends `batch` over every connection, one request outstanding on each; `measure` records. */
async function run(batch: Buffer[], measure: boolean, t0: number): Promise<void> {
  let next = 0;
  await Promise.all(
    connections.map(async (c) => {
      while (next < batch.length) {
        const bytes = batch[next++]!;
        const s = performance.now();
        const body = await c.send(bytes);
        if (!measure) continue;
        latencies.push(performance.now() - s);
        if (process.env.LAT_TRACE) trace.push([s - t0, performance.now() - s]);
        if (body.subarray(0, OK_BODY.length).equals(OK_BODY)) ok++;
        else {
          refused++;
          if (samples.length < 5) samples.push(body.subarray(0, 200).toString());
        }
      }
    }),
  );
}

const warmup = input.warmup ?? 0;
await run(wires.slice(0, warmup), false, 0);
// Ready: the parent starts its CPU counters now (the input's transfer is not the server's work).
await new Promise<void>((res) => {
  process.once('message', () => res());
  process.send!({ phase: 'ready' });
});
const t0 = performance.now();
const cpu0 = process.cpuUsage();
await run(wires.slice(warmup), true, t0);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
// Done: the parent stops its counters before the results (a large message) arrive.
process.send!({ phase: 'done' });
const cpuMs = (cpu.user + cpu.system) / 1000;
for (const c of connections) c.close();
latencies.sort((a, b) => a - b);
if (process.env.LAT_TRACE) (await import('node:fs')).writeFileSync(process.env.LAT_TRACE, JSON.stringify(trace));
process.send!({ latencies, ok, refused, samples, seconds, cpuMs } satisfies LoadResult, () => process.exit(0));
