import { wordsForTest } from '../i18n/all';
import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalog';
import { citedBy, uncited } from './cites.test-kit';
import type { LessonStop } from './types';

const stop = (en: string, zh: string, focus?: LessonStop['focus'], step?: number): LessonStop => ({
  id: 'x',
  move: { kind: 'command', command: { type: 'TICK' } },
  caption: wordsForTest({ zh, en }),
  shows: { state: 'running', ...(step !== undefined ? { step } : {}) },
  source: '渐进拆解',
  ...(focus ? { focus } : {}),
});

describe('the read-outs a caption cites', () => {
  it('are named in its stop’s focus, in every lesson (presenter mode shows what focus names)', () => {
    const missing = LESSONS.flatMap((l) =>
      l.stops.flatMap((s) => {
        const left = uncited(s);
        return left.length ? [`${l.id}/${s.id}: ${left.join(', ')}`] : [];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('are read off the words in zh or en: meters, the channel, the ledger, the step named, ①–⑤', () => {
    expect(citedBy(stop('26 steps wasted.', '白干了 26 步。'))).toEqual(['wasted']);
    expect(citedBy(stop('A reminder is injected.', '注入一条提醒。'))).toEqual(['channel']);
    expect(citedBy(stop('x', '账本记下错误，这个键数到 1。'))).toEqual(['ledger', 'loop']);
    expect(citedBy(stop('You are back the next morning.', 'x'))).toEqual(['clock']);
    // The step named is cited only when it is the step the run shows.
    expect(citedBy(stop('At step 5.', 'x', undefined, 5))).toEqual(['step']);
    expect(citedBy(stop('Step 27’s plan names the old file.', 'x', undefined, 5))).toEqual([]);
    expect(citedBy(stop('The five are marked ①–⑤.', 'x'))).toEqual([
      'newest',
      'cp-done',
      'cp-refs',
      'cp-todos',
      'cp-plan',
    ]);
  });

  it('fail a stop whose focus leaves a cited read-out out', () => {
    expect(uncited(stop('26 steps wasted, and tokens burnt.', 'x', ['wasted']))).toEqual(['tokens']);
    expect(uncited(stop('26 steps wasted, and tokens burnt.', 'x', ['tokens', 'wasted']))).toEqual([]);
  });

  it('are a short list: at most seven a stop, none twice', () => {
    for (const l of LESSONS)
      for (const s of l.stops) {
        expect(s.focus?.length ?? 0, `${l.id}/${s.id}`).toBeLessThanOrEqual(7);
        expect(new Set(s.focus).size, `${l.id}/${s.id}`).toBe(s.focus?.length ?? 0);
      }
  });
});
