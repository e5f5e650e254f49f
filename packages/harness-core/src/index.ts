/**
 * harness-core: the article's harness as a library (docs/design/SPEC.md), as a harness author
 * uses it. `runHarness` over a plan or a model's `nextCall`, a plain async executor, the loop
 * guard and recovery hint it keeps, the checkpoint codec and the stores. This is the entry a page
 * imports; `harness-core/node` (node.ts) adds what needs Node (the file store). The task machine
 * and the simulator's moves on it are in `harness-core/sim`, the simulator's own entry, with no
 * promise of stability.
 */
export {
  runHarness,
  harnessPlan,
  SIMULATOR_ONLY_CONFIG,
  type HarnessOptions,
  type HarnessResult,
  type HarnessEvent,
  type HarnessPlan,
  type HarnessStep,
  type HarnessConfig,
  type StepRequest,
  type StepOutput,
  type ApprovalDecision,
  type ApprovalHook,
} from './harness.js';
export {
  bounded,
  backoffMs,
  isTransient,
  DEFAULT_RETRY,
  TRANSIENT_ERROR_TYPES,
  MAX_REF,
  type Executor,
  type ToolCall,
  type CallOptions,
  type CallError,
  type ToolAnswer,
  type RetryPolicy,
} from './executor.js';
export { modelPlan, MODEL_DONE_TOOL, type NextCall, type NextCallContext, type NextCallHook } from './modelDriven.js';
export {
  ERROR_TYPES,
  TOOL_NAMES,
  STEP_EFFECTS,
  PLAN_MODES,
  OUTCOMES,
  DENSITY_POLICIES,
  GUARD_KINDS,
  CHECKPOINT_TRIGGERS,
  STATE_NAMES,
  TERMINAL_STATES,
  END_REASONS,
  isTerminal,
  type Bilingual,
  type Lang,
  type Tool,
  type ToolName,
  type ErrorType,
  type ToolErrorType,
  type ToolError,
  type StepEffect,
  type Args,
  type Step,
  type PlanMode,
  type Plan,
  type PlanAnswer,
  type TodoStatus,
  type Outcome,
  type Attempt,
  type AttemptInput,
  type Actor,
  type ArtifactRef,
  type ApprovalRequest,
  type ApprovalBook,
  MESSAGE_KINDS,
  type MessageKind,
  type ContextMessage,
  type DensityPolicy,
  type GuardKind,
  type Config,
  type StoredConfig,
  type CheckpointTrigger,
  type StateName,
  type EndReason,
  type WorldQueue,
  type TaskContext,
  type InjectableError,
  type DesignId,
} from './types.js';
export type { TaskPlan, PlanLookup } from './world.js';
export { DEFAULT_CONFIG, validateConfig, type ConfigResult } from './config.js';
export { ERROR_MESSAGES, STORE_ERROR_MESSAGES, errorText, type ErrorCode } from './errors.js';
export { canonicalJson, canonicalArgs } from './canonical.js';
export type { JsonValue } from './canonical.js';
export { LOOP_STAGES, readLoop, loopKey, stageOf, type LoopReading, type LoopStage } from './loopGuard.js';
export { buildRecoveryHint, formatHint, hintWords, type RecoveryHint, type Advice } from './recoveryHint.js';
export { CHANNEL_WORDS, fillWords, type ChannelKey, type MessageWords } from './words.js';
export type { Checkpoint, LedgerRow } from './checkpointShape.js';
export { CHECKPOINT_SCHEMA, MAX_CHECKPOINT_BYTES } from './checkpointShape.js';
export { parseCheckpoint, serializeCheckpoint, checkpointBytes, type ParseResult } from './checkpoint.js';
export { consistencyProblem } from './consistency.js';
export * from './stores/types.js';
export { createIdbStore } from './stores/idbStore.js';
export { SEGMENT_ROWS, STORED_CHECKPOINT_SCHEMA, STORED_RECORD_BOUND, type SegmentRef } from './stores/segments.js';
export { keepLease, type KeptLease } from './stores/keepLease.js';
export { openDatabase, requestDatabase } from './stores/openDatabase.js';
