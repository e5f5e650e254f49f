import type { Bilingual, Sim } from '../engine';
import type { Lesson, LessonStop } from './types';

/** Whether the student's presses did what a your-turn stop asks, checked on the live run. */

export interface YourTurnCheck {
  ok: boolean;
  reason: Bilingual;
}

/** Whether the student's run satisfies a your-turn stop: it stands in the expected state (and ended so). */
export function checkYourTurn(lesson: Lesson, stop: LessonStop, sim: Sim): YourTurnCheck {
  const turn = stop.yourTurn;
  if (!turn || !lesson.stops.includes(stop)) {
    return {
      ok: false,
      reason: { zh: '这一站不是本课的「轮到你」。', en: 'This stop is not a your-turn stop of this lesson.' },
    };
  }
  // A dead process still shows its last state: standing there is not reaching it.
  if (!sim.alive) {
    return {
      ok: false,
      reason: {
        zh: `进程已经停了：先把它重启，再看它到不到 ${turn.expect}。`,
        en: `The process is down: restart it, then see whether it reaches ${turn.expect}.`,
      },
    };
  }
  if (sim.state !== turn.expect) {
    return {
      ok: false,
      reason: {
        zh: `还没到 ${turn.expect}：现在是 ${sim.state}。`,
        en: `Not in ${turn.expect} yet: the run is in ${sim.state}.`,
      },
    };
  }
  if (turn.ended !== undefined && sim.context.ended !== turn.ended) {
    return {
      ok: false,
      reason: {
        zh: `到了 ${turn.expect}，但结束原因不是 ${turn.ended}。`,
        en: `In ${turn.expect}, but it did not end by ${turn.ended}.`,
      },
    };
  }
  return { ok: true, reason: { zh: `对：运行到了 ${turn.expect}。`, en: `Right: the run reached ${turn.expect}.` } };
}
