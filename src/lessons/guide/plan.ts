import type { MessageKey } from '../../i18n/words';
import { LESSONS } from '../catalog';
import { lessonLengthMs } from '../player';
import { askingStops, predictionAt, type Prediction } from '../predict';
import type { ArticleSection } from '../sections';
import { SELF_TEST } from '../selftest';
import type { Lesson } from '../types';
import { ALLOWANCES, DISCUSS_IN_CLASS, needMs, wholeMinutes, type Allowances } from './allowances';
import { HOMEWORK } from './homework';
import { LESSON_NOTES, type LessonNotes } from './notes';

/** The length of the class the guide plans (SPEC §12). */
export const CLASS_MINUTES = 45;

export interface GuidePrediction {
  /** The stop's index (0-based); the class sees it as stop `at + 1`. */
  at: number;
  /** The stop's id, which keys its question in the notes. */
  stopId: string;
  /** What the teacher asks (notes.ts); null if the notes miss it (a test forbids that). */
  ask: MessageKey | null;
  /** The answer and why, from the lesson's own replay. */
  prediction: Prediction;
}

/** One lesson as the guide shows it: its notes beside what its data says. */
export interface GuideLesson {
  lesson: Lesson;
  /** 1-based, in class order. */
  number: number;
  /** Why it is homework (homework.ts), or null when it is held in class. */
  homework: MessageKey | null;
  /** Whole minutes of the class (0 for homework), and the class minute it starts at (null for homework). */
  minutes: number;
  start: number | null;
  /** What it takes, in ms: in class (its playback and the allowances of what it holds there), or at home. */
  needMs: number;
  /** Whole minutes at home: the homework lesson whole, or an in-class lesson's prompts left for home. */
  homeMinutes: number;
  /** The article sections its stops cite, the most cited first. */
  sections: ArticleSection[];
  /** How long it plays at the page's pace (captions read, moves animated), measured by the player. */
  playMs: number;
  yourTurns: { at: number; ask: MessageKey }[];
  predictions: GuidePrediction[];
  /** Its discussion prompts held in class (none for homework), and those left for home. */
  discuss: LessonNotes['discuss'];
  discussHome: LessonNotes['discuss'];
}

export interface ClassPlan {
  lessons: GuideLesson[];
  /** The article's self-test closes the class: each question written, then compared. */
  selfTest: { start: number; minutes: number; questions: number };
  /** Minutes planned (the lessons in class and the self-test), and what is left of the 45. */
  planned: number;
  slack: number;
  total: typeof CLASS_MINUTES;
  allowances: Allowances;
}

/** The sections a lesson's stops cite, most cited first (ties in the order they first appear). */
function sectionsOf(lesson: Lesson): ArticleSection[] {
  const counts = new Map<ArticleSection, number>();
  for (const s of lesson.stops) counts.set(s.source, (counts.get(s.source) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
}

const NO_NOTES: LessonNotes = { asks: {}, discuss: [] };
const notesOf = (id: string): LessonNotes => (LESSON_NOTES as Readonly<Record<string, LessonNotes>>)[id] ?? NO_NOTES;
const homeworkOf = (id: string): MessageKey | null =>
  (HOMEWORK as Readonly<Record<string, MessageKey | undefined>>)[id] ?? null;

/**
 * The 45-minute class from measured minutes: each lesson held in class takes its playback
 * (`lessonLengthMs`) plus the allowances for its predictions, your-turns and the discussion
 * prompts it holds there, rounded up to the whole minute; the lessons in HOMEWORK take none;
 * then the self-test, its allowance per question. What is left of the 45 is the slack (negative
 * when the plan does not fit: guide.test.ts forbids that). Replays every lesson once.
 */
export function classPlan(lessons: readonly Lesson[] = LESSONS, allowances: Allowances = ALLOWANCES): ClassPlan {
  let clock = 0;
  const out = lessons.map((lesson, i): GuideLesson => {
    const notes = notesOf(lesson.id);
    const homework = homeworkOf(lesson.id);
    const playMs = lessonLengthMs(lesson);
    const yourTurns = lesson.stops.flatMap((s, at) => (s.yourTurn ? [{ at, ask: s.yourTurn.ask }] : []));
    const predictions = askingStops(lesson).flatMap((at) => {
      const prediction = predictionAt(lesson, at);
      const stopId = lesson.stops[at]!.id;
      return prediction ? [{ at, stopId, ask: notes.asks[stopId] ?? null, prediction }] : [];
    });
    const inClass = homework ? 0 : DISCUSS_IN_CLASS;
    const discuss = notes.discuss.slice(0, inClass);
    const discussHome = notes.discuss.slice(inClass);
    const parts = { playMs, predictions: predictions.length, yourTurns: yourTurns.length };
    const need = needMs({ ...parts, discuss: homework ? discussHome.length : discuss.length }, allowances);
    const minutes = homework ? 0 : wholeMinutes(need);
    const start = homework ? null : clock;
    clock += minutes;
    const homeMs = homework ? need : discussHome.length * allowances.discussMs;
    return {
      lesson,
      number: i + 1,
      homework,
      minutes,
      start,
      needMs: need,
      homeMinutes: wholeMinutes(homeMs),
      sections: sectionsOf(lesson),
      playMs,
      yourTurns,
      predictions,
      discuss,
      discussHome,
    };
  });
  const perQuestion = allowances.selfTestWriteMs + allowances.selfTestCompareMs;
  const selfTest = { start: clock, minutes: wholeMinutes(SELF_TEST.length * perQuestion), questions: SELF_TEST.length };
  const planned = clock + selfTest.minutes;
  return { lessons: out, selfTest, planned, slack: CLASS_MINUTES - planned, total: CLASS_MINUTES, allowances };
}
