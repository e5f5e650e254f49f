import type { CheckpointStore, Latest, Lease, PutResult as CorePutResult, Skipped as CoreSkipped } from 'harness-core';
import type { Checkpoint } from '../engine';

/**
 * The storage layer's whole surface: the rest of the app talks only to `PageStore`, harness-core's
 * `CheckpointStore` (implemented directly, and held to its suite) plus this page's `RunIndex`,
 * whether IndexedDB or memory stands behind it. Nothing here throws for bad stored data:
 * a record that cannot be read comes back as a `Skipped` with its reason, and the rest loads.
 */

import type { RunMeta, StoredCheckpoint } from './schemas';

export type { RunMeta } from './schemas';

/** Schema id of a run index record, and of this version's run file (export). */
export const RUN_SCHEMA = 'harness-sim.run/1';

/**
 * Who writes: the driving tab's session id and the run's `epoch` it writes under. A write
 * lands when the run's driver is `tab` at `epoch`; with `claim`, also when the run stands at
 * `epoch − 1` (nobody claimed it since this tab saw it: a tab elected driver claims with its
 * first write). Once a run has a driver, a write without a writer is refused.
 */
export interface Writer {
  tab: string;
  epoch: number;
  claim?: boolean;
}

/** What the app says about a run it has just created (before its first checkpoint): `design` kept so a reload before its first checkpoint keeps it too. */
export type NewRun = Pick<RunMeta, 'runId' | 'scenario' | 'seed' | 'design'> & { branch?: RunMeta['branch'] };

/**
 * Why a stored record was not read; it is left where it is. `misplaced`: a sound checkpoint
 * record kept under another run's or number's key.
 */
export type SkipKind = 'corrupt' | 'foreign' | 'version' | 'oversize' | 'missing' | 'misplaced';

/**
 * A stored record that was skipped: harness-core's (where it lies, its E70n class, `E70n: E5xx: …`
 * a person can read) and the page's finer kind.
 */
export interface Skipped extends CoreSkipped {
  kind: SkipKind;
}

/**
 * One line of a run's checkpoint history (read without reassembling the checkpoint): its stored
 * envelope's summary fields, `bytes` (the whole checkpoint as JSON, what an export holds for it),
 * `storedBytes` (what its record added: shared chunks count once, for the write that stored them),
 * and its virtual (ms since the run's start) and wall (ms since 1970) time.
 */
export type CheckpointSummary = Pick<StoredCheckpoint['body'], 'runId' | 'seq' | 'step' | 'state' | 'trigger'> &
  Record<'bytes' | 'storedBytes' | 'virtual' | 'wall', number>;

/**
 * The outcome of a write: harness-core's, with more said. `ok` once the transaction has completed
 * (durable), with `bytes` (what the write added to storage), `size` (the checkpoint's own bytes
 * as JSON) and how long it took. Otherwise its E70n and why, and: `quota` when the disk is full,
 * `stale` when a newer checkpoint of the run is stored already or another tab drives it (E701).
 */
export type PutResult =
  | (Extract<CorePutResult, { ok: true }> & { bytes: number; size: number; ms: number })
  | (Extract<CorePutResult, { ok: false }> & { quota: boolean; stale: boolean });

export type CreateRunResult = { ok: true; run: RunMeta } | { ok: false; error: string; quota: boolean };

type DeleteResult = { ok: true; deleted: number } | { ok: false; error: string };

/** `omitted`: older checkpoints left out so the file stays under the 20 MiB an import reads. */
export type ExportResult =
  { ok: true; text: string; skipped: Skipped[]; omitted: number } | { ok: false; error: string };

export type ImportResult = { ok: true; runId: string } | { ok: false; error: string };

/** A run to store fresh with all its checkpoints, oldest first (`replaceRuns`). */
export interface RunBatch {
  meta: NewRun;
  checkpoints: readonly Checkpoint[];
}

/** What `replaceRuns` did. */
export type ReplaceResult =
  /** `runs`: the index lines stored, in the order given. */
  { ok: true; runs: RunMeta[]; deleted: number } | { ok: false; error: string; quota: boolean };

/** The page's store: harness-core's checkpoint store, saying more, and the run index beside it. */
export interface PageStore extends CheckpointStore, RunIndex {
  readonly kind: 'indexeddb' | 'memory';
  /**
   * Stores a checkpoint; resolves once the write is durable. Never replaces a newer checkpoint
   * of the run (sequence guard: E701); creates the run's index if the run was never saved; once
   * a run is claimed, lands only under its driver's `writer` (the fence: E701). A harness-core
   * `Lease` from `acquire` is the same writer: its owner the tab, its token the epoch.
   */
  put(cp: Checkpoint, writer?: Writer | Lease): Promise<PutResult>;
  /** The newest checkpoint of the run that reads back whole, skipping (and reporting) damaged ones. */
  latest(runId: string): Promise<Omit<Latest, 'skipped'> & { skipped: Skipped[] }>;
  /** One checkpoint, reassembled and checked by the engine; null when nothing is stored there. */
  get(
    runId: string,
    seq: number,
  ): Promise<{ ok: true; checkpoint: Checkpoint } | { ok: false; skipped: Skipped } | null>;
}

/** What the page keeps beside the checkpoints: an index line per run, its driver, files. */
interface RunIndex {
  /** Every run, newest-updated first, and the run records that could not be read. */
  listRuns(): Promise<{ runs: RunMeta[]; skipped: Skipped[] }>;
  /** Saves a fresh run before its first checkpoint; refuses an id already used. */
  createRun(meta: NewRun): Promise<CreateRunResult>;
  /** Makes `tab` the run's driver under the next epoch (returned): from then on only its writes land. Null when the run is not saved. */
  claim(runId: string, tab: string): Promise<number | null>;
  /** A run's index line as stored now, or null (absent or unreadable). */
  run(runId: string): Promise<RunMeta | null>;
  /** A run's checkpoints, newest first, and its records that could not be read. */
  list(runId: string): Promise<{ items: CheckpointSummary[]; skipped: Skipped[] }>;
  /**
   * In one transaction: deletes every run whose id starts with `dropPrefix` (none when empty),
   * then stores each of `runs` fresh with all its checkpoints (a lesson's replayed runs, which
   * a lesson replaces at every stop: batch.ts). All of it lands or none; a taken id is refused.
   */
  replaceRuns(dropPrefix: string, runs: readonly RunBatch[]): Promise<ReplaceResult>;
  /** Deletes a run and everything stored for it: only ever because a person asked. */
  deleteRun(runId: string): Promise<DeleteResult>;
  /**
   * A run as readable JSON a person can edit: `{ format, run, checkpoints }`, with all its
   * readable checkpoints (or its `newest` n). Records that cannot be read are listed in
   * `skipped`; older checkpoints that would take the file past the 20 MiB an import reads are
   * left out and counted in `omitted`.
   */
  exportRun(runId: string, opts?: { newest?: number }): Promise<ExportResult>;
  /**
   * Reads a run file, checks all of it, then stores it in one transaction, under a fresh id if
   * its id is taken. A refused file changes nothing. Best given the picked Blob, which the
   * import's Worker reads, so the page never holds the file's text.
   */
  importRun(file: string | Blob): Promise<ImportResult>;
}
