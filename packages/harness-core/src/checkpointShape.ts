import type {
  ApprovalBook,
  Args,
  ArtifactRef,
  CheckpointTrigger,
  DesignId,
  EndReason,
  InjectableError,
  Outcome,
  PlanAnswer,
  PlanMode,
  StateName,
  Step,
  StoredConfig,
  TodoStatus,
  ToolError,
  WorldQueue,
} from './types.js';
import type { Ranges } from './ranges.js';

/**
 * The shape of a checkpoint (SPEC §5) and of a person's edit to one, apart from the code that
 * makes, checks and restores them (checkpoint.ts, schema.ts, restore.ts, takeover.ts), so those
 * modules can name the types without importing each other.
 */

export const CHECKPOINT_SCHEMA = 'harness-sim.checkpoint/1';
/** Records above this are refused, whatever they hold (ui-contract: "oversize: over 1 MiB"). */
export const MAX_CHECKPOINT_BYTES = 1024 * 1024;

/**
 * A ledger row as stored. What the plan already says is left out: the tool (always the step's),
 * the args when they are the planned ones, the ref when it is the one the step produces.
 */
export interface LedgerRow {
  step: number;
  attempt: number;
  outcome: Outcome;
  at: number;
  args?: Args;
  fault?: InjectableError;
  error?: ToolError;
  actor?: 'human';
  ref?: string;
}

export interface Checkpoint {
  schema: typeof CHECKPOINT_SCHEMA;
  runId: string;
  seq: number;
  trigger: CheckpointTrigger;
  scenario: string;
  seed: number;
  /** The run's harness design; absent means `article` (SPEC §9). */
  design?: DesignId;
  /** 1. state and step number (the step in progress or to run next). */
  state: StateName;
  step: number;
  /** 2. done steps. */
  done: Ranges;
  /** 3. artifact references (bodies live in the file system). */
  refs: ArtifactRef[];
  /** 4. the todo snapshot, by status. */
  todos: Record<Exclude<TodoStatus, 'done'>, Ranges>;
  /** 5. the plan snapshot: a pointer for one-shot plans, the remaining steps for dynamic ones. */
  plan: {
    mode: PlanMode;
    version: number;
    total: number;
    revisions: number[];
    /** Revisions that answered a rejection, with the steps they inserted (types.ts, `PlanAnswer`). */
    answers?: PlanAnswer[];
    remaining?: Step[];
  };
  ledger: LedgerRow[];
  /** Loop-guard counts at the current step (derived from the ledger; shown for people). */
  loop: Record<string, number>;
  approval: ApprovalBook;
  world: WorldQueue;
  config: StoredConfig;
  meters: { clock: number; tokens: number };
  waitingSince: number | null;
  ended: EndReason | null;
  /** Virtual time (ms since the run's start) and wall time (ms since 1970) of the write. */
  time: { virtual: number; wall: number };
  /** Set on a fork: the run and checkpoint this branch started from. */
  branch?: { from: string; seq: number };
}

/** What a person can do to a checkpoint before handing it back. */
export type TakeoverEdit =
  | { kind: 'mark_done'; step: number; ref?: string }
  | { kind: 'skip'; step: number }
  | { kind: 'set_args'; step: number; args: Args };
