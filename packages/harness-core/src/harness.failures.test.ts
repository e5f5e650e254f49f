import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runHarness, type Executor, type HarnessEvent, type ToolAnswer } from './harness.js';
import { createIdbStore } from './stores/idbStore.js';
import { TEST_PLAN, plans } from './stores/fixtures.test-kit.js';
import type { CheckpointStore } from './stores/types.js';

/** Defect 7 (a throw, transient errors, timeouts, cancel) and 8 (what the harness records is bounded). */

const newStore = () => createIdbStore({ name: `hc-${randomUUID()}`, plans });
/** The step-2 rows of the newest checkpoint's ledger, as stored. */
async function rowsAt2(store: CheckpointStore, runId: string) {
  const cp = (await store.latest(runId)).checkpoint;
  return cp?.ledger.filter((r) => r.step === 2) ?? [];
}
/** A store that dies (every put rejects) once `kill()` is called: the process ends there. */
function dying(store: CheckpointStore) {
  let dead = false;
  const s: CheckpointStore = {
    ...store,
    put: async (cp, lease) => {
      if (dead) throw new Error('killed');
      return store.put(cp, lease);
    },
  };
  return { store: s, kill: () => void (dead = true) };
}
const noWait = { sleep: async () => undefined };

describe('an executor that throws (defect 7)', () => {
  it('is a ledger row executor_threw that the guard counts: the third fuses, a resume calls nothing', async () => {
    const store = newStore();
    let calls = 0;
    const executor: Executor = (call) => {
      if (call.step === 2) {
        calls++;
        throw new TypeError('Cannot read properties of undefined');
      }
      return { ok: true };
    };
    const r = await runHarness({ plan: TEST_PLAN, runId: 't1', executor, store });
    expect([r.state, r.context.ended]).toEqual(['failed', 'loop_fuse']);
    expect(calls).toBe(3);
    const rows = await rowsAt2(store, 't1');
    expect(rows.map((x) => x.error?.type)).toEqual(['executor_threw', 'executor_threw', 'executor_threw']);
    expect(rows[0]?.error?.message).toBe('TypeError: Cannot read properties of undefined');
    const again = await runHarness({ plan: TEST_PLAN, runId: 't1', executor, store, resume: true });
    expect([again.state, calls]).toEqual(['failed', 3]);
  });
});

describe('transient errors (defect 7)', () => {
  const http504: ToolAnswer = { ok: false, error: { type: 'http_504', message: 'Gateway Timeout' } };

  it('three 504s are retried after growing waits and never reach the ledger or the fuse', async () => {
    const store = newStore();
    const waits: number[] = [];
    const events: HarnessEvent[] = [];
    let tries = 0;
    const executor: Executor = (call) => (call.step === 2 && ++tries <= 3 ? http504 : { ok: true });
    const r = await runHarness({
      plan: TEST_PLAN,
      runId: 't2',
      executor,
      store,
      retry: { maxAttempts: 4, initialMs: 100, factor: 2, maxMs: 300 },
      sleep: async (ms) => void waits.push(ms),
      onEvent: (e) => events.push(e),
    });
    expect(r.state).toBe('completed');
    expect(waits).toEqual([100, 200, 300]);
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(3);
    expect((await rowsAt2(store, 't2')).map((x) => x.outcome)).toEqual(['ok']);
  });

  it('a transient error that outlasts every retry is one failure per attempt, and the same one thrice fuses', async () => {
    const store = newStore();
    let tries = 0;
    const executor: Executor = (call) => (call.step === 2 ? (tries++, http504) : { ok: true });
    const r = await runHarness({ plan: TEST_PLAN, runId: 't3', executor, store, retry: { maxAttempts: 2 }, ...noWait });
    expect([r.state, r.context.ended, tries]).toEqual(['failed', 'loop_fuse', 6]);
    expect((await rowsAt2(store, 't3')).map((x) => x.error?.type)).toEqual(['http_504', 'http_504', 'http_504']);
  });

  it('the executor may say a type is not transient; a non-transient one is never retried', async () => {
    const store = newStore();
    let tries = 0;
    const executor: Executor = (call) =>
      call.step === 2 && ++tries === 1
        ? { ok: false, error: { type: 'timeout', message: 'lock wait', transient: false } }
        : { ok: true };
    const r = await runHarness({ plan: TEST_PLAN, runId: 't4', executor, store, ...noWait });
    expect(r.state).toBe('completed');
    expect((await rowsAt2(store, 't4')).map((x) => x.outcome)).toEqual(['error', 'ok']);
  });
});

