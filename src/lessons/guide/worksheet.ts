import type { MessageKey } from '../../i18n/words';
import type { SimCommand, StateName } from '../../engine';
import { controlOf, type ControlId } from '../controls';
import { SELF_TEST, type SelfTestQuestion } from '../selftest';
import type { ClassPlan, GuideLesson } from './plan';

/**
 * One question of the student worksheet: a prediction the guide plans, asked as Predict first
 * asks it (which state comes next, and does the fuse trip; or, at a `predict: 'step'` stop,
 * which step the run goes on from), with what the student sees before it: the state the run
 * stands in and the move about to be played. Deliberately without the answer or why.
 */
export interface SheetQuestion {
  /** The stop's id (ui-contract `worksheet-question` `data-stop`), and its index (0-based). */
  stopId: string;
  at: number;
  /** Where the run stands before the move (Predict first's "Now:"). */
  from: StateName;
  /** The move: the control that sends it (null for a command no control sends), how many presses. */
  control: ControlId | null;
  command: SimCommand['type'];
  /** The error a fail press injects, when it is one. */
  error: string | null;
  times: number;
  /** `state`: tick one of `choices`, and yes or no for the fuse; `step`: write the step. */
  ask: { kind: 'state'; choices: readonly StateName[] } | { kind: 'step' };
}

/** One lesson of the worksheet (`worksheet-lesson`): its questions, and whether it is homework. */
export interface SheetLesson {
  id: string;
  /** The guide's number for it (class order, homework included). */
  number: number;
  title: MessageKey;
  homework: boolean;
  questions: SheetQuestion[];
}

/** The student worksheet (`?guide=1&sheet=1`): the lessons held in class, the self-test, then the homework. */
interface Worksheet {
  inClass: SheetLesson[];
  homework: SheetLesson[];
  selfTest: readonly SelfTestQuestion[];
}

function questionOf(g: GuideLesson, p: GuideLesson['predictions'][number]): SheetQuestion {
  const move = g.lesson.stops[p.at]!.move;
  // predictionAt asks only at a command stop; anything else is a plan.ts bug, said plainly.
  if (move.kind !== 'command') throw new Error(`${g.lesson.id} ${p.stopId}: a prediction at a ${move.kind} stop`);
  const q = p.prediction;
  return {
    stopId: p.stopId,
    at: p.at,
    from: q.from,
    control: controlOf(move.command),
    command: move.command.type,
    error: move.command.type === 'FAIL_NOW' ? move.command.error : null,
    times: move.times ?? 1,
    ask: q.steps ? { kind: 'step' } : { kind: 'state', choices: q.choices },
  };
}

const lessonOf = (g: GuideLesson): SheetLesson => ({
  id: g.lesson.id,
  number: g.number,
  title: g.lesson.title,
  homework: g.homework !== null,
  questions: g.predictions.map((p) => questionOf(g, p)),
});

/**
 * The student worksheet of a class plan: every lesson's predictions as questions (those held in
 * class, then the homework ones), and the article's self-test to write. What the guide answers
 * (the state, the fuse, the step, why, the discussion notes, the model answers) is not carried
 * here, so the sheet cannot print it; guide.test.ts holds it to that.
 */
export function worksheetOf(plan: ClassPlan): Worksheet {
  const lessons = plan.lessons.map(lessonOf);
  return {
    inClass: lessons.filter((l) => !l.homework),
    homework: lessons.filter((l) => l.homework),
    selfTest: SELF_TEST,
  };
}
