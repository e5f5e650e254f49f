import { afterEach, describe, expect, it } from 'vitest';
import type { Checkpoint } from '../engine';
import { joinRun, type LocksLike, type RoleReason, type TabChannel, type TabRole, type TabSession } from './tabs';
import { checkpointsOf } from './harness.test-kit';

/**
 * A tiny in-memory Web Locks manager (Node has no navigator.locks): exclusive locks, a queue
 * per name, `ifAvailable`, `steal` (the holder's request rejects with AbortError) and `signal`.
 */
class FakeLocks implements LocksLike {
  private held = new Map<string, { reject: (e: unknown) => void }>();
  private waiting = new Map<string, (() => void)[]>();

  request(
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    callback: (lock: { name: string } | null) => unknown,
  ) {
    return new Promise<unknown>((resolve, reject) => {
      const grant = () => {
        const holder = { reject };
        this.held.set(name, holder);
        Promise.resolve()
          .then(() => callback({ name }))
          .then(
            (v) => {
              if (this.held.get(name) !== holder) return; // stolen meanwhile: already rejected
              this.held.delete(name);
              resolve(v);
              this.next(name);
            },
            (e: unknown) => {
              if (this.held.get(name) === holder) {
                this.held.delete(name);
                this.next(name);
              }
              reject(e);
            },
          );
      };
      if (options.steal) {
        this.held.get(name)?.reject(new DOMException('The lock was stolen.', 'AbortError'));
        grant();
      } else if (!this.held.has(name)) {
        grant();
      } else if (options.ifAvailable) {
        Promise.resolve()
          .then(() => callback(null))
          .then(resolve, reject);
      } else {
        const queue = this.waiting.get(name) ?? [];
        queue.push(grant);
        this.waiting.set(name, queue);
        options.signal?.addEventListener('abort', () => {
          const q = this.waiting.get(name) ?? [];
          if (!q.includes(grant)) return;
          q.splice(q.indexOf(grant), 1);
          reject(new DOMException('The request was aborted.', 'AbortError'));
        });
      }
    });
  }

  private next(name: string) {
    this.waiting.get(name)?.shift()?.();
  }
}

/** Waits (briefly) for a condition that messages or lock grants make true. */
async function until(cond: () => boolean, ms = 1000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const cps = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' });
const newest = cps[cps.length - 1] as Checkpoint;

const sessions: TabSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
});

/** Opens a "tab" on the run: its session plus what it heard. */
async function tab(locks: LocksLike | null, runId = 'run-1', tabId?: string) {
  const s = await joinRun(runId, { locks, ...(tabId ? { tabId } : {}) });
  sessions.push(s);
  const heard: Checkpoint[] = [];
  const roles: [TabRole, RoleReason][] = [];
  s.onCheckpoint((cp) => heard.push(cp));
  s.onRole((role, why) => roles.push([role, why]));
  return { s, heard, roles };
}

