/** Lessons as data, their player and the article's self-test: what the lesson UI calls. */
export { approval } from './data/approval';
export { density } from './data/density';
export { fuse } from './data/fuse';
export { noProgress } from './data/noProgress';
export { replayTakeover } from './data/replayTakeover';
export { simpleMode } from './data/simpleMode';
export { smells } from './data/smells';
export { threeEndings } from './data/threeEndings';
export { LESSONS, LESSON_IDS, findLesson, type LessonId } from './catalog';
export { LESSON_ORDER, LESSON_TITLES, type LessonKey } from './meta';
export { CONTROL_COMMANDS, CONTROL_IDS, controlOf, isControlId, sentByOneOf, type ControlId } from './controls';
export { ARTICLE_SECTIONS, headingOf, isArticleSection, type ArticleSection } from './sections';
export { FOCUSES, type Focus, type Lesson, type LessonMove, type LessonStop, type YourTurn } from './types';
export { validateLesson, type LessonResult } from './validate';
export {
  PACE,
  autoplay,
  checkpointsOf,
  lessonLengthMs,
  playTo,
  type CheckpointSink,
  type LessonPosition,
  type LessonRun,
  type PlayOptions,
  type StopTrace,
} from './player';
export { checkYourTurn, type YourTurnCheck } from './yourTurn';
export { problem, type Problem } from './problem';
export { SELF_TEST, SELF_TEST_INTRO, type SelfTestQuestion } from './selftest';
export { predictionAt, scorePrediction, type Prediction, type Score } from './predict';
export { SIMPLE_STATE_NAMES, isSimpleChoices } from './simpleNames';
