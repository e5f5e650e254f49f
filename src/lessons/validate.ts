import { INJECTABLE_ERRORS, STORIES, validateConfig, type StoryId } from '../engine';
import { CONTROL_COMMANDS, type ControlId } from './controls';
import { check, refusal, type Problem, type Refusals } from './problem';
import { LESSON_SCHEMA, FOCUSES, NOT_THE_MOVE, TAKEN_ID, type Lesson } from './types';
import { SHOWS_COUNTS } from './validateShows';

/** A lesson checked against its schema: the first problem found, numbered and naming its field, or the lesson. */
export type LessonResult = { ok: true; lesson: Lesson } | { ok: false; error: Problem };

const R = refusal;
const WORDS = [
  'must be a key every dictionary has (i18n/*.lessons.ts)',
  '必须是每种语言的词典都有的键（i18n/*.lessons.ts）',
] as const;
const notAState = (code: string) => R(code, 'not a state: {value}', '不是一个状态：{value}');
const notAnEnd = R('L125', 'not an end reason: {value}', '不是结束原因：{value}');
const configError = (x: unknown) => {
  const c = validateConfig(x);
  return { why: c.ok ? '' : c.error };
};
const readOut = R('L128', 'is not a value this read-out takes', '不是这个读数会有的值');
const count = R('L119', 'must be a whole number ≥ 0', '必须是 ≥ 0 的整数');

