import { useEffect } from 'react';
import { predictionAt, type Lesson } from '../../lessons';
import { ask, dismissResult, predictor, setPredictOn } from '../../store/predict';

/**
 * In a lesson predict is on (the student may turn it off); it asks before each injected stop.
 * Presenter mode too: the class predicts aloud (or on phones) before the presenter picks the
 * answer it gave, and the reveal shows in type the back of the room reads (present.css). A
 * result belongs to the stop it answered: once the lesson is at another stop (`at`, 0-based), it
 * is closed, so stop 14 never shows what was guessed at stop 8.
 */
export function usePredictInLesson(at?: number): void {
  useEffect(() => setPredictOn(true), []);
  useEffect(() => {
    // The result's stop is the predictor's (`resultAt`: null for the page's own press).
    const { result, resultAt } = predictor.getSnapshot().context;
    if (at === undefined || resultAt === at) return;
    if (result) dismissResult();
  }, [at]);
}

/**
 * Goes to stop `at` of `lesson` (`go`), asking first when predict is on and that stop plays an
 * injected command itself: the answer is the lesson's own replay of it (predictionAt).
 */
export function predictThenGo(lesson: Lesson, at: number, go: () => void): void {
  // A your-turn stop waits for the student's own press, which asks as any control does.
  const p = predictor.getSnapshot().matches('on') && !lesson.stops[at]?.yourTurn ? predictionAt(lesson, at) : null;
  if (!p) return go();
  ask({
    at,
    from: p.from,
    choices: p.choices,
    ...(p.steps ? { steps: p.steps.choices } : {}),
    apply: () => {
      go();
      return Promise.resolve(p);
    },
  });
}
