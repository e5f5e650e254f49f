import { beforeEach, describe, expect, it } from 'vitest';
import { askFirst, predictHolds, recordAnswer, setPredictOn, usePredictStore } from './predict';
import { useSimStore } from './simStore';

describe('the predict gate', () => {
  beforeEach(() => {
    setPredictOn(false);
    usePredictStore.setState({ score: { right: 0, asked: 0 } });
  });

  it('runs a control at once when predict is off', () => {
    let ran = 0;
    askFirst(useSimStore.getState(), 'CRASH', () => ran++);
    expect(ran).toBe(1);
    expect(predictHolds()).toBe(false);
  });

  it('when on, holds the control until the answer, then applies it and says what it did', async () => {
    setPredictOn(true);
    let ran = 0;
    askFirst(useSimStore.getState(), 'CRASH', () => ran++);
    expect(ran).toBe(0);
    expect(predictHolds()).toBe(true);
    const a = usePredictStore.getState().asking!;
    expect(a.choices).toHaveLength(8);
    const p = await a.apply();
    expect(ran).toBe(1);
    expect(p.answer).toBe(a.from);
  });

  it('turned off with a question waiting, still applies the press it held, unscored', () => {
    setPredictOn(true);
    let ran = 0;
    askFirst(useSimStore.getState(), 'CRASH', () => ran++);
    setPredictOn(false);
    expect(ran).toBe(1);
    expect(predictHolds()).toBe(false);
    expect(usePredictStore.getState().score.asked).toBe(0);
  });

  it('keeps the score for the tab', () => {
    recordAnswer({ correct: true, choice: 'running', answer: 'running', reason: { zh: '对', en: 'right' } });
    recordAnswer({ correct: false, choice: 'failed', answer: 'running', reason: { zh: '错', en: 'wrong' } });
    expect(usePredictStore.getState().score).toEqual({ right: 1, asked: 2 });
    expect(predictHolds()).toBe(false);
    if (typeof sessionStorage !== 'undefined')
      expect(JSON.parse(sessionStorage.getItem('harness-sim.predict-score')!)).toEqual({ right: 1, asked: 2 });
  });
});
