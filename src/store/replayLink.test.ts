import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, type SimCommand } from '../engine';
import { packReplay } from '../share';
import { useSimStore } from './simStore';

/**
 * A share link's replay as boot runs it (issue 40): `["S","T","F:timeout"×N]` under `no-fuse`
 * made a checkpoint per command, and each was written and checked whole on the spot (quadratic,
 * in one task); the replay now writes the newest checkpoint its design kept, once.
 */

vi.stubGlobal('window', { location: { href: 'http://localhost/' }, history: { replaceState: () => undefined } });

const st = () => useSimStore.getState();

const hostile = (n: number): SimCommand[] => [
  { type: 'START' },
  { type: 'TICK' },
  ...Array.from({ length: n }, () => ({ type: 'FAIL_NOW' as const, error: 'timeout' as const })),
];

describe('a shared link replayed at boot', () => {
  it('writes one checkpoint, the newest its design kept, whatever the link carries; a reload reads it', async () => {
    const written: number[] = [];
    const write = st().onCheckpoint;
    useSimStore.setState({
      onCheckpoint: (cp, ctx) => {
        written.push(cp.seq);
        write(cp, ctx);
      },
    });
    const packed = await packReplay({ config: DEFAULT_CONFIG, commands: hostile(200) });
    await st().boot(`?run=new&scenario=migration-40&design=no-fuse&replay=${packed}`);
    await vi.waitFor(() => expect(st().writesPending).toBe(0));
    expect(st().notice).toBeNull();
    expect(st().sim.state).toBe('tool_failed');
    const newest = st().sim.newest!;
    expect(newest.seq).toBeGreaterThan(200);
    expect(written).toEqual([newest.seq]);
    const stored = await st().persist.latest(st().sim.context.runId);
    expect(stored.checkpoint?.seq).toBe(newest.seq);
    expect(stored.checkpoint?.ledger.length).toBe(newest.ledger.length);
    // The page shows the run as it stands once that checkpoint is durable.
    await vi.waitFor(() => expect(st().view.newest?.seq).toBe(newest.seq));
    expect(st().storage.status).not.toBe('error');
    useSimStore.setState({ onCheckpoint: write });
  });
});

describe('a link naming what the page has not got', () => {
  it('says which scenario and design it replaced, and with what (scenario=nope&design=evil)', async () => {
    const packed = await packReplay({ config: DEFAULT_CONFIG, commands: [{ type: 'START' }] });
    await st().boot(`?run=new&scenario=nope&design=evil&replay=${packed}`);
    expect(st().sim.scenario.id).toBe('migration-40');
    expect(st().notice?.text).toMatch(/scenario "nope" does not exist: this run uses migration-40/);
    // The design the page's settings hold (the last one chosen) stands in for it.
    expect(st().notice?.text).toContain(`design "evil" does not exist: this run uses ${st().sim.design.id}.`);
    useSimStore.setState({ lang: 'zh' });
    await st().boot('?run=new&scenario=nope');
    expect(st().notice?.text).toMatch(/场景 "nope" 不存在，换成了 migration-40/);
    useSimStore.setState({ lang: 'en' });
    await st().boot('?run=new&scenario=migration-40&design=no-fuse');
    expect(st().notice).toBeNull();
  });

  it('says a seed it cannot take, and runs with seed 1 (seed=x1)', async () => {
    await st().boot('?run=new&scenario=migration-40&seed=x1');
    expect(st().sim.context.seed).toBe(1);
    expect(st().notice?.text).toBe(
      'The URL\'s seed "x1" is not a whole number from 0 to 2^53 − 1: this run uses seed 1.',
    );
    await st().boot('?run=new&scenario=migration-40&seed=12');
    expect([st().sim.context.seed, st().notice]).toEqual([12, null]);
  });
});
