import { approval } from './data/approval';
import { density } from './data/density';
import { fuse } from './data/fuse';
import { noProgress } from './data/noProgress';
import { replayTakeover } from './data/replayTakeover';
import { simpleMode } from './data/simpleMode';
import { smells } from './data/smells';
import { threeEndings } from './data/threeEndings';
import type { Lesson } from './types';

/** The eight lessons in the order a class takes them (SPEC §8). */
export const LESSONS: readonly Lesson[] = [
  threeEndings,
  approval,
  fuse,
  density,
  smells,
  simpleMode,
  replayTakeover,
  noProgress,
];

export const LESSON_IDS = LESSONS.map((l) => l.id);
export type LessonId = string;

export const findLesson = (id: string): Lesson | undefined => LESSONS.find((l) => l.id === id);
