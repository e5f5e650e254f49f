import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../engine';
import { HARNESSES, checkpointsOf } from './harness.test-kit';

/**
 * Issue 26, item 4: which run a reload resumes. Runs were ordered by `updatedAt`, a wall time a
 * file could set: a run file with no checkpoints and `createdAt: 9007199254740991` headed the
 * list for good, so every reload opened it. Now the order is this browser's own count of run
 * writes, and a file's wall times are never later than now.
 */

const own = checkpointsOf('migration-40', { runId: 'own', until: (s) => s === 'waiting_approval' });

describe.each(HARNESSES)('the %s store orders the runs a reload resumes', (_kind, make) => {
  it('by what this browser wrote last: an imported file dated in the far future does not take over', async () => {
    let clock = 1_700_000_000_000;
    const h = make({ now: () => (clock += 1000) });
    expect((await h.store.put(own[0] as Checkpoint)).ok).toBe(true);
    const file = {
      format: 'harness-sim.run/1',
      run: { runId: 'imported', scenario: 'migration-40', seed: 1, createdAt: Number.MAX_SAFE_INTEGER },
      checkpoints: [],
    };
    const imported = await h.store.importRun(JSON.stringify(file));
    expect(imported.ok).toBe(true);
    let { runs } = await h.store.listRuns();
    // Just imported, it is what this browser touched last: first, but dated no later than now.
    expect(runs.map((r) => r.runId)).toEqual(['imported', 'own']);
    expect(runs[0]?.createdAt).toBeLessThanOrEqual(clock);
    // The student goes on with their own run: a reload resumes that one.
    expect((await h.store.put(own[1] as Checkpoint)).ok).toBe(true);
    ({ runs } = await h.reopen().listRuns());
    expect(runs.map((r) => r.runId)).toEqual(['own', 'imported']);
  });

  it('whatever the clock does: a clock stepped back an hour does not reorder the runs', async () => {
    let clock = 1_700_000_000_000;
    const h = make({ now: () => clock });
    const other = checkpointsOf('migration-40', { runId: 'other' });
    expect((await h.store.put(own[0] as Checkpoint)).ok).toBe(true);
    clock += 60_000;
    expect((await h.store.put(other[0] as Checkpoint)).ok).toBe(true);
    clock -= 3_600_000;
    expect((await h.store.put(own[1] as Checkpoint)).ok).toBe(true);
    const { runs, skipped } = await h.reopen().listRuns();
    expect(skipped).toEqual([]);
    expect(runs.map((r) => r.runId)).toEqual(['own', 'other']);
  });
});
