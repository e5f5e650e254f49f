import { describe, expect, it } from 'vitest';
import { LESSONS, findLesson } from './catalog';
import { playTo } from './player';

/** The stops a lesson marks on its run's timeline (player.ts `stops`, ui/timeline): where each ended. */
describe('stops on the run shown', () => {
  it('each ends at the event its run had reached, the last at the run’s newest', () => {
    for (const lesson of LESSONS) {
      const end = playTo(lesson, lesson.stops.length - 1, { script: true });
      const { stops, sim } = end;
      expect(stops.length, lesson.id).toBeGreaterThan(0);
      expect(stops.at(-1)?.event, lesson.id).toBe(sim.moves.length - 1);
      for (const s of stops) {
        // The same stop played to alone (by the script) on a run that has not been replaced since.
        const there = playTo(lesson, s.at, { script: true });
        if (there.sim.context.runId === sim.context.runId)
          expect(s.event, `${lesson.id} ${s.at}`).toBe(there.sim.moves.length - 1);
        expect(s.caption, lesson.id).toBe(lesson.stops[s.at]?.caption);
      }
      expect(stops.map((s) => s.at)).toEqual([...stops.map((s) => s.at)].sort((a, b) => a - b));
    }
  });

  it('begin anew on a run a segment or a fork begins', () => {
    const lesson = findLesson('cancel-resume')!;
    const fork = lesson.stops.findIndex((s) => s.move.kind === 'fork');
    const pos = playTo(lesson, fork, { script: true });
    expect(pos.stops.map((s) => s.at)).toEqual([fork]);
    // The fork's run begins at the checkpoint it read: the stop is where its timeline begins.
    expect(pos.stops[0]?.event).toBe(-1);
  });
});
