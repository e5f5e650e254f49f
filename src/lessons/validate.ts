import { INJECTABLE_ERRORS, STORIES, validateConfig, type StoryId } from '../engine';
import { CONTROL_COMMANDS, type ControlId } from './controls';
import { check, whyOf, type Problem, type Refusals } from './problem';
import { LESSON_SCHEMA, FOCUSES, NOT_THE_MOVE, TAKEN_ID, type Lesson } from './types';
import { SHOWS_COUNTS } from './validateShows';

/** A lesson checked against its schema: the first problem found, numbered and naming its field, or the lesson. */
type LessonResult = { ok: true; lesson: Lesson } | { ok: false; error: Problem };

const configError = (x: unknown) => whyOf(validateConfig(x));

/**
 * The numbered refusals (L1xx) by where in a lesson they apply (problem.ts reads a valibot issue
 * through them); their words are the dictionaries' (i18n/en.refusals.ts).
 */
export const LESSON_REFUSALS: Refusals = {
  show: String,
  root: 'err.L101',
  rootField: 'lesson',
  unknownKey: {
    '': 'err.L102',
    'stops[]': 'err.L111',
    'stops[].yourTurn': 'err.L121',
    'stops[].shows': 'err.L117',
    'stops[].move': { key: 'err.L131', vars: (_, m) => ({ kind: String(m.kind) }) },
    'stops[].move.command': { key: 'err.L151', vars: (_, c) => ({ type: String(c.type) }) },
    'stops[].move.command.from': 'err.L151.from',
  },
  byCode: {
    [TAKEN_ID]: 'err.L144',
    [NOT_THE_MOVE]: { key: 'err.L126', vars: (x) => ({ command: CONTROL_COMMANDS[x as ControlId] }) },
  },
  at: {
    id: 'err.L103',
    title: 'err.L104',
    scenario: 'err.L105',
    seed: 'err.L106',
    design: 'err.L107',
    config: { key: 'err.L108', vars: configError },
    stops: 'err.L109',
    'stops[]': 'err.L110',
    'stops[].id': 'err.L143',
    'stops[].caption': 'err.L112',
    'stops[].source': 'err.L113',
    'stops[].focus': { key: 'err.L114', vars: () => ({ focuses: FOCUSES }) },
    'stops[].predict': 'err.L115',
    'stops[].shows': 'err.L116',
    'stops[].shows.state': 'err.L118',
    ...Object.fromEntries(SHOWS_COUNTS.map((k) => [`stops[].shows.${k}`, 'err.L119' as const])),
    'stops[].shows.call': 'err.L127',
    'stops[].shows.clock': 'err.L126.clock',
    'stops[].shows.ended': 'err.L125',
    ...Object.fromEntries(
      ['down', 'loop', 'guard', 'message', 'newest', 'plan', 'side'].map((k) => [
        `stops[].shows.${k}`,
        'err.L128' as const,
      ]),
    ),
    'stops[].yourTurn': 'err.L120',
    'stops[].yourTurn.control': 'err.L122',
    'stops[].yourTurn.ask': 'err.L123',
    'stops[].yourTurn.expect': 'err.L124',
    'stops[].yourTurn.ended': 'err.L125',
    'stops[].move': 'err.L130',
    'stops[].move.kind': 'err.L141',
    'stops[].move.times': 'err.L132',
    'stops[].move.state': 'err.L133',
    'stops[].move.step': 'err.L134',
    'stops[].move.story': 'err.L135',
    'stops[].move.beat': {
      key: 'err.L136',
      vars: (_, m) => ({ story: String(m.story), last: STORIES[m.story as StoryId].beats.length - 1 }),
    },
    'stops[].move.through': {
      key: 'err.L142',
      vars: (_, m) => ({ story: String(m.story), beat: String(m.beat) }),
    },
    'stops[].move.design': 'err.L137',
    'stops[].move.scenario': 'err.L138',
    'stops[].move.config': { key: 'err.L139', vars: configError },
    'stops[].move.edit': 'err.L140',
    'stops[].move.command': 'err.L150',
    'stops[].move.command.type': 'err.L150',
    'stops[].move.command.reason': 'err.L152',
    'stops[].move.command.error': { key: 'err.L153', vars: () => ({ errors: INJECTABLE_ERRORS }) },
  },
};

/** Checks a lesson (a teacher's, or one shipped): the first problem found, or the lesson itself. */
export function validateLesson(input: unknown): LessonResult {
  const r = check(LESSON_SCHEMA, input, LESSON_REFUSALS);
  return r.ok ? { ok: true, lesson: r.value } : r;
}
