import { inEvery } from '../i18n/all';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LESSONS, findLesson, playTo, type Lesson } from '../lessons';
import { checkpointAt } from '../persistence';
import type { SimCommand } from '../engine';
import { lessonRunIds } from './lessonRuns';
import { isLessonRun } from './storage';
import { stepsAtRisk, useSimStore } from './simStore';
import { settled, st } from './page.test-kit';

/**
 * A lesson's runs in storage (issue 39, item 3) and the meters after the student's own press
 * (item 4), on fake IndexedDB, through the store as LessonBar drives it.
 */

vi.stubGlobal('window', { location: { href: 'http://localhost/' }, history: { replaceState: () => undefined } });

const lesson = (id: string): Lesson => findLesson(id)!;
/** The stop of `l` whose English caption says `words`. */
const stopSaying = (l: Lesson, words: string) => l.stops.findIndex((s) => inEvery(s.caption).en.includes(words));

/** What LessonBar does at a stop: replay it under fresh run ids, then have the store write and show it. */
async function showStop(l: Lesson, at: number, script = false) {
  const pos = playTo(l, at, { script, runId: lessonRunIds(l.id) });
  expect(await st().showLesson(l.id, pos)).toBe(true);
  await settled();
  return pos;
}

/** The figures the page shows: the meters, the checkpoint's bytes, the history. */
const figures = () => ({
  count: st().view.context.seq,
  newestBytes: st().newestBytes,
  atRisk: stepsAtRisk(st()),
  bytesWritten: st().bytesWritten,
  history: st().history.map((h) => [h.seq, h.state, h.trigger, h.storedBytes]),
});

let freeRun = '';
beforeEach(async () => {
  await st().boot('?run=new&scenario=migration-40');
  for (let i = 0; i < 6; i++) st().send(st().sim.state === 'created' ? { type: 'START' } : { type: 'TICK' });
  await settled();
  freeRun = st().sim.context.runId;
});

describe('a lesson run in storage', () => {
  it('is written before it is shown: bytes written, the history, all read back from disk', async () => {
    const l = lesson('three-endings');
    const at = stopSaying(l, 'still on disk');
    const pos = await showStop(l, at);
    const runId = pos.sim.context.runId;
    expect(isLessonRun(runId)).toBe(true);
    expect(st().sim).toBe(pos.sim);
    expect(st().bytesWritten).toBeGreaterThan(0);
    const stored = await st().persist.list(runId);
    expect(stored.items.length).toBeGreaterThan(0);
    expect(st().history).toEqual(stored.items);
    expect(st().history[0]?.seq).toBe(pos.sim.newest?.seq);
    expect((await st().persist.latest(runId)).checkpoint).toEqual(pos.sim.newest);
    // Each segment that wrote a checkpoint is a run of the lesson; the runs list shows them.
    expect(st().lessonRuns.map((r) => r.runId)).toEqual(
      pos.runs.filter((r) => r.checkpoints.length > 0).map((r) => r.meta.runId),
    );
    expect(st().lessonRuns.length).toBeGreaterThan(1);
  });

  it('is the tab’s own to drive, though another tab drives the student’s run', async () => {
    useSimStore.setState({ role: 'follower' });
    const l = lesson('fuse');
    await showStop(l, 1);
    expect(st().role).toBe('driver');
    expect(st().send({ type: 'FAIL_NOW', error: 'not_found' })).toBe(true);
    await settled();
    expect(st().history[0]).toMatchObject({ state: 'tool_failed', trigger: 'failure' });
  });

  it('is replaced at the next stop, and never mixed with the student’s own runs', async () => {
    const l = lesson('three-endings');
    const first = await showStop(l, 5);
    const second = await showStop(l, 6);
    const { runs } = await st().persist.listRuns();
    const stored = runs.map((r) => r.runId);
    for (const r of first.runs) expect(stored).not.toContain(r.meta.runId);
    expect(stored).toContain(second.sim.context.runId);
    expect(stored).toContain(freeRun);
    // Free play's list and a reload's resume never pick a lesson run, though it was written last.
    expect(st().runs.every((r) => !isLessonRun(r.runId))).toBe(true);
    await st().boot('');
    expect(st().sim.context.runId).toBe(freeRun);
    expect(st().lessonRun).toBe(false);
    expect(st().lessonRuns).toEqual([]);
  });

  it('exported and imported, is the student’s own run: listed in free play', async () => {
    await showStop(lesson('approval'), 1);
    const text = await st().exportRun();
    expect(text).not.toBeNull();
    await st().importRun(text!);
    const runId = st().sim.context.runId;
    expect(isLessonRun(runId)).toBe(false);
    expect(st().lessonRun).toBe(false);
    expect(st().runs.map((r) => r.runId)).toContain(runId);
  });

  it('forks cancel-resume from a stored checkpoint of the cancelled run, which stays stored', async () => {
    const l = lesson('cancel-resume');
    const at = l.stops.findIndex((s) => s.move.kind === 'fork');
    await showStop(l, at);
    const fork = st().lessonRuns.find((r) => r.branch !== null)!;
    expect(fork.runId).toBe(st().sim.context.runId);
    const origin = st().lessonRuns.find((r) => r.runId === fork.branch!.from)!;
    expect(origin.state).toBe('cancelled');
    const from = await checkpointAt(st().persist, origin.runId, fork.branch!.seq);
    if (!from.ok) throw new Error(from.error);
    expect(from.checkpoint).toMatchObject({ trigger: 'before_suspend', state: 'waiting_approval' });
    const first = await checkpointAt(st().persist, fork.runId, fork.branch!.seq);
    if (!first.ok) throw new Error(first.error);
    expect({ ...first.checkpoint, runId: origin.runId, branch: undefined }).toEqual({
      ...from.checkpoint,
      branch: undefined,
    });
  });
});

