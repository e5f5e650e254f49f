import { STATE_NAMES, checkCheckpoint, findScenario, isDesignId, isSeed, utf8Length, validateConfig } from '../engine';
import { isControlId } from '../lessons/controls';
import { isBilingual, isObject, problem, unknownKeys, type Problem } from '../lessons/problem';
import { CHALLENGE_FORMAT, MEASURES, type Challenge } from './types';

/** A challenge file larger than this is refused before it is read (a teacher's file is a few KB). */
export const MAX_CHALLENGE_BYTES = 256 * 1024;

export type ChallengeResult = { ok: true; challenge: Challenge } | { ok: false; error: Problem };

const END_REASONS = ['completed', 'loop_fuse', 'retries_exhausted', 'cancelled', 'step_failed'];
const KEYS = ['format', 'id', 'title', 'brief', 'scenario', 'seed', 'design', 'config', 'start', 'controls', 'goal'];
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isState = (v: unknown): boolean => typeof v === 'string' && (STATE_NAMES as readonly string[]).includes(v);
const fail = (error: Problem): ChallengeResult => ({ ok: false, error });

/**
 * Reads a challenge file (its text), refusing bad input with the first problem found, numbered
 * and naming the field: too large, not JSON, JSON that is not a challenge of ours, unknown keys,
 * wrong types or values. Written by hand, not with valibot (which the persistence schemas use).
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

/** The same checks on an already parsed value (a shipped file imported as JSON). */
export function readChallenge(v: unknown): ChallengeResult {
  if (!isObject(v)) return fail(problem('H103', 'file', 'must be a JSON object', '必须是一个 JSON 对象'));
  if (v.format !== CHALLENGE_FORMAT)
    return fail(
      problem(
        'H104',
        'format',
        `must be "${CHALLENGE_FORMAT}": this is not a Harness Sim challenge`,
        `必须是「${CHALLENGE_FORMAT}」：这不是 Harness Sim 的挑战文件`,
      ),
    );
  const extra = unknownKeys(v, KEYS);
  if (extra.length > 0) return fail(problem('H105', extra[0]!, 'is not a field of a challenge', '不是挑战文件的字段'));
  if (typeof v.id !== 'string' || !/^[a-z0-9-]{1,40}$/.test(v.id))
    return fail(problem('H106', 'id', 'must be 1–40 of a–z, 0–9 and -', '必须是 1–40 个 a–z、0–9 或 - 字符'));
  for (const k of ['title', 'brief'] as const) {
    if (!isBilingual(v[k]))
      return fail(
        problem(
          'H107',
          k,
          'must be { "zh": …, "en": … }, both non-empty text',
          '必须是 { "zh": …, "en": … }，两者都不能为空',
        ),
      );
  }
  if (typeof v.scenario !== 'string' || !findScenario(v.scenario))
    return fail(
      problem(
        'H108',
        'scenario',
        `no such scenario: ${JSON.stringify(v.scenario)}`,
        `没有这个场景：${JSON.stringify(v.scenario)}`,
      ),
    );
  if (!isSeed(v.seed)) return fail(problem('H109', 'seed', 'must be a whole number ≥ 0', '必须是 ≥ 0 的整数'));
  if (!isDesignId(v.design))
    return fail(
      problem(
        'H110',
        'design',
        `no such design: ${JSON.stringify(v.design)}`,
        `没有这个设计：${JSON.stringify(v.design)}`,
      ),
    );
  if (v.config !== undefined) {
    const c = validateConfig(v.config);
    if (!c.ok) return fail(problem('H111', 'config', c.error, c.error));
  }
  if (v.start !== undefined) {
    const p = startProblem(v.start, v.scenario, v.design);
    if (p) return fail(p);
  }
  if (!Array.isArray(v.controls) || v.controls.length === 0)
    return fail(problem('H115', 'controls', 'must be a non-empty list of control ids', '必须是非空的控件 id 列表'));
  const badControl = v.controls.findIndex((c) => !isControlId(c));
  if (badControl >= 0)
    return fail(
      problem(
        'H116',
        `controls[${badControl}]`,
        `not a control: ${JSON.stringify(v.controls[badControl])}`,
        `不是一个控件：${JSON.stringify(v.controls[badControl])}`,
      ),
    );
  if (!Array.isArray(v.goal) || v.goal.length === 0)
    return fail(problem('H117', 'goal', 'must be a non-empty list of predicates', '必须是非空的条件列表'));
  for (let i = 0; i < v.goal.length; i++) {
    const p = predicateProblem(v.goal[i], `goal[${i}]`);
    if (p) return fail(p);
  }
  return { ok: true, challenge: v as unknown as Challenge };
}

