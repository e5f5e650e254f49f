/**
 * harness-core's own figures (issue 44, defect 6: position, not luggage). The checkpoints of a
 * 100,000-step run, one every 10,000 steps (the last the terminal one), as `toCheckpoint` builds them
 * and the file store keeps them for a Node harness: the newest record on disk stays under a
 * fixed bound (the ledger lies in segments beside it), where the whole checkpoint, ledger
 * inline, is over the 1 MiB cap many times. The run's context at each point is built directly
 * (each step done once, as the machine records it): driving the task machine through 100,000
 * ticks takes over ten minutes, since its immutable ledger and todo list are copied per step
 * (an 8,000-step run spends half its time in the garbage collector). A real `runHarness` of
 * 5,000 steps is held to the same bound by packages/harness-core/src/harness.ledger.test.ts.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
// The file store is the Node entry's (it imports node:fs): the bench keeps checkpoints as a Node harness does.
// eslint-disable-next-line no-restricted-imports
import { createFileStore } from 'harness-core/node';
import { STORED_RECORD_BOUND } from 'harness-core';
import {
  canonicalArgs,
  createTaskContext,
  DEFAULT_CONFIG,
  harnessPlan,
  serializeCheckpoint,
  toCheckpoint,
  utf8Length,
  type Attempt,
  type TaskContext,
  type TodoStatus,
} from 'harness-core/sim';
import { atMost, figure, type Figure } from './lib';

const STEPS = 100_000;
const EVERY = 10_000;

export async function run(): Promise<Figure[]> {
  const plan = harnessPlan({
    id: `bench-${STEPS}`,
    steps: Array.from({ length: STEPS }, (_, i) => ({ title: `Step ${i + 1}`, tool: 'echo', args: { n: i + 1 } })),
  });
  const plans = (id: string) => (id === plan.id ? plan : undefined);
  const ledger: Attempt[] = plan.steps.map((s) => ({
    step: s.n,
    attempt: 1,
    tool: s.tool,
    args: canonicalArgs(s.args),
    outcome: 'ok',
    input: { args: s.args },
    actor: 'model',
    at: s.n * 1_000,
  }));
  const start = createTaskContext({ scenario: plan, seed: 0, runId: 'long', config: DEFAULT_CONFIG });
  /** The run after `done` steps, each done once: running the next, or completed. */
  const after = (done: number, seq: number): TaskContext => {
    const todos: TodoStatus[] = plan.steps.map((s) => (s.n <= done ? 'done' : 'pending'));
    return {
      ...start,
      cursor: done + 1,
      todos,
      ledger: ledger.slice(0, done),
      clock: done * 1_000,
      tokens: done,
      seq,
      ended: done === STEPS ? 'completed' : null,
    };
  };
  const dir = await mkdtemp(join(tmpdir(), 'bench-hc-'));
  try {
    const store = createFileStore({ dir, plans });
    const got = await store.acquire('long', 'bench', { fresh: true });
    if (!got.ok) throw new Error(got.message);
    const began = performance.now();
    let seq = 0;
    for (let done = EVERY; done <= STEPS; done += EVERY) {
      seq++;
      const state = done === STEPS ? 'completed' : 'running';
      const put = await store.put(
        toCheckpoint(after(done, seq), state, done === STEPS ? 'terminal' : 'phase_switch', 0),
        got.lease,
      );
      if (!put.ok) throw new Error(put.message);
    }
    const ms = performance.now() - began;
    const folder = join(dir, (await readdir(dir))[0] as string);
    const records = (await readdir(folder)).filter((n) => /^\d{10}\.json$/.test(n)).sort();
    const newest = (await stat(join(folder, records.at(-1) as string))).size;
    const segments = (await readdir(join(folder, 'ledger'))).length;
    const latest = await createFileStore({ dir, plans }).latest('long');
    if (latest.checkpoint?.state !== 'completed' || latest.checkpoint.ledger.length !== STEPS)
      throw new Error('the newest checkpoint does not read back whole');
    const whole = utf8Length(serializeCheckpoint(latest.checkpoint));
    const n = STEPS.toLocaleString('en');
    return [
      figure(
        `harness-core: newest checkpoint record on disk, ${n}-step run (file store)`,
        newest,
        'B',
        atMost(STORED_RECORD_BOUND),
        `${records.length} checkpoints kept; the ledger's ${n} rows lie in ${segments} segments beside them`,
      ),
      figure('harness-core: that checkpoint whole, ledger inline (over the 1 MiB cap)', whole, 'B'),
      figure(`harness-core: ${records.length} checkpoints of it kept, file store`, Math.round(ms), 'ms'),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
