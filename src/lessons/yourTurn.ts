import type { Sim } from '../engine';
import { said, type Said } from '../i18n/words';
import type { Lesson, LessonStop } from './types';

/** Whether the student's presses did what a your-turn stop asks, checked on the live run. */

export interface YourTurnCheck {
  ok: boolean;
  reason: Said;
}

/** Whether the student's run satisfies a your-turn stop: it stands in the expected state (and ended so). */
export function checkYourTurn(lesson: Lesson, stop: LessonStop, sim: Sim): YourTurnCheck {
  const turn = stop.yourTurn;
  if (!turn || !lesson.stops.includes(stop)) return { ok: false, reason: 'yourTurn.notATurn' };
  const expect = turn.expect;
  // A dead process still shows its last state: standing there is not reaching it.
  if (!sim.alive) return { ok: false, reason: said('yourTurn.down', { expect }) };
  if (sim.state !== expect) return { ok: false, reason: said('yourTurn.notYet', { expect, state: sim.state }) };
  if (turn.ended !== undefined && sim.context.ended !== turn.ended)
    return { ok: false, reason: said('yourTurn.otherEnd', { expect, ended: turn.ended }) };
  return { ok: true, reason: said('yourTurn.reached', { expect }) };
}
