import { inEvery, wordsForTest } from '../i18n/all';
import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalog';
import { fits, timeWordProblems, TIME_WORDS, timeWordsIn } from './timeWords.test-kit';
import type { LessonStop } from './types';

const word = (name: string) => TIME_WORDS.find((w) => w.name === name)!;

/** Words that speak of what is on disk or in the checkpoint history: such a stop says `stored`. */
const DISK = { en: /\bon disk\b|\bhistory\b/i, zh: /盘上|历史/ };

describe('a caption that speaks of disk or the history', () => {
  it('says how many of the run’s checkpoints are stored, in every lesson', () => {
    const missing = LESSONS.flatMap((l) =>
      l.stops
        .filter((s) => DISK.en.test(inEvery(s.caption).en) || DISK.zh.test(inEvery(s.caption).zh))
        .filter((s) => s.shows.stored === undefined)
        .map((s) => `${l.id}/${s.id}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('a caption that names a time of day', () => {
  it('carries a clock claim that one of its words fits, in every lesson, in zh and en', () => {
    const problems = LESSONS.flatMap((l) =>
      l.stops.flatMap((s, i) => timeWordProblems(s).map((p) => `${l.id} stop ${i + 1}: ${p}`)),
    );
    expect(problems).toEqual([]);
  });

  it('finds the words in both languages, and not inside other words', () => {
    expect(timeWordsIn('You are back the next morning.', 'en').map((w) => w.name)).toEqual(['morning', 'next day']);
    expect(timeWordsIn('the overnight timeout', 'en')).toEqual([]);
    expect(timeWordsIn('重试到天亮', 'zh').map((w) => w.name)).toEqual(['dawn']);
    expect(timeWordsIn('一整夜停在 waiting_approval', 'zh').map((w) => w.name)).toEqual(['night']);
  });

  it('fits a window to a word, the night across midnight', () => {
    expect(fits({ day: 2, from: '08:00', to: '10:00' }, word('morning'))).toBe(true);
    expect(fits({ day: 1, from: '21:00', to: '22:00' }, word('morning'))).toBe(false);
    expect(fits({ day: 2, from: '05:00', to: '06:00' }, word('night'))).toBe(true);
    expect(fits({ day: 1, from: '13:00', to: '14:00' }, word('night'))).toBe(false);
    expect(fits({ day: 1, from: '08:00', to: '10:00' }, word('next day'))).toBe(false);
  });

  it('fails the defects it was made for: morning at 21:54, "next day" on day 1, no claim at all', () => {
    const stop = (en: string, clock?: LessonStop['shows']['clock']): LessonStop => ({
      id: 'x',
      move: { kind: 'command', command: { type: 'RESTART' } },
      caption: wordsForTest({ zh: '读档。', en }),
      shows: { state: 'running', ...(clock ? { clock } : {}) },
      source: '渐进拆解',
    });
    expect(timeWordProblems(stop('It is morning.', { day: 1, from: '21:50', to: '22:00' }))).toHaveLength(1);
    expect(timeWordProblems(stop('The next day it goes on.', { day: 1, from: '13:50', to: '14:00' }))).toHaveLength(1);
    expect(timeWordProblems(stop('Retried until dawn.'))).toHaveLength(1);
    expect(timeWordProblems(stop('Retried until dawn.', { day: 2, from: '05:00', to: '06:30' }))).toEqual([]);
  });
});
