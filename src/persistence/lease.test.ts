import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEASE_MS, leaseLocks } from './lease';
import { joinRun, type TabChannel, type TabSession } from './tabs';
import { checkpointsOf, memoryHarness } from './harness.test-kit';
import type { Checkpoint } from '../engine';

/**
 * Two tabs without Web Locks (plain http): the lease over BroadcastChannel elects one driver,
 * "drive here" moves it, and a driver that goes (or dies) lets a follower drive on.
 * Real BroadcastChannels (Node has them), one pair of names per test.
 */

let n = 0;
const open: { close(): void }[] = [];
function channelOf(name: string): TabChannel {
  const bc = new BroadcastChannel(name);
  const c: TabChannel = {
    post: (m) => bc.postMessage(m),
    listen: (fn) => (bc.onmessage = (e: MessageEvent) => fn(e.data)),
    close: () => bc.close(),
  };
  open.push(c);
  return c;
}

afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

/** A tab: its own lease channel and tab channel, on names shared by the test's tabs. */
async function tab(id: string, names: { lease: string; tabs: string }, runId = 'run-1') {
  const leaseChannel = channelOf(names.lease);
  const locks = leaseLocks(leaseChannel, id);
  const s = await joinRun(runId, { locks, channel: () => channelOf(names.tabs), tabId: id });
  return { s, locks, leaseChannel };
}

const names = () => ({ lease: `lease-test-${++n}`, tabs: `tabs-test-${n}` });
const roles = (...tabs: TabSession[]) => tabs.map((t) => t.role);

describe('two tabs without Web Locks', () => {
  it('elect exactly one driver, and drive-here moves it', async () => {
    const nm = names();
    const a = await tab('A', nm);
    const b = await tab('B', nm);
    expect(roles(a.s, b.s)).toEqual(['driver', 'follower']);
    expect(await b.s.driveHere()).toBe(true);
    await vi.waitFor(() => expect(roles(a.s, b.s)).toEqual(['follower', 'driver']));
    a.s.close();
    b.s.close();
  });

  it('two tabs that join at once never both write: the fencing counter admits one writer at a time', async () => {
    // The lease can let both tabs report driver for a moment (~50 ms in 3 of 3 trials in the
    // review). Each tab writes as the store's tab slice does (store/tab.ts): elected, its first write claims the run from
    // the epoch it read; refused by the fence while it still drives, it claims afresh.
    const nm = names();
    const h = memoryHarness();
    const stores = { A: h.store, B: h.reopen() };
    const base = checkpointsOf('migration-40', { runId: 'run-1' })[0] as Checkpoint;
    expect((await stores.A.createRun({ runId: 'run-1', scenario: 'migration-40', seed: 1 })).ok).toBe(true);
    const [a, b] = await Promise.all([tab('A', nm), tab('B', nm)]);
    const held = { A: { epoch: 1, claim: true }, B: { epoch: 1, claim: true } };
    const landed: { tab: 'A' | 'B'; epoch: number }[] = [];
    let bothDrove = 0;
    let seq = 0;
    const write = async (id: 'A' | 'B', s: TabSession) => {
      if (s.role !== 'driver') return;
      const w = { tab: id, ...held[id] };
      const r = await stores[id].put({ ...base, seq: ++seq }, w);
      if (r.ok) {
        landed.push({ tab: id, epoch: w.epoch });
        held[id] = { epoch: w.epoch, claim: false };
      } else if (r.message.startsWith('E701: E519') && s.role === 'driver') {
        const e = await stores[id].claim('run-1', id);
        if (e !== null) held[id] = { epoch: e, claim: false };
      }
    };
    // Both tabs' roles sampled, and a write tried by each that says it drives, every 5 ms.
    for (let t = 0; t < 120; t++) {
      if (a.s.role === 'driver' && b.s.role === 'driver') bothDrove++;
      await Promise.all([write('A', a.s), write('B', b.s)]);
      await new Promise((r) => setTimeout(r, 5));
    }
    // Whatever the roles said, the writes that landed came one tab per epoch, epochs only rising.
    for (let i = 1; i < landed.length; i++) {
      const [p, c] = [landed[i - 1], landed[i]] as [(typeof landed)[0], (typeof landed)[0]];
      expect(c.epoch).toBeGreaterThanOrEqual(p.epoch);
      if (c.epoch === p.epoch) expect(c.tab).toBe(p.tab);
    }
    // And once the lease settles, the one driver is the one whose writes land.
    const driver = a.s.role === 'driver' ? 'A' : 'B';
    expect(roles(a.s, b.s).filter((r) => r === 'driver')).toHaveLength(1);
    expect(landed.at(-1)?.tab).toBe(driver);
    expect((await stores.A.run('run-1'))?.driver).toBe(driver);
    expect(bothDrove).toBeLessThan(120);
    a.s.close();
    b.s.close();
  });

  it('two tabs that join at once still end with one driver', async () => {
    const nm = names();
    const [a, b] = await Promise.all([tab('A', nm), tab('B', nm)]);
    await vi.waitFor(() => expect(roles(a.s, b.s).filter((r) => r === 'driver')).toHaveLength(1), { timeout: 3000 });
    a.s.close();
    b.s.close();
  });

  it('a driver too busy to answer a new tab in time keeps driving: the new tab yields to the earlier claim', async () => {
    const nm = names();
    // A hears every message 300 ms late (its main thread busy), past the new tab's query window.
    const bc = new BroadcastChannel(nm.lease);
    const slow: TabChannel = {
      post: (m) => bc.postMessage(m),
      listen: (fn) => (bc.onmessage = (e: MessageEvent) => setTimeout(() => fn(e.data), 300)),
      close: () => bc.close(),
    };
    open.push(slow);
    const locksA = leaseLocks(slow, 'A');
    const a = await joinRun('run-1', { locks: locksA, channel: () => channelOf(nm.tabs), tabId: 'A' });
    expect(a.role).toBe('driver');
    // B's id orders after A's: on the tab id alone, B's claim of the same epoch would win.
    const b = await tab('B', nm);
    await vi.waitFor(() => expect(roles(a, b.s)).toEqual(['driver', 'follower']), { timeout: LEASE_MS });
    await new Promise((r) => setTimeout(r, 700));
    expect(roles(a, b.s)).toEqual(['driver', 'follower']);
    a.close();
    b.s.close();
  });

  it('when the driver leaves, the follower drives on at once', async () => {
    const nm = names();
    const a = await tab('A', nm);
    const b = await tab('B', nm);
    a.s.close();
    await vi.waitFor(() => expect(b.s.role).toBe('driver'), { timeout: LEASE_MS / 2 });
    b.s.close();
  });

  it('when the driver dies without a word, the follower drives on once its lease runs out', async () => {
    const nm = names();
    const a = await tab('A', nm);
    const b = await tab('B', nm);
    a.leaseChannel.close(); // no more heartbeats, no release: a crashed tab
    await vi.waitFor(() => expect(b.s.role).toBe('driver'), { timeout: LEASE_MS * 3 });
    b.s.close();
  });
});

describe('joinRun where the page has no Web Locks (Node has none)', () => {
  it('elects one driver by default instead of letting every tab drive', async () => {
    const nm = names();
    const a = await joinRun('run-default', { channel: () => channelOf(nm.tabs), tabId: 'A' });
    const b = await joinRun('run-default', { channel: () => channelOf(nm.tabs), tabId: 'B' });
    expect(roles(a, b)).toEqual(['driver', 'follower']);
    expect(a.status.locks).toBe(true);
    a.close();
    await vi.waitFor(() => expect(b.role).toBe('driver'));
    b.close();
  });
});
