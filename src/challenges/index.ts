/** Self-checking challenges: the file format, its parser, and the check over a run. */
export { CHALLENGES, findChallenge } from './catalog';
export { START_BUDGET_MS, checkChallenge, describeGoal, startChallenge, startChallengeInSlices } from './check';
export { parseChallenge } from './parse';
export { MEASURES, type Challenge, type ChallengeVerdict } from './types';
