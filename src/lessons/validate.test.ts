import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDictionary, type Dictionary } from '../i18n';
import { DICTIONARIES, inEvery } from '../i18n/all';
import { LESSONS, approval, validateLesson } from '.';

/** A key the Chinese dictionary has and the English one does not (put back after this file). */
const ONLY_IN_ZH = 'lesson.approval.only-zh.ask';
beforeAll(() => addDictionary('zh', { ...DICTIONARIES.zh, [ONLY_IN_ZH]: '只有中文' } as Dictionary));
afterAll(() => addDictionary('zh', DICTIONARIES.zh));

/** A copy of a real lesson with one thing broken. */
function broken(edit: (l: Record<string, unknown> & { stops: Record<string, unknown>[] }) => void) {
  const l = structuredClone(approval) as unknown as Record<string, unknown> & { stops: Record<string, unknown>[] };
  edit(l);
  const r = validateLesson(l);
  if (r.ok) throw new Error('the broken lesson was accepted');
  return r.error;
}

describe('every lesson’s stop ids', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: each stop has its own id', (_, l) => {
    expect(validateLesson(l).ok).toBe(true);
    expect(new Set(l.stops.map((s) => s.id)).size).toBe(l.stops.length);
  });
});

describe('the lesson validator refuses a broken lesson, naming the field', () => {
  it.each([
    ['not an object', () => validateLesson(null), 'L101', 'lesson'],
    ['an unknown key', () => ({ ok: false as const, error: broken((l) => (l.colour = 'red')) }), 'L102', 'colour'],
    ['a bad id', () => ({ ok: false as const, error: broken((l) => (l.id = 'Has Spaces')) }), 'L103', 'id'],
    [
      'a title written in place, not a dictionary key',
      () => ({ ok: false as const, error: broken((l) => (l.title = { zh: '课', en: 'Lesson' })) }),
      'L104',
      'title',
    ],
    [
      'an unknown scenario',
      () => ({ ok: false as const, error: broken((l) => (l.scenario = 'nope')) }),
      'L105',
      'scenario',
    ],
    ['a fractional seed', () => ({ ok: false as const, error: broken((l) => (l.seed = 1.5)) }), 'L106', 'seed'],
    ['an unknown design', () => ({ ok: false as const, error: broken((l) => (l.design = 'best')) }), 'L107', 'design'],
    [
      'a bad config',
      () => ({ ok: false as const, error: broken((l) => (l.config = { fuseAt: 1 })) }),
      'L108',
      'config',
    ],
    ['no stops', () => ({ ok: false as const, error: broken((l) => (l.stops = [])) }), 'L109', 'stops'],
    [
      'a caption whose key no dictionary has',
      () => ({ ok: false as const, error: broken((l) => (l.stops[3]!.caption = 'lesson.approval.nowhere.caption')) }),
      'L112',
      'stops[3].caption',
    ],
    [
      'an ask whose key one dictionary lacks',
      () => ({
        ok: false as const,
        error: broken((l) => ((l.stops[2]!.yourTurn as Record<string, unknown>).ask = ONLY_IN_ZH)),
      }),
      'L123',
      'stops[2].yourTurn.ask',
    ],
    [
      'a source not in the article',
      () => ({ ok: false as const, error: broken((l) => (l.stops[1]!.source = 'Chapter 9')) }),
      'L113',
      'stops[1].source',
    ],
    [
      'an unknown move',
      () => ({ ok: false as const, error: broken((l) => (l.stops[0]!.move = { kind: 'teleport' })) }),
      'L141',
      'stops[0].move.kind',
    ],
    [
      'a wait for no state',
      () => ({ ok: false as const, error: broken((l) => (l.stops[0]!.move = { kind: 'wait', state: 'asleep' })) }),
      'L133',
      'stops[0].move.state',
    ],
    [
      'a rejection without a reason',
      () => ({
        ok: false as const,
        error: broken((l) => (l.stops[2]!.move = { kind: 'command', command: { type: 'REJECT' } })),
      }),
      'L152',
      'stops[2].move.command.reason',
    ],
    [
      'a your-turn control that is not a control',
      () => ({
        ok: false as const,
        error: broken((l) => ((l.stops[2]!.yourTurn as Record<string, unknown>).control = 'btn-magic')),
      }),
      'L122',
      'stops[2].yourTurn.control',
    ],
    [
      'a your-turn whose control is not the move',
      () => ({
        ok: false as const,
        error: broken((l) => ((l.stops[2]!.yourTurn as Record<string, unknown>).control = 'btn-approve')),
      }),
      'L126',
      'stops[2].yourTurn.control',
    ],
    [
      'a your-turn expecting no state',
      () => ({
        ok: false as const,
        error: broken((l) => ((l.stops[2]!.yourTurn as Record<string, unknown>).expect = 'done')),
      }),
      'L124',
      'stops[2].yourTurn.expect',
    ],
    [
      'a beat a story does not have',
      () => ({
        ok: false as const,
        error: broken((l) => (l.stops[0]!.move = { kind: 'beat', story: 'opening-story', beat: 7 })),
      }),
      'L136',
      'stops[0].move.beat',
    ],
    [
      'a stop without an id',
      () => ({ ok: false as const, error: broken((l) => delete l.stops[1]!.id) }),
      'L143',
      'stops[1].id',
    ],
    [
      'a stop id that is not kebab-case',
      () => ({ ok: false as const, error: broken((l) => (l.stops[1]!.id = 'Approve Now')) }),
      'L143',
      'stops[1].id',
    ],
    // What the hand-written checks let through and the schemas refuse: the types are what is checked.
    ['a list', () => validateLesson([approval]), 'L101', 'lesson'],
    [
      'a loop stage the guard does not have',
      () => ({
        ok: false as const,
        error: broken((l) => ((l.stops[0]!.shows as Record<string, unknown>).loop = 'dozing')),
      }),
      'L128',
      'stops[0].shows.loop',
    ],
    [
      'a restart from a given checkpoint',
      () => ({
        ok: false as const,
        error: broken((l) => (l.stops[0]!.move = { kind: 'command', command: { type: 'RESTART', from: null } })),
      }),
      'L151',
      'stops[0].move.command.from',
    ],
    [
      'a command with a key it does not have',
      () => ({
        ok: false as const,
        error: broken((l) => (l.stops[0]!.move = { kind: 'command', command: { type: 'TICK', times: 3 } })),
      }),
      'L151',
      'stops[0].move.command.times',
    ],
    [
      'a takeover that sets no args',
      () => ({
        ok: false as const,
        error: broken((l) => (l.stops[0]!.move = { kind: 'takeover', edit: { kind: 'set_args', step: 2 } })),
      }),
      'L140',
      'stops[0].move.edit',
    ],
    [
      'two stops with one id',
      () => ({ ok: false as const, error: broken((l) => (l.stops[4]!.id = l.stops[2]!.id)) }),
      'L144',
      'stops[4].id',
    ],
  ])('%s', (_, run, code, field) => {
    const r = run();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.error.code, r.error.field]).toEqual([code, field]);
    const said = inEvery(r.error.message);
    expect(said.en).toContain(field);
    expect(said.zh).toContain(field);
  });
});
