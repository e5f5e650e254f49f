import type { Tracer } from '@opentelemetry/api';
import type { Checkpoint } from './checkpointShape.js';
import type { CallError, Executor, RetryPolicy, ToolAnswer } from './executor.js';
import type { LoopReading } from './loopGuard.js';
import type { NextCallHook } from './modelDriven.js';
import type { RecoveryHint } from './recoveryHint.js';
import { checkAgainst, STEP_SCHEMA } from './schema.js';
import type { CheckpointStore, Skipped } from './stores/types.js';
import type {
  ApprovalRequest,
  Args,
  Bilingual,
  Config,
  ContextMessage,
  EndReason,
  PlanMode,
  StateName,
  Step,
  StepEffect,
  TaskContext,
} from './types.js';
import type { TaskPlan } from './world.js';

/** What runHarness takes and gives, and the plan a harness author writes (plain titles, any tool). */

/** A step as a harness author writes it: a plain title, any tool; `n` and `phase` filled in. */
export interface HarnessStep {
  title: string | Bilingual;
  tool: string;
  args: Args;
  /** `side_effect` (the default) checkpoints before the call; `risky` waits for approval; `none`. */
  effect?: StepEffect;
  phase?: string;
  /** The artifact the step leaves when the executor names none. */
  produces?: string;
}

export interface HarnessPlan {
  /** Stored in every checkpoint: a store's `plans` lookup finds the plan again by it. */
  id: string;
  mode?: PlanMode;
  steps: readonly HarnessStep[];
}

const asBilingual = (t: string | Bilingual): Bilingual => (typeof t === 'string' ? { zh: t, en: t } : t);

/**
 * The plan as the task machine follows it (a `TaskPlan`). Pass the same to the store's `plans`
 * lookup. Throws, naming the step and field, when a step would not fit a checkpoint: refused
 * before anything runs, never after a side effect.
 */
export function harnessPlan(plan: HarnessPlan | TaskPlan): TaskPlan {
  const steps = plan.steps.map((s, i): Step => {
    // A TaskPlan's own fields (renames, minutes) are kept; a key no step has is refused below.
    const step: Step = {
      ...s,
      n: i + 1,
      title: asBilingual(s.title),
      effect: s.effect ?? 'side_effect',
      phase: s.phase ?? 'run',
    };
    const checked = checkAgainst(STEP_SCHEMA, step);
    if (!checked.ok) throw new Error(`harness-core: plan ${plan.id}, step ${i + 1}: ${checked.reason}`);
    return step;
  });
  const adds = 'replanAdds' in plan && plan.replanAdds ? { replanAdds: plan.replanAdds } : {};
  return { id: plan.id, mode: plan.mode ?? 'one_shot', steps, ...adds };
}

/** A person's decision on a risky step; `by` names who decided. */
export type ApprovalDecision = { approved: true; by: string } | { approved: false; reason: string; by: string };

/**
 * Asked at a risky step: a decision, or `undefined`/`false` for "not yet" (the run suspends,
 * checkpointed, and a later `resume` asks again). `true` approves (by `harness`).
 */
export type ApprovalHook = (
  step: Step,
  request: ApprovalRequest,
) => ApprovalDecision | boolean | undefined | Promise<ApprovalDecision | boolean | undefined>;

/** The loop guard and checkpoint density a harness sets (the simulator's clock settings are its own). */
export type HarnessConfig = Pick<Config, 'remindAt' | 'fuseAt' | 'maxAttemptsPerStep' | 'density' | 'everyN' | 'guard'>;

/** Config keys that only the simulator's virtual clock reads: refused by runHarness, with what to use. */
export const SIMULATOR_ONLY_CONFIG: Readonly<Record<string, string>> = {
  processTimeoutMs: 'use the timeoutMs option (a per-call timeout that aborts the call)',
  flakiness: 'a real tool fails by itself',
  pollMs: 'a harness waits for approval by suspending (approve, resume)',
  heedReminder: 'the model decides whether it heeds a reminder',
};

/** One attempt at a step, as the harness makes it. */
export interface StepRequest {
  runId: string;
  step: Step;
  /** 1 for the first attempt at this step, then 2, 3… (a resumed run counts on from its ledger). */
  attempt: number;
  args: Args;
  /** What the model reads before this attempt: the step's recovery hints and reminders, oldest first. */
  context: readonly ContextMessage[];
}

