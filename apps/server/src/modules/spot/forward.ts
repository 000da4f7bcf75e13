/**
 * Spot orders across processes (DATABASE_URL + REDIS_URL): a process that does not write a market
 * forwards the market's commands (place, cancel) over Redis pub/sub to the process that does (the
 * holder of the market's advisory lock, writer-lock.ts) and waits for its answer.
 *
 * - The writer process subscribes to `<ns>:cmd:<instrumentId>` for each market it writes, once
 *   the book is rebuilt, and unsubscribes when it closes or loses its lock session.
 *   ns = `bourse:spot:<schema>`, so side-by-side installations (and tests) never mix.
 * - A sender publishes `{id, replyTo, deadline, cmd}`. PUBLISH answers how many processes received
 *   it: 0 means no writer listens (it died, or is starting), and the caller (engines.ts) tries to
 *   take the lock itself.
 * - The writer queues the command like a local one (same group commit) with the deadline: a
 *   command not started by then is refused, never applied later. It answers on the sender's reply
 *   channel (one per process) with the order, or the refusal's code and params (the user gets
 *   the same localized message), or `not_writer` when it no longer writes the market.
 * - The sender waits until the deadline plus REPLY_MARGIN_MS (one group's transaction and the trip
 *   back), then answers `spot_busy` (and checks whether the writer still holds its lock).
 * - One id for every attempt of a command: a duplicate (a retry, or a PUBLISH ioredis resent after
 *   a reconnect) is dropped by the writer until the deadline, after which it would be refused anyway.
 *
 * Pub/sub delivers at most once: a command lost on the way is never applied (the sender times
 * out). A reply lost on the way leaves the user with `spot_busy` for a command that was applied;
 * a `client_order_id` makes the retry of a place safe. Deadlines are wall-clock ms, so the
 * processes' clocks must agree to well under REPLY_MARGIN_MS (NTP).
 */
import { randomBytes } from 'node:crypto';
import { ERROR_CODES, type ErrorCode } from '@bourse/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { commandWire, encodeCommand, encodeOrder, replyWire, type Reply, type SpotCommand } from './forward-wire';
import type { OrderState } from './types';

/** How long a forwarded command may wait for the writer before it is refused unapplied. */
export const FORWARD_DEADLINE_MS = 2000;
/** After the deadline, how long the sender still waits for the answer of a command already started. */
export const REPLY_MARGIN_MS = 3000;

export type { SpotCommand };

/**
 * No answer in time: `spot_busy` to the user. The command may have been applied (its answer lost)
 * or never will be; the caller checks whether the writer is still alive (its lock still held).
 */
export class ForwardTimeout extends AppError {
  constructor() {
    super('spot_busy');
  }
}

/** A command on its way to a market's writer; its id stays the same on every attempt. */
export interface Forwarded {
  id: string;
  instrumentId: number;
  deadline: number;
  cmd: SpotCommand;
}

/** Applies a forwarded command with this process's writer of the market; null when it has none. */
export type ServeCommand = (
  instrumentId: number,
  cmd: SpotCommand,
  deadline: number,
) => Promise<OrderState | null>;

const KNOWN_CODES = new Set<string>(ERROR_CODES);
const isErrorCode = (code: string): code is ErrorCode => KNOWN_CODES.has(code);

interface Pending {
  resolve: (o: OrderState | null) => void;
  reject: (e: unknown) => void;
  timer: NodeJS.Timeout;
  /** Processes the last PUBLISH reached (null until it answers) and those that said `not_writer`. */
  receivers: number | null;
  declined: number;
}

