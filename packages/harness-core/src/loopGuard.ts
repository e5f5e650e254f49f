import type { Attempt, Config, GuardKind, TaskContext } from './types.js';
import { designOf } from './designs.js';
import { isFailure, rowsOfStep } from './ledger.js';

/** The three stages of SPEC §3 (count → remind → fuse), plus `none` before any failure. */
export const LOOP_STAGES = ['none', 'counting', 'reminded', 'fused'] as const;
export type LoopStage = (typeof LOOP_STAGES)[number];

/**
 * A loop's key: the same tool, the same canonical args and the same error type (the article's
 * triple); under the coarse `tool-only` guard, the tool alone, so trying ten configurations one
 * by one looks like one loop (the article's 熔断会误伤正当的绕路).
 */
export function loopKey(a: Pick<Attempt, 'tool' | 'args' | 'error'>, guard: GuardKind = 'article'): string {
  return guard === 'tool-only' ? a.tool : `${a.tool} ${a.args} ${a.error?.type ?? ''}`;
}

/** The guard reminds before it fuses (the article's); the coarse `tool-only` guard never does. */
export const reminds = (config: Pick<Config, 'guard'>): boolean => config.guard !== 'tool-only';

export interface LoopReading {
  /** Key of the step's latest failure, or null when it has none. */
  key: string | null;
  count: number;
  stage: LoopStage;
  /** Every key seen on the step with its count (what the checkpoint records). */
  counts: Readonly<Record<string, number>>;
  /** True when some key on the step reached `fuseAt`. */
  fused: boolean;
}

/** The stage `count` failures of one key stand at: a run's config, or a trace's guard settings. */
export function stageOf(count: number, config: Pick<Config, 'remindAt' | 'fuseAt' | 'guard'>): LoopStage {
  if (count >= config.fuseAt) return 'fused';
  if (count >= config.remindAt && reminds(config)) return 'reminded';
  return count > 0 ? 'counting' : 'none';
}

/**
 * Reads the loop guard of one step from the ledger: the guard keeps no state of its own, so a
 * run restored from a checkpoint (which holds the ledger) counts exactly where it stopped.
 */
export function readLoop(ledger: readonly Attempt[], step: number, config: Config): LoopReading {
  const counts: Record<string, number> = {};
  let key: string | null = null;
  let fused = false;
  for (const a of rowsOfStep(ledger, step)) {
    if (!isFailure(a)) continue;
    key = loopKey(a, config.guard);
    const c = (counts[key] ?? 0) + 1;
    counts[key] = c;
    if (c >= config.fuseAt) fused = true;
  }
  const count = key === null ? 0 : (counts[key] ?? 0);
  return { key, count, stage: stageOf(count, config), counts, fused };
}

/** Where the run's fuse stands: its design's word, or `no-fuse`'s count alone (no reminder, no fuse). */
export interface GuardReading extends LoopReading {
  /** The count that fuses, or null when the design has no fuse. */
  fuseAt: number | null;
}

/** The loop guard of `step` (the current one by default) as this run's design has it. */
export function loopOf(
  ctx: Pick<TaskContext, 'ledger' | 'cursor' | 'config' | 'design'>,
  step = ctx.cursor,
): GuardReading {
  const r = readLoop(ctx.ledger, step, ctx.config);
  if (designOf(ctx.design).loopGuard) return { ...r, fuseAt: ctx.config.fuseAt };
  return { ...r, stage: r.count > 0 ? 'counting' : 'none', fused: false, fuseAt: null };
}
