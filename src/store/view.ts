import type { Checkpoint, Sim, StateName, TaskContext, TaskMachine, TransitionRecord, Scenario } from '../engine';

/** Log lines the page keeps in its view (the Sim keeps them all): enough for the event log's 60–89. */
export const LOG_KEPT = 90;

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
