import type { Checkpoint, Sim, StateName, TaskContext, TaskMachine, TransitionRecord, Scenario } from '../engine';

/**
 * The event log shows the newest LOG_SHOWN to LOG_SHOWN + LOG_TRIM_STEP - 1 lines (its oldest
 * line dropped in jumps, see ui/panels/window.ts); the view keeps enough for that (the Sim
 * keeps them all).
 */
export const LOG_SHOWN = 60;
export const LOG_TRIM_STEP = 30;
const LOG_KEPT = LOG_SHOWN + LOG_TRIM_STEP;

/**
 * What the page shows of the Sim: an immutable picture, published by the store. The store
 * publishes a new one only once the checkpoints the engine asked for are durable, so the page
 * never shows waiting_approval (or a step's effects) before its checkpoint is on disk.
 */
export interface SimView {
  scenario: Scenario;
  machine: TaskMachine;
  state: StateName;
  context: TaskContext;
  alive: boolean;
  down: Sim['down'];
  clock: number;
  tokens: number;
  wasted: number;
  checkpointing: boolean;
  newest: Checkpoint | null;
  /** The newest log lines, oldest first, and how many there are in all. */
  log: readonly TransitionRecord[];
  logLength: number;
}

export function viewOf(sim: Sim): SimView {
  return {
    scenario: sim.scenario,
    machine: sim.machine,
    state: sim.state,
    context: sim.context,
    alive: sim.alive,
    down: sim.down,
    clock: sim.clock,
    tokens: sim.tokens,
    wasted: sim.wasted,
    checkpointing: sim.checkpointing,
    newest: sim.newest,
    log: sim.log.slice(-LOG_KEPT),
    logLength: sim.log.length,
  };
}