/** What the control of a your-turn sends, as the page's buttons do (approve and restart read the disk). */
async function press(cmd: SimCommand) {
  if (cmd.type === 'APPROVE') await st().approve();
  else if (cmd.type === 'RESTART') await st().restart();
  else st().send(cmd);
  await settled();
}

/** The state shown, and the runs list as a person reads it (ids and times are each replay's own). */
const runsShown = () => ({
  state: st().view.state,
  runs: st().lessonRuns.map((r) => [r.state, r.step, r.newestSeq, r.checkpoints, r.bytes, r.design]),
});

/** Every your-turn stop of every lesson: [lesson, stop index]. */
const TURNS = LESSONS.flatMap((l) => l.stops.flatMap((s, i) => (s.yourTurn ? [[l.id, i] as const] : [])));

describe('the student’s own press in a your-turn stop', () => {
  it.each(TURNS)('%s stop %i: the page reads the run exactly as after "show me"', async (id, at) => {
    const l = lesson(id);
    await showStop(l, at);
    const move = l.stops[at]!.move;
    if (move.kind !== 'command') throw new Error('a your-turn stop of one command');
    await press(move.command);
    const pressed = { ...figures(), ...runsShown() };
    await showStop(l, at, true);
    expect(pressed).toEqual({ ...figures(), ...runsShown() });
  });

  // The issue's own probe: the count moved, and the bytes and the steps at risk with it.

  it.each([
    ['replay-takeover', 1],
    ['fuse', 1],
  ])('%s at stop %i: every meter reads the run as "show me" leaves it', async (id, at) => {
    const l = lesson(id);
    const pos = await showStop(l, at);
    expect(pos.awaiting).toBe(true);
    const before = figures();
    const move = l.stops[at]!.move;
    if (move.kind !== 'command') throw new Error('a your-turn stop of one command');
    st().send(move.command);
    await settled();
    const pressed = figures();
    expect(pressed.count).toBeGreaterThan(before.count);
    await showStop(l, at, true);
    expect(pressed).toEqual(figures());
    expect(pressed.newestBytes).not.toBe(before.newestBytes);
  });
});
