import { useEffect } from 'react';
import { predictionAt, type Lesson } from '../../lessons';
import { ask, predictor, setPredictOn } from '../../store/predict';
import { pageMode } from '../present/mode';

/**
 * In a lesson predict is on (the student may turn it off); it asks before each injected stop.
 * Not in presenter mode: there a remote's PageDown steps the lesson and the room answers aloud.
 */
export function usePredictInLesson(): void {
  useEffect(() => {
    if (pageMode(window.location.search) !== 'present') setPredictOn(true);
  }, []);
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
    from: p.from,
    choices: p.choices,
    ...(p.steps ? { steps: p.steps.choices } : {}),
    apply: () => {
      go();
      return Promise.resolve(p);
    },
  });
}
