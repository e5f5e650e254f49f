import { SIM_COMMAND_TYPES, type SimCommand, type SimCommandType } from './simTypes';
import type { TaskSnapshot } from './machines';

/**
 * What a run would take now, asked of its machine (XState's `snapshot.can`), never of a state
 * name: the controls, the keyboard, the lessons and the drivers all read this. The process's
 * fate is the one thing outside the machine: CRASH while it runs, RESTART once it is down.
 */
export function canTake(snapshot: TaskSnapshot, alive: boolean, cmd: SimCommand): boolean {
  if (cmd.type === 'CRASH') return alive;
  if (cmd.type === 'RESTART') return !alive;
  // The Sim's APPROVE may carry the checkpoint it reads: the machine sees a plain APPROVE.
  return alive && snapshot.can(cmd.type === 'APPROVE' ? { type: 'APPROVE' } : cmd);
}

/** Every command type and whether the run would take it now (SimView.can). */
export function canAll(snapshot: TaskSnapshot, alive: boolean): Readonly<Record<SimCommandType, boolean>> {
  const can = {} as Record<SimCommandType, boolean>;
  // The machine's guards read no event field: one sample of each type, its fields filled in.
  for (const type of SIM_COMMAND_TYPES)
    can[type] = canTake(snapshot, alive, { type, reason: '', error: 'timeout' } as SimCommand);
  return can;
}

/**
 * The move that takes a run on, as the machine allows it: START before it began, APPROVE when
 * `approve` and a request is waiting, else TICK (which polls while a request waits).
 */
export function nextMove(sim: { can: (cmd: SimCommand) => boolean }, approve = false): SimCommand {
  if (sim.can({ type: 'START' })) return { type: 'START' };
  if (approve && sim.can({ type: 'APPROVE' })) return { type: 'APPROVE' };
  return { type: 'TICK' };
}
