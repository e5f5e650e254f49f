import { utf8Length, validateConfig } from '../engine';
import { END_REASONS, check, problem, refusal, type Problem, type Refusals } from '../lessons/problem';
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
export const MAX_CHALLENGE_BYTES = 256 * 1024;

export type ChallengeResult = { ok: true; challenge: Challenge } | { ok: false; error: Problem };

const fail = (error: Problem): ChallengeResult => ({ ok: false, error });

/**
 * Reads a challenge file (its text), refusing bad input with the first problem found, numbered
 * and naming the field: too large, not JSON, JSON that is not a challenge of ours, unknown keys,
 * wrong types or values.
 */
export function parseChallenge(text: string): ChallengeResult {
  const bytes = utf8Length(text);
  if (bytes > MAX_CHALLENGE_BYTES)
    return fail(
      problem(
        'H101',
        'file',
        `is ${bytes.toLocaleString('en')} bytes; the limit is 256 KB`,
        `有 ${bytes} 字节，上限是 256 KB`,
      ),
    );
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return fail(
      problem('H102', 'file', `is not JSON (${(e as Error).message})`, `不是 JSON（${(e as Error).message}）`),
    );
  }
  return readChallenge(raw);
}

const R = refusal;
const bilingual = R(
  'H107',
  'must be { "zh": …, "en": … }, both non-empty text',
  '必须是 { "zh": …, "en": … }，两者都不能为空',
);
const whole = R('H123', 'must be a whole number ≥ 0', '必须是 ≥ 0 的整数');
const why = (result: { ok: true } | { ok: false; error: string }) => ({ why: result.ok ? '' : result.error });
const ofCheckpoint = (x: unknown): Record<string, string> => {
  const cp = checkStart(x);
  return cp.ok ? { scenario: cp.checkpoint.scenario, design: cp.checkpoint.design ?? 'article' } : {};
};

/** The numbered refusals (H1xx) by where in a challenge file they apply (the README's table). */
const CHALLENGE: Refusals = {
  show: (x) => String(JSON.stringify(x)),
  root: R('H103', 'must be a JSON object', '必须是一个 JSON 对象'),
  rootField: 'file',
  unknownKey: {
    '': R('H105', 'is not a field of a challenge', '不是挑战文件的字段'),
    start: R('H112', 'is not a field of a start', '不是 start 的字段'),
    'start.checkpoint': R('H112', 'a checkpoint start has no other fields', '从存档开始时不能有其他字段'),
  },
  byCode: {
    [NOT_ITS_CHECKPOINT]: R(
      NOT_ITS_CHECKPOINT,
      "is of scenario {scenario} and design {design}, not the challenge's",
      '属于场景 {scenario}、设计 {design}，与挑战不符',
      ofCheckpoint,
    ),
    [NOT_A_PREDICATE]: R(
      NOT_A_PREDICATE,
      'must be one of { "state" }, { "ended" }, { "fuse" }, or { "of", and one of "eq", "le", "ge" }',
      '必须是 { "state" }、{ "ended" }、{ "fuse" } 或 { "of" 加 "eq"/"le"/"ge" 之一 }',
    ),
  },
  at: {
    format: R(
      'H104',
      `must be "${CHALLENGE_FORMAT}": this is not a Harness Sim challenge`,
      `必须是「${CHALLENGE_FORMAT}」：这不是 Harness Sim 的挑战文件`,
    ),
    id: R('H106', 'must be 1–40 of a–z, 0–9 and -', '必须是 1–40 个 a–z、0–9 或 - 字符'),
    title: bilingual,
    brief: bilingual,
    scenario: R('H108', 'no such scenario: {value}', '没有这个场景：{value}'),
    seed: R('H109', 'must be a whole number ≥ 0', '必须是 ≥ 0 的整数'),
    design: R('H110', 'no such design: {value}', '没有这个设计：{value}'),
    config: R('H111', '{why}', '{why}', (x) => why(validateConfig(x))),
    start: R(
      'H112',
      'must be { "until": state } or { "checkpoint": … }',
      '必须是 { "until": 状态 } 或 { "checkpoint": … }',
    ),
    'start.until': R('H112', 'not a state: {value}', '不是一个状态：{value}'),
    'start.step': R('H112', 'must be a step number ≥ 1', '必须是 ≥ 1 的步骤号'),
    'start.checkpoint': R('H113', '{why}', '{why}', (x) => why(checkStart(x))),
    controls: R('H115', 'must be a non-empty list of control ids', '必须是非空的控件 id 列表'),
    'controls[]': R('H116', 'not a control: {value}', '不是一个控件：{value}'),
    goal: R('H117', 'must be a non-empty list of predicates', '必须是非空的条件列表'),
    'goal[]': R('H118', 'must be an object', '必须是一个对象'),
    'goal[].state': R('H119', 'not a state: {value}', '不是一个状态：{value}'),
    'goal[].ended': R('H120', `must be one of ${END_REASONS.join(', ')}`, `必须是 ${END_REASONS.join('、')} 之一`),
    'goal[].fuse': R('H121', 'must be true or false', '必须是 true 或 false'),
    'goal[].of': R('H122', `must be one of ${MEASURES.join(', ')}`, `必须是 ${MEASURES.join('、')} 之一`),
    'goal[].eq': whole,
    'goal[].le': whole,
    'goal[].ge': whole,
  },
};

/** The same checks on an already parsed value (a shipped file imported as JSON). */
export function readChallenge(input: unknown): ChallengeResult {
  const r = check(CHALLENGE_SCHEMA, input, CHALLENGE);
  return r.ok ? { ok: true, challenge: r.value } : r;
}
