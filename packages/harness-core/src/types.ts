/** Harness designs (SPEC §9; what each changes: designs.ts). */
export const DESIGN_IDS = ['article', 'no-checkpoint', 'no-fuse', 'every-step', 'no-refs', 'blocking-wait'] as const;
export type DesignId = (typeof DESIGN_IDS)[number];
import type { RunMemo } from './memo.js';
import type { MessageWords } from './words.js';

/**
 * The task model of SPEC §1, as plain data. Everything here is JSON-safe: a run is data,
 * not a feeling in a conversation.
 */

/** Text in both languages of the simulator. */
export interface Bilingual {
  zh: string;
  en: string;
}

export type Lang = keyof Bilingual;

/** The simulator's five tools. A harness names its own: `Step.tool` is any string (`Tool`). */
export const TOOL_NAMES = ['read_file', 'write_file', 'run_sql', 'http_call', 'shell'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];
/** A tool's name: the simulator's five are the known ones, a harness may name any other. */
export type Tool = ToolName | (string & {});

/** `risky` needs a person's approval; `side_effect` changes the world outside the harness. */
export const STEP_EFFECTS = ['none', 'side_effect', 'risky'] as const;
export type StepEffect = (typeof STEP_EFFECTS)[number];

/** Argument values of a tool call: JSON, no functions. */
export type Args = Readonly<Record<string, string | number | boolean>>;

export interface Step {
  /** 1-based position in the plan. */
  n: number;
  title: Bilingual;
  tool: Tool;
  args: Args;
  effect: StepEffect;
  phase: string;
  /** Artifact this step leaves in the file system (a path) or in an outside system (`job#4711`). */
  produces?: string;
  /** The step renames or moves an earlier artifact to `produces`. */
  renames?: string;
  /** Base virtual minutes of an attempt, when the step sets its own (no jitter then). */
  minutes?: number;
}

export const PLAN_MODES = ['one_shot', 'dynamic'] as const;
export type PlanMode = (typeof PLAN_MODES)[number];

export interface Plan {
  mode: PlanMode;
  version: number;
  steps: readonly Step[];
  /** The step numbers at which the plan was revised (one per version after the first). */
  revisions: readonly number[];
  /**
   * The revisions that answered a person's rejection (plan.ts, `rejectionAnswer`): revision
   * number `rev` (an index into `revisions`) inserted these steps, not the plan's `replanAdds`.
   * Absent when none did.
   */
  answers?: readonly PlanAnswer[];
}

/** Steps the model inserted before a rejected step to address the person's reason. */
export interface PlanAnswer {
  rev: number;
  steps: readonly Step[];
}

export type TodoStatus = 'pending' | 'in_progress' | 'done' | 'skipped';

/** Error types a tool can fail with; `rejected` and `no_progress` are produced by the harness. */
export const ERROR_TYPES = [
  'not_found',
  'timeout',
  'permission_denied',
  'conflict',
  'no_progress',
  'rejected',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];
/**
 * An error type as recorded: the article's six (`ERROR_TYPES`) are the known ones, with advice of
 * their own in the recovery hint; a tool or harness may name any other (`io_error`,
 * `executor_threw`), which is recorded and keyed by the loop guard the same way.
 */
export type ToolErrorType = ErrorType | (string & {});

/** Error types a person can inject with the fail button (and a script can too). */
export const INJECTABLE_ERRORS = [
  'not_found',
  'timeout',
  'permission_denied',
  'conflict',
  'no_progress',
] as const satisfies readonly ErrorType[];
export type InjectableError = (typeof INJECTABLE_ERRORS)[number];

export interface ToolError {
  type: ToolErrorType;
  message: string;
}

export type Actor = 'model' | 'human';

/**
 * What a tool call was given: the args plus any fault the world injected. Re-running the
 * same tool with the same input and seed gives the same result (failure replay).
 */
export interface AttemptInput {
  args: Args;
  fault?: InjectableError;
}

