/**
 * Ends the current task and resumes in a new one, so the browser may paint and handle input
 * between start-up steps (each task over 50 ms counts in TBT). `scheduler.yield()` where the
 * browser has it (resumes ahead of other queued work), else a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
