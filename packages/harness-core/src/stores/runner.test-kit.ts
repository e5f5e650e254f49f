import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHarness, type Executor, type HarnessResult } from '../harness.js';
import { TEST_PLAN } from './fixtures.test-kit.js';
import type { StoreUnderTest } from './suite.js';

/**
 * Test-only (excluded from the build): the store suite's guarantee of one holder per run, held
 * through `runHarness` itself (issue 44, defect 2), on each of the package's stores: two runs of
 * one run id at once, each on its own instance of the store over the same storage (two pools,
 * two stores over one directory or one IndexedDB database), exactly as two processes would be.
 * Each call the executor gets is logged: "no step ran twice" is counted, not assumed.
 */

const RUN = 'run-r';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An executor that logs each step it is asked for and takes `ms` over it. */
function logging(ms = 5) {
  const calls: number[] = [];
  const executor: Executor = async (call) => {
    calls.push(call.step);
    await wait(ms);
    return { ok: true };
  };
  return { calls, executor };
}

export function runnerSuite(name: string, make: () => Promise<StoreUnderTest>): void {
  describe(`${name}: two runHarness calls on one run`, () => {
    let t: StoreUnderTest;
    beforeEach(async () => {
      t = await make();
    });
    afterEach(async () => {
      await t.cleanup();
    });

    it('started at once: exactly one makes progress, the other is refused (E706), no step runs twice', async () => {
      const [one, two] = [t.store, await t.reopen()];
      const { calls, executor } = logging();
      const common = { plan: TEST_PLAN, runId: RUN, executor, resume: true } as const;
      const settled = await Promise.allSettled([
        runHarness({ ...common, store: one, owner: 'worker-a' }),
        runHarness({ ...common, store: two, owner: 'worker-b' }),
      ]);
      const done = settled.filter((s): s is PromiseFulfilledResult<HarnessResult> => s.status === 'fulfilled');
      const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
      expect(done.map((d) => d.value.state)).toEqual(['completed']);
      expect(refused).toHaveLength(1);
      expect(String(refused[0]?.reason)).toMatch(/E706: Another process holds run "run-r" \(.*worker-[ab]/);
      expect(calls).toEqual([1, 2, 3, 4]);
      expect((await t.store.latest(RUN)).checkpoint?.state).toBe('completed');
    });

    it('a resume started while another runs the plan is refused, and the first runs on to the end', async () => {
      const [one, two] = [t.store, await t.reopen()];
      const { calls, executor } = logging(0);
      let release = () => undefined as void;
      const held = new Promise<void>((r) => (release = r));
      let reached = () => undefined as void;
      const atTwo = new Promise<void>((r) => (reached = r));
      const slow: Executor = async (call, o) => {
        if (call.step === 2) {
          reached();
          await held;
        }
        return executor(call, o);
      };
      const first = runHarness({ plan: TEST_PLAN, runId: RUN, executor: slow, store: one, owner: 'worker-a' });
      await atTwo;
      await expect(
        runHarness({ plan: TEST_PLAN, runId: RUN, executor, store: two, resume: true, owner: 'worker-b' }),
      ).rejects.toThrow(/E706: Another process holds run "run-r" \("worker-a"/);
      release();
      expect((await first).state).toBe('completed');
      expect(calls).toEqual([1, 2, 3, 4]);
      // Let go at the end: the run can be resumed at once (it stays completed, nothing runs).
      const again = await runHarness({ plan: TEST_PLAN, runId: RUN, executor, store: two, resume: true });
      expect(again.state).toBe('completed');
      expect(calls).toEqual([1, 2, 3, 4]);
    });

    it('a fresh run under a used id is refused (E707) and calls nothing', async () => {
      const { calls, executor } = logging(0);
      await runHarness({ plan: TEST_PLAN, runId: RUN, executor, store: t.store });
      const seqs = await t.store.seqs(RUN);
      await expect(runHarness({ plan: TEST_PLAN, runId: RUN, executor, store: await t.reopen() })).rejects.toThrow(
        /E707/,
      );
      expect(calls).toEqual([1, 2, 3, 4]);
      expect(await t.store.seqs(RUN)).toEqual(seqs);
    });

    it('a run taken over mid-call stops before its next call, with a clear refusal', async () => {
      const thief = await t.reopen();
      const { calls, executor } = logging(0);
      const stealing: Executor = async (call, o) => {
        if (call.step === 1) {
          const stolen = await thief.acquire(RUN, 'thief', { steal: true });
          expect(stolen.ok).toBe(true);
          // Long enough for a renewal (every 100 ms here) to be refused.
          await wait(400);
        }
        return executor(call, o);
      };
      await expect(
        runHarness({ plan: TEST_PLAN, runId: RUN, executor: stealing, store: t.store, leaseTtlMs: 300 }),
      ).rejects.toThrow(/run "run-r" was taken over during step 1; stopped before its next call: E706/);
      expect(calls).toEqual([1]);
    });
  });
}
