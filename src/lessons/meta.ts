import type { Lesson } from './types';

/**
 * Each lesson's id and title, apart from its stops: the lesson list on the first screen needs
 * only these, so the lessons' data loads when a lesson is opened.
 */
export const LESSON_META = {
  threeEndings: { id: 'three-endings', title: { zh: '三种「从头再来」', en: 'Three ways to start over' } },
  approval: {
    id: 'approval',
    title: { zh: '等人审批：挂起，不卡死', en: 'Waiting for approval: suspend, do not freeze' },
  },
  fuse: { id: 'fuse', title: { zh: '死循环防护：计数、提醒、熔断', en: 'Dead-loop protection: count, remind, fuse' } },
  density: {
    id: 'density',
    title: {
      zh: '存位置，不存行李；存档不是越密越好',
      en: 'Store the position, not the luggage; denser is not better',
    },
  },
  smells: { id: 'smells', title: { zh: '两个坏味道', en: 'Two smells' } },
  simpleMode: {
    id: 'simple-mode',
    title: { zh: '什么时候八个状态是过度设计', en: 'When eight states are over-design' },
  },
  replayTakeover: {
    id: 'replay-takeover',
    title: { zh: '失败复现与人工接管', en: 'Failure replay and human takeover' },
  },
  noProgress: { id: 'no-progress', title: { zh: '没有报错，也在原地打转', en: 'No error, still going in circles' } },
  remindRecover: {
    id: 'remind-recover',
    title: { zh: '为什么先提醒再熔断', en: 'Why remind before the fuse' },
  },
  recoveryHints: {
    id: 'recovery-hints',
    title: { zh: '同一个错，不同的提示', en: 'The same error, different hints' },
  },
  everyN: { id: 'every-n', title: { zh: '十步一存，丢十步', en: 'Every ten steps, lose up to ten' } },
  plans: {
    id: 'plans',
    title: { zh: '一次性计划与动态计划', en: 'One-shot plans and dynamic plans' },
  },
  cancelResume: {
    id: 'cancel-resume',
    title: { zh: '取消之后，从存档接着做', en: 'Cancelled, then resumed from a checkpoint' },
  },
} as const satisfies Record<string, Pick<Lesson, 'id' | 'title'>>;

/** A lesson's key in LESSON_META: the name its data file exports. */
export type LessonKey = keyof typeof LESSON_META;

/**
 * The lessons in the order a class takes them (SPEC §8, §10): the one list the first screen's
 * titles and the catalog (catalog.ts) both follow. Adding a lesson is its data file, its entry
 * in LESSON_META and its key here; a key of LESSON_META left out is a type error below.
 */
export const LESSON_ORDER = [
  'threeEndings',
  'approval',
  'fuse',
  'remindRecover',
  'noProgress',
  'recoveryHints',
  'density',
  'everyN',
  'plans',
  'cancelResume',
  'replayTakeover',
  'smells',
  'simpleMode',
] as const satisfies readonly LessonKey[];

/** Fails to compile while some lesson of LESSON_META is missing from LESSON_ORDER. */
export type EveryLessonOrdered = Exclude<LessonKey, (typeof LESSON_ORDER)[number]> extends never ? true : never;
true satisfies EveryLessonOrdered;

/** Each lesson's id and title in class order: the lesson list on the first screen. */
export const LESSON_TITLES: readonly Pick<Lesson, 'id' | 'title'>[] = LESSON_ORDER.map((k) => LESSON_META[k]);
