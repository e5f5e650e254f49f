import { inEvery } from '../i18n/all';
import { describe, expect, it } from 'vitest';
import { LESSONS, SIMPLE_STATE_NAMES, autoplay, findLesson, isSimpleChoices, predictionAt, scorePrediction } from '.';
import { askingStops } from './predict';

describe('predict-then-reveal', () => {
  const fuse = findLesson('fuse')!;

  it('asks before each injected command, with the answer from the lesson’s own run', () => {
    expect(predictionAt(fuse, 0)).toBeNull(); // a wait, not an injected command
    expect(predictionAt(fuse, 1)).toMatchObject({ from: 'running', answer: 'tool_failed', fuseTrips: false });
    const third = predictionAt(fuse, 3)!;
    expect(third).toMatchObject({
      from: 'tool_failed',
      answer: 'failed',
      fuseTrips: true,
      why: fuse.stops[3]!.caption,
    });
    expect(third.choices).toHaveLength(8);
  });

  it('offers the simple mode’s four states in the simple mode', () => {
    const simple = findLesson('simple-mode')!;
    expect(predictionAt(simple, 0)).toMatchObject({
      from: 'created',
      answer: 'running',
      choices: ['created', 'running', 'completed', 'failed'],
    });
  });

  it('in the simple mode names its four states the article’s way and says nothing of a fuse it has not', () => {
    const simple = findLesson('simple-mode')!;
    for (const at of askingStops(simple)) {
      const p = predictionAt(simple, at)!;
      expect(p.simple, `stop ${at}`).toBe(true);
      expect(p.choices).toEqual(['created', 'running', 'completed', 'failed']);
      expect(isSimpleChoices(p.choices)).toBe(true);
      // A guess about the fuse is not scored where there is no fuse.
      const s = scorePrediction(p, p.answer, true);
      expect(s.correct).toBe(true);
      expect(inEvery(s.reason).en).not.toMatch(/fuse/);
      expect(inEvery(s.reason).zh).not.toMatch(/熔断/);
      expect(inEvery(s.reason).en).toContain(
        `the next state is ${inEvery(SIMPLE_STATE_NAMES[p.answer]!).en} (${p.answer})`,
      );
      expect(inEvery(s.reason).zh).toContain(`「${inEvery(SIMPLE_STATE_NAMES[p.answer]!).zh}」`);
    }
    expect(askingStops(simple).length).toBeGreaterThan(0);
    expect(predictionAt(findLesson('fuse')!, 3)!.simple).toBe(false);
    expect(isSimpleChoices(predictionAt(findLesson('fuse')!, 3)!.choices)).toBe(false);
  });

  it('scores the state and the fuse, and says why', () => {
    const p = predictionAt(fuse, 3)!;
    expect(scorePrediction(p, 'failed', true).correct).toBe(true);
    expect(scorePrediction(p, 'failed').correct).toBe(true);
    expect(scorePrediction(p, 'failed', false).correct).toBe(false);
    const wrong = scorePrediction(p, 'running');
    expect(wrong.correct).toBe(false);
    expect(inEvery(wrong.reason).en).toContain('the next state is failed, and the fuse tripped');
    expect(inEvery(wrong.reason).zh).toContain(inEvery(p.why).zh);
  });

  it('every injected command of every lesson can be predicted, and its answer is where the lesson goes', () => {
    let asked = 0;
    for (const l of LESSONS) {
      const trace = autoplay(l).trace;
      l.stops.forEach((s, i) => {
        const p = predictionAt(l, i);
        expect(p === null, `${l.id} ${i}`).toBe(s.move.kind !== 'command');
        if (p) expect(p.answer).toBe(trace[i]!.state);
        if (p) asked++;
      });
    }
    expect(asked).toBeGreaterThan(15);
  });
});
