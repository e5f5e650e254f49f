import { describe, expect, it } from 'vitest';
import { STAGE_SLICE_MS, stageInSlices } from './importing';

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
    await stageInSlices(
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
    for (const run of runs)
      expect(run.split('stage').length - 1).toBeLessThanOrEqual(Math.ceil(STAGE_SLICE_MS / 3) + 1);
    expect(runs.length - 1).toBeGreaterThanOrEqual(5);
  });

  it('takes no turn when the work fits a slice, and stops at a refusal', async () => {
    let turns = 0;
    const staged: number[] = [];
    await stageInSlices(
      [1, 2, 3],
      async (n) => void staged.push(n),
      async () => turns++,
      () => 0,
    );
    expect([turns, staged]).toEqual([0, [1, 2, 3]]);
    const refused = stageInSlices(
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
