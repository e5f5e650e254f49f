import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stepsAtRisk, useSimStore } from './simStore';
import { isPlaying } from './player';
import { MAX_WRITES_IN_FLIGHT } from './run';
import { createMemoryStore, joinRun, leaseLocks, openCheckpointStore, type PageStore } from '../persistence';
import { drive, settled, st } from './page.test-kit';

/**
 * The store as the page uses it, on fake IndexedDB: publishing, a failed write said out loud,
 * resume after a reload, takeover. (The publish gate's interleavings: publish.test.ts.)
 */

vi.stubGlobal('window', { location: { href: 'http://localhost/' }, history: { replaceState: () => undefined } });

beforeEach(async () => {
  st().setSettings({ density: 'every_step' });
  await st().boot('?run=new&scenario=migration-40');
});

describe('a seed the URL gives', () => {
  it('past 2^53 starts the run with seed 1 and says so, and the run is saved readable', async () => {
    // Issue 26's probe: parseInt read it as 1e20, stored an index no reader accepts (E513),
    // and every later write failed (E507).
    await st().boot('?run=new&scenario=migration-40&seed=99999999999999999999');
    expect(st().sim.context.seed).toBe(1);
    expect(st().notice).toMatchObject({ kind: 'error', text: expect.stringMatching(/seed "99999999999999999999"/) });
    await drive(3);
    const { runs, skipped } = await st().persist.listRuns();
    expect(skipped).toEqual([]);
    expect(runs.find((r) => r.runId === st().sim.context.runId)?.newestSeq).toBe(st().sim.newest?.seq);
  });
});

describe('publishing', () => {
  it('shows the run once its checkpoints are durable, with nothing at risk', async () => {
    await drive(8);
    const { checkpoint } = await st().persist.latest(st().sim.context.runId);
    expect(checkpoint?.seq).toBe(st().view.newest?.seq);
    expect(st().storage.status).toBe('indexeddb');
    expect(stepsAtRisk(st())).toBe(0);
    expect(st().history[0]?.seq).toBe(checkpoint?.seq);
  });
});

describe('a fast-forward on slow storage', () => {
  it('never has more than MAX_WRITES_IN_FLIGHT writes out, and ends where it aimed with no storage alarm', async () => {
    const real = st().persist;
    let most = 0;
    // Every write takes 15 ms: a fast-forward makes checkpoints far faster than that.
    const slow: PageStore = {
      ...real,
      put: async (cp, w) => {
        most = Math.max(most, st().writesInFlight());
        await new Promise((r) => setTimeout(r, 15));
        return real.put(cp, w);
      },
    };
    useSimStore.setState({ persist: slow });
    st().fastForwardToApproval();
    await vi.waitFor(() => expect(st().view.state).toBe('waiting_approval'), { timeout: 20_000 });
    expect(most).toBeLessThanOrEqual(MAX_WRITES_IN_FLIGHT);
    expect(most).toBeGreaterThan(1);
    expect(st().storage.status).toBe('indexeddb');
    useSimStore.setState({ persist: real });
  });
});

describe('a failed write', () => {
  it('pauses play, turns storage to error, counts the unsaved steps, and a retry clears it', async () => {
    await drive(4);
    const real = st().persist;
    const full: PageStore = {
      ...real,
      put: async () => ({
        ok: false,
        code: 'E705',
        message: 'E705: E502: Storage is full (QuotaExceededError): checkpoint was not saved.',
        quota: true,
        stale: false,
      }),
    };
    useSimStore.setState({ persist: full });
    st().play();
    await drive(4);
    expect(isPlaying(st().player.getSnapshot())).toBe(false);
    expect(st().storage.status).toBe('error');
    expect(st().writeFailure?.failure).toBe('quota');
    expect(st().notice?.text).toMatch(/E502/);
    expect(stepsAtRisk(st())).toBeGreaterThan(0);

    useSimStore.setState({ persist: real });
    st().retryWrite();
    await settled();
    await vi.waitFor(() => expect(st().storage.status).toBe('indexeddb'));
    expect(st().writeFailure).toBeNull();
    expect(stepsAtRisk(st())).toBe(0);
    st().pause();
  });
});

describe('resume', () => {
  it('a reload resumes the newest stored checkpoint of the scenario', async () => {
    await drive(10);
    const runId = st().sim.context.runId;
    const { checkpoint } = await st().persist.latest(runId);
    await st().boot('?scenario=migration-40');
    expect(st().sim.context.runId).toBe(runId);
    expect(st().resumed?.seq).toBe(checkpoint?.seq);
    expect(st().view.context.cursor).toBe(checkpoint?.step);
    expect(st().ready).toBe(true);
  });
});

