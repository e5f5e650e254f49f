import { isSeed, INJECTABLE_ERRORS, STORIES, findScenario, isDesignId, isStoryId, validateConfig } from '../engine';
import { CONTROL_COMMANDS, isControlId } from './controls';
import { isArticleSection } from './sections';
import { FOCUSES, type Lesson } from './types';
import { isBilingual, isObject, problem, unknownKeys, type Problem } from './problem';
import { END_REASONS, isInt, isState, showsProblem } from './validateShows';

/**
 * Checks a lesson by hand, not with valibot (which the persistence schemas use): the first
 * problem found, numbered and naming its field, or the lesson itself.
 */
export type LessonResult = { ok: true; lesson: Lesson } | { ok: false; error: Problem };

const COMMAND_TYPES = [
  'START',
  'TICK',
  'APPROVE',
  'REJECT',
  'CANCEL',
  'REPLAN',
  'INJECT_FAULT',
  'CHANGE_APPROACH',
  'REQUEST_APPROVAL',
  'CHECKPOINT',
  'CRASH',
  'RESTART',
  'FAIL_NOW',
];

export function validateLesson(v: unknown): LessonResult {
  const error = lessonProblem(v);
  return error ? { ok: false, error } : { ok: true, lesson: v as Lesson };
}

function lessonProblem(v: unknown): Problem | null {
  if (!isObject(v)) return problem('L101', 'lesson', 'must be an object', '必须是一个对象');
  const extra = unknownKeys(v, ['id', 'title', 'scenario', 'seed', 'design', 'config', 'stops']);
  if (extra.length > 0) return problem('L102', extra[0]!, 'is not a field of a lesson', '不是课程的字段');
  if (typeof v.id !== 'string' || !/^[a-z0-9-]{1,40}$/.test(v.id))
    return problem('L103', 'id', 'must be 1–40 of a–z, 0–9 and -', '必须是 1–40 个 a–z、0–9 或 - 字符');
  if (!isBilingual(v.title))
    return problem('L104', 'title', 'must be { zh, en }, both non-empty', '必须是 { zh, en }，两者都不能为空');
  if (typeof v.scenario !== 'string' || !findScenario(v.scenario))
    return problem(
      'L105',
      'scenario',
      `no such scenario: ${String(v.scenario)}`,
      `没有这个场景：${String(v.scenario)}`,
    );
  if (!isSeed(v.seed)) return problem('L106', 'seed', 'must be a whole number ≥ 0', '必须是 ≥ 0 的整数');
  if (!isDesignId(v.design))
    return problem('L107', 'design', `no such design: ${String(v.design)}`, `没有这个设计：${String(v.design)}`);
  if (v.config !== undefined) {
    const c = validateConfig(v.config);
    if (!c.ok) return problem('L108', 'config', c.error, c.error);
  }
  if (!Array.isArray(v.stops) || v.stops.length === 0)
    return problem('L109', 'stops', 'must be a non-empty list', '必须是非空列表');
  const seen = new Set<unknown>();
  for (let i = 0; i < v.stops.length; i++) {
    const p = stopProblem(v.stops[i], `stops[${i}]`);
    if (p) return p;
    const id = (v.stops[i] as { id: unknown }).id;
    if (seen.has(id))
      return problem(
        'L144',
        `stops[${i}].id`,
        `another stop already has the id ${String(id)}`,
        `已有别的停靠点用了 id ${String(id)}`,
      );
    seen.add(id);
  }
  return null;
}

