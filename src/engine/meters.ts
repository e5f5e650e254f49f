import type { TaskContext } from 'harness-core';
import { MINUTE } from './world';

/** Virtual time the second task (a small queued job) needs on a free process (SPEC §9 `blocking-wait`). */
const SIDE_TASK_MS = 30 * MINUTE;

/** The second task, queued behind the run when it starts to wait for approval. */
interface SideTask {
  queuedAt: number | null;
  doneAt: number | null;
  ranMs: number;
}

/**
 * What a run costs, counted by the world and not the process, so a crash does not turn any of
 * it back: the same meters for every harness design, so two designs compare figure by figure.
 */
export class Meters {
  clock = 0;
  tokens = 0;
  /** Steps done again after they were done once (in any life of the process). */
  wasted = 0;
  /** Step executions that succeeded, in every life of the process: the work paid for. */
  work = 0;
  /** Calls to the model: plans, tool calls, and re-reads of files whose refs were not kept. */
  modelCalls = 0;
  /** Files re-read on resuming without artifact refs (smell 1). */
  rereads = 0;
  /** Virtual time the process was held by a blocking wait (smell 2). */
  heldMs = 0;
  readonly side: SideTask = { queuedAt: null, doneAt: null, ranMs: 0 };
  private doneEver = new Set<number>();
  private seen = 0;

  /** The same figures, counted on from here alone (a copy of the run: Sim.copy); a new field changed in place needs its own copy here. */
  copy(): Meters {
    return Object.assign(new Meters(), this, { side: { ...this.side }, doneEver: new Set(this.doneEver) });
  }

  /** Takes in what a new process holds: its ledger is history, not new work. */
  adopt(ctx: TaskContext): void {
    this.seen = ctx.ledger.length;
    for (const a of ctx.ledger) {
      if (a.outcome !== 'ok' || this.doneEver.has(a.step)) continue;
      this.doneEver.add(a.step);
      this.work++;
    }
    this.clock = Math.max(this.clock, ctx.clock);
    this.tokens = Math.max(this.tokens, ctx.tokens);
  }

  /** Counts the ledger rows added since the last look. */
  account(ctx: TaskContext): void {
    for (let i = this.seen; i < ctx.ledger.length; i++) {
      const a = ctx.ledger[i];
      if (!a) continue;
      if (a.actor === 'model' && (a.outcome === 'ok' || a.outcome === 'error')) this.modelCalls++;
      if (a.outcome !== 'ok') continue;
      this.work++;
      if (this.doneEver.has(a.step)) this.wasted++;
      else this.doneEver.add(a.step);
    }
    this.seen = ctx.ledger.length;
    this.clock = Math.max(this.clock, ctx.clock);
    this.tokens = Math.max(this.tokens, ctx.tokens);
  }

  /**
   * `ms` of waiting for approval ending at `clock`. A suspended machine leaves the process free,
   * so the queued second task runs meanwhile; a blocking wait holds the process instead.
   */
  waited(ms: number, clock: number, suspends: boolean): void {
    const side = this.side;
    if (side.queuedAt === null) side.queuedAt = clock - ms;
    if (!suspends) {
      this.heldMs += ms;
      return;
    }
    this.runSide(ms, clock - ms);
  }

  /** The process is free again (a blocking wait ended): the second task gets its turn. */
  released(clock: number): void {
    if (this.side.queuedAt !== null) this.runSide(SIDE_TASK_MS, clock);
  }

  private runSide(ms: number, from: number): void {
    const side = this.side;
    if (side.doneAt !== null) return;
    const need = SIDE_TASK_MS - side.ranMs;
    if (ms >= need) side.doneAt = from + need;
    side.ranMs = Math.min(SIDE_TASK_MS, side.ranMs + ms);
  }
}
