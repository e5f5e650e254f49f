import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../engine';
import type { Backend, Tx } from './backend';
import { checkpointsOf, runMetaOf } from './harness.test-kit';
import { idbBackend, openDatabase } from './idbStore';
import { parseKey } from './keys';
import { memoryBackend } from './memoryStore';
import { createRecordStore } from './recordStore';
import type { PageStore } from './types';

/**
 * A run's history is listed from its checkpoints' history lines, never from their records: a
 * 19 MiB imported run's 957 records, read back only to be listed, were one main-thread task of
 * 400 ms at 4x CPU (docs/BENCHMARKS.md, Untrusted input). Runs stored before the lines list as
 * they did, from their records.
 */

let dbs = 0;
const BACKENDS: [string, () => Backend][] = [
  ['indexeddb', () => idbBackend(openDatabase(indexedDB, `harness-sim-lines-${++dbs}`))],
  ['memory', memoryBackend],
];

/** `backend`, counting the checkpoint records its transactions read (`get` of a `cp` key). */
function counting(backend: Backend): { backend: Backend; records: () => number } {
  let records = 0;
  const counted = (tx: Tx): Tx => ({
    ...tx,
    get: (key) => {
      if (parseKey(key).kind === 'cp') records++;
      return tx.get(key);
    },
  });
  return {
    backend: {
      kind: backend.kind,
      read: (fn) => backend.read((tx) => fn(counted(tx))),
      write: (fn) => backend.write((tx) => fn(counted(tx))),
    },
    records: () => records,
  };
}

/** What a build before the history lines left: the same records, no `line` keys. */
async function withoutLines(backend: Backend, runId: string): Promise<void> {
  await backend.write(async (tx) => {
    for (const key of await tx.keys(['line', runId])) tx.del(key);
  });
}

const cps = checkpointsOf('migration-40', { runId: 'run-1' });
const seqs = cps.map((c) => c.seq).reverse();

describe.each(BACKENDS)('a run listed by the %s store', (_kind, make) => {
  const stored = async (
    write: (s: PageStore) => Promise<unknown>,
  ): Promise<{ store: PageStore; backend: Backend; records: () => number }> => {
    const c = counting(make());
    const store = createRecordStore(c.backend);
    await write(store);
    return { store, backend: c.backend, records: c.records };
  };

  it('reads none of its checkpoint records, written by puts, a batch or an import', async () => {
    const file = JSON.stringify({ format: 'harness-sim.run/1', run: runMetaOf(cps), checkpoints: cps });
    const ways: [string, (s: PageStore) => Promise<unknown>][] = [
      ['put', async (s) => Promise.all(cps.map((cp) => s.put(cp)))],
      [
        'batch',
        (s) => s.replaceRuns('', [{ meta: { runId: 'run-1', scenario: cps[0]!.scenario, seed: 1 }, checkpoints: cps }]),
      ],
      ['import', (s) => s.importRun(file)],
    ];
    for (const [way, write] of ways) {
      const s = await stored(write);
      const before = s.records();
      const { items, skipped } = await s.store.list('run-1');
      expect([way, items.map((i) => i.seq), skipped]).toEqual([way, seqs, []]);
      expect([way, s.records() - before]).toEqual([way, 0]);
    }
  });

  it('stored before the history lines, lists the same lines from its records', async () => {
    const s = await stored(async (st) => {
      for (const cp of cps) await st.put(cp);
    });
    const lined = await s.store.list('run-1');
    await withoutLines(s.backend, 'run-1');
    const before = s.records();
    expect(await s.store.list('run-1')).toEqual(lined);
    // Those runs read their records to list them, as they always did.
    expect(s.records() - before).toBe(cps.length);
  });

  it('lines its new checkpoints after an old build stored its first ones, and lists them all', async () => {
    const half = Math.floor(cps.length / 2);
    const s = await stored(async (st) => {
      for (const cp of cps.slice(0, half)) await st.put(cp);
    });
    await withoutLines(s.backend, 'run-1');
    for (const cp of cps.slice(half)) expect((await s.store.put(cp)).ok).toBe(true);
    const before = s.records();
    expect((await s.store.list('run-1')).items.map((i) => i.seq)).toEqual(seqs);
    expect(s.records() - before).toBe(half);
  });

  it('with a damaged line: that line is reported, its checkpoint listed from its record', async () => {
    const s = await stored(async (st) => {
      for (const cp of cps) await st.put(cp);
    });
    const lined = await s.store.list('run-1');
    const seq = (cps[2] as Checkpoint).seq;
    await s.backend.write(async (tx) => tx.put(['line', 'run-1', seq], { schema: 'harness-sim.line/1', seq: 'x' }));
    const { items, skipped } = await s.store.list('run-1');
    expect(items).toEqual(lined.items);
    expect(skipped).toEqual([
      {
        where: `line/run-1/${seq}`,
        kind: 'corrupt',
        code: 'E703',
        message: expect.stringMatching(/^E703: E513: .*"seq"/),
      },
    ]);
  });

  it('passes over the lines of an earlier run under the same id, and lists from the records', async () => {
    // A build before the lines deletes a run but leaves its lines; should it store a run under
    // the same id, the old lines describe other records. Here: the run's records rewritten with
    // another state, under an index created at another time, the old lines left in place.
    const s = await stored(async (st) => {
      for (const cp of cps) await st.put(cp);
    });
    await s.backend.write(async (tx) => {
      const run = (await tx.get(['run', 'run-1'])) as { createdAt: number };
      tx.put(['run', 'run-1'], { ...run, createdAt: run.createdAt + 1 });
      for (const key of await tx.keys(['cp', 'run-1'])) {
        const record = (await tx.get(key)) as { body: { state: string } };
        tx.put(key, { ...record, body: { ...record.body, state: 'cancelled' } });
      }
    });
    const before = s.records();
    const { items, skipped } = await s.store.list('run-1');
    expect(items.map((i) => [i.seq, i.state])).toEqual(seqs.map((seq) => [seq, 'cancelled']));
    expect(skipped).toEqual([]);
    expect(s.records() - before).toBe(cps.length);
  });

  it('believes a line written before lines named their run index (no born), reading no record', async () => {
    const s = await stored(async (st) => {
      for (const cp of cps) await st.put(cp);
    });
    const lined = await s.store.list('run-1');
    await s.backend.write(async (tx) => {
      for (const [key, line] of await tx.entries(['line', 'run-1'])) {
        const { born, ...before } = line as { born?: number };
        expect(born).toEqual(expect.any(Number));
        tx.put(key, before);
      }
    });
    const before = s.records();
    expect(await s.store.list('run-1')).toEqual(lined);
    expect(s.records() - before).toBe(0);
  });

  it('drops the lines with their run', async () => {
    const s = await stored(async (st) => {
      for (const cp of cps) await st.put(cp);
    });
    expect(await s.store.deleteRun('run-1')).toMatchObject({ ok: true });
    expect(await s.backend.read((tx) => tx.keys(['line', 'run-1']))).toEqual([]);
  });
});