describe('timeoutMs and cancel abort the call', () => {
  it('a call with no answer within timeoutMs is aborted and recorded as a timeout', async () => {
    const store = newStore();
    const aborted: boolean[] = [];
    const executor: Executor = (call, { signal }) =>
      call.step === 2
        ? new Promise((resolve) =>
            signal.addEventListener('abort', () => {
              aborted.push(true);
              resolve({ ok: true }); // too late: the timeout answered first
            }),
          )
        : { ok: true };
    const r = await runHarness({
      plan: TEST_PLAN,
      runId: 't5',
      executor,
      store,
      timeoutMs: 20,
      retry: { maxAttempts: 1 },
    });
    expect([r.state, r.context.ended]).toEqual(['failed', 'loop_fuse']);
    expect(aborted).toEqual([true, true, true]);
    const rows = await rowsAt2(store, 't5');
    expect(rows[0]?.error).toEqual({ type: 'timeout', message: 'no answer within 20 ms' });
  });

  it('aborting the run signal ends it cancelled, with a terminal checkpoint; a resume stays cancelled', async () => {
    const store = newStore();
    const cancel = new AbortController();
    const executor: Executor = (call, { signal }) => {
      if (call.step !== 3) return { ok: true };
      cancel.abort();
      return { ok: false, error: { type: 'aborted', message: String(signal.aborted) } };
    };
    const r = await runHarness({ plan: TEST_PLAN, runId: 't6', executor, store, signal: cancel.signal });
    expect([r.state, r.context.ended]).toEqual(['cancelled', 'cancelled']);
    const cp = (await store.latest('t6')).checkpoint;
    expect([cp?.state, cp?.trigger]).toEqual(['cancelled', 'terminal']);
    expect(cp?.ledger.at(-1)?.error).toEqual({ type: 'aborted', message: 'true' });
    const again = await runHarness({ plan: TEST_PLAN, runId: 't6', executor, store, resume: true });
    expect([again.state, again.written]).toEqual(['cancelled', 0]);
  });

  it("refuses the simulator's clock settings, saying what to use instead", async () => {
    const store = newStore();
    const run = (config: object) =>
      runHarness({ plan: TEST_PLAN, runId: 't7', executor: () => ({ ok: true }), store, config });
    await expect(run({ processTimeoutMs: 1000 })).rejects.toThrow(/processTimeoutMs .*timeoutMs/);
    await expect(run({ flakiness: 0.1 })).rejects.toThrow(/flakiness is the simulator's/);
    expect(await store.runs()).toEqual([]);
  });
});

describe('what the harness records is bounded (defect 8)', () => {
  const stderr = `E: ${'x'.repeat(2_497)}`;
  const ioError: ToolAnswer = {
    ok: false,
    error: { type: 'io_error', message: stderr },
    artifact: 'logs/step-2.stderr',
  };

  it('a 2,500-char stderr line of type io_error is recorded, cut with a marker, its full text a ref', async () => {
    const store = newStore();
    const executor: Executor = (call) => (call.step === 2 ? ioError : { ok: true });
    const r = await runHarness({ plan: TEST_PLAN, runId: 'b1', executor, store });
    // The guard counts it: the third identical failure fuses.
    expect([r.state, r.context.ended]).toEqual(['failed', 'loop_fuse']);
    const rows = await rowsAt2(store, 'b1');
    expect(rows).toHaveLength(3);
    const msg = rows[0]?.error?.message ?? '';
    expect(rows[0]?.error?.type).toBe('io_error');
    expect(msg.length).toBeLessThanOrEqual(2000);
    expect(msg.startsWith('E: xxx')).toBe(true);
    expect(msg).toMatch(new RegExp(`…\\[truncated ${stderr.length - msg.indexOf('…')} chars\\]$`));
    expect(rows[0]?.ref).toBe('logs/step-2.stderr');
  });

  it('killed after such a failure, a resume runs attempt 2, not attempt 1 again', async () => {
    const base = newStore();
    const { store, kill } = dying(base);
    const attempts: number[] = [];
    const executor: Executor = (call, { attempt }) => {
      if (call.step !== 2) return { ok: true };
      attempts.push(attempt);
      if (attempt === 2) kill();
      return ioError;
    };
    await expect(runHarness({ plan: TEST_PLAN, runId: 'b2', executor, store })).rejects.toThrow('killed');
    await expect(
      runHarness({ plan: TEST_PLAN, runId: 'b2', executor, store: base, resume: true }),
    ).resolves.toMatchObject({ state: 'failed' });
    expect(attempts).toEqual([1, 2, 2, 3]);
  });
});

describe('counts an executor gives', () => {
  it('a fractional or negative ms or token count is rounded or left out, never a refused checkpoint', async () => {
    const store = newStore();
    const executor: Executor = (call) =>
      call.step === 2 ? { ok: true, ms: 12.7, tokens: -3 } : { ok: true, ms: Number.NaN, tokens: 2.2 };
    const r = await runHarness({ plan: TEST_PLAN, runId: 'c1', executor, store, now: () => 0.5 });
    expect(r.state).toBe('completed');
    expect([r.context.clock, r.context.tokens]).toEqual([13, 6]);
  });
});
