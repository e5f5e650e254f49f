import { describe, expect, it } from 'vitest';
import { entries, type UseStore } from 'idb-keyval';
import type { Checkpoint } from '../engine';
import { createIdbStore, openDatabase } from './idbStore';
import { openCheckpointStore } from './open';
import { createMemoryStore } from './memoryStore';
import { checkpointsOf } from './harness.test-kit';

const cps = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' });
const newest = cps[cps.length - 1] as Checkpoint;
let n = 0;
const freshName = () => `open-test-${++n}`;

/** An IDBFactory whose `open` does what `behave` says with the request. */
function factory(behave: (req: IDBOpenDBRequest) => void): IDBFactory {
  return {
    open: () => {
      const req = {} as IDBOpenDBRequest;
      queueMicrotask(() => behave(req));
      return req;
    },
  } as unknown as IDBFactory;
}

describe('opening storage', () => {
  it('uses IndexedDB when it works, without a notice', async () => {
    const opened = await openCheckpointStore({ dbName: freshName() });
    expect(opened.status).toBe('indexeddb');
    expect(opened.notice).toBeUndefined();
    expect(opened.store.kind).toBe('indexeddb');
    expect((await opened.store.put(newest)).ok).toBe(true);
  });

  const memoryCases: [string, Parameters<typeof openCheckpointStore>[0], RegExp][] = [
    ['IndexedDB is missing entirely', { indexedDB: null }, /no IndexedDB/],
    [
      'open throws',
      {
        indexedDB: {
          open: () => {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        } as unknown as IDBFactory,
      },
      /SecurityError/,
    ],
    [
      'open fails (private mode)',
      {
        indexedDB: factory(
          (r) => (
            Object.assign(r, {
              error: new DOMException(
                'A mutation operation was attempted on a database that did not allow mutations.',
                'InvalidStateError',
              ),
            }),
            r.onerror?.(new Event('error'))
          ),
        ),
      },
      /InvalidStateError/,
    ],
    [
      'open is blocked by another tab',
      { indexedDB: factory((r) => r.onblocked?.(new Event('blocked') as IDBVersionChangeEvent)) },
      /BlockedError/,
    ],
    [
      "idb-keyval's store throws synchronously (no indexedDB global)",
      {
        useStore: (() => {
          throw new ReferenceError('indexedDB is not defined');
        }) as unknown as UseStore,
      },
      /ReferenceError: indexedDB is not defined/,
    ],
    [
      'writes are refused',
      {
        useStore: ((mode, cb) =>
          mode === 'readwrite'
            ? Promise.reject(new DOMException('write refused', 'UnknownError'))
            : openDatabase(indexedDB, freshName())(mode, cb)) as UseStore,
      },
      /UnknownError/,
    ],
  ];

  it.each(memoryCases)('falls back to memory when %s, and says a reload will not resume', async (_name, opts, why) => {
    const opened = await openCheckpointStore(opts);
    expect(opened.status).toBe('memory');
    expect(opened.store.kind).toBe('memory');
    expect(opened.notice).toMatch(/^E501: IndexedDB is unavailable/);
    expect(opened.notice).toMatch(why);
    expect(opened.notice).toMatch(/a reload will not resume/);
    // And the run goes on in memory.
    for (const cp of cps) expect((await opened.store.put(cp)).ok).toBe(true);
    expect((await opened.store.latest('run-1')).checkpoint).toEqual(newest);
  });

  it('takes a store given to it as it is', async () => {
    const store = createMemoryStore();
    expect(await openCheckpointStore({ store })).toEqual({ store, status: 'memory' });
  });
});

describe('a full disk (quota exceeded)', () => {
  /** An idb-keyval store whose writes fail as a full disk fails them, while `full` holds. */
  function fillable() {
    const real = openDatabase(indexedDB, freshName());
    const disk = { full: false };
    const useStore: UseStore = (mode, cb) =>
      mode === 'readwrite' && disk.full
        ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
        : real(mode, cb);
    return { disk, store: createIdbStore({ useStore }) };
  }

  it('fails the write with quota and the browser’s message, and loses nothing stored before', async () => {
    const { disk, store } = fillable();
    const [a, b, c] = cps as [Checkpoint, Checkpoint, Checkpoint];
    await store.put(a);
    await store.put(b);
    disk.full = true;
    const r = await store.put(c);
    expect(r).toEqual({
      ok: false,
      quota: true,
      stale: false,
      code: 'E705',
      message: expect.stringMatching(
        new RegExp(
          `^E705: E502: Storage is full \\(QuotaExceededError: The quota has been exceeded\\.\\): checkpoint #${c.seq} was not saved`,
        ),
      ),
    });
    expect((await store.latest('run-1')).checkpoint).toEqual(b);
    expect((await store.list('run-1')).items.map((i) => i.seq)).toEqual([b.seq, a.seq]);
    expect((await store.listRuns()).runs[0]?.newestSeq).toBe(b.seq);
  });

  it('the run goes on: once there is room again, the next checkpoint is stored', async () => {
    const { disk, store } = fillable();
    const [a, b, c] = cps as [Checkpoint, Checkpoint, Checkpoint];
    await store.put(a);
    disk.full = true;
    expect((await store.put(b)).ok).toBe(false);
    disk.full = false;
    expect((await store.put(c)).ok).toBe(true);
    expect((await store.latest('run-1')).checkpoint).toEqual(c);
  });

  it('a transaction aborted after staging rolls back every chunk and record it staged', async () => {
    const real = openDatabase(indexedDB, freshName());
    let abort = false;
    // The store's own transaction runs; its last write (the run index) is followed by an
    // abort, as a browser aborts a transaction whose commit does not fit on the disk.
    const useStore: UseStore = (mode, cb) =>
      real(mode, (s) => {
        if (!abort || mode !== 'readwrite') return cb(s);
        const put = s.put.bind(s);
        s.put = (value: unknown, key?: IDBValidKey) => {
          const req = put(value, key);
          if (Array.isArray(key) && key[0] === 'run') s.transaction.abort();
          return req;
        };
        return cb(s);
      });
    const store = createIdbStore({ useStore });
    const long = checkpointsOf('migration-400', { until: (_s, cp) => (cp?.ledger.length ?? 0) >= 70 });
    for (const cp of long.slice(0, -1)) await store.put(cp);
    const before = (await entries(real)).length;
    abort = true;
    const r = await store.put(long[long.length - 1] as Checkpoint);
    abort = false;
    expect(r).toMatchObject({
      ok: false,
      quota: false,
      code: 'E705',
      message: expect.stringMatching(/^E705: E508: .*Abort/),
    });
    // The new ledger chunk and the record were staged, and are gone with the index write.
    expect((await entries(real)).length).toBe(before);
    expect((await store.latest('run-1')).checkpoint).toEqual(long[long.length - 2]);
  });
});

describe('when reading indexedDB itself throws', () => {
  it('falls back to memory with the reason', async () => {
    const desc = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
    Object.defineProperty(globalThis, 'indexedDB', {
      configurable: true,
      get() {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    });
    try {
      const opened = await openCheckpointStore();
      expect(opened.status).toBe('memory');
      expect(opened.notice).toContain('denied permission');
    } finally {
      if (desc) Object.defineProperty(globalThis, 'indexedDB', desc);
    }
  });
});
