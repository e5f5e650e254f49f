import { short } from './canonical';
import { DEFAULT_EVERY_N, DEFAULT_KEY_ACTIONS, densities, isKeyAction } from './densities';
import { Refused } from './errors';
import { checkSettings, resetKeyOf, runGuard } from './guard';
import type {
  Analysis,
  CallRow,
  DensityOptions,
  GuardSettings,
  NoProgressRow,
  Trace,
  TraceCall,
  TraceRefusal,
} from './types';

/** The article's guard settings (SPEC §3): remind at 2, fuse at 3. */
export const ARTICLE_GUARD: GuardSettings = { remindAt: 2, fuseAt: 3, coarse: false };

/** How long the args of a row may be in a table (the whole args stay in the trace). */
const ARGS_SHOWN = 80;

/**
 * An ok call that repeats the previous ok call of its tool and args with the same result: the
 * agent asked again and learnt nothing (SPEC §3's no-progress). A failure between them does not
 * break the run of repeats; a different result does. Calls whose trace records no result are
 * never counted: "the same result" cannot be told.
 */
function noProgressOf(calls: readonly TraceCall[]): NoProgressRow[] {
  const last = new Map<string, { position: number; result: string; times: number }>();
  const rows: NoProgressRow[] = [];
  calls.forEach((c, i) => {
    if (!c.ok || c.result === null) return;
    const k = `${c.tool} ${c.argsKey}`;
    const prev = last.get(k);
    const times = prev && prev.result === c.result ? prev.times + 1 : 1;
    if (prev && times > 1)
      rows.push({ position: i + 1, tool: c.tool, args: short(c.argsKey, ARGS_SHOWN), repeats: prev.position, times });
    last.set(k, { position: i + 1, result: c.result, times });
  });
  return rows;
}

/** Why the view's settings cannot be analysed (E650, E651), or null: for the view to ask before `analyse`. */
export function settingsRefusal(settings: GuardSettings, options: DensityOptions = {}): TraceRefusal | null {
  try {
    checkSettings(settings);
    checkEveryN(options.everyN ?? DEFAULT_EVERY_N);
    return null;
  } catch (e) {
    if (e instanceof Refused) return e.refusal;
    throw e;
  }
}

function checkEveryN(everyN: number): void {
  if (!Number.isSafeInteger(everyN) || everyN < 1) throw new Refused('E651', String(everyN));
}

/**
 * A trace through the article's rules under the view's guard settings: a row per call with
 * the guard's stage after it, where it would have reminded and fused, what the agent spent
 * after the fuse point and whether it recovered, the calls that made no progress, and each
 * checkpoint density over the same calls. Throws `Refused` (E650, E651) for settings out of range.
 */
export function analyse(trace: Trace, settings: GuardSettings = ARTICLE_GUARD, options: DensityOptions = {}): Analysis {
  const everyN = options.everyN ?? DEFAULT_EVERY_N;
  checkEveryN(everyN);
  const rule = options.keyActions ?? DEFAULT_KEY_ACTIONS[trace.format];
  const { calls } = trace;
  const guard = runGuard(calls, settings);
  const fuse = guard.fuseIndex;
  // A trace has few tools and many calls: each tool is matched once.
  const isKey = new Map<string, boolean>();
  const key = calls.map((c) => {
    let k = isKey.get(c.tool);
    if (k === undefined) isKey.set(c.tool, (k = isKeyAction(c.tool, rule)));
    return k;
  });
  const rows: CallRow[] = calls.map((c, i) => {
    const g = guard.steps[i] as (typeof guard.steps)[number];
    return {
      position: i + 1,
      tool: c.tool,
      args: short(c.argsKey, ARGS_SHOWN),
      ok: c.ok,
      errorType: c.errorType,
      tokens: c.tokens,
      key: g.key,
      count: g.count,
      stage: g.stage,
      afterFuse: fuse !== null && i > fuse,
      keyAction: key[i] as boolean,
    };
  });
  let tokensAfterFuse = 0;
  let recoveredAt: number | null = null;
  if (fuse !== null) {
    // The closing reply after the last call was spent after the fuse too; a meter's unplaced tokens were not placed.
    tokensAfterFuse = trace.tokensNotAttributed.afterLastCall;
    for (let i = fuse + 1; i < calls.length; i++) tokensAfterFuse += (calls[i] as TraceCall).tokens;
    // Recovered means the very call that looped later went through: a success of its tool and
    // args (under the coarse guard, of its tool, which is that guard's key). A success of the
    // same tool with other args would not do: an agent's everyday tools (Bash, Read) succeed
    // with some args in nearly every run, so it would call almost every run recovered.
    const looped = resetKeyOf(calls[fuse] as TraceCall, settings.coarse);
    for (let i = fuse + 1; i < calls.length && recoveredAt === null; i++) {
      const c = calls[i] as TraceCall;
      if (c.ok && resetKeyOf(c, settings.coarse) === looped) recoveredAt = i + 1;
    }
  }
  let tokens = trace.tokensNotAttributed.afterLastCall + trace.tokensNotAttributed.unplaced;
  for (const c of calls) tokens += c.tokens;
  return {
    format: trace.format,
    settings: { ...settings },
    calls: calls.length,
    failures: calls.reduce((n, c) => n + (c.ok ? 0 : 1), 0),
    tokens,
    rows,
    remindAt: guard.remindIndex === null ? null : guard.remindIndex + 1,
    fuseAt: fuse === null ? null : fuse + 1,
    fusedKey: guard.fusedKey,
    afterFuse: fuse === null ? 0 : calls.length - fuse - 1,
    tokensAfterFuse,
    recoveredAt,
    recovered: recoveredAt !== null,
    noProgress: noProgressOf(calls),
    densities: densities(key, everyN),
    skipped: { ...trace.skipped },
  };
}
