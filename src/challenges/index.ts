/** Self-checking challenges: the file format, its parser, and the check over a run. */
export { CHALLENGES, findChallenge } from './catalog';
export {
  MAX_START_MOVES,
  START_BUDGET_MS,
  checkChallenge,
  describeGoal,
  describePredicate,
  measure,
  startChallenge,
  startChallengeInSlices,
  type Started,
} from './check';
export { MAX_CHALLENGE_BYTES, parseChallenge, readChallenge, type ChallengeResult } from './parse';
export {
  CHALLENGE_FORMAT,
  MEASURES,
  type Challenge,
  type ChallengeStart,
  type ChallengeStatus,
  type ChallengeVerdict,
  type Measure,
  type Predicate,
} from './types';
