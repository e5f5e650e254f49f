import type { Checkpoint } from 'harness-core';
import type { SimCommand } from './simTypes';

/**
 * The commands that moved a run since it was created, in order: a new Sim of the same scenario,
 * seed, design and config sent them gives the same run (share links carry them). It stops
 * holding, and `commands` turns null for good, once the run did not start fresh (resumed from a
 * checkpoint) or was restarted or approved from a checkpoint that is not the Sim's own newest
 * (storage held another): a replay would read a different one.
 */
export class CommandRecord {
  private list: SimCommand[] | null;

  constructor(fresh: boolean) {
    this.list = fresh ? [] : null;
  }

  get commands(): readonly SimCommand[] | null {
    return this.list;
  }

  /** The same record, noted on from here alone (a copy of the run: Sim.copy). */
  copy(): CommandRecord {
    const c = new CommandRecord(false);
    c.list = this.list && [...this.list];
    return c;
  }

  /** Whether `cmd`, sent now that the Sim keeps `newest`, would replay the same (asked before it runs). */
  replayable(cmd: SimCommand, newest: Checkpoint | null): boolean {
    if (this.list === null) return false;
    if ((cmd.type !== 'RESTART' && cmd.type !== 'APPROVE') || !('from' in cmd) || cmd.from === undefined) return true;
    const read = cmd.from;
    return read === null || newest === null ? read === newest : read.runId === newest.runId && read.seq === newest.seq;
  }

  /** The run moved in a way no command gives (time passed while its process was down): no replay. */
  end(): void {
    this.list = null;
  }

  /** Records `cmd`, which moved the run: as a replay sends it, or ends the record when it could not replay. */
  note(cmd: SimCommand, replayable: boolean): void {
    if (this.list === null) return;
    if (!replayable) {
      this.list = null;
      return;
    }
    // A replay's restart or approval reads the Sim's own newest checkpoint.
    this.list.push(cmd.type === 'RESTART' || cmd.type === 'APPROVE' ? { type: cmd.type } : cmd);
  }
}
