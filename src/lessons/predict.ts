import { isSimpleMachine, machineStates, type StateName } from '../engine';
import { said, type Said, type Words } from '../i18n/words';
import { playTo, type StopTrace } from './player';
import type { Lesson } from './types';
import { SIMPLE_STATE_NAMES } from './simpleNames';

/**
 * Predict-then-reveal (ui-contract `toggle-predict`): before a stop's injected command applies,
 * the page asks which state comes next and whether the fuse trips; the answer and the one
 * sentence on why (the stop's caption) come from the lesson's own run.
 */
export interface Prediction {
  at: number;
  /** Where the run stands before the command. */
  from: StateName;
  /** The states to choose from: those of the run's machine (four in the simple mode). */
  choices: readonly StateName[];
  /**
   * The run is on the simple mode's four-state machine: its states go by the article's names
   * (待跑 / 在跑 / 完成 / 失败), and it has no fuse, so nobody is asked whether one trips.
   */
  simple: boolean;
  answer: StateName;
  /** This command trips the fuse. */
  fuseTrips: boolean;
  why: Said;
  /**
   * A stop with `predict: 'step'` asks which step the run goes on from instead (a restart after
   * a crash: how far does this density fall back?): the steps to choose from, and the answer.
   */
  steps?: { choices: readonly number[]; answer: number };
}

/** The prediction for stop `at`, or null when its move is not an injected command. */
export function predictionAt(lesson: Lesson, at: number): Prediction | null {
  const stop = lesson.stops[at];
  if (stop?.move.kind !== 'command') return null;
  const p = playTo(lesson, at, { script: true });
  const before = p.trace[at - 1];
  const after = p.trace[at]!;
  return {
    at,
    from: before?.state ?? 'created',
    choices: machineStates(p.sim.machine),
    simple: isSimpleMachine(p.sim.machine),
    answer: after.state,
    fuseTrips: after.ended === 'loop_fuse' && before?.ended !== 'loop_fuse',
    why: stop.caption,
    ...(stop.predict === 'step' ? { steps: stepChoices(p.trace.slice(0, at), after.step) } : {}),
  };
}

/**
 * The steps a student chooses from: the start, the step the run stood at, every step a checkpoint
 * of it was at so far, and the answer; in order, each once.
 */
function stepChoices(before: readonly StopTrace[], answer: number): { choices: number[]; answer: number } {
  const steps = new Set([1, answer, ...before.map((t) => t.step)]);
  for (const t of before) if (t.newest) steps.add(t.newest.step);
  return { choices: [...steps].sort((a, b) => a - b), answer };
}

interface Score {
  correct: boolean;
  reason: Words;
}

/** The student's guess of the step a restart goes on from, against the run. */
export function scoreStep(p: Prediction, step: number): Score {
  const answer = p.steps?.answer ?? 0;
  const correct = step === answer;
  const head = said(correct ? 'predict.right' : 'predict.wrong');
  return { correct, reason: said('predict.reason.step', { head, answer, why: said(p.why) }) };
}

/** The student's guess against the run: the state, and the fuse when they were asked about it. */
export function scorePrediction(p: Prediction, state: StateName, fuseTrips?: boolean): Score {
  const stateRight = state === p.answer;
  // The simple mode has no fuse: nothing about one is scored or said.
  const fuseRight = p.simple || fuseTrips === undefined || fuseTrips === p.fuseTrips;
  const fuse = said(p.fuseTrips ? 'predict.fuseTripped' : 'predict.fuseHeld');
  const head = said(stateRight && fuseRight ? 'predict.right' : 'predict.wrong');
  const simple = p.simple ? SIMPLE_STATE_NAMES[p.answer] : undefined;
  const why = said(p.why);
  return {
    correct: stateRight && fuseRight,
    reason: simple
      ? said('predict.reason.simple', { head, simple: said(simple), answer: p.answer, why })
      : said('predict.reason.state', { head, answer: p.answer, fuse, why }),
  };
}

/**
 * The stops of `lesson` that ask the student first (predict-then-reveal): an injected command
 * the script plays itself. A your-turn stop waits for the student's own press instead.
 */
export const askingStops = (lesson: Lesson): number[] =>
  lesson.stops.flatMap((s, i) => (s.move.kind === 'command' && !s.yourTurn ? [i] : []));
