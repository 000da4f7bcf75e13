/**
 * What both fan-out client processes share (bench/fanout-clients.ts and
 * bench/fanout-lean-clients.ts): opening `count` connections 200 at a time, recording the delay of
 * each message between the publish stamp and arrival, and answering the parent's record / report /
 * exit commands with the same figures.
 */
export interface ClientRecorder {
  /** Call for every ticker message that arrives, with its publish time stamp. */
  arrived(publishedAt: number): void;
}

export function runClientProcess(count: number, connectOne: (rec: ClientRecorder) => Promise<{ close(): void }>): void {
  const sockets: Array<{ close(): void }> = [];
  let delays: number[] = [];
  let received = 0;
  let recording = false;
  const recorder: ClientRecorder = {
    arrived(publishedAt) {
      if (!recording) return;
      received++;
      delays.push(Date.now() - publishedAt);
    },
  };

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
      const batch = await Promise.all(Array.from({ length: Math.min(200, count - i) }, () => connectOne(recorder)));
      sockets.push(...batch);
    }
    process.send!({ ready: sockets.length });
  })().catch((err: unknown) => {
    process.send!({ error: String(err) });
    process.exit(1);
  });
}
