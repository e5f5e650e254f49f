import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tx } from './backend';
import { checkpointKey } from './keys';
import { listStored } from './stored';
import { TX_SLICE_MS, inTxSlices } from './backend';

/**
 * An import stores its checkpoints in one transaction; staging them gives the page a turn (a
 * request of that transaction, answered in a task of its own) whenever a slice is spent, so a
 * 19 MiB file is not one main-thread task of seconds. A fake clock stands for the work's time.
 */
describe('staging an import', () => {
  it('takes a turn whenever a slice is spent, and stages every checkpoint once, in order', async () => {
    let clock = 0;
    const log: string[] = [];
    const items = Array.from({ length: 20 }, (_, i) => i);
    await inTxSlices(
      items,
      async (item, i) => {
        expect(i).toBe(item);
        log.push(`stage ${item}`);
        clock += 3; // each checkpoint costs 3 ms
      },
      async () => log.push('turn'),
      () => clock,
    );
    expect(log.filter((l) => l.startsWith('stage'))).toEqual(items.map((i) => `stage ${i}`));
    // At most a slice and one checkpoint's work between two turns.
    const runs = log.join(',').split('turn');
    for (const run of runs) expect(run.split('stage').length - 1).toBeLessThanOrEqual(Math.ceil(TX_SLICE_MS / 3) + 1);
    expect(runs.length - 1).toBeGreaterThanOrEqual(5);
  });

  it('takes no turn when the work fits a slice, and stops at a refusal', async () => {
    let turns = 0;
    const staged: number[] = [];
    await inTxSlices(
      [1, 2, 3],
      async (n) => void staged.push(n),
      async () => turns++,
      () => 0,
    );
    expect([turns, staged]).toEqual([0, [1, 2, 3]]);
    const refused = inTxSlices(
      [1, 2, 3],
      async (n) => {
        if (n === 2) throw new Error('E606');
      },
      async () => undefined,
      () => 0,
    );
    await expect(refused).rejects.toThrow('E606');
  });
});

describe('listing a run as it opens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks its records in slices, taking turns inside its transaction, and still lists every one', async () => {
    // Opening a 948-checkpoint import checked every record in one 2.7 s task at 4x CPU.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 3));
    const keys = Array.from({ length: 30 }, (_, i) => checkpointKey('r', i + 1));
    let turns = 0;
    const tx: Tx = {
      get: async () => ({ not: 'a record' }),
      has: async () => (turns++, false),
      keys: async () => keys,
      entries: async () => [],
      put: () => undefined,
      del: () => undefined,
    };
    const { items, skipped } = await listStored(tx, 'r');
    expect(items.length + skipped.length).toBe(30);
    expect(turns).toBeGreaterThanOrEqual(5);
  });
});
