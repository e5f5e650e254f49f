import { describe, expect, it } from 'vitest';
import { checkpointsOf, memoryHarness } from './harness.test-kit';

/**
 * Stored bytes must grow linearly with a run's steps. With stored-checkpoint/1 (64-row chunks)
 * each record repeated up to 63 rows of each array and a 4,000-step run weighed 129.6 times a
 * 40-step one (docs/BENCHMARKS.md, storage); v2's 16-row chunks bring that under 110. The test
 * takes 1,000 steps (25 times 40, so at most 27.5 times the bytes): every write checks its whole
 * checkpoint, so 4,000 cost 16 times as much, and 64-row chunks fail at 1,000 too (31.3).
 */
async function runBytes(scenario: string): Promise<number> {
  const h = memoryHarness();
  for (const cp of checkpointsOf(scenario)) expect((await h.store.put(cp)).ok).toBe(true);
  // What a person sees (and the benchmark measures): the run's bytes, its index included.
  const { runs } = await h.store.listRuns();
  expect(runs).toHaveLength(1);
  return (runs[0] as { bytes: number }).bytes;
}

describe('stored bytes of a run', () => {
  it('grow linearly with its steps: bytes(1,000 steps) / bytes(40 steps) ≤ 27.5', async () => {
    const small = await runBytes('migration-40');
    const large = await runBytes('migration-1000');
    const ratio = large / small;
    console.info(`stored bytes: migration-40 ${small}, migration-1000 ${large}, ratio ${ratio.toFixed(1)}`);
    expect(ratio).toBeLessThanOrEqual(27.5);
  }, 60_000);
});
