import type { Checkpoint } from '../checkpointShape.js';
import type { PlanLookup } from '../world.js';

/**
 * Where checkpoints outlive the process (SPEC §5): one interface, and every store that implements
 * it passes one suite of guarantees (stores/suite.ts): the package's IndexedDB and file stores,
 * and the simulator's page store (src/persistence), which implements it directly. A store keeps checkpoints as the codec writes them and reads them back through
 * the codec, so what it acknowledges is what a resume reads.
 */

/** Why a record was not read or a write refused: numbered, stable, in the message too. */
export type StoreErrorCode =
  /**
   * A write refused, and nothing written: a checkpoint the codec would not read back, or one the
   * store's own rules refuse (the simulator's: not newer than the newest it keeps, a run another
   * tab drives, a run whose stored index it cannot read).
   */
  | 'E701'
  /** A record that is not a checkpoint of ours (not JSON, another schema, another program's file). */
  | 'E702'
  /** A checkpoint of ours that is damaged, or does not fit its plan. */
  | 'E703'
  /** A record stored under a run or number that is not its own (a renamed or copied file). */
  | 'E704'
  /** The storage itself failed (disk full, permission, IndexedDB closed). */
  | 'E705';

/** A record a read passed over, with why: it stays where it is, for a person to look at. */
export interface Skipped {
  /** Where it lies: the file's path, or the IndexedDB key as text. */
  where: string;
  code: StoreErrorCode;
  /** `E70n: …` — what a person reads. */
  message: string;
}

export type PutResult = { ok: true } | { ok: false; code: StoreErrorCode; message: string };

export interface Latest {
  /** The newest checkpoint of the run that reads whole, or null when none does. */
  checkpoint: Checkpoint | null;
  /** Newer records passed over on the way to it, newest first. */
  skipped: Skipped[];
}

export interface CheckpointStore {
  /** Where it keeps them; `memory` is a page's fallback when IndexedDB cannot be used (same rules, gone on reload). */
  readonly kind: 'file' | 'indexeddb' | 'memory';
  /**
   * Keeps `cp` under (runId, seq). Resolves only once it is durable (the file written, flushed
   * and renamed into place; the transaction committed with strict durability), so an
   * acknowledged checkpoint survives the process dying the next instant. A checkpoint the codec
   * would not read back is refused (E701) and nothing is written.
   */
  put(cp: Checkpoint): Promise<PutResult>;
  /** The newest readable checkpoint of `runId`: what `--resume` stands on. */
  latest(runId: string): Promise<Latest>;
  /** One checkpoint, read through the codec; null when nothing is stored under (runId, seq). */
  get(
    runId: string,
    seq: number,
  ): Promise<{ ok: true; checkpoint: Checkpoint } | { ok: false; skipped: Skipped } | null>;
  /** The numbers stored for `runId`, oldest first (readable or not). */
  seqs(runId: string): Promise<number[]>;
  /** The runs with at least one record. */
  runs(): Promise<string[]>;
}

/** What every store is made with: how it finds the plan a checkpoint names. */
export interface StoreOptions {
  plans: PlanLookup;
}
