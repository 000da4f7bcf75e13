import type { Server } from 'socket.io';
import type { DeliveryCounters } from './fast-broadcast';

/** At most this many messages per second per channel (and event) reach clients. */
export const MAX_UPDATES_PER_SECOND = 10;
const MIN_INTERVAL_MS = 1000 / MAX_UPDATES_PER_SECOND;

/** Combines a queued payload with a newer one (e.g. ticker batches keep the newest per symbol). */
export type Merge = (queued: unknown, next: unknown) => unknown;

/**
 * Fan-out to socket.io rooms. Modules publish through this; before the socket server is
 * attached (and in API-only tests) messages are dropped, which is correct: nobody listens.
 *
 * Coalescing: a channel sends at most one message per event every 100 ms. A publish inside that
 * window is held; later publishes replace it (or are merged into it with `merge`), and the held
 * message goes out when the window ends. Each broadcast is serialised once by socket.io (the
 * packet is encoded and framed once; with the Redis adapter it is also published to Redis once),
 * never once per client. That one frame is then written to each socket of the room as one Buffer
 * straight to its TCP connection, skipping engine.io's per-packet machinery, whenever nothing is
 * queued ahead of it on that connection; otherwise it goes through engine.io as usual
 * (fast-broadcast.ts, counted in `delivery`).
 */
export class Realtime {
  private io: Server | null = null;
  private lastSent = new Map<string, number>();
  private pending = new Map<string, Map<string, unknown>>();
  private timers = new Map<string, NodeJS.Timeout>();
  /** Messages emitted and coalesced away (for tests and the feed status page). */
  readonly counters = { emitted: 0, coalesced: 0 };
  /** Broadcast frames per client socket, written directly or through engine.io (fast-broadcast.ts). */
  readonly delivery: DeliveryCounters = { direct: 0, queued: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  attach(io: Server): void {
    this.io = io;
  }

  /** A socket server is attached; until then every publish is dropped, so callers may skip building payloads. */
  get attached(): boolean {
    return this.io !== null;
  }

  publish(channel: string, event: string, payload: unknown, merge?: Merge): void {
    if (!this.io) return;
    const key = `${channel}\u0000${event}`;
    const now = this.now();
    const last = this.lastSent.get(key);
    if (!this.timers.has(key) && (last === undefined || now - last >= MIN_INTERVAL_MS)) {
      this.emit(key, channel, event, payload, now);
      return;
    }
    const byEvent = this.pending.get(channel) ?? new Map<string, unknown>();
    const queued = byEvent.get(event);
    if (byEvent.has(event)) this.counters.coalesced++;
    byEvent.set(event, byEvent.has(event) && merge ? merge(queued, payload) : payload);
    this.pending.set(channel, byEvent);
    if (!this.timers.has(key)) {
      const wait = Math.max(0, MIN_INTERVAL_MS - (now - (last ?? now)));
      const timer = setTimeout(() => {
        this.timers.delete(key);
        const held = this.pending.get(channel);
        if (!held?.has(event)) return;
        const data = held.get(event);
        held.delete(event);
        if (held.size === 0) this.pending.delete(channel);
        this.emit(key, channel, event, data, this.now());
      }, wait);
      timer.unref();
      this.timers.set(key, timer);
    }
  }

  private emit(key: string, channel: string, event: string, payload: unknown, now: number): void {
    this.lastSent.set(key, now);
    this.counters.emitted++;
    this.io?.to(channel).emit(event, payload);
  }

  connectedClients(): number {
    return this.io?.engine.clientsCount ?? 0;
  }

  /** Drops held messages and timers (shutdown). */
  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.pending.clear();
    this.io = null;
  }
}