/** The numbered refusals (L1xx) by where in a lesson they apply (problem.ts reads a valibot issue through them). */
const LESSON: Refusals = {
  show: String,
  root: R('L101', 'must be an object', '必须是一个对象'),
  rootField: 'lesson',
  unknownKey: {
    '': R('L102', 'is not a field of a lesson', '不是课程的字段'),
    'stops[]': R('L111', 'is not a field of a stop', '不是停靠点的字段'),
    'stops[].yourTurn': R('L121', 'is not a field of a your-turn', '不是「轮到你」的字段'),
    'stops[].shows': R('L117', 'is not something a run shows', '不是运行会显示的东西'),
    'stops[].move': R('L131', 'is not a field of a {kind} move', '不是 {kind} 动作的字段'),
    'stops[].move.command': R('L151', 'is not a field of a {type} command', '不是 {type} 命令的字段'),
    'stops[].move.command.from': R(
      'L151',
      'a lesson restarts from its own checkpoints, not a given one',
      '课程只从自己的存档重启，不能指定存档',
    ),
  },
  byCode: {
    [TAKEN_ID]: R(TAKEN_ID, 'another stop already has the id {value}', '已有别的停靠点用了 id {value}'),
    [NOT_THE_MOVE]: R(
      NOT_THE_MOVE,
      "{value} sends {command}, but the stop's move is not that command",
      '{value} 发出 {command}，但这一站的动作不是它',
      (x) => ({ command: CONTROL_COMMANDS[x as ControlId] }),
    ),
  },
  at: {
    id: R('L103', 'must be 1–40 of a–z, 0–9 and -', '必须是 1–40 个 a–z、0–9 或 - 字符'),
    title: R('L104', ...WORDS),
    scenario: R('L105', 'no such scenario: {value}', '没有这个场景：{value}'),
    seed: R('L106', 'must be a whole number ≥ 0', '必须是 ≥ 0 的整数'),
    design: R('L107', 'no such design: {value}', '没有这个设计：{value}'),
    config: R('L108', '{why}', '{why}', configError),
    stops: R('L109', 'must be a non-empty list', '必须是非空列表'),
    'stops[]': R('L110', 'must be an object', '必须是一个对象'),
    'stops[].id': R(
      'L143',
      'must be a kebab-case name of 1–40 of a–z, 0–9 and -',
      '必须是 1–40 个 a–z、0–9 和 - 组成的短横线名',
    ),
    'stops[].caption': R('L112', ...WORDS),
    'stops[].source': R('L113', 'not a section of the article: {value}', '不是文章的章节：{value}'),
    'stops[].focus': R(
      'L114',
      `must be a list of distinct read-outs, each one of ${FOCUSES.join(', ')}`,
      `必须是互不重复的读数列表，每项是 ${FOCUSES.join('、')} 之一`,
    ),
    'stops[].predict': R('L115', 'must be "step" when given', '给出时必须是 "step"'),
    'stops[].shows': R('L116', 'must be an object with a state', '必须是带 state 的对象'),
    'stops[].shows.state': notAState('L118'),
    ...Object.fromEntries(SHOWS_COUNTS.map((k) => [`stops[].shows.${k}`, count])),
    'stops[].shows.call': R(
      'L127',
      'must be { step?, tool?, args?, changed? }',
      '必须是 { step?, tool?, args?, changed? }',
    ),
    'stops[].shows.clock': R(
      'L126',
      'must be { day ≥ 1, from: "hh:mm", to: "hh:mm" }',
      '必须是 { day ≥ 1, from: "hh:mm", to: "hh:mm" }',
    ),
    'stops[].shows.ended': notAnEnd,
    ...Object.fromEntries(
      ['down', 'loop', 'guard', 'message', 'newest', 'plan', 'side'].map((k) => [`stops[].shows.${k}`, readOut]),
    ),
    'stops[].yourTurn': R('L120', 'must be an object', '必须是一个对象'),
    'stops[].yourTurn.control': R('L122', 'not a control: {value}', '不是一个控件：{value}'),
    'stops[].yourTurn.ask': R('L123', ...WORDS),
    'stops[].yourTurn.expect': notAState('L124'),
    'stops[].yourTurn.ended': notAnEnd,
    'stops[].move': R('L130', 'must be an object with a kind', '必须是带 kind 的对象'),
    'stops[].move.kind': R('L141', 'not a move: {value}', '不是一种动作：{value}'),
    'stops[].move.times': R('L132', 'must be a whole number ≥ 1', '必须是 ≥ 1 的整数'),
    'stops[].move.state': notAState('L133'),
    'stops[].move.step': R('L134', 'must be a step number ≥ 1', '必须是 ≥ 1 的步骤号'),
    'stops[].move.story': R('L135', 'no such story: {value}', '没有这个剧本：{value}'),
    'stops[].move.beat': R(
      'L136',
      'must be a beat of {story} (0–{last})',
      '必须是 {story} 的一拍（0–{last}）',
      (_, m) => ({
        last: String(STORIES[m.story as StoryId].beats.length - 1),
      }),
    ),
    'stops[].move.through': R(
      'L142',
      'must be a beat of {story} from {beat} on',
      '必须是 {story} 从第 {beat} 拍起的一拍',
    ),
    'stops[].move.design': R('L137', 'no such design: {value}', '没有这个设计：{value}'),
    'stops[].move.scenario': R('L138', 'no such scenario: {value}', '没有这个场景：{value}'),
    'stops[].move.config': R('L139', '{why}', '{why}', configError),
    'stops[].move.edit': R(
      'L140',
      'must be { kind: mark_done | skip | set_args, step, ... }',
      '必须是 { kind: mark_done | skip | set_args, step, ... }',
    ),
    'stops[].move.command': R('L150', 'not a command: {value}', '不是一条命令：{value}'),
    'stops[].move.command.type': R('L150', 'not a command: {value}', '不是一条命令：{value}'),
    'stops[].move.command.reason': R('L152', 'a rejection needs a reason', '拒绝必须带理由'),
    'stops[].move.command.error': R(
      'L153',
      `must be one of ${INJECTABLE_ERRORS.join(', ')}`,
      `必须是 ${INJECTABLE_ERRORS.join('、')} 之一`,
    ),
  },
};

/** Checks a lesson (a teacher's, or one shipped): the first problem found, or the lesson itself. */
export function validateLesson(input: unknown): LessonResult {
  const r = check(LESSON_SCHEMA, input, LESSON);
  return r.ok ? { ok: true, lesson: r.value } : r;
}
