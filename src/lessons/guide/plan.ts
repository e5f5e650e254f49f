import type { Bilingual } from '../../engine';
import { LESSONS } from '../catalog';
import { lessonLengthMs } from '../player';
import { askingStops, predictionAt, type Prediction } from '../predict';
import type { ArticleSection } from '../sections';
import type { Lesson } from '../types';
import { LESSON_NOTES, SELF_TEST_MINUTES, type LessonNotes } from './notes';

/** The length of the class the guide plans (SPEC §12). */
export const CLASS_MINUTES = 45;

export interface GuidePrediction {
  /** The stop's index (0-based); the class sees it as stop `at + 1`. */
  at: number;
  /** The stop's id, which keys its question in the notes. */
  stopId: string;
  /** What the teacher asks (notes.ts); null if the notes miss it (a test forbids that). */
  ask: Bilingual | null;
  /** The answer and why, from the lesson's own replay. */
  prediction: Prediction;
}

/** One lesson as the guide shows it: its notes beside what its data says. */
export interface GuideLesson {
  lesson: Lesson;
  /** 1-based, in class order. */
  number: number;
  /** Minutes in class (0 for homework), and the class minute it starts at (null for homework). */
  minutes: number;
  start: number | null;
  homework: Bilingual | null;
  /** The article sections its stops cite, the most cited first. */
  sections: ArticleSection[];
  /** How long it plays at the page's pace (captions read, moves animated). */
  playMs: number;
  yourTurns: { at: number; ask: Bilingual }[];
  predictions: GuidePrediction[];
  discuss: LessonNotes['discuss'];
}

export interface ClassPlan {
  lessons: GuideLesson[];
  selfTest: { start: number; minutes: number };
  total: number;
}

/** The sections a lesson's stops cite, most cited first (ties in the order they first appear). */
function sectionsOf(lesson: Lesson): ArticleSection[] {
  const counts = new Map<ArticleSection, number>();
  for (const s of lesson.stops) counts.set(s.source, (counts.get(s.source) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
}

const NO_NOTES: LessonNotes = { minutes: 0, asks: {}, discuss: [] };
const notesOf = (id: string): LessonNotes => (LESSON_NOTES as Readonly<Record<string, LessonNotes>>)[id] ?? NO_NOTES;

/**
 * The 45-minute class: the thirteen lessons in order, each with its minutes (homework ones
 * take none), then the self-test. Replays every lesson (its predictions and its length).
 */
export function classPlan(lessons: readonly Lesson[] = LESSONS): ClassPlan {
  let clock = 0;
  const out = lessons.map((lesson, i): GuideLesson => {
    const notes = notesOf(lesson.id);
    const start = notes.minutes > 0 ? clock : null;
    clock += notes.minutes;
    return {
      lesson,
      number: i + 1,
      minutes: notes.minutes,
      start,
      homework: notes.homework ?? null,
      sections: sectionsOf(lesson),
      playMs: lessonLengthMs(lesson),
      yourTurns: lesson.stops.flatMap((s, at) => (s.yourTurn ? [{ at, ask: s.yourTurn.ask }] : [])),
      predictions: askingStops(lesson).flatMap((at) => {
        const prediction = predictionAt(lesson, at);
        const stopId = lesson.stops[at]!.id;
        return prediction ? [{ at, stopId, ask: notes.asks[stopId] ?? null, prediction }] : [];
      }),
      discuss: notes.discuss,
    };
  });
  const selfTest = { start: clock, minutes: SELF_TEST_MINUTES };
  return { lessons: out, selfTest, total: clock + SELF_TEST_MINUTES };
}
