import { checkpointBytes, fromRanges, fullStateBytes, type Checkpoint, type TaskContext } from '../engine';
import type { CheckpointSummary, PutResult } from '../persistence';
import { reportOf, type WriteReport } from './writeReport';

/**
 * The publish gate: what the page shows is published at most once a frame, and never while a
 * checkpoint write is pending, so the page never shows a step whose checkpoint is not durable.
 * Its own module (STYLE 16) so the invariant has its own tests (publish.test.ts); the store's
 * run slice (run.ts) is its one user.
 */

export interface Written {
  summary: CheckpointSummary;
  report: WriteReport;
  /** Done steps the checkpoint records (what "steps lost if it died now" counts from). */
  done: number;
}

/** What one publish hands the store: the writes settled since the last one, the newest checkpoint. */
export interface Batch {
  written: Written[];
  newest: { cp: Checkpoint; ctx: TaskContext } | null;
  pending: number;
}

interface PublishHost {
  put(cp: Checkpoint): Promise<PutResult>;
  /**
   * A write has been pending for WRITE_WATCHDOG_MS (storage hangs): said at once, while the gate
   * goes on holding the view at the last durable checkpoint. Its settling, if it ever comes, is
   * reported as any other.
   */
  stalled(cp: Checkpoint, ms: number): void;
  /** A write settled (called at once, before it is shown). */
  settled(cp: Checkpoint, report: WriteReport, pendingAfter: number): void;
  /** Shows the live run as it stands now, with the batch. Only ever called with no write pending. */
  show(batch: Batch): void;
}

/** Time, injectable so tests interleave writes, commands and frames at will. */
export interface FrameClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const pageClock: FrameClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * A checkpoint write pending this long, while the page itself was free to hear its answer, is a
 * storage that hangs: the page says so (PublishHost.stalled).
 */
export const WRITE_WATCHDOG_MS = 4000;
/** How often the watchdog looks: each look credits the time since the last, up to PAGE_LATE_MS. */
const WATCH_TICK_MS = 250;
/**
 * The most one look credits: a look on time, with a little slack. A look later than this was
 * held up by the page's own thread (a long task) or a hidden tab's throttled timers: that time
 * is the page's, not storage's, so a busy page is not told its storage stopped answering (E520);
 * a hidden tab hears of a hang later (throttled to a look a second, after about 13 s).
 */
const PAGE_LATE_MS = 300;

/**
 * Watches one write: `stalled` once WRITE_WATCHDOG_MS has passed with the page free to run
 * (each look's lateness past PAGE_LATE_MS is the page's own and not counted). Returns the stop.
 */
function watchWrite(clock: FrameClock, stalled: () => void): () => void {
  let credited = 0;
  let last = clock.now();
  let handle: unknown;
  const look = () => {
    const now = clock.now();
    credited += Math.min(now - last, PAGE_LATE_MS);
    last = now;
    if (credited >= WRITE_WATCHDOG_MS) stalled();
    else handle = clock.setTimeout(look, WATCH_TICK_MS);
  };
  handle = clock.setTimeout(look, WATCH_TICK_MS);
  return () => clock.clearTimeout(handle);
}

/** The page redraws at most this often, however fast the run goes (a frame). */
export const FRAME_MS = 16;

interface Publisher {
  /** Sim's `onCheckpoint`: writes `cp`; nothing that follows it is shown until the write settles. */
  onCheckpoint(cp: Checkpoint, ctx: TaskContext): void;
  /** Sim's subscriber: publishes now, or at the next frame, or once pending writes settle. */
  publish(): void;
  /**
   * Shows nothing until the returned release is called (a link's replay, whose checkpoints are
   * written once it stands): what is shown meanwhile would not be durable.
   */
  hold(): () => void;
  readonly pending: number;
}

export function createPublisher(host: PublishHost, clock: FrameClock = pageClock): Publisher {
  let pending = 0;
  let holds = 0;
  let flushTimer: unknown = null;
  let last = -Infinity;
  let newest: Batch['newest'] = null;
  let written: Written[] = [];

  const flush = () => {
    flushTimer = null;
    // Checked again now, not only when the timer was set: a command that ran while it waited
    // may have asked for a checkpoint that is still being written (its settling publishes).
    if (pending > 0 || holds > 0) return;
    last = clock.now();
    const batch: Batch = { written, newest, pending };
    written = [];
    newest = null;
    host.show(batch);
  };

  const publish = () => {
    if (pending > 0 || holds > 0 || flushTimer !== null) return;
    const wait = FRAME_MS - (clock.now() - last);
    if (wait <= 0) flush();
    else flushTimer = clock.setTimeout(flush, wait);
  };

  const onCheckpoint = (cp: Checkpoint, ctx: TaskContext) => {
    pending++;
    newest = { cp, ctx };
    const done = fromRanges(cp.done)?.length ?? 0;
    const unwatch = watchWrite(clock, () => host.stalled(cp, WRITE_WATCHDOG_MS));
    void host
      .put(cp)
      .then(
        (result) => reportOf(cp, { result }),
        (thrown: unknown) => reportOf(cp, { thrown }),
      )
      .then((report) => {
        unwatch();
        pending--;
        const summary: CheckpointSummary = {
          runId: cp.runId,
          seq: cp.seq,
          step: cp.step,
          state: cp.state,
          trigger: cp.trigger,
          bytes: report.size,
          storedBytes: report.bytes,
          virtual: cp.time.virtual,
          wall: cp.time.wall,
        };
        written.push({ summary, report, done });
        host.settled(cp, report, pending);
        if (pending === 0) publish();
      });
  };

  const hold = () => {
    holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds--;
      publish();
    };
  };

  return {
    onCheckpoint,
    publish,
    hold,
    get pending() {
      return pending;
    },
  };
}

/** The page's figures for a batch: what `show` sets besides the view. */
interface Shown {
  writesPending: number;
  newestBytes?: number;
  newestFullBytes?: number;
  /** Done steps of the newest DURABLE checkpoint of the run shown (a failed write counts nothing). */
  newestDone?: number;
  lastWrite?: WriteReport;
  bytesWritten?: number;
  history?: CheckpointSummary[];
}

export function shownOf(
  batch: Batch,
  runId: string,
  before: { bytesWritten: number; history: CheckpointSummary[] },
): Shown {
  const { written: done, newest: cp } = batch;
  const mine = done.filter((w) => w.report.ok && w.summary.runId === runId);
  // The newest checkpoint's size: its store measured it while writing (no second serializing
  // on the way to the screen); a failed write leaves it to checkpointBytes.
  const newestWrite = cp && mine.find((w) => w.report.seq === cp.cp.seq && w.summary.runId === cp.cp.runId);
  const bytes = cp ? (newestWrite ? newestWrite.report.size : checkpointBytes(cp.cp)) : 0;
  const durable = mine.reduce<Written | null>((a, w) => (a === null || w.summary.seq > a.summary.seq ? w : a), null);
  const summaries = mine.map((w) => w.summary);
  return {
    writesPending: batch.pending,
    ...(cp ? { newestBytes: bytes, newestFullBytes: fullStateBytes(cp.ctx, bytes) } : {}),
    ...(durable ? { newestDone: durable.done } : {}),
    ...(done.length
      ? {
          lastWrite: (done.at(-1) as Written).report,
          bytesWritten: before.bytesWritten + done.reduce((n, w) => n + w.report.bytes, 0),
          history: summaries.length
            ? [...summaries.reverse(), ...before.history.filter((h) => !summaries.some((m) => m.seq === h.seq))]
            : before.history,
        }
      : {}),
  };
}
