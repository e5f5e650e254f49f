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
  | 'E705'
  /** Another process holds the run's lease, or took it over: this holder may not write. */
  | 'E706'
  /** A fresh run under an id already used: a run id is never reused. */
  | 'E707';

/** A record a read passed over, with why: it stays where it is, for a person to look at. */
export interface Skipped {
  /** Where it lies: the file's path, or the IndexedDB key as text. */
  where: string;
  code: StoreErrorCode;
  /** `E70n: …` — what a person reads. */
  message: string;
  /**
   * Where the store moved it aside (a damaged checkpoint newer than the one `latest` stands on),
   * so the resumed run's next write of that number never overwrites it.
   */
  movedTo?: string;
}

/**
 * A holder's claim on a run (issue 44, defect 2): who holds it and the fencing token, the run's
 * counter when it was acquired. Every acquisition raises the counter, so a write carrying an
 * older token is refused (E706) once another holder has taken the run.
 */
export interface Lease {
  runId: string;
  owner: string;
  token: number;
}

export type LeaseResult = { ok: true; lease: Lease } | { ok: false; code: StoreErrorCode; message: string };

export interface AcquireOptions {
  /**
   * How long the lease holds without a write or `renew` (default `LEASE_TTL_MS`, 30 s); after
   * that another holder may take it. Renew at a third of it while a long call runs.
   */
  ttlMs?: number;
  /** Take the run even from a live holder (a person who knows it is gone): its writes are then refused. */
  steal?: boolean;
  /** A fresh run: refused (E707) when anything was ever stored under the run id. */
  fresh?: boolean;
}

/** Default lease time: a holder that neither writes nor renews for this long may be taken over. */
export const LEASE_TTL_MS = 30_000;

export type PutResult = { ok: true } | { ok: false; code: StoreErrorCode; message: string };

export interface Latest {
  /** The newest checkpoint of the run that reads whole, or null when none does. */
  checkpoint: Checkpoint | null;
  /** Newer records passed over on the way to it, newest first. */
  skipped: Skipped[];
}

export interface CheckpointStore {
  /** Where it keeps them; `memory` is a page's fallback when IndexedDB cannot be used (same rules, gone on reload). */
  readonly kind: 'file' | 'indexeddb' | 'memory' | 'postgres';
  /**
   * Takes the run for `owner` (a process, a worker): refused (E706, naming the holder) while
   * another holder's lease is live, unless `steal`; with `fresh`, refused (E707) when the run id
   * was ever used. Each acquisition raises the run's fencing counter: the lease's `token`.
   */
  acquire(runId: string, owner: string, opts?: AcquireOptions): Promise<LeaseResult>;
  /** Extends a live lease by its time; refused (E706) once another holder took the run. */
  renew(lease: Lease): Promise<PutResult>;
  /** Lets the run go, so another may take it at once. A lease already taken over is left as it is. */
  release(lease: Lease): Promise<void>;
  /**
   * Keeps `cp` under (runId, seq). Resolves only once it is durable (the file written, flushed
   * and linked into place; the transaction committed with strict durability), so an
   * acknowledged checkpoint survives the process dying the next instant. Refused, with nothing
   * written: a checkpoint the codec would not read back (E701); one whose seq is not newer than
   * the newest stored for its run, readable or not (E701: a checkpoint is never overwritten); a
   * write under a `lease` another holder has taken over, or without one while another holds the
   * run (E706). A write under the lease renews it.
   */
  put(cp: Checkpoint, lease?: Lease): Promise<PutResult>;
  /**
   * The newest readable checkpoint of `runId`: what `--resume` stands on. Damaged records newer
   * than it are moved aside (`Skipped.movedTo`) so the resumed run never writes over them; when
   * none reads, nothing is moved and `skipped` lists them: a resume must then refuse, never
   * start the run again from step 1.
   */
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
