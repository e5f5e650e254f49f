/**
 * Reading a Chromium trace (`devtools.timeline`) of the page: the main thread's (`CrRendererMain`)
 * longest `RunTask`, its CPU time beside its wall time, and what it spent them on. The untrusted
 * paths (browser.ts) and the first render (firstRender.ts) read their traces with it.
 */

/** A Chromium trace event, as far as the untrusted benches read one. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs: what the machine's other processes do not lengthen. */
  tdur?: number;
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string };
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

/** The longest task of a trace, ms, and what took most of it (its three longest parts). */
export interface Longest {
  ms: number;
  /**
   * The most main-thread CPU time (`tdur`) of any such task, ms. On a busy machine a task's wall
   * time also holds the time its thread waited for a core; its CPU time does not. CDP's throttle
   * counts in it (a loop of 39 ms CPU unthrottled took 160 ms CPU at 4×), so this is about the
   * task's wall time at 4× on a quiet machine.
   */
  cpu: number;
  inside: string;
}

/** Events that only wrap others (a task, the microtask checkpoint): what is inside them is named instead. */
const WRAPPERS =
  /^(RunTask|ThreadControllerImpl|BlinkScheduler|RunMicrotasks|v8\.run|TaskQueueManager|SimpleWatcher|Receive mojo|AsyncTask|MessagePort|v8\.callFunction|WebFrameWidgetImpl)/;

/**
 * The longest `RunTask` on any renderer main thread of a Chromium trace, and what it held. With
 * `afterPaint`, only tasks that start after the page's first contentful paint: a link is a
 * navigation, whose own tasks (unloading the page before, evaluating the bundle) are the page's
 * cost of any load, measured by the cold-load figures, not by what the link carries.
 */
export function longestTask(trace: Buffer, afterPaint = false): Longest {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const painted = afterPaint
    ? Math.min(...traceEvents.filter((e) => e.name === 'firstContentfulPaint').map((e) => e.ts))
    : -Infinity;
  const mains = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // Playwright's own script (its injected utility script, evaluated over CDP when a locator first
  // waits on a new document): an `EvaluateScript` with no URL, 50–160 ms at 4×. The page's own
  // code is modules (`v8.evaluateModule`) and its inline scripts carry their URL; a task that is
  // mostly the bench's script is the bench's, not the page's.
  const harness = traceEvents.filter(
    (e) => e.name === 'EvaluateScript' && e.ph === 'X' && !e.args?.data?.url && mains.has(`${e.pid}:${e.tid}`),
  );
  const bench = (task: TraceEvent) =>
    harness.some(
      (e) =>
        e.pid === task.pid &&
        e.tid === task.tid &&
        e.ts >= task.ts &&
        e.ts <= task.ts + (task.dur ?? 0) &&
        (e.dur ?? 0) * 2 > (task.dur ?? 0),
    );
  let top: TraceEvent | null = null;
  let cpu = 0;
  for (const e of traceEvents) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.ts <= painted || !mains.has(`${e.pid}:${e.tid}`) || bench(e))
      continue;
    if ((e.dur ?? 0) > (top?.dur ?? 0)) top = e;
    cpu = Math.max(cpu, (e.tdur ?? 0) / 1000);
  }
  if (!top) return { ms: 0, cpu: 0, inside: '' };
  const t = top;
  const parts = traceEvents
    .filter(
      (e) =>
        e !== t &&
        e.ph === 'X' &&
        e.pid === t.pid &&
        e.tid === t.tid &&
        e.ts >= t.ts &&
        e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) &&
        (e.dur ?? 0) > 1000 &&
        !WRAPPERS.test(e.name),
    )
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 3)
    .map((e) => {
      const d = e.args?.data;
      const where = d?.functionName || d?.url?.split('/').pop() || '';
      return `${e.name}${where ? ` ${where}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)} ms`;
    });
  return { ms: (t.dur ?? 0) / 1000, cpu, inside: parts.join(', ') };
}
