import type { Slicer } from '../share';

/** The page's turns between slices of work an outside input sizes (share/slices.ts). */

interface SchedulerLike {
  yield?: () => Promise<void>;
}

/**
 * A turn for the page: `scheduler.yield()` where the browser has it (the work resumes ahead of
 * other tasks, so it is not starved), else a MessageChannel task (not clamped to 4 ms as nested
 * timers are), else a timer.
 */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The page's own clock and turns. */
export const pageSlicer: Slicer = { now: () => performance.now(), yield: yieldToPage };
