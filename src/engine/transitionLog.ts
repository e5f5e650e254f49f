import type { TaskEvent } from 'harness-core/sim';
import { stateOf, type TaskActor, type TaskSnapshot } from './machines';
import type { TransitionRecord } from './simTypes';

/**
 * Events the log shows even when the state stays (a tick in running is a step done). The log
 * has a line per transition the machine takes, raised ones included: the fail button's FAIL_NOW
 * shows as the TICKs it raises (the step failing, then the fuse), as the code view expects.
 */
const LOGGED: ReadonlySet<string> = new Set(['TICK', 'START', 'APPROVE', 'REJECT', 'CANCEL', 'REPLAN']);

/** Events whose transitions raise others (taskMachine.ts, simpleMachine.ts). */
const RAISES: ReadonlySet<string> = new Set(['FAIL_NOW']);

/**
 * Sends `event` to `actor` and adds to `log` a line per transition it led to; returns the
 * snapshot after, or null when the machine took no transition. `checkpointing`: a line says how
 * many checkpoints its transition wrote (each counts one in the context's seq, triggers.ts).
 */
export function sendLogged(
  actor: TaskActor,
  event: TaskEvent,
  log: TransitionRecord[],
  checkpointing: boolean,
): TaskSnapshot | null {
  const before = actor.getSnapshot();
  // An event that raises others (FAIL_NOW) is logged as the transitions it led to, read from
  // the machine's microsteps (InspectedMicrostepEvent's public fields). Only for those: an
  // inspector on every event costs a quarter of the engine's throughput.
  const steps: { type: string; snapshot: TaskSnapshot }[] = [];
  const watch = RAISES.has(event.type)
    ? actor.system.inspect((e) => {
        if (e.type === '@xstate.microstep') steps.push({ type: e.event.type, snapshot: e.snapshot as TaskSnapshot });
      })
    : null;
  try {
    actor.send(event);
  } finally {
    watch?.unsubscribe();
  }
  const after = actor.getSnapshot();
  // XState keeps the same snapshot when no transition was enabled: nothing happened.
  if (after === before) return null;
  // Any other event is one line, as sent (so is FAIL_NOW if an XState stopped reporting microsteps).
  if (steps.length === 0) steps.push({ type: event.type, snapshot: after });
  let prev = before;
  for (const step of steps) {
    const line = lineOf(step.type, prev, step.snapshot, checkpointing);
    if (line) log.push(line);
    prev = step.snapshot;
  }
  return after;
}

/** The log's line for a transition the machine took (none when it changed nothing shown). */
function lineOf(event: string, before: TaskSnapshot, after: TaskSnapshot, checkpointing: boolean) {
  if (after === before) return null;
  const from = stateOf(before);
  const to = stateOf(after);
  if (from === to && !LOGGED.has(event)) return null;
  const wrote = checkpointing ? after.context.task.seq - before.context.task.seq : 0;
  const type = event as TransitionRecord['event'];
  return { at: after.context.task.clock, event: type, from, to, ...(wrote > 0 ? { wrote } : {}) };
}
