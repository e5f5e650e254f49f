import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bytesAt, momentView, seekShown, shownView, stepsAtRisk, timelineOf } from './simStore';
import { isPlaying } from './player';
import { COMMANDS, press } from '../ui/controls/commands';
import { drive, st } from './page.test-kit';

/**
 * The timeline's seek (seek.ts) as the page uses it: a past moment shown everywhere the page
 * reads the run, nothing written while it is, Live exactly where the run was, and a branch from
 * the nearest checkpoint through the history's own fork.
 */

vi.stubGlobal('window', { location: { href: 'http://localhost/' }, history: { replaceState: () => undefined } });

beforeEach(async () => {
  st().setSettings({ density: 'every_step' });
  await st().boot('?run=new&scenario=migration-40');
});

describe('seeking', () => {
  it('shows the past moment to every reader, writes nothing, and Live is exactly where the run was', async () => {
    await drive(6);
    st().send({ type: 'CRASH' });
    await st().restart();
    await drive(3);
    const live = st().view;
    const moves = st().sim.moves.length;
    const stored = (await st().persist.list(st().sim.context.runId)).items.length;
    const crash = timelineOf(st().sim).events.findIndex((e) => e.marks.includes('crash'));
    st().seekTo(crash - 1);
    const seek = seekShown(st());
    expect(seek?.index).toBe(crash - 1);
    // Every reader sees the moment: the diagram, panels and code (shownView), the meters (momentView).
    expect(shownView(st())).toBe(seek?.view);
    expect(momentView(st())).toBe(seek?.view);
    expect(seek?.view.alive).toBe(true);
    expect(seek?.view.context.cursor).toBeLessThan(live.context.cursor);
    expect(bytesAt(st())).toBeLessThan(st().bytesWritten);
    expect(stepsAtRisk(st())).toBe(0);
    // A control pressed meanwhile offers a fork instead of moving the live run.
    press(
      COMMANDS.find((c) => c.id === 'step')!,
      st(),
    );
    expect(seekShown(st())?.offered).toBe(true);
    expect(isPlaying(st().player.getSnapshot())).toBe(false);
    st().goLive();
    expect(seekShown(st())).toBeNull();
    expect(shownView(st())).toBe(live);
    expect(st().sim.moves.length).toBe(moves);
    expect((await st().persist.list(st().sim.context.runId)).items.length).toBe(stored);
  });

  it('forks from the nearest checkpoint at or before the moment, with the history fork', async () => {
    await drive(8);
    const runId = st().sim.context.runId;
    const tl = timelineOf(st().sim);
    const at = tl.length - 3;
    st().seekTo(at);
    const fork = seekShown(st())?.fork;
    expect(fork?.event).toBe(tl.events.findLastIndex((e) => e.index <= at && e.checkpoint !== null));
    expect(fork?.seq).toBeLessThan(st().sim.newest!.seq);
    const spy = vi.spyOn(st(), 'forkFrom');
    await st().forkHere();
    expect(spy).toHaveBeenCalledWith(fork?.seq);
    expect(st().sim.context.runId).not.toBe(runId);
    expect(st().sim.newest?.branch).toEqual({ from: runId, seq: fork?.seq });
    expect(seekShown(st())).toBeNull();
  });

  it('ends when the page shows another run', async () => {
    await drive(4);
    st().seekTo(1);
    expect(seekShown(st())).not.toBeNull();
    await st().newRun();
    expect(seekShown(st())).toBeNull();
    expect(shownView(st())).toBe(st().view);
  });
});
