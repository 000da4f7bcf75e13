/**
 * The queue of a market writer's commands (writer.ts): bounded, taken a group at a time, and able
 * to wake the writer once enough commands wait for the next group. A forwarded command that waited
 * past its deadline is refused when taken, never applied.
 */
import { AppError } from '../../http/errors';
import type { Command } from './types';

/** Orders applied per transaction at most (a burst is split into several groups). */
export const MAX_BATCH = 256;
/** Queue length beyond which new commands are refused (`spot_busy`) rather than queued. */
export const MAX_QUEUE = 20_000;

export class CommandQueue {
  private items: Command[] = [];
  /** Called when the queue reaches `wakeAt` commands (the writer waiting for a group to fill). */
  private wake: (() => void) | null = null;
  private wakeAt = Infinity;

  get length(): number {
    return this.items.length;
  }

  /** Queues a command; false (nothing queued) when the queue is full. */
  push(cmd: Command): boolean {
    if (this.items.length >= MAX_QUEUE) return false;
    this.items.push(cmd);
    if (this.items.length >= this.wakeAt) this.wake?.();
    return true;
  }

  /** The next group's commands (up to MAX_BATCH, oldest first); expired ones are refused, not returned. */
  takeGroup(): Command[] {
    return this.items.splice(0, MAX_BATCH).filter((cmd) => !refuseExpired(cmd));
  }

  /** Commands taken but not matched go back to the head of the queue, in their order. */
  putBack(cmds: Command[]): void {
    this.items.unshift(...cmds);
  }

  /** Whether a forwarded command (one with a deadline) waits. */
  hasForwarded(): boolean {
    return this.items.some((c) => c.deadline !== undefined);
  }

  /** Resolves when `n` commands are queued or `settled` settles, whichever is first. */
  async reaches(n: number, settled: Promise<void>): Promise<void> {
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      this.wakeAt = n;
      void settled.then(resolve, resolve);
    });
    this.wake = null;
    this.wakeAt = Infinity;
  }
}

/**
 * A command past its deadline is never applied: its sender has timed out and answered the user,
 * so applying it now would act on an answer nobody receives. Wall-clock time, not the injectable
 * clock: the deadline was set by another process.
 */
function expired(cmd: Command): boolean {
  return cmd.deadline !== undefined && Date.now() > cmd.deadline;
}

/** Refuses an expired command (`spot_busy`); true when it did. */
export function refuseExpired(cmd: Command): boolean {
  if (!expired(cmd)) return false;
  cmd.reject(new AppError('spot_busy'));
  return true;
}
