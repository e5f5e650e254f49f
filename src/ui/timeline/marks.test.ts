import { describe, expect, it } from 'vitest';
import { Sim, Timeline } from '../../engine';
import { marksOf, placeOf } from './marks';

/** A run that writes checkpoints, fails a step, crashes, restarts and waits for a person. */
function run() {
  const sim = new Sim({ scenario: 'migration-40', seed: 3, config: { density: 'every_step' } });
  sim.send({ type: 'START' });
  for (let i = 0; i < 3; i++) sim.send({ type: 'TICK' });
  sim.send({ type: 'FAIL_NOW', error: 'timeout' });
  sim.send({ type: 'CRASH' });
  sim.send({ type: 'RESTART' });
  for (let i = 0; i < 200 && sim.state !== 'waiting_approval'; i++) sim.send({ type: 'TICK' });
  sim.send({ type: 'APPROVE' });
  return new Timeline(sim);
}

describe('marksOf', () => {
  it('marks the checkpoints, the failure, the crash and the approval at their events', () => {
    const tl = run();
    const marks = marksOf(tl.events);
    const at = (kind: string) => marks.filter((m) => m.kind === kind).map((m) => m.event);
    const eventsWith = (mark: string) => tl.events.filter((e) => e.marks.includes(mark as never)).map((e) => e.index);
    expect(at('crash')).toEqual(eventsWith('crash'));
    expect(at('crash')).toHaveLength(1);
    expect(at('failure')).toEqual(eventsWith('failure'));
    expect(at('failure').length).toBeGreaterThan(0);
    // The request going out and the person's approval are both approvals.
    const approvals = marks.filter((m) => m.kind === 'approval');
    expect(approvals.map((m) => m.detail)).toEqual(['approval-request', 'approve']);
    expect(approvals.at(-1)?.event).toBe(tl.length - 1);
    expect(at('checkpoint')).toEqual(eventsWith('checkpoint'));
    // Each where its event is on the track.
    for (const m of marks) expect(m.at).toBe(placeOf(m.event, tl.length));
  });

  it('keeps one mark of a kind per cell of a long track, and every stop', () => {
    const sim = new Sim({ scenario: 'migration-40', seed: 1, config: { density: 'every_step' } });
    sim.send({ type: 'START' });
    for (let i = 0; i < 400; i++) sim.send({ type: 'TICK' });
    const tl = new Timeline(sim);
    const checkpoints = tl.events.filter((e) => e.marks.includes('checkpoint')).length;
    expect(checkpoints).toBeGreaterThan(20);
    const stops = [{ event: -1 }, { event: 5 }, { event: 5 }, { event: tl.length - 1 }, { event: tl.length + 3 }];
    const marks = marksOf(tl.events, stops, 10);
    expect(marks.filter((m) => m.kind === 'checkpoint').length).toBeLessThanOrEqual(11);
    // A stop past the run's events (another run's) is not drawn; the rest are, twice at one event too.
    expect(marks.filter((m) => m.kind === 'stop').map((m) => m.event)).toEqual([-1, 5, 5, tl.length - 1]);
  });

  it('places the beginning at 0 and the newest event at 1', () => {
    expect(placeOf(-1, 10)).toBe(0);
    expect(placeOf(9, 10)).toBe(1);
    expect(placeOf(-1, 0)).toBe(0);
  });
});
