import { inEvery } from '../../i18n/all';
import { describe, expect, it } from 'vitest';
import { PACE, lessonLengthMs } from '../player';
import { LESSONS, LESSON_IDS } from '../catalog';
import { predictionAt } from '../predict';
import { SELF_TEST } from '../selftest';
import {
  ALLOWANCES,
  CLASS_MINUTES,
  DISCUSS_IN_CLASS,
  HOMEWORK,
  LESSON_NOTES,
  MIN_SLACK_MINUTES,
  READINGS,
  classPlan,
  type Allowances,
  type ClassPlan,
} from '.';

const plan = classPlan();

/**
 * The class's planned minutes, counted here from the lessons' own figures (measured playback,
 * their predictions and your-turns, the discussion prompts held in class) and the allowances,
 * apart from plan.ts.
 */
function expectedMinutes(a: Allowances): number {
  let minutes = 0;
  for (const l of LESSONS) {
    if (Object.hasOwn(HOMEWORK, l.id)) continue;
    const predictions = l.stops.filter((s, i) => !s.yourTurn && predictionAt(l, i) !== null).length;
    const turns = l.stops.filter((s) => s.yourTurn).length;
    const prompts = Math.min(DISCUSS_IN_CLASS, LESSON_NOTES[l.id as keyof typeof LESSON_NOTES].discuss.length);
    const ms = lessonLengthMs(l) + predictions * a.predictionMs + turns * a.yourTurnMs + prompts * a.discussMs;
    minutes += Math.ceil(ms / 60_000);
  }
  return minutes + Math.ceil((SELF_TEST.length * (a.selfTestWriteMs + a.selfTestCompareMs)) / 60_000);
}

/** A plan that does not fit the 45 minutes with the slack it promises fails here. */
function expectFits(p: ClassPlan): void {
  expect(p.planned + p.slack).toBe(CLASS_MINUTES);
  expect(p.planned).toBeLessThanOrEqual(CLASS_MINUTES - MIN_SLACK_MINUTES);
}

describe('the teacher’s guide (SPEC §12)', () => {
  it('has a section for every lesson of the catalog, in class order, and notes for no other', () => {
    expect(plan.lessons.map((g) => g.lesson.id)).toEqual(LESSON_IDS);
    expect(Object.keys(LESSON_NOTES).sort()).toEqual([...LESSON_IDS].sort());
  });

  it('plans 45 minutes from measured figures: each lesson in class, the self-test, and the slack', () => {
    expect(plan.total).toBe(CLASS_MINUTES);
    expect(plan.planned).toBe(expectedMinutes(ALLOWANCES));
    expectFits(plan);
    // The self-test: each of the article's two questions written, then compared.
    expect(plan.selfTest).toEqual({ start: plan.planned - plan.selfTest.minutes, minutes: 8, questions: 2 });
  });

  it('reacts to an allowance: one more minute a prediction is one more minute for each prediction in class', () => {
    const slower = { ...ALLOWANCES, predictionMs: ALLOWANCES.predictionMs + 60_000 };
    const inClass = plan.lessons.filter((g) => g.homework === null);
    const more = classPlan(LESSONS, slower);
    expect(more.planned).toBe(expectedMinutes(slower));
    expect(more.planned - plan.planned).toBe(inClass.reduce((n, g) => n + g.predictions.length, 0));
    expect(() => expectFits(more)).toThrow();
  });

  it('runs the lessons in class back to back, in class order, and gives the homework ones no minute', () => {
    let clock = 0;
    for (const g of plan.lessons) {
      if (g.homework) {
        expect([g.minutes, g.start, g.discuss.length]).toEqual([0, null, 0]);
        expect(g.homeMinutes * 60_000).toBeGreaterThanOrEqual(g.playMs);
        continue;
      }
      expect(g.start).toBe(clock);
      clock += g.minutes;
    }
    expect(plan.selfTest.start).toBe(clock);
  });

  it('leaves as homework only lessons of the catalog, each saying why in both languages', () => {
    for (const [id, why] of Object.entries(HOMEWORK)) {
      expect(LESSON_IDS).toContain(id);
      expect(inEvery(why).zh.trim()).not.toBe('');
      expect(inEvery(why).en.trim()).not.toBe('');
    }
    // The opening lesson is the class's hook: never homework.
    expect(plan.lessons[0]!.homework).toBeNull();
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: every prediction has a question in the guide, and no other stop has one',
    (id, l) => {
      const asked = l.stops.map((_, i) => i).filter((i) => !l.stops[i]!.yourTurn && predictionAt(l, i) !== null);
      const g = plan.lessons.find((x) => x.lesson.id === id)!;
      expect(g.predictions.map((p) => p.at)).toEqual(asked);
      for (const p of g.predictions) {
        expect(p.ask && inEvery(p.ask).zh.trim(), `stop ${p.at}`).toBeTruthy();
        expect(p.ask && inEvery(p.ask).en.trim(), `stop ${p.at}`).toBeTruthy();
        expect(p.prediction).toEqual(predictionAt(l, p.at));
      }
      const notes = LESSON_NOTES[id as keyof typeof LESSON_NOTES];
      expect(Object.keys(notes.asks)).toEqual(asked.map((i) => l.stops[i]!.id));
      expect(g.predictions.map((p) => p.stopId)).toEqual(asked.map((i) => l.stops[i]!.id));
    },
  );

  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: every note names a stop id the lesson has', (id, l) => {
    const ids = new Set(l.stops.map((s) => s.id));
    const notes = LESSON_NOTES[id as keyof typeof LESSON_NOTES];
    for (const key of Object.keys(notes.asks)) expect(ids, `asks['${key}']`).toContain(key);
  });

  it.each(plan.lessons.map((g) => [g.lesson.id, g] as const))(
    '%s has discussion prompts with answer notes in both languages',
    (_, g) => {
      expect(g.discuss.length + g.discussHome.length).toBeGreaterThan(0);
      for (const d of [...g.discuss, ...g.discussHome])
        for (const text of [inEvery(d.q).zh, inEvery(d.q).en, inEvery(d.a).zh, inEvery(d.a).en])
          expect(text.trim()).not.toBe('');
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
    const note = LESSON_NOTES.fuse.discuss.find((d) => inEvery(d.q).en.includes('sample-otlp-fuse'));
    expect(note, 'the fuse lesson asks about the sample trace').toBeDefined();
    const tokens = a.tokensAfterFuse.toLocaleString('en');
    expect([a.remindAt, a.fuseAt, a.calls, a.afterFuse, a.recoveredAt, tokens]).toEqual([3, 4, 7, 3, 6, '1,030']);
    expect(inEvery(note!.a).en).toContain(`reminds at call ${a.remindAt} and fuses at call ${a.fuseAt} of ${a.calls}`);
    expect(inEvery(note!.a).en).toContain(`at call ${a.recoveredAt} the same query went through`);
    expect(inEvery(note!.a).en).toContain(`${a.afterFuse} calls and ${tokens} tokens after the fuse point`);
    expect(inEvery(note!.a).zh).toContain(`第 ${a.fuseAt} 次熔断`);
    expect(inEvery(note!.a).zh).toContain(`${a.afterFuse} 次调用、${tokens} 个 token`);
  });
});