function stopProblem(s: unknown, at: string): Problem | null {
  if (!isObject(s)) return problem('L110', at, 'must be an object', '必须是一个对象');
  const extra = unknownKeys(s, ['id', 'move', 'caption', 'source', 'yourTurn', 'focus', 'shows', 'predict']);
  if (extra.length > 0) return problem('L111', `${at}.${extra[0]}`, 'is not a field of a stop', '不是停靠点的字段');
  if (typeof s.id !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(s.id) || s.id.length > 40)
    return problem(
      'L143',
      `${at}.id`,
      'must be a kebab-case name of 1–40 of a–z, 0–9 and -',
      '必须是 1–40 个 a–z、0–9 和 - 组成的短横线名',
    );
  if (!isBilingual(s.caption))
    return problem('L112', `${at}.caption`, 'must be { zh, en }, both non-empty', '必须是 { zh, en }，两者都不能为空');
  if (!isArticleSection(s.source))
    return problem(
      'L113',
      `${at}.source`,
      `not a section of the article: ${String(s.source)}`,
      `不是文章的章节：${String(s.source)}`,
    );
  if (
    s.focus !== undefined &&
    (!Array.isArray(s.focus) ||
      new Set(s.focus).size !== s.focus.length ||
      !s.focus.every((f) => (FOCUSES as readonly unknown[]).includes(f)))
  )
    return problem(
      'L114',
      `${at}.focus`,
      `must be a list of distinct read-outs, each one of ${FOCUSES.join(', ')}`,
      `必须是互不重复的读数列表，每项是 ${FOCUSES.join('、')} 之一`,
    );
  if (s.predict !== undefined && s.predict !== 'step')
    return problem('L115', `${at}.predict`, 'must be "step" when given', '给出时必须是 "step"');
  const shown = showsProblem(s.shows, `${at}.shows`);
  if (shown) return shown;
  const m = moveProblem(s.move, `${at}.move`);
  if (m) return m;
  if (s.yourTurn !== undefined)
    return yourTurnProblem(s.yourTurn, s.move as { kind: string; command?: { type: string } }, `${at}.yourTurn`);
  return null;
}

function yourTurnProblem(y: unknown, move: { kind: string; command?: { type: string } }, at: string): Problem | null {
  if (!isObject(y)) return problem('L120', at, 'must be an object', '必须是一个对象');
  const extra = unknownKeys(y, ['control', 'ask', 'expect', 'ended']);
  if (extra.length > 0)
    return problem('L121', `${at}.${extra[0]}`, 'is not a field of a your-turn', '不是「轮到你」的字段');
  if (!isControlId(y.control))
    return problem(
      'L122',
      `${at}.control`,
      `not a control: ${String(y.control)}`,
      `不是一个控件：${String(y.control)}`,
    );
  if (!isBilingual(y.ask))
    return problem('L123', `${at}.ask`, 'must be { zh, en }, both non-empty', '必须是 { zh, en }，两者都不能为空');
  if (!isState(y.expect))
    return problem('L124', `${at}.expect`, `not a state: ${String(y.expect)}`, `不是一个状态：${String(y.expect)}`);
  if (y.ended !== undefined && !END_REASONS.includes(y.ended as string))
    return problem('L125', `${at}.ended`, `not an end reason: ${String(y.ended)}`, `不是结束原因：${String(y.ended)}`);
  // The lesson's own script does what the student is asked: the move must be that control's command.
  if (move.kind !== 'command' || move.command?.type !== CONTROL_COMMANDS[y.control]) {
    return problem(
      'L126',
      `${at}.control`,
      `${y.control} sends ${CONTROL_COMMANDS[y.control]}, but the stop's move is not that command`,
      `${y.control} 发出 ${CONTROL_COMMANDS[y.control]}，但这一站的动作不是它`,
    );
  }
  return null;
}

