import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inEvery } from '../i18n/all';
import { serializeCheckpoint, Sim, type SimCommand } from '../engine';
import {
  CHALLENGES,
  MEASURES,
  checkChallenge,
  describeGoal,
  findChallenge,
  parseChallenge,
  startChallenge,
  type Challenge,
} from '.';
import { CHALLENGE_TITLES } from './meta';
import { CONTROL_IDS } from '../lessons';
import README from './README.md?raw';

const TERMINAL = ['completed', 'failed', 'cancelled'];

/** A student at the controls: each press is sent and recorded, as the page would record it. */
function student(ch: Challenge) {
  const sim = startChallenge(ch);
  const events: SimCommand[] = [];
  const s = {
    sim,
    events,
    press(...cmds: SimCommand[]) {
      for (const c of cmds) {
        sim.send(c);
        events.push(c);
      }
      return s;
    },
    /** Step (and approve) to the end, as the play and approve buttons would. */
    playToEnd() {
      for (let i = 0; i < 2_000 && !TERMINAL.includes(sim.state) && sim.alive; i++)
        s.press(sim.state === 'waiting_approval' ? { type: 'APPROVE' } : { type: 'TICK' });
      return s;
    },
    /** Step until waiting for approval. */
    stepToApproval() {
      for (let i = 0; i < 200 && sim.state !== 'waiting_approval' && !TERMINAL.includes(sim.state); i++)
        s.press({ type: 'TICK' });
      return s;
    },
    get verdict() {
      return checkChallenge(ch, sim, events);
    },
  };
  return s;
}

const ch = (id: string) => findChallenge(id)!;
const notFound: SimCommand = { type: 'FAIL_NOW', error: 'not_found' };

/** For each shipped challenge: a scripted solution, and a scripted wrong attempt. */
const CASES: Record<
  string,
  {
    solve: (s: ReturnType<typeof student>) => unknown;
    wrong: (s: ReturnType<typeof student>) => unknown;
    because: RegExp;
  }
> = {
  'one-rejection': {
    solve: (s) => s.press({ type: 'REJECT', reason: 'back up the orders table first' }).stepToApproval().playToEnd(),
    wrong: (s) => s.playToEnd(),
    because: /exactly 1 rejections/,
  },
  'crash-two-wasted': {
    solve: (s) => s.press({ type: 'CHECKPOINT' }, { type: 'CRASH' }, { type: 'RESTART' }).playToEnd(),
    wrong: (s) => s.press({ type: 'CRASH' }, { type: 'RESTART' }).playToEnd(),
    because: /at most 2 steps wasted/,
  },
  'approve-across-crash': {
    solve: (s) => s.press({ type: 'CRASH' }, { type: 'RESTART' }, { type: 'APPROVE' }).playToEnd(),
    wrong: (s) => s.playToEnd(),
    because: /at least 1 crashes/,
  },
  'fuse-without-error': {
    solve: (s) => s.press(...Array<SimCommand>(3).fill({ type: 'FAIL_NOW', error: 'no_progress' })),
    wrong: (s) => s.press(...Array<SimCommand>(3).fill({ type: 'FAIL_NOW', error: 'timeout' })),
    because: /exactly 0 tool errors/,
  },
  'detour-no-fuse': {
    solve: (s) => s.press(notFound, notFound, { type: 'CHANGE_APPROACH' }, notFound).playToEnd(),
    wrong: (s) => s.press(notFound, notFound, notFound).playToEnd(),
    because: /the fuse does not trip/,
  },
};

