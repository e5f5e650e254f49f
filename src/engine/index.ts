/** The engine's public surface: the only entry the rest of the app imports. */
export type {
  ApprovalRequest,
  Args,
  ArtifactRef,
  Attempt,
  Bilingual,
  CheckpointTrigger,
  Config,
  ContextMessage,
  DensityPolicy,
  EndReason,
  ErrorType,
  GuardKind,
  InjectableError,
  Lang,
  MessageKind,
  Plan,
  StateName,
  Step,
  TaskContext,
  TodoStatus,
  ToolName,
} from './types';
export { ACTIVE_STATES, GUARD_KINDS, INJECTABLE_ERRORS, STATE_NAMES, TERMINAL_STATES, isTerminal } from './types';
export { isObject, utf8Length } from './json';
export { DEFAULT_CONFIG, validateConfig, type ConfigResult } from './config';
export { isSeed, parseSeed } from './random';
export { inert, quote } from './quote';
export { errorText, type ErrorCode } from './errors';
export { canonicalArgs } from './canonical';
export { attemptsAt, rowsOfStep } from './ledger';
export {
  loopKey,
  loopOf,
  readLoop,
  reminds,
  stageOf,
  type GuardReading,
  type LoopReading,
  type LoopStage,
} from './loopGuard';
export { buildRecoveryHint, formatHint, type Advice, type RecoveryHint } from './recoveryHint';
export {
  CHECKPOINT_SCHEMA,
  MAX_CHECKPOINT_BYTES,
  MIGRATIONS,
  checkCheckpoint,
  checkpointBytes,
  fromRanges,
  parseCheckpoint,
  restoreContext,
  serializeCheckpoint,
  toCheckpoint,
  toRanges,
  type Checkpoint,
  type LedgerRow,
  type Migrations,
  type ParseResult,
} from './checkpoint';
export { fullStateBytes, sizesAt, workingSet, type WorkingSet } from './fullState';
export {
  applyTakeover,
  forkCheckpoint,
  replayFailure,
  type Replay,
  type TakeoverEdit,
  type TakeoverResult,
} from './takeover';
export { MINUTE, runTool, tokensOf } from './world';
export { createTaskContext, currentStep, isRisky, needsApproval, type TaskInput } from './task';
export { createTaskMachine, type TaskEmitted, type TaskEvent, type TaskEventType } from './taskMachine';
export { Sim, type SimCommand, type SimOptions, type TransitionRecord } from './sim';
export {
  isSimpleMachine,
  machineFor,
  machineStates,
  resumeActor,
  stateOf,
  type TaskActor,
  type TaskMachine,
  type TaskSnapshot,
} from './machines';
export { DESIGNS, DESIGN_IDS, designOf, isDesignId, type Design, type DesignId } from './designs';
export { Meters, SIDE_TASK_MS, type SideTask } from './meters';
export { machineEdges, type MachineEdge } from './graph';
export {
  DEFAULT_SCENARIO_ID,
  SCENARIOS,
  findScenario,
  scaledMigration,
  type Scenario,
  type ScriptedAttempt,
} from './scenarios';
export {
  STORIES,
  STORY_IDS,
  StoryRun,
  isStoryId,
  storySimOptions,
  type Beat,
  type Sample,
  type Story,
  type StoryId,
} from './stories';
export {
  CHECKPOINT_SCHEMA_V,
  DESIGN_SCHEMA,
  STATE_SCHEMA,
  TRIGGER_SCHEMA,
  checkAgainst,
  type SchemaResult,
} from './schema';