function moveProblem(m: unknown, at: string): Problem | null {
  if (!isObject(m)) return problem('L130', at, 'must be an object with a kind', '必须是带 kind 的对象');
  const keys = (allowed: string[]) => {
    const extra = unknownKeys(m, ['kind', ...allowed]);
    return extra.length > 0
      ? problem(
          'L131',
          `${at}.${extra[0]}`,
          `is not a field of a ${String(m.kind)} move`,
          `不是 ${String(m.kind)} 动作的字段`,
        )
      : null;
  };
  switch (m.kind) {
    case 'command':
      return (
        keys(['command', 'times']) ??
        (m.times !== undefined && !isInt(m.times, 1)
          ? problem('L132', `${at}.times`, 'must be a whole number ≥ 1', '必须是 ≥ 1 的整数')
          : commandProblem(m.command, `${at}.command`))
      );
    case 'wait':
      if (!isState(m.state))
        return problem('L133', `${at}.state`, `not a state: ${String(m.state)}`, `不是一个状态：${String(m.state)}`);
      if (m.step !== undefined && !isInt(m.step, 1))
        return problem('L134', `${at}.step`, 'must be a step number ≥ 1', '必须是 ≥ 1 的步骤号');
      return keys(['state', 'step']);
    case 'finish':
    case 'replay_failure':
    case 'fork':
      return keys([]);
    case 'beat':
      if (!isStoryId(m.story))
        return problem('L135', `${at}.story`, `no such story: ${String(m.story)}`, `没有这个剧本：${String(m.story)}`);
      if (!isInt(m.beat) || m.beat >= STORIES[m.story].beats.length)
        return problem(
          'L136',
          `${at}.beat`,
          `must be a beat of ${m.story} (0–${STORIES[m.story].beats.length - 1})`,
          `必须是 ${m.story} 的一拍（0–${STORIES[m.story].beats.length - 1}）`,
        );
      if (m.through !== undefined && (!isInt(m.through, m.beat) || m.through >= STORIES[m.story].beats.length))
        return problem(
          'L142',
          `${at}.through`,
          `must be a beat of ${m.story} from ${m.beat} on`,
          `必须是 ${m.story} 从第 ${m.beat} 拍起的一拍`,
        );
      return keys(['story', 'beat', 'through']);
    case 'segment': {
      if (!isDesignId(m.design))
        return problem(
          'L137',
          `${at}.design`,
          `no such design: ${String(m.design)}`,
          `没有这个设计：${String(m.design)}`,
        );
      if (m.scenario !== undefined && (typeof m.scenario !== 'string' || !findScenario(m.scenario)))
        return problem(
          'L138',
          `${at}.scenario`,
          `no such scenario: ${String(m.scenario)}`,
          `没有这个场景：${String(m.scenario)}`,
        );
      if (m.story !== undefined && !isStoryId(m.story))
        return problem('L135', `${at}.story`, `no such story: ${String(m.story)}`, `没有这个剧本：${String(m.story)}`);
      if (m.config !== undefined) {
        const c = validateConfig(m.config);
        if (!c.ok) return problem('L139', `${at}.config`, c.error, c.error);
      }
      return keys(['design', 'scenario', 'config', 'story']);
    }
    case 'takeover':
      if (
        !isObject(m.edit) ||
        !['mark_done', 'skip', 'set_args'].includes(m.edit.kind as string) ||
        !isInt(m.edit.step, 1)
      ) {
        return problem(
          'L140',
          `${at}.edit`,
          'must be { kind: mark_done | skip | set_args, step, ... }',
          '必须是 { kind: mark_done | skip | set_args, step, ... }',
        );
      }
      return keys(['edit']);
    default:
      return problem('L141', `${at}.kind`, `not a move: ${String(m.kind)}`, `不是一种动作：${String(m.kind)}`);
  }
}

function commandProblem(c: unknown, at: string): Problem | null {
  if (!isObject(c) || !COMMAND_TYPES.includes(c.type as string))
    return problem(
      'L150',
      `${at}.type`,
      `not a command: ${String(isObject(c) ? c.type : c)}`,
      `不是一条命令：${String(isObject(c) ? c.type : c)}`,
    );
  if (Object.hasOwn(c, 'from'))
    return problem(
      'L151',
      `${at}.from`,
      'a lesson restarts from its own checkpoints, not a given one',
      '课程只从自己的存档重启，不能指定存档',
    );
  if (c.type === 'REJECT' && (typeof c.reason !== 'string' || c.reason.trim() === ''))
    return problem('L152', `${at}.reason`, 'a rejection needs a reason', '拒绝必须带理由');
  if (
    (c.type === 'FAIL_NOW' || c.type === 'INJECT_FAULT') &&
    !(INJECTABLE_ERRORS as readonly unknown[]).includes(c.error)
  ) {
    return problem(
      'L153',
      `${at}.error`,
      `must be one of ${INJECTABLE_ERRORS.join(', ')}`,
      `必须是 ${INJECTABLE_ERRORS.join('、')} 之一`,
    );
  }
  return null;
}