describe('two tabs on one run', () => {
  it('exactly one drives: the first; the second follows', async () => {
    const locks = new FakeLocks();
    const a = await tab(locks);
    const b = await tab(locks);
    expect([a.s.role, b.s.role]).toEqual(['driver', 'follower']);
    expect(a.s.status).toEqual({ locks: true, channel: true });
  });

  it('the follower receives each checkpoint the driver announces; the follower cannot announce', async () => {
    const locks = new FakeLocks();
    const a = await tab(locks);
    const b = await tab(locks);
    await until(() => a.s.peers === 1 && b.s.peers === 1);
    expect(a.s.announce(newest)).toBe(true);
    await until(() => b.heard.length === 1);
    expect(b.heard).toEqual([newest]);
    expect(b.s.announce(newest)).toBe(false);
    // b's goodbye goes out after anything its announce could have sent: once a hears it, nothing came.
    b.s.close();
    await until(() => a.s.peers === 0);
    expect(a.heard).toEqual([]);
  });

  it('drive here: the follower drives, the old driver follows and is told why', async () => {
    const locks = new FakeLocks();
    const a = await tab(locks);
    const b = await tab(locks);
    expect(await b.s.driveHere()).toBe(true);
    expect(b.s.role).toBe('driver');
    expect(b.roles).toEqual([['driver', 'drove_here']]);
    await until(() => a.s.role === 'follower');
    expect(a.roles).toEqual([['follower', 'driven_elsewhere']]);
    // Roles swapped for real: now the other direction carries checkpoints.
    await until(() => b.s.peers === 1);
    expect(a.s.announce(newest)).toBe(false);
    expect(b.s.announce(newest)).toBe(true);
    await until(() => a.heard.length === 1);
  });

  it('driving here back and forth leaves exactly one driver each time', async () => {
    const locks = new FakeLocks();
    const a = await tab(locks);
    const b = await tab(locks);
    for (const t of [b, a, b, a]) {
      await t.s.driveHere();
      await until(() => [a, b].filter((x) => x.s.role === 'driver').length === 1 && t.s.role === 'driver');
    }
    // A checkpoint the driver sends arrives after every role message sent before it: no late flip.
    await until(() => a.s.peers === 1);
    expect(a.s.announce(newest)).toBe(true);
    await until(() => b.heard.length === 1);
    expect([a.s.role, b.s.role]).toEqual(['driver', 'follower']);
  });

  it('when the driver tab goes, the follower drives on by itself', async () => {
    const locks = new FakeLocks();
    const a = await tab(locks);
    const b = await tab(locks);
    a.s.close();
    await until(() => b.s.role === 'driver');
    expect(b.roles).toEqual([['driver', 'promoted']]);
  });

  it('a tab alone on its run sends nothing; it does once another joins, and stops when that one leaves', async () => {
    const locks = new FakeLocks();
    const a = await tab(locks);
    expect(a.s.peers).toBe(0);
    expect(a.s.announce(newest)).toBe(false);
    const b = await tab(locks);
    await until(() => a.s.peers === 1);
    expect(a.s.announce(newest)).toBe(true);
    await until(() => b.heard.length === 1);
    b.s.close();
    await until(() => a.s.peers === 0);
    expect(a.s.announce(newest)).toBe(false);
  });

  it('the driver hears when a tab joins, so it can show the newcomer where the run stands', async () => {
    const locks = new FakeLocks();
    const a = await tab(locks);
    let joined = 0;
    a.s.onPeer(() => joined++);
    await tab(locks);
    await until(() => joined === 1);
  });

  it('tabs on different runs each drive their own', async () => {
    const locks = new FakeLocks();
    const a = await tab(locks, 'run-1');
    const b = await tab(locks, 'run-2');
    expect([a.s.role, b.s.role]).toEqual(['driver', 'driver']);
    // A follower on run-1, so a's checkpoint really goes out on the channel the tabs share.
    const c = await tab(locks, 'run-1');
    await until(() => a.s.peers === 1);
    expect(a.s.announce(newest)).toBe(true);
    await until(() => c.heard.length === 1);
    // A tab joining run-2 says hello after a's checkpoint went out; b hears messages in the order sent.
    await tab(locks, 'run-2');
    await until(() => b.s.peers === 1);
    expect(b.heard).toEqual([]);
  });

  it('a malformed message from another tab is ignored', async () => {
    const locks = new FakeLocks();
    await tab(locks);
    const b = await tab(locks);
    const bc = new BroadcastChannel('harness-sim');
    bc.postMessage({
      schema: 'harness-sim.tab/1',
      type: 'checkpoint',
      runId: 'run-1',
      from: 'x',
      checkpoint: { ...newest, done: 'not ranges' },
    });
    bc.postMessage('<img src=x onerror=alert(1)>');
    bc.postMessage({ schema: 'harness-sim.tab/1', type: 'checkpoint', runId: 'run-1', from: 'x', checkpoint: newest });
    await until(() => b.heard.length === 1);
    bc.close();
    expect(b.heard).toEqual([newest]);
  });
});

describe('without Web Locks', () => {
  it('the tab drives, and its status says so', async () => {
    const a = await tab(null);
    expect(a.s.role).toBe('driver');
    expect(a.s.status.locks).toBe(false);
    expect(a.s.status.notice).toMatch(/Web Locks are unavailable/);
    expect(await a.s.driveHere()).toBe(true);
  });

  it('a lock manager that refuses the page also leaves the tab driving, with a notice', async () => {
    const refusing: LocksLike = { request: () => Promise.reject(new DOMException('denied', 'SecurityError')) };
    const a = await tab(refusing);
    expect(a.s.role).toBe('driver');
    expect(a.s.status).toMatchObject({ locks: false, notice: expect.stringMatching(/Web Locks/) });
  });

  it('without a channel the tab still drives, and says followers will not follow live', async () => {
    const none = (): TabChannel | null => null;
    const s = await joinRun('run-1', { locks: new FakeLocks(), channel: none });
    sessions.push(s);
    expect(s.role).toBe('driver');
    expect(s.status).toMatchObject({ locks: true, channel: false, notice: expect.stringMatching(/BroadcastChannel/) });
    // Nobody can hear it: nothing is sent.
    expect(s.announce(newest)).toBe(false);
  });
});
