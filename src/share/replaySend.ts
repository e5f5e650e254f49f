import type { Checkpoint, SimCommand, TaskContext } from '../engine';
import { runInSlices, type Slicer } from './slices';

/**
 * Sending a link's commands to the page's new run. The link sets how many there are (up to
 * MAX_REPLAY_COMMANDS) and, through its design, how much each costs: under `no-fuse` every
 * failed attempt stays on one step, so each command costs more than the one before. So the
 * commands go in slices with turns for the page between them (slices.ts), under a budget of
 * work after which the replay stops and says where; and the checkpoints they make are held, not
 * written one by one (each write checks its whole checkpoint, which made a replay quadratic):
 * once the replay stands, the newest one its design kept is written, once.
 */

/** Work a replay may take in all (the engine's, in slices), after which the run stands where it got to. */
export const REPLAY_BUDGET_MS = 5000;

/** The run's checkpoints while a replay runs: only the newest is kept, and written on `release`. */
interface HeldCheckpoints {
  onCheckpoint(cp: Checkpoint, ctx: TaskContext): void;
  /** Writes the newest held checkpoint (if any) and lets every later one through as it comes. */
  release(): void;
  /** How many checkpoints the replay made (the newest of them is the one written). */
  readonly made: number;
}

/** Holds the checkpoints a replay makes in place of writing each (`write`: the page's own write). */
export function holdCheckpoints(write: (cp: Checkpoint, ctx: TaskContext) => void): HeldCheckpoints {
  let held: { cp: Checkpoint; ctx: TaskContext } | null = null;
  let holding = true;
  let made = 0;
  return {
    onCheckpoint(cp, ctx) {
      if (!holding) return write(cp, ctx);
      made++;
      held = { cp, ctx };
    },
    release() {
      holding = false;
      if (held) write(held.cp, held.ctx);
      held = null;
    },
    get made() {
      return made;
    },
  };
}

/** How a replay ended: all sent; command `at` (0-based) moved nothing; or the budget ran out before `at`. */
type ReplayEnd = { end: 'done' } | { end: 'refused'; at: number } | { end: 'budget'; at: number };

/** Sends `commands` in slices (`send` false: that command moved nothing, the replay stops there). */
export async function sendInSlices(
  commands: readonly SimCommand[],
  send: (cmd: SimCommand) => boolean,
  opts: { budgetMs?: number; slicer: Slicer },
): Promise<ReplayEnd> {
  const r = await runInSlices(commands.length, (i) => send(commands[i]!), {
    budgetMs: opts.budgetMs ?? REPLAY_BUDGET_MS,
    slicer: opts.slicer,
  });
  return r.end === 'done' ? { end: 'done' } : { end: r.end, at: r.done };
}
