import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEASE_MS, leaseLocks } from './lease';
import { joinRun, type TabChannel, type TabSession } from './tabs';

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

  it('two tabs that join at once still end with one driver', async () => {
    const nm = names();
    const [a, b] = await Promise.all([tab('A', nm), tab('B', nm)]);
    await vi.waitFor(() => expect(roles(a.s, b.s).filter((r) => r === 'driver')).toHaveLength(1), { timeout: 3000 });
    a.s.close();
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