describe('the shipped challenges', () => {
  it('are at least five, each with a solution and a wrong attempt below', () => {
    expect(CHALLENGES.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(CASES).sort()).toEqual(CHALLENGES.map((c) => c.id).sort());
  });

  it('are each in the file named by its id, and listed by their own titles', () => {
    const dir = new URL('./files/', import.meta.url).pathname;
    const named = readdirSync(dir).map((f) => [f, (JSON.parse(readFileSync(dir + f, 'utf8')) as { id: string }).id]);
    expect(named.filter(([f, id]) => f !== `${id}.json`)).toEqual([]);
    expect(CHALLENGE_TITLES).toEqual(CHALLENGES.map((c) => ({ id: c.id, title: c.title })));
  });

  it.each(Object.keys(CASES))('%s: is open at the start, passes when solved', (id) => {
    const s = student(ch(id));
    expect(s.verdict.status).toBe('open');
    CASES[id]!.solve(s);
    expect(s.verdict.status).toBe('pass');
    expect(inEvery(s.verdict.reason).en).toMatch(/^Passed/);
  });

  it.each(Object.keys(CASES))('%s: fails when not solved, saying which goal was missed', (id) => {
    const s = student(ch(id));
    CASES[id]!.wrong(s);
    const v = s.verdict;
    expect(v.status).toBe('fail');
    expect(inEvery(v.reason).en).toMatch(CASES[id]!.because);
    expect(inEvery(v.reason).zh).toMatch(/没做到/);
  });

  it('fails at once when an upper bound is passed, before the run ends', () => {
    const s = student(ch('crash-two-wasted'));
    s.press({ type: 'CRASH' }, { type: 'RESTART' });
    for (let i = 0; i < 3; i++) s.press({ type: 'TICK' });
    expect(s.sim.state).toBe('running');
    expect(s.verdict.status).toBe('fail');
  });

  it('fails when a control outside the allowed ones is used', () => {
    const s = student(ch('fuse-without-error'));
    s.press({ type: 'CANCEL' });
    expect(s.verdict.status).toBe('fail');
    expect(inEvery(s.verdict.reason).en).toContain('CANCEL');
  });

  it('says its goal in words, in both languages', () => {
    expect(inEvery(describeGoal(ch('one-rejection')))).toEqual({
      zh: '结束在 completed；拒绝次数恰好为 1；熔断器不跳闸',
      en: 'end in completed; exactly 1 rejections; the fuse does not trip',
    });
  });
});

const VALID = JSON.stringify(findChallenge('one-rejection'));
const edit = (f: (o: Record<string, unknown>) => void) => {
  const o = JSON.parse(VALID) as Record<string, unknown>;
  f(o);
  return JSON.stringify(o);
};

