import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Checkpoint } from '../engine';
import { openCheckpointStore } from './open';
import { checkpointsOf } from './harness.test-kit';

const newest = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' }).at(-1) as Checkpoint;

/** The page's `indexedDB`, counting the opens asked of it; `fail` makes each open fail as private modes do. */
function countingFactory(fail = false): { factory: IDBFactory; opens: () => number } {
  const real = REAL;
  let opens = 0;
  const factory = {
    open: (name: string) => {
      opens++;
      if (!fail) return real.open(name);
      const req = {} as IDBOpenDBRequest;
      queueMicrotask(() => {
        Object.assign(req, { error: new DOMException('writes are off in this mode', 'InvalidStateError') });
        req.onerror?.(new Event('error'));
      });
      return req;
    },
  } as unknown as IDBFactory;
  return { factory, opens: () => opens };
}

/** fake-indexeddb's factory, before a test stubs the global. */
const REAL = indexedDB;

afterEach(() => vi.unstubAllGlobals());

describe("the page's open of its database", () => {
  it('asks IndexedDB once, and its writes land', async () => {
    const { factory, opens } = countingFactory();
    vi.stubGlobal('indexedDB', factory);
    const opened = await openCheckpointStore();
    expect(opened.status).toBe('indexeddb');
    expect((await opened.store.put(newest)).ok).toBe(true);
    expect((await opened.store.latest(newest.runId)).checkpoint?.seq).toBe(newest.seq);
    expect(opens()).toBe(1);
  });

  it('that fails puts the page in memory with the reason', async () => {
    const { factory } = countingFactory(true);
    vi.stubGlobal('indexedDB', factory);
    const opened = await openCheckpointStore();
    expect(opened.status).toBe('memory');
    expect(opened.notice).toMatch(/InvalidStateError/);
  });

  it('where reading indexedDB throws, puts the page in memory and says why', async () => {
    vi.stubGlobal('indexedDB', undefined);
    Object.defineProperty(globalThis, 'indexedDB', {
      configurable: true,
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const opened = await openCheckpointStore();
    expect(opened.status).toBe('memory');
    expect(opened.notice).toMatch(/SecurityError/);
  });
});
