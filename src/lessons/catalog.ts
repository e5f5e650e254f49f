import { approval } from './data/approval';
import { cancelResume } from './data/cancelResume';
import { everyN } from './data/everyN';
import { plans } from './data/plans';
import { recoveryHints } from './data/recoveryHints';
import { remindRecover } from './data/remindRecover';
import { density } from './data/density';
import { fuse } from './data/fuse';
import { noProgress } from './data/noProgress';
import { replayTakeover } from './data/replayTakeover';
import { simpleMode } from './data/simpleMode';
import { smells } from './data/smells';
import { threeEndings } from './data/threeEndings';
import { LESSON_ORDER, type LessonKey } from './meta';
import type { Lesson } from './types';

/** Each lesson's data by its key: one left out is a type error. */
const DATA: Record<LessonKey, Lesson> = {
  threeEndings,
  approval,
  fuse,
  remindRecover,
  noProgress,
  recoveryHints,
  density,
  everyN,
  plans,
  cancelResume,
  replayTakeover,
  smells,
  simpleMode,
};

/** The lessons in the order a class takes them: meta.ts's LESSON_ORDER, as the first screen lists them. */
export const LESSONS: readonly Lesson[] = LESSON_ORDER.map((k) => DATA[k]);

export const LESSON_IDS = LESSONS.map((l) => l.id);

export const findLesson = (id: string): Lesson | undefined => LESSONS.find((l) => l.id === id);
