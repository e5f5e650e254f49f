import type { Checkpoint, Config, DesignId } from 'harness-core';
import type { Scenario } from './scenarios';
import type { SimCommand, SimOptions } from './simTypes';

/**
 * What a run's timeline replays (timeline.ts): where its Sim began and every move since. Unlike
 * the command record a share link carries (commandRecord.ts), nothing ends it: a run resumed
 * from storage begins at the checkpoint it read, a restart or approval keeps the checkpoint it
 * read (`from`), and a story's night is a move of its own.
 */

/** Time passed in the world while the process was down (`Sim.passTime`, a story's night). */
export interface PassTime {
  type: 'PASS_TIME';
  until: number;
}

/** One thing that moved a run: a command as it was sent, or time passed. */
export type Move = SimCommand | PassTime;

/** Where a Sim began: created new (from its seed), or resumed from a checkpoint it read. */
export type Origin =
  | { kind: 'created'; seed: number; runId: string; config: Config; design: DesignId }
  | { kind: 'resumed'; from: Checkpoint; shownOnly: boolean };

/** The origin of a Sim made with `opts` (`config`, `design`: the ones it settled on). */
export function originOf(opts: SimOptions, config: Config, design: DesignId): Origin {
  if (opts.from) return { kind: 'resumed', from: opts.from, shownOnly: opts.shownOnly === true };
  return {
    kind: 'created',
    seed: opts.seed ?? 1,
    runId: opts.runId ?? 'run-1',
    config,
    design,
  };
}

/** Options for a Sim that begins where `origin` says, calling nobody. */
export function optionsAt(scenario: Scenario, origin: Origin): SimOptions {
  return origin.kind === 'resumed'
    ? { scenario, from: origin.from, shownOnly: origin.shownOnly }
    : { scenario, seed: origin.seed, runId: origin.runId, config: origin.config, design: origin.design };
}
