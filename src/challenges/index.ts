/** Self-checking challenges: the file format, its parser, and the check over a run. */
export { CHALLENGES, findChallenge } from './catalog';
export { checkChallenge, describeGoal, describePredicate, measure, startChallenge } from './check';
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
