import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import type { Scenario } from './scenarios';
import { simulatedWorld } from './simWorld';
import { type StateName, type TaskContext, createTaskMachine } from 'harness-core/sim';
import { createSimpleMachine } from './simpleMachine';

export type TaskMachine = ReturnType<typeof createTaskMachine>;
export type TaskSnapshot = SnapshotFrom<TaskMachine>;
export type TaskActor = Actor<TaskMachine>;

/**
 * One machine per scenario object (its world), made once. Keyed by the object, not its id: a
 * scenario built at run time under a preset's id (a property test's fault script) gets its own.
 */
const machines = new WeakMap<Scenario, TaskMachine>();

export function machineFor(scenario: Scenario): TaskMachine {
  let m = machines.get(scenario);
  if (!m) {
    // The simple mode's four states are a subset of the eight, driven by the same events and
    // context, so the host treats both alike.
    m = scenario.simple
      ? (createSimpleMachine(scenario) as unknown as TaskMachine)
      : createTaskMachine(simulatedWorld(scenario));
    machines.set(scenario, m);
  }
  return m;
}

/** The states a machine has, in its definition's order (eight, or the simple mode's four). */
export function machineStates(machine: TaskMachine): StateName[] {
  return Object.keys(machine.root.states) as StateName[];
}

/** True for the simple mode's four-state machine. */
export const isSimpleMachine = (machine: TaskMachine): boolean => machine.id === 'simple';

/** The leaf state of a snapshot: one of the eight names. */
export function stateOf(snapshot: TaskSnapshot): StateName {
  return snapshot.value as StateName;
}

/**
 * An actor resumed at a checkpoint: the state it records, the context it stands for.
 *
 * XState's restore walks the whole context for actor references to revive (`reviveContext`);
 * this machine spawns none, and the walk of a long run's context (a plan revised 10,000 times)
 * was most of a 639 ms task at 4× CPU when a run file was opened (issue 40). So the actor is restored
 * around an empty task, and the run's context put in that same context object before the actor
 * starts: nothing has read the snapshot yet, and the walk had nothing to revive in it.
 */
export function resumeActor(machine: TaskMachine, context: TaskContext, state: StateName): TaskActor {
  // No invokes or delayed events in this machine, so the resolved snapshot is complete.
  const holder = { task: EMPTY_TASK as TaskContext };
  const snapshot = machine.resolveState({ value: state, context: holder });
  const actor = createActor(machine, { snapshot, input: context });
  // The restored snapshot keeps `holder` itself as its context (createMachineSnapshot copies no context).
  if (actor.getSnapshot().context !== holder) throw new Error('XState copied the context on restore');
  holder.task = context;
  return actor;
}

/** What the restore walks in place of the run's context: nothing. */
const EMPTY_TASK = Object.freeze({});
