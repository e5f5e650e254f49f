import { utf8Length, validateConfig } from '../engine';
import { END_REASONS, check, problem, whyOf, type Problem, type Refusals } from '../lessons/problem';
import {
  CHALLENGE_FORMAT,
  CHALLENGE_SCHEMA,
  MEASURES,
  NOT_A_PREDICATE,
  NOT_ITS_CHECKPOINT,
  checkStart,
  type Challenge,
} from './types';

/** A challenge file larger than this is refused before it is read (a teacher's file is a few KB). */
const MAX_CHALLENGE_BYTES = 256 * 1024;

type ChallengeResult = { ok: true; challenge: Challenge } | { ok: false; error: Problem };

const fail = (error: Problem): ChallengeResult => ({ ok: false, error });

/**
 * Reads a challenge file (its text), refusing bad input with the first problem found, numbered
 * and naming the field: too large, not JSON, JSON that is not a challenge of ours, unknown keys,
 * wrong types or values.
 */
export function parseChallenge(text: string): ChallengeResult {
  const bytes = utf8Length(text);
  if (bytes > MAX_CHALLENGE_BYTES) return fail(problem('err.H101', 'file', { bytes: bytes.toLocaleString('en') }));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return fail(problem('err.H102', 'file', { why: (e as Error).message }));
  }
  return readChallenge(raw);
}

const ofCheckpoint = (x: unknown): Record<string, string> => {
  const cp = checkStart(x);
  return cp.ok ? { scenario: cp.checkpoint.scenario, design: cp.checkpoint.design ?? 'article' } : {};
};

/**
 * The numbered refusals (H1xx) by where in a challenge file they apply (the README's table);
 * their words are the dictionaries' (i18n/en.refusals.ts).
 */
export const CHALLENGE_REFUSALS: Refusals = {
  show: (x) => String(JSON.stringify(x)),
  root: 'err.H103',
  rootField: 'file',
  unknownKey: { '': 'err.H105', start: 'err.H112.key' },
  byCode: {
    [NOT_ITS_CHECKPOINT]: { key: 'err.H114', vars: ofCheckpoint },
    [NOT_A_PREDICATE]: 'err.H124',
  },
  at: {
    format: { key: 'err.H104', vars: () => ({ format: CHALLENGE_FORMAT }) },
    id: 'err.H106',
    title: 'err.H107',
    brief: 'err.H107',
    scenario: 'err.H108',
    seed: 'err.H109',
    design: 'err.H110',
    config: { key: 'err.H111', vars: (x) => whyOf(validateConfig(x)) },
    start: 'err.H112',
    'start.until': 'err.H112.until',
    'start.step': 'err.H112.step',
    'start.checkpoint': { key: 'err.H113', vars: (x) => whyOf(checkStart(x)) },
    controls: 'err.H115',
    'controls[]': 'err.H116',
    goal: 'err.H117',
    'goal[]': 'err.H118',
    'goal[].state': 'err.H119',
    'goal[].ended': { key: 'err.H120', vars: () => ({ ends: END_REASONS }) },
    'goal[].fuse': 'err.H121',
    'goal[].of': { key: 'err.H122', vars: () => ({ measures: MEASURES }) },
    'goal[].eq': 'err.H123',
    'goal[].le': 'err.H123',
    'goal[].ge': 'err.H123',
  },
};

/** The same checks on an already parsed value (a shipped file imported as JSON). */
export function readChallenge(input: unknown): ChallengeResult {
  const r = check(CHALLENGE_SCHEMA, input, CHALLENGE_REFUSALS);
  return r.ok ? { ok: true, challenge: r.value } : r;
}
