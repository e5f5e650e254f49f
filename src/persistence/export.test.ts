import { describe, expect, it } from 'vitest';
import { set } from 'idb-keyval';
import { createIdbStore, openDatabase } from './idbStore';
import { checkpointsOf } from './harness.test-kit';

/** An export that leaves checkpoints out says so in the file itself. */

const cps = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' });

describe('an export', () => {
  it('that leaves out older and unreadable checkpoints counts them in the file', async () => {
    const useStore = openDatabase(indexedDB, 'export-test');
    const store = createIdbStore({ useStore });
    for (const cp of cps) expect((await store.put(cp)).ok).toBe(true);
    const runId = cps[0]!.runId;
    await set(['cp', runId, 0], { schema: 'harness-sim.stored-checkpoint/2', junk: true }, useStore);
    const r = await store.exportRun(runId, { newest: 3 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const file = JSON.parse(r.text) as {
      run: { omitted?: { older: number; unreadable: number } };
      checkpoints: unknown[];
    };
    expect(file.checkpoints).toHaveLength(3);
    expect(file.run.omitted).toEqual({ older: cps.length - 3 + 1, unreadable: 0 });
    const whole = await store.exportRun(runId);
    if (!whole.ok) throw new Error(whole.error);
    expect(JSON.parse(whole.text).run.omitted).toEqual({ older: 0, unreadable: 1 });
    // And the file it wrote imports (the note is part of the run file's schema).
    expect((await store.importRun(r.text)).ok).toBe(true);
  });

  it('that leaves nothing out carries no note', async () => {
    const store = createIdbStore({ useStore: openDatabase(indexedDB, 'export-test-2') });
    for (const cp of cps) await store.put(cp);
    const r = await store.exportRun(cps[0]!.runId);
    if (!r.ok) throw new Error(r.error);
    expect(JSON.parse(r.text).run.omitted).toBeUndefined();
  });
});
