import { checkpointBytes, fullStateBytes, isSimpleMachine, loopOf, timeOfDay, type Sim } from '../engine';
import type { CallClaim, ClockClaim, StopShows } from './types';

/**
 * What the run on screen shows, in the terms a stop's `shows` states it (types.ts): the same
 * readings the page's hooks give (`current-step`, `loop-stage`, `checkpoint-count`, …), taken
 * from the Sim the page draws. Every field is read, so a stop may name any of them.
 */
export type Shown = Required<Omit<StopShows, 'newest' | 'plan' | 'fullStateTimes' | 'clock' | 'call'>> & {
  newest: { step: number; trigger: NonNullable<StopShows['newest']>['trigger']; state: StopShows['state'] } | null;
  plan: { version: number; steps: number };
  /** The full-state checkpoint's size over the position-only one's (0 without a checkpoint). */
  fullStateTimes: number;
  /** The virtual clock: the run's day and the minutes since that day's midnight. */
  clock: { day: number; minutes: number };
  /** Checkpoints of the run on screen that are stored (the lesson player's record of them). */
  stored: number;
  /** The newest ledger row's call, or null on an empty ledger. */
  call: Required<CallClaim> | null;
};

export function readShown(sim: Sim, stored = 0): Shown {
  const ctx = sim.context;
  const simple = isSimpleMachine(sim.machine);
  const loop = simple ? null : loopOf(ctx);
  const cp = sim.newest;
  const bytes = cp ? checkpointBytes(cp) : 0;
  return {
    state: sim.state,
    step: ctx.cursor,
    ended: ctx.ended,
    down: sim.down,
    loop: loop?.stage ?? null,
    count: loop?.count ?? 0,
    guard: ctx.config.guard,
    message: ctx.channel.at(-1)?.kind ?? null,
    ledger: ctx.ledger.length,
    checkpoints: cp?.seq ?? 0,
    newest: cp ? { step: cp.step, trigger: cp.trigger, state: cp.state } : null,
    wasted: sim.meters.wasted,
    rereads: sim.meters.rereads,
    requests: sim.requestsSent.length,
    plan: { version: ctx.plan.version, steps: ctx.plan.steps.length },
    side: sim.meters.side.doneAt === null ? 'waiting' : 'done',
    fullStateTimes: cp ? fullStateBytes(ctx, bytes) / bytes : 0,
    clock: timeOfDay(sim.clock),
    call: callOf(ctx.ledger),
    stored,
  };
}

/**
 * Where the run differs from what a stop says it shows: one line per field, empty when it
 * agrees. `fullStateTimes` is a floor (the full-state checkpoint is at least that many times
 * the size); every other field must be equal, and a nested one only in the parts it names.
 */
export function showsDiffer(shows: StopShows, shown: Shown): string[] {
  const out: string[] = [];
  for (const [k, want] of Object.entries(shows) as [keyof StopShows, unknown][]) {
    const got = shown[k];
    if (k === 'clock') {
      const miss = clockMisses(want as ClockClaim, shown.clock);
      if (miss) out.push(`clock: ${miss}`);
    } else if (k === 'fullStateTimes') {
      if ((got as number) < (want as number)) out.push(`fullStateTimes: ${String(got)} < ${String(want)}`);
    } else if (want !== null && typeof want === 'object') {
      if (got === null) out.push(`${k}: null, not ${JSON.stringify(want)}`);
      else
        for (const [kk, w] of Object.entries(want)) {
          const g = (got as Record<string, unknown>)[kk];
          if (g !== w) out.push(`${k}.${kk}: ${JSON.stringify(g)}, not ${JSON.stringify(w)}`);
        }
    } else if (got !== want) out.push(`${k}: ${JSON.stringify(got)}, not ${JSON.stringify(want)}`);
  }
  return out;
}

/** The newest row's call, and whether it differs in tool or args from the row before it at its step. */
function callOf(rows: readonly { step: number; tool: string; args: string }[]): Required<CallClaim> | null {
  const a = rows.at(-1);
  if (!a) return null;
  const before = rows.slice(0, -1).findLast((r) => r.step === a.step);
  const changed = before !== undefined && (before.tool !== a.tool || before.args !== a.args);
  return { step: a.step, tool: a.tool, args: a.args, changed };
}

/** "hh:mm" as minutes since midnight. */
export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Why the clock at day `day`, `minutes` is not in `claim`'s window, or null when it is. */
function clockMisses(claim: ClockClaim, at: { day: number; minutes: number }): string | null {
  const inWindow = at.minutes >= minutesOf(claim.from) && at.minutes <= minutesOf(claim.to);
  if (at.day === claim.day && inWindow) return null;
  return `day ${at.day} ${hhmm(at.minutes)}, not day ${claim.day} ${claim.from}–${claim.to}`;
}
