import { Sim, findScenario, isTerminal, type Scenario } from '../../src/engine';

/** Runs of the engine as a student drives them, shared by the engine bench's parts. */

export const START = { type: 'START' } as const;
export const TICK = { type: 'TICK' } as const;
export const APPROVE = { type: 'APPROVE' } as const;

export function scenario(id: string): Scenario {
  const s = findScenario(id);
  if (!s) throw new Error(`scenario ${id} not found`);
  return s;
}

export interface Run {
  sim: Sim;
  /** Every send: START, each TICK, each APPROVE. */
  sends: number;
}

/** A run to its end as a student pressing "tick" would drive it, approving when asked. */
export function runToEnd(s: Scenario | string): Run {
  const sim = new Sim({ scenario: s });
  sim.send(START);
  let sends = 1;
  for (;;) {
    const state = sim.state;
    if (isTerminal(state)) return { sim, sends };
    sim.send(state === 'waiting_approval' ? APPROVE : TICK);
    sends++;
  }
}
