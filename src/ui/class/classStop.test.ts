import { describe, expect, it } from 'vitest';
import { findLesson, predictionAt } from '../../lessons';
import { classAnswerAt, classStopAt, startWithoutStop } from './classStop';

const lesson = findLesson('no-progress')!;
const p = predictionAt(lesson, 1)!;
const ask = { at: 1, from: p.from, choices: p.choices, apply: () => Promise.resolve(p) };
const base = { lesson, asking: null, asked: null, predictOn: true, selftest: false };

describe('the stop the class is on', () => {
  it('is the stop the projector asks before, with the projector’s own choices and fuse question', () => {
    expect(classStopAt({ ...base, shown: 0, asking: ask, asked: 1 })).toEqual({
      lessonId: 'no-progress',
      stop: 1,
      kind: 'predict',
      choices: [...p.choices],
      askFuse: true,
    });
    expect(classAnswerAt(lesson, 1)).toEqual({ answer: p.answer, fuse: p.fuseTrips });
  });

  it('stays on the asked stop while its move is stored, not back a step (the phones would flicker)', () => {
    expect(classStopAt({ ...base, shown: 0, asked: 1 })).toMatchObject({ stop: 1, kind: 'predict' });
    expect(classStopAt({ ...base, shown: 1 })).toMatchObject({ stop: 1, kind: 'predict' });
  });

  it('a stop that asks nothing is watched; predict off asks nothing; the self-test is the stop after the last', () => {
    expect(classStopAt({ ...base, shown: 0 })).toMatchObject({ stop: 0, kind: 'watch', choices: [] });
    expect(classStopAt({ ...base, shown: 1, predictOn: false })).toMatchObject({ stop: 1, kind: 'watch' });
    expect(classStopAt({ ...base, shown: 2, selftest: true })).toMatchObject({
      stop: lesson.stops.length,
      kind: 'selftest',
    });
  });
});

describe('Start a class before the page shows a lesson stop', () => {
  it('starts at the lesson the address names (still loading), else at the first lesson', () => {
    expect(startWithoutStop('?lang=en&present=1&lesson=fuse&at=2')).toBe('here');
    expect(startWithoutStop('?present=1')).toBe('first');
    expect(startWithoutStop('?present=1&lesson=no-such-lesson')).toBe('first');
  });
});
