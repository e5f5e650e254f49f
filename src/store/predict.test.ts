import { beforeEach, describe, expect, it } from 'vitest';
import { isPlaying } from './player';
import {
  askFirst,
  dismissResult,
  passQuestion,
  predictHolds,
  predictor,
  recordAnswer,
  setPredictOn,
  type Reveal,
} from './predict';
import { useSimStore } from './simStore';

const right: Reveal = { correct: true, choice: 'running', answer: 'running', reason: 'predict.right' };
const wrong: Reveal = { correct: false, choice: 'failed', answer: 'running', reason: 'predict.wrong' };
const player = () => useSimStore.getState().player;

describe('the predict gate', () => {
  beforeEach(() => setPredictOn(false));

  it('runs a control at once when predict is off', () => {
    let ran = 0;
    askFirst(useSimStore.getState(), 'CRASH', () => ran++);
    expect(ran).toBe(1);
    expect(predictHolds()).toBe(false);
  });

  it('when on, holds the control (and the player) until the answer, then applies it and says what it did', async () => {
    setPredictOn(true);
    player().send({ type: 'player.play' });
    let ran = 0;
    askFirst(useSimStore.getState(), 'CRASH', () => ran++);
    expect(ran).toBe(0);
    expect(predictHolds()).toBe(true);
    expect(player().getSnapshot().value).toBe('held');
    player().send({ type: 'player.play' });
    expect(isPlaying(player().getSnapshot())).toBe(false);
    const a = predictor.getSnapshot().context.asking!;
    expect(a.choices).toHaveLength(8);
    const p = await a.apply();
    expect(ran).toBe(1);
    expect(p.answer).toBe(a.from);
    recordAnswer(right);
    expect(predictor.getSnapshot().value).toEqual({ on: 'revealed' });
    expect(player().getSnapshot().value).toBe('paused');
    dismissResult();
    expect(predictor.getSnapshot().value).toEqual({ on: 'idle' });
    expect(predictor.getSnapshot().context.result).toBeNull();
  });

  it('turned off with a question waiting, still applies the press it held, unscored', () => {
    setPredictOn(true);
    const before = predictor.getSnapshot().context.score.asked;
    let ran = 0;
    askFirst(useSimStore.getState(), 'CRASH', () => ran++);
    setPredictOn(false);
    expect(ran).toBe(1);
    expect(predictHolds()).toBe(false);
    expect(predictor.getSnapshot().context.score.asked).toBe(before);
  });

  it('a live class revealed it instead: pass plays the held move unscored, predict stays on, the player goes', () => {
    setPredictOn(true);
    const before = predictor.getSnapshot().context.score;
    let ran = 0;
    askFirst(useSimStore.getState(), 'CRASH', () => ran++);
    expect(player().getSnapshot().value).toBe('held');
    passQuestion();
    expect(ran).toBe(1);
    expect(predictHolds()).toBe(false);
    expect(predictor.getSnapshot().matches({ on: 'idle' })).toBe(true);
    expect(predictor.getSnapshot().context).toMatchObject({ asking: null, result: null, score: before });
    expect(player().getSnapshot().value).not.toBe('held');
  });

  it('keeps the score for the tab, one answer for each question asked', () => {
    setPredictOn(true);
    const { right: r0, asked: a0 } = predictor.getSnapshot().context.score;
    for (const reveal of [right, wrong]) {
      askFirst(useSimStore.getState(), 'CRASH', () => undefined);
      recordAnswer(reveal);
    }
    // An answer with no question waiting counts nothing.
    recordAnswer(right);
    expect(predictor.getSnapshot().context.score).toEqual({ right: r0 + 1, asked: a0 + 2 });
    expect(predictHolds()).toBe(false);
    if (typeof sessionStorage !== 'undefined')
      expect(JSON.parse(sessionStorage.getItem('harness-sim.predict-score')!)).toEqual({
        right: r0 + 1,
        asked: a0 + 2,
      });
  });
});
