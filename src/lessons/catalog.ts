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
import type { Lesson } from './types';

/** The thirteen lessons in the order a class takes them (SPEC §8, §10; meta.ts LESSON_TITLES). */
export const LESSONS: readonly Lesson[] = [
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
];

export const LESSON_IDS = LESSONS.map((l) => l.id);
export type LessonId = string;

export const findLesson = (id: string): Lesson | undefined => LESSONS.find((l) => l.id === id);
