import { describe, expect, it } from 'vitest';
import { PACE } from '../player';
import { LESSONS, LESSON_IDS } from '../catalog';
import { predictionAt } from '../predict';
import { CLASS_MINUTES, LESSON_NOTES, READINGS, classPlan } from '.';

const plan = classPlan();

describe('the teacher’s guide (SPEC §12)', () => {
  it('has a section for every lesson of the catalog, in class order, and notes for no other', () => {
    expect(plan.lessons.map((g) => g.lesson.id)).toEqual(LESSON_IDS);
    expect(Object.keys(LESSON_NOTES).sort()).toEqual([...LESSON_IDS].sort());
  });

  it('plans 45 minutes: the lessons in class, then the self-test', () => {
    expect(plan.total).toBe(CLASS_MINUTES);
    expect(plan.lessons.reduce((m, g) => m + g.minutes, 0) + plan.selfTest.minutes).toBe(45);
    expect(plan.selfTest.start + plan.selfTest.minutes).toBe(45);
  });

  it.each(plan.lessons.map((g) => [g.lesson.id, g] as const))(
    '%s: time enough in class (its playing, half a minute a prediction, a discussion), or homework that says why',
    (_, g) => {
      if (g.minutes === 0) {
        expect(g.homework?.zh.trim()).toBeTruthy();
        expect(g.homework?.en.trim()).toBeTruthy();
        expect(g.start).toBeNull();
        return;
      }
      expect(g.homework).toBeNull();
      const needs = g.playMs + g.predictions.length * 30_000 + 45_000;
      expect(g.minutes * 60_000).toBeGreaterThanOrEqual(needs);
    },
  );

  it('leaves at most two lessons as homework', () => {
    expect(plan.lessons.filter((g) => g.minutes === 0).length).toBeLessThanOrEqual(2);
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: every prediction has a question in the guide, and no other stop has one',
    (id, l) => {
      const asked = l.stops.map((_, i) => i).filter((i) => !l.stops[i]!.yourTurn && predictionAt(l, i) !== null);
      const g = plan.lessons.find((x) => x.lesson.id === id)!;
      expect(g.predictions.map((p) => p.at)).toEqual(asked);
      for (const p of g.predictions) {
        expect(p.ask?.zh.trim(), `stop ${p.at}`).toBeTruthy();
        expect(p.ask?.en.trim(), `stop ${p.at}`).toBeTruthy();
        expect(p.prediction).toEqual(predictionAt(l, p.at));
      }
      const notes = LESSON_NOTES[id as keyof typeof LESSON_NOTES];
      expect(Object.keys(notes.asks).map(Number)).toEqual(asked);
    },
  );

  it.each(plan.lessons.map((g) => [g.lesson.id, g] as const))(
    '%s has discussion prompts with answer notes in both languages',
    (_, g) => {
      expect(g.discuss.length).toBeGreaterThan(0);
      for (const d of g.discuss) for (const text of [d.q.zh, d.q.en, d.a.zh, d.a.en]) expect(text.trim()).not.toBe('');
    },
  );

  it('reads each lesson’s sections, your-turns and length from the lesson itself', () => {
    for (const g of plan.lessons) {
      expect(new Set(g.sections)).toEqual(new Set(g.lesson.stops.map((s) => s.source)));
      expect(g.yourTurns).toHaveLength(g.lesson.stops.filter((s) => s.yourTurn).length);
      expect(g.playMs).toBeGreaterThanOrEqual(g.lesson.stops.length * PACE.captionMs);
    }
  });

  it('lists the simulator’s readings of the article, each shown in some lesson', () => {
    expect(READINGS.map((r) => r.id)).toEqual([
      'replan-edge',
      'count-reset',
      'simple-names',
      'coarse-guard',
      'no-progress',
      'night-figures',
    ]);
    const shown = Object.fromEntries(READINGS.map((r) => [r.id, LESSONS.filter(r.shownIn).map((l) => l.id)]));
    expect(shown).toMatchObject({
      'replan-edge': ['approval', 'plans'],
      'count-reset': ['remind-recover'],
      'simple-names': ['simple-mode'],
      'coarse-guard': ['fuse', 'remind-recover'],
      'no-progress': ['no-progress'],
    });
    expect(shown['night-figures']).toContain('three-endings');
  });
});

describe('the fuse lesson’s real trace (SPEC §11)', () => {
  it('says of the sample what the analysis of it finds: fuse, the calls and tokens after it, the recovery', async () => {
    const { readFileSync } = await import('node:fs');
    const { analyse, readTrace } = await import('../../traces');
    const text = readFileSync(new URL('../../traces/samples/otlp-fuse.json', import.meta.url), 'utf8');
    const read = await readTrace(text);
    if (!read.ok) throw new Error(read.message.en);
    const a = analyse(read.trace);
    const note = LESSON_NOTES.fuse.discuss.find((d) => d.q.en.includes('sample-otlp-fuse'));
    expect(note, 'the fuse lesson asks about the sample trace').toBeDefined();
    const tokens = a.tokensAfterFuse.toLocaleString('en');
    expect([a.remindAt, a.fuseAt, a.calls, a.afterFuse, a.recoveredAt, tokens]).toEqual([3, 4, 7, 3, 6, '1,030']);
    expect(note?.a.en).toContain(`reminds at call ${a.remindAt} and fuses at call ${a.fuseAt} of ${a.calls}`);
    expect(note?.a.en).toContain(`at call ${a.recoveredAt} the same query went through`);
    expect(note?.a.en).toContain(`${a.afterFuse} calls and ${tokens} tokens after the fuse point`);
    expect(note?.a.zh).toContain(`第 ${a.fuseAt} 次熔断`);
    expect(note?.a.zh).toContain(`${a.afterFuse} 次调用、${tokens} 个 token`);
  });
});
