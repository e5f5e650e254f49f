import type { Lesson } from './types';

/**
 * Each lesson's id and title, apart from its stops: the lesson list on the first screen needs
 * only these, so the lessons' data loads when a lesson is opened.
 */
export const LESSON_META = {
  threeEndings: { id: 'three-endings', title: 'lesson.three-endings.title' },
  approval: {
    id: 'approval',
    title: 'lesson.approval.title',
  },
  fuse: { id: 'fuse', title: 'lesson.fuse.title' },
  density: {
    id: 'density',
    title: 'lesson.density.title',
  },
  smells: { id: 'smells', title: 'lesson.smells.title' },
  simpleMode: {
    id: 'simple-mode',
    title: 'lesson.simple-mode.title',
  },
  replayTakeover: {
    id: 'replay-takeover',
    title: 'lesson.replay-takeover.title',
  },
  noProgress: { id: 'no-progress', title: 'lesson.no-progress.title' },
  remindRecover: {
    id: 'remind-recover',
    title: 'lesson.remind-recover.title',
  },
  recoveryHints: {
    id: 'recovery-hints',
    title: 'lesson.recovery-hints.title',
  },
  everyN: { id: 'every-n', title: 'lesson.every-n.title' },
  plans: {
    id: 'plans',
    title: 'lesson.plans.title',
  },
  cancelResume: {
    id: 'cancel-resume',
    title: 'lesson.cancel-resume.title',
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
type EveryLessonOrdered = Exclude<LessonKey, (typeof LESSON_ORDER)[number]> extends never ? true : never;
true satisfies EveryLessonOrdered;

/** Each lesson's id and title in class order: the lesson list on the first screen. */
export const LESSON_TITLES: readonly Pick<Lesson, 'id' | 'title'>[] = LESSON_ORDER.map((k) => LESSON_META[k]);