export const OUTCOMES = ['ok', 'error', 'rejected', 'skipped', 'edited'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** One row of the step ledger (步骤账本): every attempt, and every human act on a step. */
export interface Attempt {
  step: number;
  /** 1-based attempt number on this step (human edits carry the number they precede). */
  attempt: number;
  tool: Tool;
  /** Canonical JSON of the args (sorted keys): the args part of the loop key. */
  args: string;
  outcome: Outcome;
  error?: ToolError;
  input: AttemptInput;
  actor: Actor;
  /** Virtual time (ms since the run's start) when the attempt ended. */
  at: number;
  /** Artifact reference the attempt produced or a person recorded. */
  ref?: string;
}

export interface ArtifactRef {
  step: number;
  ref: string;
  /** The earlier ref this one replaced (a rename or move). */
  from?: string;
}

export interface ApprovalRequest {
  id: string;
  step: number;
  /** Virtual time of the request. */
  requestedAt: number;
}

/** What a message injected into the model's context is (`ContextMessage.kind`). */
export const MESSAGE_KINDS = ['reminder', 'recovery-hint', 'rejection'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** One message injected into what the simulated model sees (the system-reminder channel). */
export interface ContextMessage {
  kind: MessageKind;
  step: number;
  at: number;
  /** What the model reads, in zh and en (the token meter counts the English). */
  text: Bilingual;
  /**
   * The key and params `text` was filled from (words.ts), for a host that says it in a language
   * of its own. Absent when a harness's own `hint` hook wrote the text.
   */
  words?: MessageWords;
  tokens: number;
}

export const DENSITY_POLICIES = ['key_actions', 'every_step', 'every_n'] as const;
export type DensityPolicy = (typeof DENSITY_POLICIES)[number];

/**
 * The loop guard's key (SPEC §3, §10): `article`, the article's triple tool + canonical args +
 * error type, with a reminder before the fuse; `tool-only`, the coarse guard of the fuse lesson,
 * which keys on the tool alone and fuses without reminding (what the article warns against).
 */
export const GUARD_KINDS = ['article', 'tool-only'] as const;
export type GuardKind = (typeof GUARD_KINDS)[number];

export interface Config {
  /** Count at which a system-reminder is injected (SPEC §3). */
  remindAt: number;
  /** Count at which the fuse trips and the run goes to `failed`. */
  fuseAt: number;
  /** Bound on attempts at one step, whatever the keys. */
  maxAttemptsPerStep: number;
  density: DensityPolicy;
  /** N of the `every_n` policy. */
  everyN: number;
  /**
   * The overnight watchdog: kill the process once it has stood this much virtual time without
   * finishing a step (waiting for approval, or retrying one failing call); null = never.
   */
  processTimeoutMs: number | null;
  /** Virtual time one poll tick takes while waiting for approval. */
  pollMs: number;
  /** Probability in [0, 1) that a step fails with a timeout by itself (seeded). */
  flakiness: number;
  /**
   * Probability in [0, 1] that the simulated model changes approach (new args, so a new loop
   * key) after a system-reminder; otherwise it retries as is (seeded, SPEC §9).
   */
  heedReminder: number;
  /** What the loop guard keys on, and whether it reminds before it fuses. */
  guard: GuardKind;
}

/** A config as a checkpoint holds it: one stored before `heedReminder` or `guard` existed lacks it. */
export type StoredConfig = Omit<Config, 'heedReminder' | 'guard'> & Partial<Pick<Config, 'heedReminder' | 'guard'>>;

export const CHECKPOINT_TRIGGERS = [
  'phase_switch',
  'before_side_effect',
  'before_risky',
  'before_suspend',
  'terminal',
  'manual',
  'every_step',
  'every_n',
  'failure',
] as const;
export type CheckpointTrigger = (typeof CHECKPOINT_TRIGGERS)[number];

export const ACTIVE_STATES = ['created', 'planning', 'running', 'tool_failed', 'waiting_approval'] as const;
export const TERMINAL_STATES = ['completed', 'failed', 'cancelled'] as const;
/** The eight states of SPEC §2, the five active ones first. */
export const STATE_NAMES = [...ACTIVE_STATES, ...TERMINAL_STATES] as const;
export type StateName = (typeof STATE_NAMES)[number];

const TERMINAL: ReadonlySet<string> = new Set(TERMINAL_STATES);

/** Whether `state` is one of the three absorbing states (completed, failed, cancelled). */
export const isTerminal = (state: string): state is (typeof TERMINAL_STATES)[number] => TERMINAL.has(state);

/** Why a run ended; `step_failed` is the simple mode's one failure (no retry, no fuse). */
export const END_REASONS = ['completed', 'loop_fuse', 'retries_exhausted', 'cancelled', 'step_failed'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** Inputs from the simulated world that are not the task's own decisions. */
export interface WorldQueue {
  /** Faults injected for the current step's next executions, first in first out. */
  faults: readonly InjectableError[];
  /** Steps a person marked risky at run time. */
  risky: readonly number[];
  /** The model was told to change approach on this step: the variant number of its args. */
  approach: Readonly<Record<number, number>>;
  /** Args a person set for a step during a takeover; they replace the planned args. */
  args: Readonly<Record<number, Args>>;
}

export interface ApprovalBook {
  /** How many approval requests this run has issued. */
  issued: number;
  pending: ApprovalRequest | null;
  /** Steps a person approved. */
  approved: readonly number[];
  /**
   * Who approved each step, by step number, when the approver was named (a harness's decision
   * `{ approved: true, by }`). Optional: a checkpoint without it reads as before.
   */
  by?: Readonly<Record<string, string>>;
}

/** The whole working state of a run, held by the XState machine's context. */
export interface TaskContext {
  runId: string;
  /** The harness design this run follows (SPEC §9); saved with it and its checkpoints. */
  design: DesignId;
  scenarioId: string;
  seed: number;
  config: Config;
  plan: Plan;
  /** Number of the step in progress or to run next (1-based; total + 1 when all are done). */
  cursor: number;
  /** One status per plan step, index n - 1. */
  todos: readonly TodoStatus[];
  refs: readonly ArtifactRef[];
  ledger: readonly Attempt[];
  approval: ApprovalBook;
  world: WorldQueue;
  /** Virtual clock (ms since the run's start) and tokens spent. */
  clock: number;
  tokens: number;
  /** Injected messages, newest last; not checkpointed (rebuilt on resume). */
  channel: readonly ContextMessage[];
  /** Sequence number of the newest checkpoint this run wrote. */
  seq: number;
  /** Virtual time the current wait for approval started, or null. */
  waitingSince: number | null;
  ended: EndReason | null;
  /** This run's memos (never stored, never shared with another run). */
  memo: RunMemo;
}