/** What a step gave: the executor's output (this process only) and its artifact ref (kept). */
export interface StepOutput {
  output?: unknown;
  artifact?: string;
}

export type HarnessEvent =
  | { type: 'resumed'; checkpoint: Checkpoint; skipped: readonly Skipped[] }
  | { type: 'attempt'; request: StepRequest }
  | { type: 'retry'; request: StepRequest; error: CallError; try: number; waitMs: number }
  | { type: 'answer'; request: StepRequest; answer: ToolAnswer }
  | { type: 'checkpoint'; checkpoint: Checkpoint }
  | { type: 'decided'; step: Step; decision: ApprovalDecision }
  | { type: 'suspended'; request: ApprovalRequest; step: Step }
  | { type: 'ended'; state: StateName; reason: EndReason | null; step: number; loop: LoopReading };

export interface HarnessOptions {
  /** A fixed plan; or leave it out and pass `nextCall`. */
  plan?: HarnessPlan | TaskPlan;
  /**
   * The model drives the run: asked for its next call whenever the previous one is done, and
   * again at a retry (its args then are what is sent and recorded). `{ done: true }` completes the run.
   */
  nextCall?: NextCallHook;
  /** The plan id of a `nextCall` run (default `model`): the store's lookup answers `modelPlan(id)`. */
  planId?: string;
  runId: string;
  executor: Executor;
  store: CheckpointStore;
  /** Loop guard and density settings (validated; E1xx when refused). */
  config?: Partial<HarnessConfig>;
  /**
   * Resume from the run's newest readable checkpoint (a fresh run when it has none; refused when
   * none reads back but damaged ones lie there). Without it the run is fresh, and refused (E707)
   * under a run id already used.
   */
  resume?: boolean;
  /**
   * Who runs it, named in the lease and in another process's refusal (E706). Default: a random
   * id; from `harness-core/node`, `host:pid:uuid`.
   */
  owner?: string;
  /** How long the run's lease holds without a renewal (default the store's, 30 s); renewed at a third of it. */
  leaseTtlMs?: number;
  /** Time travel (with `resume` and `forkAs`): resume from this checkpoint number of `runId`. */
  from?: number;
  /**
   * Time travel: resume as a fork under this new run id (refused, E707, when used). The original
   * run is only read; the fork's first checkpoint is the one it starts from, with `branch` set.
   */
  forkAs?: string;
  /**
   * A person's edit of the checkpoint the resume starts from, as the simulator's takeover does: given
   * a copy, returns the checkpoint to run on. Checked as a store checks any checkpoint (an edit
   * whose state, step, done list and ledger disagree is refused with the reason), then stored
   * before anything runs: as the fork's first checkpoint, or as the run's next.
   */
  edit?: (checkpoint: Checkpoint) => Checkpoint;
  /** Whether a risky step may run: false (default) suspends the run at it, checkpointed. */
  approve?: boolean | ApprovalHook;
  /** The recovery hint in the harness's words, with its own context (a string: one language). */
  hint?: (hint: RecoveryHint, ctx: TaskContext) => string | Bilingual;
  /** Retries of transient errors within one attempt (default DEFAULT_RETRY). */
  retry?: Partial<RetryPolicy>;
  /** Error types retried (default TRANSIENT_ERROR_TYPES, and 5xx-like types such as `http_503`). */
  transientTypes?: readonly string[];
  /** Per-call timeout: the call's signal aborts and the attempt fails as a transient `timeout`. */
  timeoutMs?: number;
  /** Cancels the run: the call in flight is aborted, the run ends `cancelled`, checkpointed. */
  signal?: AbortSignal;
  /** The wait between retries (tests pass their own). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Wall clock (ms since 1970): checkpoint times, and call times an answer does not give. */
  now?: () => number;
  onEvent?: (event: HarnessEvent) => void;
  /** Where the run's spans go (default: the global provider's tracer, a no-op without an SDK). */
  tracer?: Tracer;
  /** Record each call's args on its span (`gen_ai.tool.call.arguments`): off, as they may hold secrets. */
  traceArgs?: boolean;
}

export interface HarnessResult {
  /** Where the run stands: a terminal state, or `waiting_approval` when it suspended. */
  state: StateName;
  context: TaskContext;
  /** Checkpoints written by this call. */
  written: number;
  /**
   * What each done step gave, by step number: artifact refs from the ledger (a resume hands
   * back those of steps run before it), outputs of the calls this process made.
   */
  outputs: Readonly<Record<number, StepOutput>>;
}
