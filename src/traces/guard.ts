import { loopKey, stageOf, validateConfig, type ErrorType, type GuardKind, type ToolName } from '../engine';
import { Refused } from './errors';
import type { GuardSettings, TraceCall, TraceStage } from './types';

/**
 * The article's loop guard (SPEC §3, §11) run over a trace's calls in order. The key of a failed
 * call is tool + canonical args + error type; each failed call of a key counts one; a successful
 * call of the same tool and args resets every key of theirs (whatever the error type); other
 * calls change nothing. The coarse guard keys on the tool alone, never reminds, and a success of
 * that tool resets it (its key is the tool, so that is "the same key succeeded").
 */

/** The guard after one call. */
interface GuardStep {
  /** The key the call counted toward, or null when it succeeded. */
  key: string | null;
  count: number;
  stage: TraceStage;
}

interface GuardRun {
  steps: GuardStep[];
  /** 0-based index of the call at which the guard first reminded / fused, or null. */
  remindIndex: number | null;
  fuseIndex: number | null;
  fusedKey: string | null;
}

/**
 * Throws E650 unless the settings are whole numbers with 1 ≤ remindAt < fuseAt: the engine's own
 * check (E103, E104) with no bound on attempts, which a trace does not have.
 */
export function checkSettings(s: GuardSettings): void {
  const c = { remindAt: s.remindAt, fuseAt: s.fuseAt, maxAttemptsPerStep: Number.MAX_SAFE_INTEGER };
  if (!validateConfig(c).ok) throw new Refused('E650', `remindAt ${String(s.remindAt)}, fuseAt ${String(s.fuseAt)}`);
}

/** What a success resets: the tool and its args (the coarse guard: the tool). */
export const resetKeyOf = (c: Pick<TraceCall, 'tool' | 'argsKey'>, coarse: boolean): string =>
  coarse ? c.tool : `${c.tool} ${c.argsKey}`;

const guardOf = (coarse: boolean): GuardKind => (coarse ? 'tool-only' : 'article');

/**
 * The key of a failed call, by the engine's own `loopKey` so a run file's calls get the keys
 * the simulator counted. A trace's tools and error types are any text, not the simulator's
 * five tools: the key only joins them as text, hence the casts.
 */
const keyOf = (c: TraceCall, guard: GuardKind): string =>
  loopKey(
    { tool: c.tool as ToolName, args: c.argsKey, error: { type: (c.errorType ?? 'error') as ErrorType, message: '' } },
    guard,
  );

/**
 * The guard over `calls`. The stage after a call is that of the latest failure's key, as the
 * engine's `readLoop` reads a step: it stays `reminded` or `fused` through unrelated calls,
 * and drops to `none` once a success resets that key.
 */
export function runGuard(calls: readonly TraceCall[], s: GuardSettings): GuardRun {
  checkSettings(s);
  // The engine's stages (count, remind unless coarse, fuse), over a trace's two counts.
  const config = { remindAt: s.remindAt, fuseAt: s.fuseAt, guard: guardOf(s.coarse) };
  const counts = new Map<string, number>();
  // Which keys a success of one tool and args resets.
  const family = new Map<string, string[]>();
  const steps: GuardStep[] = [];
  let lastKey: string | null = null;
  let remindIndex: number | null = null;
  let fuseIndex: number | null = null;
  let fusedKey: string | null = null;
  for (const c of calls) {
    const reset = resetKeyOf(c, s.coarse);
    if (c.ok) {
      const keys = family.get(reset);
      if (keys) {
        for (const k of keys) counts.delete(k);
        family.delete(reset);
      }
      steps.push({ key: null, count: 0, stage: stageOf(lastKey === null ? 0 : (counts.get(lastKey) ?? 0), config) });
      continue;
    }
    const key = keyOf(c, config.guard);
    const count = (counts.get(key) ?? 0) + 1;
    if (count === 1) {
      const keys = family.get(reset);
      if (keys) keys.push(key);
      else family.set(reset, [key]);
    }
    counts.set(key, count);
    lastKey = key;
    const stage = stageOf(count, config);
    if (stage === 'reminded' && remindIndex === null) remindIndex = steps.length;
    if (stage === 'fused' && fuseIndex === null) {
      fuseIndex = steps.length;
      fusedKey = key;
    }
    steps.push({ key, count, stage });
  }
  return { steps, remindIndex, fuseIndex, fusedKey };
}