function startProblem(s: unknown, scenario: string, design: string): Problem | null {
  if (!isObject(s))
    return problem(
      'H112',
      'start',
      'must be { "until": state } or { "checkpoint": … }',
      '必须是 { "until": 状态 } 或 { "checkpoint": … }',
    );
  if (Object.hasOwn(s, 'checkpoint')) {
    if (unknownKeys(s, ['checkpoint']).length > 0)
      return problem('H112', 'start', 'a checkpoint start has no other fields', '从存档开始时不能有其他字段');
    const cp = checkCheckpoint(s.checkpoint);
    if (!cp.ok) return problem('H113', 'start.checkpoint', cp.error, cp.error);
    if (cp.checkpoint.scenario !== scenario || (cp.checkpoint.design ?? 'article') !== design) {
      return problem(
        'H114',
        'start.checkpoint',
        `is of scenario ${cp.checkpoint.scenario} and design ${cp.checkpoint.design ?? 'article'}, not the challenge's`,
        `属于场景 ${cp.checkpoint.scenario}、设计 ${cp.checkpoint.design ?? 'article'}，与挑战不符`,
      );
    }
    return null;
  }
  const extra = unknownKeys(s, ['until', 'step']);
  if (extra.length > 0) return problem('H112', `start.${extra[0]}`, 'is not a field of a start', '不是 start 的字段');
  if (!isState(s.until))
    return problem(
      'H112',
      'start.until',
      `not a state: ${JSON.stringify(s.until)}`,
      `不是一个状态：${JSON.stringify(s.until)}`,
    );
  if (s.step !== undefined && !(isInt(s.step) && s.step >= 1))
    return problem('H112', 'start.step', 'must be a step number ≥ 1', '必须是 ≥ 1 的步骤号');
  return null;
}

function predicateProblem(p: unknown, at: string): Problem | null {
  if (!isObject(p)) return problem('H118', at, 'must be an object', '必须是一个对象');
  const keys = Object.keys(p).sort().join(',');
  if (keys === 'state')
    return isState(p.state)
      ? null
      : problem(
          'H119',
          `${at}.state`,
          `not a state: ${JSON.stringify(p.state)}`,
          `不是一个状态：${JSON.stringify(p.state)}`,
        );
  if (keys === 'ended')
    return END_REASONS.includes(p.ended as string)
      ? null
      : problem(
          'H120',
          `${at}.ended`,
          `must be one of ${END_REASONS.join(', ')}`,
          `必须是 ${END_REASONS.join('、')} 之一`,
        );
  if (keys === 'fuse')
    return typeof p.fuse === 'boolean'
      ? null
      : problem('H121', `${at}.fuse`, 'must be true or false', '必须是 true 或 false');
  if (keys === 'eq,of' || keys === 'le,of' || keys === 'ge,of') {
    if (!(MEASURES as readonly unknown[]).includes(p.of))
      return problem('H122', `${at}.of`, `must be one of ${MEASURES.join(', ')}`, `必须是 ${MEASURES.join('、')} 之一`);
    const op = keys.split(',')[0]!;
    return isInt(p[op]) ? null : problem('H123', `${at}.${op}`, 'must be a whole number ≥ 0', '必须是 ≥ 0 的整数');
  }
  return problem(
    'H124',
    at,
    'must be one of { "state" }, { "ended" }, { "fuse" }, or { "of", and one of "eq", "le", "ge" }',
    '必须是 { "state" }、{ "ended" }、{ "fuse" } 或 { "of" 加 "eq"/"le"/"ge" 之一 }',
  );
}
