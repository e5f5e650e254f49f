import {
  canAll,
  isSimpleMachine,
  type Checkpoint,
  type Design,
  type Sim,
  type SimReading,
  type StateName,
  type TaskContext,
  type TaskMachine,
  type TransitionRecord,
  type Scenario,
  type SimCommandType,
} from '../engine';

/**
 * The event log shows the newest LOG_SHOWN to LOG_SHOWN + LOG_TRIM_STEP - 1 lines (its oldest
 * line dropped in jumps, see ui/panels/window.ts); the view keeps enough for that (the Sim
 * keeps them all).
 */
const LOG_SHOWN = 60;
const LOG_TRIM_STEP = 30;
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
  design: Design;
  /** The four-state simple mode (SPEC §9) rather than the eight states. */
  simple: boolean;
  /** Meters every design is compared by (SPEC §9). */
  modelCalls: number;
  rereads: number;
  heldMs: number;
  side: { queuedAt: number | null; doneAt: number | null };
  newest: Checkpoint | null;
  /** The newest log lines, oldest first, and how many there are in all. */
  log: readonly TransitionRecord[];
  logLength: number;
  /**
   * Which commands the run would take, asked of the machine in the snapshot shown (engine/can.ts):
   * what enables every control, so a button and what the page shows never disagree.
   */
  can: Readonly<Record<SimCommandType, boolean>>;
}

/** The picture of a Sim, or of a moment of its timeline (a replay's reading, engine/timeline.ts). */
export function viewOf(sim: SimReading): SimView {
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
    design: sim.design,
    simple: isSimpleMachine(sim.machine),
    modelCalls: sim.meters.modelCalls,
    rereads: sim.meters.rereads,
    heldMs: sim.meters.heldMs,
    side: { queuedAt: sim.meters.side.queuedAt, doneAt: sim.meters.side.doneAt },
    newest: sim.newest,
    log: sim.log.slice(-LOG_KEPT),
    logLength: sim.log.length,
    can: canAll(sim.snapshot, sim.alive),
  };
}
