/** The engine's public surface: the only entry the rest of the app imports. */
export type {
  Attempt,
  Bilingual,
  Config,
  ContextMessage,
  DensityPolicy,
  EndReason,
  ErrorType,
  GuardKind,
  InjectableError,
  Lang,
  MessageKind,
  StateName,
  Step,
  TaskContext,
  TodoStatus,
  ToolName,
} from 'harness-core';
export {
  DENSITY_POLICIES,
  END_REASONS,
  GUARD_KINDS,
  INJECTABLE_ERRORS,
  STATE_NAMES,
  TERMINAL_STATES,
  isTerminal,
} from 'harness-core/sim';
export { cyrb53, isObject, utf8Length } from 'harness-core/sim';
export { DEFAULT_CONFIG, LOOP_STAGES, MESSAGE_KINDS, validateConfig } from 'harness-core';
export { isSeed, parseSeed } from './random';
export { inert, quote } from 'harness-core/sim';
export { errorText } from 'harness-core';
export { attemptsAt } from 'harness-core/sim';
export { attemptLimit } from 'harness-core/sim';
export { loopKey, loopOf, readLoop, stageOf, type LoopStage } from 'harness-core/sim';
export {
  MAX_CHECKPOINT_BYTES,
  checkpointBytes,
  fromRanges,
  restoreContext,
  serializeCheckpoint,
  toCheckpoint,
  type Checkpoint,
  type ParseResult,
} from 'harness-core/sim';
export { checkCheckpoint, parseCheckpoint } from './codec';
export { fullStateBytes, sizesAt, workingSet, type WorkingSet } from './fullState';
export { applyTakeover, forkCheckpoint, replayFailure, type Replay, type TakeoverEdit } from './takeover';
export { CHECKPOINT_WRITE_MS, MINUTE } from './world';
export { timeOfDay } from './timeOfDay';
export { stepRows, titleSaid, type StepKey } from './stepWords';
export { CHANNEL_WORDS, type MessageWords } from 'harness-core/sim';
export { currentStep, isRisky } from 'harness-core/sim';
export { type TaskEventType } from 'harness-core/sim';
export { Sim, type SimCommand, type TransitionRecord } from './sim';
export { DOWN_REASONS, SIM_COMMAND_TYPES, type DownReason, type SimCommandType } from './simTypes';
export { canAll, nextMove } from './can';
export { KEYFRAME_EVERY, Timeline } from './timeline';
export type { ForkPoint, SimReading, TimelineEvent, TimelineMark, TimelineOrigin } from './timelineTypes';
export { isSimpleMachine, machineFor, machineStates, type TaskMachine } from './machines';
export { DESIGNS, DESIGN_IDS, isDesignId, type Design, type DesignId } from 'harness-core/sim';
export { machineEdges } from './graph';
export { DEFAULT_SCENARIO_ID, LESSON_SCENARIOS, SCENARIOS, findScenario, type Scenario } from './scenarios';
export { STORIES, STORY_IDS, StoryRun, isStoryId, storySimOptions, type Sample, type StoryId } from './stories';
export { DESIGN_SCHEMA, STATE_SCHEMA, TRIGGER_SCHEMA, checkAgainst } from 'harness-core/sim';
