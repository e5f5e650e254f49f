import { TASK_EVENT_TYPES } from 'harness-core/sim';
import type {
  ApprovalRequest,
  Config,
  StateName,
  TaskContext,
  Checkpoint,
  TaskEvent,
  DesignId,
} from 'harness-core/sim';
import type { Scenario } from './scenarios';

/** Why the simulated process is down: a crash, or the overnight timeout. */
export const DOWN_REASONS = ['crash', 'timeout'] as const;
export type DownReason = (typeof DOWN_REASONS)[number];

/** Every command a Sim takes, once: the machine's events, then the process's fate. */
export const SIM_COMMAND_TYPES = [...TASK_EVENT_TYPES, 'CRASH', 'RESTART'] as const;
export type SimCommandType = (typeof SIM_COMMAND_TYPES)[number];

/** Commands beyond the machine's events: the process's fate, and an approval that reads its checkpoint. */
export type SimCommand =
  | TaskEvent
  | { type: 'CRASH' }
  /** Start the process again from `from` (what the disk holds; null: nothing) or the newest kept. */
  | { type: 'RESTART'; from?: Checkpoint | null }
  /** Approve by reading the `before_suspend` checkpoint (`from`, else the newest kept) and resuming from it. */
  | { type: 'APPROVE'; from?: Checkpoint | null };

/** Compile-time: SIM_COMMAND_TYPES names every command, and nothing else. @public (a check, not an API) */
export const SIM_COMMANDS_LISTED: [SimCommand['type'], SimCommandType] extends [SimCommandType, SimCommand['type']]
  ? true
  : never = true;

export interface SimOptions {
  scenario: Scenario | string;
  seed?: number;
  runId?: string;
  config?: Partial<Config>;
  /** The harness design (SPEC §9); `article` by default. A run resumed from a checkpoint keeps its own. */
  design?: DesignId;
  /** Wall clock for checkpoint stamps (ms since 1970); injected, 0 by default. */
  wallClock?: () => number;
  /** Resume from this checkpoint instead of starting a new run. */
  from?: Checkpoint;
  /**
   * Only shown, never driven (a preview, a follower's mirror): it stands on `from` as stored,
   * without the work a resuming process does (the re-reads of a design without refs).
   */
  shownOnly?: boolean;
  /** With `from`: the newest checkpoint on disk, when it is not `from` (a follower shows the driver's live position, restarts read the disk). */
  newest?: Checkpoint | null;
  /** Called with each checkpoint as it is made (and the context it was made from). */
  onCheckpoint?: (cp: Checkpoint, context: TaskContext) => void;
  /** Called when an approval request goes out to a person (once per request, ever). */
  onApprovalRequest?: (request: ApprovalRequest) => void;
}

/** A state transition as the event log shows it. */
export interface TransitionRecord {
  at: number;
  event: TaskEvent['type'] | 'RESTORE';
  from: StateName;
  to: StateName;
  /**
   * How many checkpoints this move kept (absent: none). The code view lights a `checkpoint(task)`
   * call only when the move it shows really wrote one (src/ui/code/lineTable.ts).
   */
  wrote?: number;
}
