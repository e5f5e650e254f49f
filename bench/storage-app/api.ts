/**
 * What the storage benchmark page (main.ts) puts on `window.__storageBench`, for bench/storage.ts
 * to call through playwright's `page.evaluate`. Plain data in and out.
 */

export interface LatencyArgs {
  scenario: string;
  /** The timed write is the run's first checkpoint at or after this step … */
  atStep: number;
  /** … with this trigger, when given (e.g. `before_suspend`). */
  trigger?: string;
  /** Timed samples, each on a fresh run id. */
  samples: number;
  /** Samples made the same way first and thrown away. */
  warmup: number;
  /** Time the parts of each write through a timed Backend instead of the app's store. */
  breakdown?: boolean;
  /** Write through a store of this durability instead of the app's (the A/B of the durability choice). */
  durability?: 'strict' | 'relaxed';
}

/** Where one timed write spent its time (ms), from the timed Backend; absent without `breakdown`. */
export interface PutParts {
  /** put() called to the transaction asked for: checks, cutting into chunks and hashing (`prepare`). */
  prepare: number;
  /** … to the transaction's callback running: the database connection and `db.transaction()`. */
  open: number;
  /** … to the callback's promise settled: the reads (run index, chunk `count`s) and the staged puts. */
  work: number;
  /** … to the transaction's `complete` event: the commit. */
  commit: number;
  /** … to `await store.put(cp)` resuming in the caller. */
  after: number;
}

export interface LatencySample {
  /** performance.now() around `await store.put(cp)` of the timed checkpoint. */
  ms: number;
  /** The `ms` the store itself reports in its PutResult. */
  storeMs: number;
  seq: number;
  step: number;
  trigger: string;
  /** Checkpoints of the run written before the timed one. */
  before: number;
  ledgerRows: number;
  /** What the write added to storage, and the checkpoint's size as JSON. */
  stored: number;
  size: number;
  parts?: PutParts;
}

export interface BytesResult {
  scenario: string;
  planSteps: number;
  checkpoints: number;
  finalStep: number;
  finalState: string;
  /** The run's `bytes` from listRuns() (its records, chunks and index, UTF-8 JSON). */
  runBytes: number;
  /** Sum of the checkpoints' own JSON sizes: what storing each one whole would take. */
  wholeBytes: number;
  /** JSON size of the last checkpoint. */
  finalBytes: number;
  /** navigator.storage.estimate().usage before the run was written and after. */
  usageBefore: number;
  usageAfter: number;
  /** The Sim's run to its end, collecting the checkpoints (ms). */
  simMs: number;
  /** All the puts, one after another (ms). */
  writeMs: number;
  putP50: number;
  putP95: number;
  putMax: number;
}

export interface FloorArgs {
  /** A value to store (a checkpoint of the size measured). */
  value: unknown;
  samples: number;
  warmup: number;
  /** Read one key first in the same transaction and wait for it, as the store's put does. */
  readFirst: boolean;
  durability?: 'default' | 'strict' | 'relaxed';
}

/** One sample of a lesson stop's runs written (three-endings' last stop, replayed from its start). */
export interface LessonStopSample {
  /** The runs and all their checkpoints in one `replaceRuns` (ms): what the page does. */
  batchMs: number;
  /** The same runs written as a free run is: `createRun`, then one `put` per checkpoint (ms). */
  putsMs: number;
  checkpoints: number;
  runs: number;
}

export interface StorageBench {
  /** The store opened (on IndexedDB) and what openCheckpointStore said. */
  ready: { status: string; notice?: string };
  latency(args: LatencyArgs): Promise<LatencySample[]>;
  bytes(scenario: string): Promise<BytesResult>;
  /** A checkpoint of a fresh run: the first at or after `atStep` (with `trigger`, when given). */
  checkpointAt(scenario: string, atStep: number, trigger?: string): unknown;
  /**
   * IndexedDB alone, for comparison: one readwrite transaction on a database of its own that
   * puts `value` under a new key and a small index record (after reading that index and waiting
   * for it, with `readFirst`); ms from the transaction asked for to its `complete` event.
   */
  floor(args: FloorArgs): Promise<number[]>;
  /** A lesson stop's runs written both ways, interleaved, `samples` times after `warmup`. */
  lessonStop(samples: number, warmup: number): Promise<LessonStopSample[]>;
}

declare global {
  interface Window {
    __storageBench?: StorageBench;
    __storageBenchError?: string;
  }
}
