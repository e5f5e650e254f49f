import { checkCheckpoint } from './checkpoint.js';
import type { Checkpoint } from './checkpointShape.js';
import type { HarnessOptions } from './harnessOptions.js';
import type { CheckpointStore, Lease, Skipped } from './stores/types.js';
import type { TaskPlan } from './world.js';

/**
 * Where a run starts (issue 44): the lease taken first, so two processes on one run cannot both
 * make progress; the checkpoint a resume stands on, refused when none reads back; and time
 * travel: an earlier checkpoint resumed as a fork under a new run id, or a person's edit of the
 * checkpoint, each held to the same consistency check as any stored checkpoint.
 */

interface RunStart {
  lease: Lease;
  /** The checkpoint the run stands on (a fork's or an edit's as stored), or null: from step 1. */
  checkpoint: Checkpoint | null;
  /** Records a resume passed over, newest first (with `movedTo` when moved aside). */
  skipped: readonly Skipped[];
  /** Whether `checkpoint` was written here (a fork's first, an edit). */
  written: boolean;
}

/** A random owner id (a page's: no host or process to name). */
export function randomOwner(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c?.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const fail = (text: string): Error => new Error(`harness-core: ${text}`);

/** The checkpoint a resume reads: `from`'s, or the newest that reads back. */
async function readBase(
  store: CheckpointStore,
  runId: string,
  from: number | undefined,
): Promise<{ checkpoint: Checkpoint | null; skipped: Skipped[] }> {
  if (from === undefined) return store.latest(runId);
  const got = await store.get(runId, from);
  if (got === null) throw fail(`run "${runId}" has no checkpoint #${from} to resume from`);
  if (!got.ok) throw fail(`checkpoint #${from} of run "${runId}" does not read back: ${got.skipped.message}`);
  return { checkpoint: got.checkpoint, skipped: [] };
}

/**
 * The checkpoint a fork or an edit starts from: `base` edited (on a copy) and renamed to where
 * it is kept, then checked as a store checks any checkpoint. An edit whose parts disagree is
 * refused with its reason, before anything is stored or taken.
 */
function startingPoint(base: Checkpoint, opts: HarnessOptions, plan: TaskPlan): Checkpoint {
  const edited = opts.edit ? opts.edit(structuredClone(base)) : base;
  const at: Partial<Checkpoint> = opts.forkAs
    ? { runId: opts.forkAs, seq: base.seq, branch: { from: base.runId, seq: base.seq } }
    : { runId: base.runId, seq: base.seq + 1, trigger: 'manual' };
  const checked = checkCheckpoint({ ...edited, ...at }, (id) => (id === plan.id ? plan : undefined));
  if (!checked.ok)
    throw fail(`the edit of checkpoint #${base.seq} of run "${base.runId}" is refused: ${checked.error}`);
  return checked.checkpoint;
}

/** Checks what cannot go together before anything is taken. */
function checkTimeTravel(opts: HarnessOptions): void {
  const travels = opts.from !== undefined || opts.forkAs !== undefined || opts.edit !== undefined;
  if (travels && !opts.resume) throw fail('from, forkAs and edit resume a run: pass resume: true');
  if (opts.from !== undefined && opts.forkAs === undefined)
    throw fail(
      `from: ${opts.from} needs forkAs: a run's checkpoints are never overwritten, so an earlier one is resumed as a fork under a new run id`,
    );
  if (opts.forkAs === opts.runId)
    throw fail(`forkAs names the run itself ("${opts.runId}"): a fork takes a new run id`);
}

/**
 * Takes the run's lease (a fresh run's refused, E707, under a used id; any run's, E706, while
 * another process holds it) and finds where it starts. On resume with no readable checkpoint
 * but damaged ones, refuses rather than start again at step 1. The lease is let go if it throws.
 */
export async function startRun(opts: HarnessOptions, plan: TaskPlan, owner: string): Promise<RunStart> {
  checkTimeTravel(opts);
  const { store } = opts;
  const ttl = opts.leaseTtlMs === undefined ? {} : { ttlMs: opts.leaseTtlMs };
  const take = async (runId: string, fresh: boolean): Promise<Lease> => {
    const got = await store.acquire(runId, owner, { fresh, ...ttl });
    if (!got.ok) throw fail(got.message);
    return got.lease;
  };
  const refuseNone = (runId: string, skipped: readonly Skipped[]) =>
    fail(
      `no checkpoint of run "${runId}" reads back: ${skipped.map((s) => `${s.where}: ${s.message}`).join('; ')}; refusing to start again at step 1`,
    );

  if (opts.forkAs !== undefined) {
    // A fork reads the original (never written to) and checks its start before taking the new id.
    const base = await readBase(store, opts.runId, opts.from);
    if (!base.checkpoint) {
      if (base.skipped.length > 0) throw refuseNone(opts.runId, base.skipped);
      throw fail(`run "${opts.runId}" has no checkpoint to fork from`);
    }
    const start = startingPoint(base.checkpoint, opts, plan);
    const lease = await take(opts.forkAs, true);
    return keepStart(store, lease, start, base.skipped).catch(async (e: unknown) => {
      await store.release(lease).catch(() => undefined);
      throw e;
    });
  }
  const lease = await take(opts.runId, !opts.resume);
  try {
    if (!opts.resume) return { lease, checkpoint: null, skipped: [], written: false };
    const latest = await store.latest(opts.runId);
    if (!latest.checkpoint) {
      if (latest.skipped.length > 0) throw refuseNone(opts.runId, latest.skipped);
      if (opts.edit) throw fail(`run "${opts.runId}" has no checkpoint to edit`);
      return { lease, checkpoint: null, skipped: [], written: false };
    }
    if (!opts.edit) return { lease, checkpoint: latest.checkpoint, skipped: latest.skipped, written: false };
    return await keepStart(store, lease, startingPoint(latest.checkpoint, opts, plan), latest.skipped);
  } catch (e) {
    await store.release(lease).catch(() => undefined);
    throw e;
  }
}

/** Stores a fork's first checkpoint or an edited one under the lease, before anything runs. */
async function keepStart(
  store: CheckpointStore,
  lease: Lease,
  start: Checkpoint,
  skipped: readonly Skipped[],
): Promise<RunStart> {
  const put = await store.put(start, lease);
  if (!put.ok) throw fail(`checkpoint ${start.runId}#${start.seq} not kept: ${put.message}`);
  return { lease, checkpoint: start, skipped, written: true };
}