export class SpotForwarder {
  private pub: Redis | null = null;
  private sub: Redis | null = null;
  private readonly tag = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private seq = 0;
  private replies: Promise<string> | null = null;
  private replyName: string | null = null;
  /** Markets whose commands this process takes (it writes them). */
  private readonly listening = new Set<number>();
  private readonly pending = new Map<string, Pending>();
  /** Command ids taken, with their deadlines (insertion order is about deadline order). */
  private readonly seen = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly redisUrl: string,
    private readonly namespace: () => Promise<string>,
    private readonly log: FastifyBaseLogger,
    private readonly serve: ServeCommand,
  ) {}

  /** A new command for a market's writer, with its deadline. */
  command(instrumentId: number, cmd: SpotCommand): Forwarded {
    return { id: `${this.tag}:${++this.seq}`, instrumentId, deadline: Date.now() + FORWARD_DEADLINE_MS, cmd };
  }

  /**
   * Sends a command to the market's writer and waits for the answer: the order, or the writer's
   * refusal thrown as the same AppError. Null when no process writes the market (nobody listens,
   * those listening no longer write it, or Redis is unreachable): the caller may take it over.
   */
  async send(f: Forwarded): Promise<OrderState | null> {
    if (this.closed) throw new AppError('spot_busy');
    let message: string;
    let channel: string;
    try {
      const replyTo = await this.replyChannel();
      channel = await this.commandChannel(f.instrumentId);
      message = JSON.stringify({ id: f.id, replyTo, deadline: f.deadline, cmd: encodeCommand(f.cmd) });
    } catch (err) {
      this.log.warn({ err: errorText(err) }, 'spot forwarding: reply channel unavailable');
      return null;
    }
    const answer = new Promise<OrderState | null>((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(f.id, () => reject(new ForwardTimeout())),
        Math.max(0, f.deadline + REPLY_MARGIN_MS - Date.now()),
      );
      this.pending.set(f.id, { resolve, reject, timer, receivers: null, declined: 0 });
    });
    let receivers = 0;
    try {
      receivers = await this.connections().pub.publish(channel, message);
    } catch (err) {
      // Delivery unknown: treated as unheard; a later attempt carries the same id (no double apply).
      this.log.warn({ err: errorText(err) }, 'spot forwarding: publish failed');
    }
    const p = this.pending.get(f.id);
    if (p) {
      p.receivers = receivers;
      if (p.declined >= receivers) this.settle(f.id, () => p.resolve(null));
    }
    return answer;
  }

  /** Starts taking a market's forwarded commands (this process now writes it). */
  async listen(instrumentId: number): Promise<void> {
    if (this.closed) return;
    this.listening.add(instrumentId);
    try {
      const channel = await this.commandChannel(instrumentId);
      const { sub } = this.connections();
      await sub.subscribe(channel);
      // Lost the market while subscribing: do not keep taking its commands.
      if (!this.listening.has(instrumentId)) await sub.unsubscribe(channel);
    } catch (err) {
      // Retried when the connection is (re)established (see connections()).
      this.log.warn({ err: errorText(err), instrumentId }, 'spot forwarding: subscribe failed');
    }
  }

  /** Stops taking a market's commands (lost or closed here). */
  async unlisten(instrumentId: number): Promise<void> {
    if (!this.listening.delete(instrumentId) || !this.sub) return;
    try {
      await this.sub.unsubscribe(await this.commandChannel(instrumentId));
    } catch (err) {
      this.log.warn({ err: errorText(err), instrumentId }, 'spot forwarding: unsubscribe failed');
    }
  }

  async unlistenAll(): Promise<void> {
    await Promise.all([...this.listening].map((id) => this.unlisten(id)));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.unlistenAll();
    for (const [id, p] of this.pending) this.settle(id, () => p.reject(new AppError('spot_busy')));
    this.pub?.disconnect();
    this.sub?.disconnect();
    this.pub = this.sub = null;
  }

  private connections(): { pub: Redis; sub: Redis } {
    // Never reopened after close (a late reply must not leave a connection behind).
    if (this.closed) throw new Error('spot forwarding is closed');
    if (!this.pub || !this.sub) {
      const pub = new Redis(this.redisUrl, { maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      for (const c of [pub, sub])
        c.on('error', (err: Error) => this.log.warn({ err: err.message }, 'redis (spot forwarding) error'));
      sub.on('message', (channel: string, message: string) => this.onMessage(channel, message));
      // After a reconnect (or a subscribe that failed while disconnected), take the channels again.
      sub.on('ready', () => void this.resubscribe(sub));
      this.pub = pub;
      this.sub = sub;
    }
    return { pub: this.pub, sub: this.sub };
  }

  private async resubscribe(sub: Redis): Promise<void> {
    try {
      const channels = await Promise.all([...this.listening].map((id) => this.commandChannel(id)));
      if (this.replyName) channels.push(this.replyName);
      if (channels.length) await sub.subscribe(...channels);
    } catch (err) {
      this.log.warn({ err: errorText(err) }, 'spot forwarding: resubscribe failed');
    }
  }

  private async commandChannel(instrumentId: number): Promise<string> {
    return `${await this.namespace()}:cmd:${instrumentId}`;
  }

  /** This process's reply channel, subscribed before the first command goes out. */
  private replyChannel(): Promise<string> {
    if (!this.replies) {
      const replies = this.namespace().then(async (ns) => {
        this.replyName = `${ns}:reply:${this.tag}`;
        await this.connections().sub.subscribe(this.replyName);
        return this.replyName;
      });
      replies.catch(() => (this.replies = null));
      this.replies = replies;
    }
    return this.replies;
  }

  private onMessage(channel: string, message: string): void {
    if (channel === this.replyName) {
      this.onReply(message);
      return;
    }
    void this.onCommand(Number(channel.slice(channel.lastIndexOf(':') + 1)), message);
  }

  private async onCommand(instrumentId: number, message: string): Promise<void> {
    let msg: z.infer<typeof commandWire>;
    try {
      msg = commandWire.parse(JSON.parse(message));
    } catch (err) {
      this.log.warn({ err: errorText(err) }, 'spot forwarding: malformed command dropped');
      return;
    }
    const now = Date.now();
    for (const [id, deadline] of this.seen) {
      if (deadline >= now) break;
      this.seen.delete(id);
    }
    // A duplicate: the first copy answers.
    if (this.seen.has(msg.id)) return;
    this.seen.set(msg.id, msg.deadline);
    let reply: Reply;
    try {
      // (A command can still arrive for a market given up an instant ago.)
      const order = this.listening.has(instrumentId)
        ? await this.serve(instrumentId, msg.cmd, msg.deadline)
        : null;
      if (order) reply = { id: msg.id, result: 'ok', order: encodeOrder(order) };
      else {
        // Subscribed without writing the market: stop, so senders fall back to the lock.
        this.seen.delete(msg.id);
        reply = { id: msg.id, result: 'not_writer' };
        await this.unlisten(instrumentId);
      }
    } catch (err) {
      reply =
        err instanceof AppError
          ? { id: msg.id, result: 'refused', code: err.code, params: err.params, type: err.type }
          : { id: msg.id, result: 'failed', message: errorText(err) };
    }
    try {
      await this.connections().pub.publish(msg.replyTo, JSON.stringify(reply));
    } catch (err) {
      this.log.warn({ err: errorText(err) }, 'spot forwarding: reply not sent');
    }
  }

  private onReply(message: string): void {
    let r: z.infer<typeof replyWire>;
    try {
      r = replyWire.parse(JSON.parse(message));
    } catch (err) {
      this.log.warn({ err: errorText(err) }, 'spot forwarding: malformed reply dropped');
      return;
    }
    const p = this.pending.get(r.id);
    if (!p) return; // timed out already
    switch (r.result) {
      case 'ok': {
        const order: OrderState = r.order;
        this.settle(r.id, () => p.resolve(order));
        return;
      }
      case 'refused': {
        const code = r.code;
        const err = isErrorCode(code)
          ? new AppError(code, r.params, r.type)
          : new Error(`spot writer refused: ${code}`);
        this.settle(r.id, () => p.reject(err));
        return;
      }
      case 'failed':
        this.settle(r.id, () => p.reject(new Error(`spot writer failed: ${r.message}`)));
        return;
      case 'not_writer':
        p.declined++;
        if (p.receivers !== null && p.declined >= p.receivers) this.settle(r.id, () => p.resolve(null));
    }
  }

  private settle(id: string, done: () => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(id);
    done();
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
