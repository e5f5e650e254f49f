import type { StateName } from '../../engine';
import { findLesson, isSimpleChoices, predictionAt, type Lesson } from '../../lessons';
import type { StopAt } from '../../class/protocol';
import type { Ask } from '../../store/predict';

/**
 * Which stop of the lesson the class is on, and what the phones are asked there: the projector's
 * own Predict first question, never one made up for the class. A question the projector holds
 * (`asking`, put before stop `asking.at` plays) is the class's question; after its move, that
 * stop keeps it (so the reveal stays on the phones); the self-test is the stop after the last.
 */
interface ClassStopInput {
  lesson: Lesson;
  /** The lesson stop shown on the projector (0-based). */
  shown: number;
  asking: Ask | null;
  /** The stop the last question was asked before, until the lesson shows another stop (its move is on its way). */
  asked: number | null;
  predictOn: boolean;
  /** The teacher turned the phones to the article's self-test. */
  selftest: boolean;
}

/** What Predict first offers: state names, or step numbers as text; the fuse asked only where the projector asks it. */
function question(choices: readonly StateName[], steps: readonly number[] | undefined) {
  return steps
    ? { choices: steps.map(String), askFuse: false }
    : { choices: [...choices], askFuse: !isSimpleChoices(choices) };
}

export function classStopAt({ lesson, shown, asking, asked, predictOn, selftest }: ClassStopInput): StopAt {
  const base = { lessonId: lesson.id, choices: [] as string[], askFuse: false };
  if (selftest) return { ...base, stop: lesson.stops.length, kind: 'selftest' };
  if (asking?.at !== undefined)
    return { ...base, stop: asking.at, kind: 'predict', ...question(asking.choices, asking.steps) };
  const at = asked ?? shown;
  const p = predictOn && !lesson.stops[at]?.yourTurn ? predictionAt(lesson, at) : null;
  if (!p) return { ...base, stop: at, kind: 'watch' };
  return { ...base, stop: at, kind: 'predict', ...question(p.choices, p.steps?.choices) };
}

/** The right answer at a predict stop, from the lesson's own run (the projector's Predict first answer). */
export function classAnswerAt(lesson: Lesson, stop: number): { answer: string; fuse: boolean } | null {
  const p = predictionAt(lesson, stop);
  if (!p) return null;
  return { answer: p.steps ? String(p.steps.answer) : p.answer, fuse: p.fuseTrips };
}

/**
 * Where "Start a class" starts while the page shows no lesson stop: `here` when the address
 * names a lesson (still loading: the class starts once its stop shows), else `first` (the address
 * `npm run class` prints opens presenter mode alone, and the class starts at the first lesson).
 */
export function startWithoutStop(search: string): 'here' | 'first' {
  const id = new URLSearchParams(search).get('lesson');
  return id !== null && findLesson(id) ? 'here' : 'first';
}
