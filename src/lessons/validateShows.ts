import { STATE_NAMES, type StateName } from '../engine';
import { isObject, problem, unknownKeys, type Problem } from './problem';

/**
 * A stop's `shows` checked by hand (validate.ts checks the rest of a lesson): the claims a
 * caption makes, each a field the run can be read for (shows.ts reads them from the engine,
 * e2e/claims.ts from the page).
 */

export const END_REASONS = ['completed', 'loop_fuse', 'retries_exhausted', 'cancelled', 'step_failed'];
export const isState = (v: unknown): v is StateName =>
  typeof v === 'string' && (STATE_NAMES as readonly string[]).includes(v);
export const isInt = (v: unknown, min = 0): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;

const SHOWS_FIELDS = [
  'state',
  'step',
  'ended',
  'down',
  'loop',
  'count',
  'guard',
  'message',
  'ledger',
  'checkpoints',
  'newest',
  'wasted',
  'rereads',
  'requests',
  'plan',
  'side',
  'fullStateTimes',
  'clock',
  'call',
  'stored',
];

/** A stop's `shows`: the state it stands in, and only fields the run can be read for. */
export function showsProblem(v: unknown, at: string): Problem | null {
  if (!isObject(v)) return problem('L116', at, 'must be an object with a state', '必须是带 state 的对象');
  const extra = unknownKeys(v, SHOWS_FIELDS);
  if (extra.length > 0)
    return problem('L117', `${at}.${extra[0]}`, 'is not something a run shows', '不是运行会显示的东西');
  if (!isState(v.state))
    return problem('L118', `${at}.state`, `not a state: ${String(v.state)}`, `不是一个状态：${String(v.state)}`);
  for (const k of [
    'step',
    'count',
    'ledger',
    'checkpoints',
    'wasted',
    'rereads',
    'requests',
    'fullStateTimes',
    'stored',
  ])
    if (v[k] !== undefined && !isInt(v[k]))
      return problem('L119', `${at}.${k}`, 'must be a whole number ≥ 0', '必须是 ≥ 0 的整数');
  if (
    v.call !== undefined &&
    (!isObject(v.call) || unknownKeys(v.call, ['step', 'tool', 'args', 'changed']).length > 0)
  )
    return problem(
      'L127',
      `${at}.call`,
      'must be { step?, tool?, args?, changed? }',
      '必须是 { step?, tool?, args?, changed? }',
    );
  if (v.clock !== undefined && !isClockClaim(v.clock))
    return problem(
      'L126',
      `${at}.clock`,
      'must be { day ≥ 1, from: "hh:mm", to: "hh:mm" }',
      '必须是 { day ≥ 1, from: "hh:mm", to: "hh:mm" }',
    );
  if (v.ended !== undefined && v.ended !== null && !END_REASONS.includes(v.ended as string))
    return problem('L125', `${at}.ended`, `not an end reason: ${String(v.ended)}`, `不是结束原因：${String(v.ended)}`);
  return null;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const isClockClaim = (v: unknown): boolean =>
  isObject(v) &&
  unknownKeys(v, ['day', 'from', 'to']).length === 0 &&
  isInt(v.day, 1) &&
  typeof v.from === 'string' &&
  HHMM.test(v.from) &&
  typeof v.to === 'string' &&
  HHMM.test(v.to);