describe('the challenge parser refuses bad input, naming the field', () => {
  it('reads a shipped file back to the same challenge', () => {
    expect(parseChallenge(VALID)).toEqual({ ok: true, challenge: JSON.parse(VALID) });
  });

  it.each([
    ['a file over 256 KB', () => ' '.repeat(256 * 1024 + 1), 'H101', 'file'],
    ['text that is not JSON', () => '{ "format": ', 'H102', 'file'],
    ['JSON that is a list', () => '[1, 2]', 'H103', 'file'],
    ['JSON that is not ours', () => JSON.stringify({ schema: 'harness-sim.checkpoint/1' }), 'H104', 'format'],
    ['an unknown key', () => edit((o) => (o.difficulty = 'hard')), 'H105', 'difficulty'],
    ['a title that is text', () => edit((o) => (o.title = 'Reject once')), 'H107', 'title'],
    ['an unknown scenario', () => edit((o) => (o.scenario = 'migration-x')), 'H108', 'scenario'],
    ['a seed that is text', () => edit((o) => (o.seed = '1')), 'H109', 'seed'],
    ['an unknown design', () => edit((o) => (o.design = 'fast')), 'H110', 'design'],
    ['a config the engine refuses', () => edit((o) => (o.config = { remindAt: 3, fuseAt: 2 })), 'H111', 'config'],
    ['a start in no state', () => edit((o) => (o.start = { until: 'lunch' })), 'H112', 'start.until'],
    [
      'a start checkpoint that is damaged',
      () => edit((o) => (o.start = { checkpoint: { schema: 'harness-sim.checkpoint/1' } })),
      'H113',
      'start.checkpoint',
    ],
    ['a control that is not one', () => edit((o) => (o.controls = ['btn-step', 'btn-win'])), 'H116', 'controls[1]'],
    ['an empty goal', () => edit((o) => (o.goal = [])), 'H117', 'goal'],
    [
      'a predicate on an unknown measure',
      () => edit((o) => (o.goal = [{ of: 'happiness', ge: 1 }])),
      'H122',
      'goal[0].of',
    ],
    [
      'a predicate with two comparisons',
      () => edit((o) => (o.goal = [{ of: 'tokens', le: 1, ge: 0 }])),
      'H124',
      'goal[0]',
    ],
    ['a comparison with a fraction', () => edit((o) => (o.goal = [{ of: 'tokens', le: 1.5 }])), 'H123', 'goal[0].le'],
    ['a fuse that is text', () => edit((o) => (o.goal = [{ fuse: 'no' }])), 'H121', 'goal[0].fuse'],
    // Issue 26's probes: a key `in` found on every object, a seed Number() rounds to 1e20.
    ['a config key "toString"', () => edit((o) => (o.config = { toString: 1 })), 'H111', 'config'],
    ['a seed past 2^53', () => edit((o) => (o.seed = 1e20)), 'H109', 'seed'],
    ['a control named "toString"', () => edit((o) => (o.controls = ['toString'])), 'H116', 'controls[0]'],
    // A key with a bidi control is named with it escaped, so it cannot reorder the message.
    ['an unknown key with U+202E', () => edit((o) => (o['x\u202eexe.txt'] = 1)), 'H105', 'x\\u202eexe.txt'],
  ])('%s', (_, text, code, field) => {
    const r = parseChallenge(text());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.error.code, r.error.field]).toEqual([code, field]);
    expect(inEvery(r.error.message).en).toContain(field);
  });

  it('says plainly what a start lacks, not that a missing `until` is "not a state: undefined" (H112)', () => {
    for (const start of [{}, { step: 3 }, 'waiting_approval']) {
      const r = parseChallenge(edit((o) => (o.start = start)));
      expect(!r.ok && inEvery(r.error.message)).toEqual({
        en: 'H112 start: has neither "until" (the state to play to) nor "checkpoint" (the checkpoint to start from)',
        zh: 'H112 start：既没有 "until"（要跑到的状态），也没有 "checkpoint"（从哪个存档开始）',
      });
    }
  });

  it('takes a starting checkpoint of its own scenario and design, and starts there', () => {
    const sim = new Sim({ scenario: 'migration-40' });
    sim.send({ type: 'START' });
    while (sim.state !== 'waiting_approval') sim.send({ type: 'TICK' });
    const cp = JSON.parse(serializeCheckpoint(sim.newest!));
    const r = parseChallenge(edit((o) => (o.start = { checkpoint: cp })));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(startChallenge(r.challenge)).toMatchObject({ state: 'waiting_approval' });
    const other = parseChallenge(edit((o) => ((o.start = { checkpoint: cp }), (o.design = 'no-refs'))));
    expect(other).toMatchObject({ ok: false, error: { code: 'H114', field: 'start.checkpoint' } });
    const both = parseChallenge(edit((o) => (o.start = { checkpoint: cp, until: 'running' })));
    expect(!both.ok && inEvery(both.error.message).en).toBe(
      'H112 start.until: is not a field of a start: it has "until" (and "step"), or "checkpoint" alone',
    );
  });
});

describe('the format README', () => {
  it('has a full example that parses, and is the shipped one-rejection file', () => {
    const example = /```json\n([\s\S]*?)```/.exec(README)?.[1] ?? '';
    const r = parseChallenge(example);
    expect(r).toEqual({ ok: true, challenge: findChallenge('one-rejection') });
  });

  it('lists every measure and every control a file may name', () => {
    for (const m of MEASURES) expect(README).toContain(`\`${m}\``);
    for (const c of CONTROL_IDS) expect(README).toContain(`\`${c}\``);
  });
});
