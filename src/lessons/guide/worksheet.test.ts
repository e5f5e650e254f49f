import { inEvery } from '../../i18n/all';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../catalog';
import { predictionAt } from '../predict';
import { SELF_TEST } from '../selftest';
import { SELF_TEST_ANSWERS } from '../selftestAnswers';
import { HOMEWORK, LESSON_NOTES, classPlan, worksheetOf } from '.';

const plan = classPlan();
const sheet = worksheetOf(plan);
const lessons = [...sheet.inClass, ...sheet.homework];

/** The stops of `l` where Predict first asks, counted here apart from plan.ts. */
const askedStops = (l: (typeof LESSONS)[number]) =>
  l.stops.flatMap((s, i) => (!s.yourTurn && predictionAt(l, i) !== null ? [i] : []));

describe('the student worksheet (?guide=1&sheet=1)', () => {
  it('holds every lesson the guide plans: those in class in class order, then the homework ones', () => {
    const isHomework = (id: string) => Object.hasOwn(HOMEWORK, id);
    expect(sheet.inClass.map((l) => l.id)).toEqual(LESSONS.map((l) => l.id).filter((id) => !isHomework(id)));
    expect(sheet.homework.map((l) => l.id)).toEqual(LESSONS.map((l) => l.id).filter(isHomework));
    expect(sheet.homework.length).toBeGreaterThan(0);
    for (const l of lessons) {
      const g = plan.lessons.find((x) => x.lesson.id === l.id)!;
      expect([l.number, l.homework, l.title]).toEqual([g.number, g.homework !== null, g.lesson.title]);
    }
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: each prediction Predict first asks is a question, keyed by its stop id',
    (id, l) => {
      const on = lessons.find((x) => x.id === id)!;
      const asked = askedStops(l);
      expect(asked.length).toBeGreaterThan(0);
      expect(on.questions.map((q) => q.stopId)).toEqual(asked.map((i) => l.stops[i]!.id));
      for (const q of on.questions) {
        const p = predictionAt(l, q.at)!;
        expect(l.stops[q.at]!.id).toBe(q.stopId);
        expect(q.from).toBe(p.from);
        // A step stop asks for the step (a blank); any other, the state among the machine's, and the fuse.
        if (l.stops[q.at]!.predict === 'step') expect(q.ask).toEqual({ kind: 'step' });
        else expect(q.ask).toEqual({ kind: 'state', choices: p.choices });
      }
    },
  );

  it('asks the article’s self-test, both questions', () => {
    expect(sheet.selfTest.map((q) => q.id)).toEqual(SELF_TEST.map((q) => q.id));
  });

  it('carries no answer: no field for one, and no text of the guide’s answers', () => {
    for (const l of lessons)
      for (const q of l.questions) {
        expect(Object.keys(q).sort()).toEqual(['ask', 'at', 'command', 'control', 'error', 'from', 'stopId', 'times']);
        expect(Object.keys(q.ask).sort()).toEqual(q.ask.kind === 'step' ? ['kind'] : ['choices', 'kind']);
      }
    // Every sentence the guide gives as an answer or a note for the teacher.
    const answers: string[] = [];
    for (const g of plan.lessons) {
      for (const p of g.predictions) answers.push(inEvery(p.prediction.why).zh, inEvery(p.prediction.why).en);
      for (const d of [...g.discuss, ...g.discussHome]) answers.push(inEvery(d.a).zh, inEvery(d.a).en);
      if (g.homework) answers.push(inEvery(g.homework).zh, inEvery(g.homework).en);
    }
    for (const notes of Object.values(LESSON_NOTES))
      for (const ask of Object.values(notes.asks)) answers.push(inEvery(ask).zh, inEvery(ask).en);
    for (const m of Object.values(SELF_TEST_ANSWERS)) answers.push(inEvery(m.answer).zh, inEvery(m.answer).en);
    const text = JSON.stringify(sheet);
    const leaked = answers.filter((a) => text.includes(a) || text.includes(JSON.stringify(a).slice(1, -1)));
    expect(leaked).toEqual([]);
  });
});