describe('human takeover (editStep)', () => {
  it('a skip is stored as the newest checkpoint and the run goes on from it', async () => {
    await drive(6);
    const step = st().sim.context.cursor + 1;
    const error = await st().editStep({ kind: 'skip', step });
    expect(error).toBeNull();
    const { checkpoint } = await st().persist.latest(st().sim.context.runId);
    expect(checkpoint?.seq).toBe(st().sim.newest?.seq);
    expect(st().view.context.todos[step - 1]).toBe('skipped');
  });

  it('an oversized args edit is refused and changes nothing', async () => {
    await drive(6);
    const before = st().sim.newest?.seq;
    const error = await st().editStep({
      kind: 'set_args',
      step: st().sim.context.cursor + 1,
      args: { path: 'x'.repeat(400_000) },
    });
    expect(error).toMatch(/E4/);
    expect(st().sim.newest?.seq).toBe(before);
  });
});

describe('an IndexedDB that answered late', () => {
  it('moves the run from memory to IndexedDB and the badge says so', async () => {
    useSimStore.setState({ persist: createMemoryStore(), storage: { status: 'memory', message: 'E518' } });
    await drive(5);
    const opened = await openCheckpointStore({ dbName: 'late-answer' });
    await st().adoptStore(opened);
    expect(st().storage.status).toBe('indexeddb');
    expect((await opened.store.latest(st().sim.context.runId)).checkpoint?.seq).toBe(st().sim.newest?.seq);
  });

  it('moves a fresh run whose save, sent with the slow probe, landed in IndexedDB meanwhile', async () => {
    await st().boot('?run=new&scenario=migration-40');
    const { runId, seed } = st().sim.context;
    expect(st().sim.newest).toBeNull();
    useSimStore.setState({ persist: createMemoryStore(), storage: { status: 'memory', message: 'E518' } });
    const opened = await openCheckpointStore({ dbName: 'late-answer-fresh' });
    expect((await opened.store.createRun({ runId, scenario: 'migration-40', seed })).ok).toBe(true);
    await st().adoptStore(opened);
    expect(st().storage.status).toBe('indexeddb');
    expect(st().persist).toBe(opened.store);
  });
});

describe('follow and drive (two tabs, no Web Locks)', () => {
  it('a second tab that drives here makes this one follow; when it goes, this one re-reads storage and drives', async () => {
    await drive(4);
    const runId = st().sim.context.runId;
    expect(st().role).toBe('driver');
    const bc = new BroadcastChannel('harness-sim-lease');
    const other = await joinRun(runId, {
      locks: leaseLocks(
        {
          post: (m) => bc.postMessage(m),
          listen: (fn) => (bc.onmessage = (e: MessageEvent) => fn(e.data)),
          close: () => bc.close(),
        },
        'other-tab',
      ),
    });
    expect(other.role).toBe('follower');
    expect(await other.driveHere()).toBe(true);
    await vi.waitFor(() => expect(st().role).toBe('follower'));
    expect(st().send({ type: 'TICK' })).toBe(false);
    // The other tab stored a checkpoint while it drove (written here as if by it).
    const newer = {
      ...(st().sim.newest as NonNullable<ReturnType<typeof st>['sim']['newest']>),
      seq: (st().sim.newest?.seq ?? 0) + 1,
    };
    expect((await st().persist.put(newer, { tab: other.tabId, epoch: 2, claim: true })).ok).toBe(true);
    other.close();
    await vi.waitFor(() => expect(st().role).toBe('driver'));
    bc.close();
    expect(st().sim.newest?.seq).toBe(newer.seq);
    expect(st().send({ type: 'TICK' })).toBe(true);
    await settled();
    expect(st().storage.status).toBe('indexeddb');
  });
});

describe('what a person made of a run (an export note, a replay) stays with that run', () => {
  it('a follower keeps it while the driver announces (a new Sim of the same run), and drops it for another run', async () => {
    await drive(2);
    const note = { omitted: 3, unreadable: 0 };
    useSimStore.setState({ role: 'follower', exported: note });
    const same = st().sim.copy();
    useSimStore.setState({ sim: same });
    expect(st().exported).toEqual(note);
    await st().newRun('migration-40', 2);
    expect(st().exported).toBeNull();
    useSimStore.setState({ role: 'driver' });
  });
});
