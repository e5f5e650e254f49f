import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harnessPlan, runHarness, type Executor, type HarnessPlan } from './harness.js';
import { createFileStore, encodeRunId } from './stores/fileStore.js';
import { STORED_RECORD_BOUND } from './stores/segments.js';

/**
 * Issue 44, defect 6: position, not luggage, for the ledger. A long run's checkpoints keep the
 * ledger apart (segments), so its newest record stays under a fixed size however many steps it
 * ran, and a resume from it reads the whole ledger back.
 */

const N = 5_000;
/** Step 4,000 waits for approval: the run suspends there, checkpointed, and a resume carries on. */
const PAUSE = 4_000;
const LONG: HarnessPlan = {
  id: 'long-5000',
  steps: Array.from({ length: N }, (_, i) => ({
    title: `Step ${i + 1}`,
    tool: 'echo',
    args: { n: i + 1 },
    effect: i + 1 === PAUSE ? ('risky' as const) : ('none' as const),
  })),
};
const plan = harnessPlan(LONG);
const plans = (id: string) => (id === plan.id ? plan : undefined);
const executor: Executor = async () => ({ ok: true, ms: 5, tokens: 1 });

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Bytes of the run's newest checkpoint file, as it lies on disk. */
async function newestRecordBytes(runId: string): Promise<number> {
  const names = (await readdir(join(dir, encodeRunId(runId)))).filter((n) => /^\d{10}\.json$/.test(n)).sort();
  return (await stat(join(dir, encodeRunId(runId), names.at(-1) as string))).size;
}

describe('a long run keeps its position, not its ledger, in each checkpoint', () => {
  it(`${N.toLocaleString('en')} steps: the newest record stays under the bound, and a resume reads the whole ledger`, async () => {
    dir = await mkdtemp(join(tmpdir(), 'hc-long-'));
    const store = createFileStore({ dir, plans });
    const paused = await runHarness({ plan: LONG, runId: 'long', executor, store });
    expect([paused.state, paused.context.cursor]).toEqual(['waiting_approval', PAUSE]);
    expect(await newestRecordBytes('long')).toBeLessThan(STORED_RECORD_BOUND);

    // A new process: it reads the record and its segments, and carries on to the end.
    const again = createFileStore({ dir, plans });
    const done = await runHarness({ plan: LONG, runId: 'long', executor, store: again, resume: true, approve: true });
    expect([done.state, done.context.ended]).toEqual(['completed', 'completed']);
    expect(done.context.ledger).toHaveLength(N);
    expect(done.context.ledger.map((a) => a.step)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(await newestRecordBytes('long')).toBeLessThan(STORED_RECORD_BOUND);
    const read = await createFileStore({ dir, plans }).latest('long');
    expect(read.checkpoint?.ledger).toHaveLength(N);
  }, 60_000);
});
