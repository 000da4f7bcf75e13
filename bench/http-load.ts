/**
 * Load generator for the HTTP benchmarks, run in a child process so it does not share the
 * server's event loop (it still shares the machine's cores, as the task asks). Keep-alive
 * connections through node:http (cheaper per request than fetch, so more of the CPU is left to
 * the server), `inFlight` requests outstanding at all times, each with its own latency.
 *
 * Input (the first IPC message): base URL, the requests to send (path, headers, form body), in-flight count.
 * Output (one message): latencies in ms (sorted), accepted/refused counts, the first refusals,
 * and the wall time.
 */
import { Agent, request } from 'node:http';

export interface LoadRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}
export interface LoadInput {
  base: string;
  requests: LoadRequest[];
  inFlight: number;
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
const agent = new Agent({ keepAlive: true, maxSockets: input.inFlight });

function send(r: LoadRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: r.path, method: 'POST', agent, headers: { ...r.headers, 'content-length': Buffer.byteLength(r.body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString()));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

const latencies: number[] = [];
const samples: string[] = [];
let ok = 0;
let refused = 0;
let next = 0;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(
  Array.from({ length: input.inFlight }, async () => {
    while (next < input.requests.length) {
      const r = input.requests[next++]!;
      const s = performance.now();
      const text = await send(r);
      latencies.push(performance.now() - s);
      if (text.startsWith('{"type":"ok"')) ok++;
      else {
        refused++;
        if (samples.length < 5) samples.push(text.slice(0, 200));
      }
    }
  }),
);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
process.send!({ latencies, ok, refused, samples, seconds, cpuMs } satisfies LoadResult, () => process.exit(0));
