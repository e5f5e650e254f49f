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
} from 'harness-core';
export {
  ACTIVE_STATES,
  CHECKPOINT_TRIGGERS,
  DENSITY_POLICIES,
  END_REASONS,
  ERROR_TYPES,
  GUARD_KINDS,
  INJECTABLE_ERRORS,
  OUTCOMES,
  PLAN_MODES,
  STATE_NAMES,
  STEP_EFFECTS,
  TASK_EVENT_TYPES,
  TERMINAL_STATES,
  TOOL_NAMES,
  isTerminal,
} from 'harness-core/sim';
export { cyrb53, isObject, utf8Length } from 'harness-core/sim';
export { DEFAULT_CONFIG, validateConfig, type ConfigResult } from 'harness-core';
export { isSeed, parseSeed } from './random';
export { inert, quote } from 'harness-core/sim';
export { errorText, type ErrorCode } from 'harness-core';
export { canonicalArgs } from 'harness-core';
export { attemptsAt, rowsOfStep } from 'harness-core/sim';
export { attemptLimit } from 'harness-core/sim';
export {
  loopKey,
  loopOf,
  readLoop,
  reminds,
  stageOf,
  type GuardReading,
  type LoopReading,
  type LoopStage,
} from 'harness-core/sim';
export { buildRecoveryHint, formatHint, type Advice, type RecoveryHint } from 'harness-core';
export {
  CHECKPOINT_SCHEMA,
  MAX_CHECKPOINT_BYTES,
  MIGRATIONS,
  checkpointBytes,
  fromRanges,
  restoreContext,
  serializeCheckpoint,
  toCheckpoint,
  toRanges,
  type Checkpoint,
  type LedgerRow,
  type Migrations,
  type ParseResult,
} from 'harness-core/sim';
export { checkCheckpoint, parseCheckpoint } from './codec';
export { fullStateBytes, sizesAt, workingSet, type WorkingSet } from './fullState';
export {
  applyTakeover,
  forkCheckpoint,
  replayFailure,
  type Replay,
  type TakeoverEdit,
  type TakeoverResult,
} from './takeover';
export { CHECKPOINT_WRITE_MS, MINUTE, runTool, tokensOf } from './world';
export { DAY_STARTS_AT, clockAt, timeOfDay } from './timeOfDay';
export { relinkTitles, stepRows, titleSaid, type StepKey } from './stepWords';
export { CHANNEL_WORDS, type MessageWords } from 'harness-core/sim';
export { createTaskContext, currentStep, isRisky, needsApproval, type TaskInput } from 'harness-core/sim';
export { createTaskMachine, type TaskEmitted, type TaskEvent, type TaskEventType } from 'harness-core/sim';
export { Sim, type SimCommand, type SimOptions, type TransitionRecord } from './sim';
export { SIM_COMMAND_TYPES, type SimCommandType } from './simTypes';
export { canAll, canTake, nextMove } from './can';
export { type Move, type Origin, type PassTime } from './moves';
export {
  KEYFRAME_EVERY,
  Timeline,
  play,
  type CheckpointMark,
  type ForkPoint,
  type Moment,
  type SimReading,
  type TimelineEvent,
  type TimelineMark,
  type TimelineOrigin,
} from './timeline';
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
export { DESIGNS, DESIGN_IDS, designOf, isDesignId, type Design, type DesignId } from 'harness-core/sim';
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
  END_REASON_SCHEMA,
  STATE_SCHEMA,
  TRIGGER_SCHEMA,
  checkAgainst,
  type SchemaResult,
} from 'harness-core/sim';
