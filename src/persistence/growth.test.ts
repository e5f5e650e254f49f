import { describe, expect, it } from 'vitest';
import { checkpointsOf, memoryHarness } from './testkit';

/**
 * Stored bytes must grow linearly with a run's steps. With stored-checkpoint/1 (64-row chunks)
 * each record repeated up to 63 rows of each array and a 4,000-step run weighed 129.6 times a
 * 40-step one (docs/BENCHMARKS.md, "Storage"); v2's 16-row chunks bring that under 110.
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
  it('grow linearly with its steps: bytes(4,000 steps) / bytes(40 steps) ≤ 110', async () => {
    const small = await runBytes('migration-40');
    const large = await runBytes('migration-4000');
    const ratio = large / small;
    console.info(`stored bytes: migration-40 ${small}, migration-4000 ${large}, ratio ${ratio.toFixed(1)}`);
    expect(ratio).toBeLessThanOrEqual(110);
  }, 60_000);
});
