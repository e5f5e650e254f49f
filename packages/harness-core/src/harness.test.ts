import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runHarness, type Executor, type HarnessEvent, type ToolAnswer, type ToolCall } from './harness.js';
import type { CheckpointStore } from './stores/types.js';
import { createIdbStore } from './stores/idbStore.js';
import { TEST_PLAN, plans } from './stores/fixtures.test-kit.js';
import type { TaskPlan } from './world.js';

/** runHarness in process, on the IndexedDB store (fake-indexeddb), with a scripted executor. */
export function scripted(answers: Record<string, ToolAnswer>) {
  const asked: (ToolCall & { attempt: number; context: Parameters<Executor>[1]['context'] })[] = [];
  const executor: Executor = async (call, { attempt, context }) => {
    asked.push({ ...call, attempt, context });
    return answers[`${call.step}#${attempt}`] ?? { ok: true, ms: 1000, tokens: 10 };
  };
  return { asked, executor };
}
const notFound: ToolAnswer = { ok: false, error: { type: 'not_found', message: 'ENOENT out/2.txt' } };

describe('runHarness', () => {
  it('a step that fails twice and then succeeds: reminded before the third attempt, not fused, completed', async () => {
    const store = createIdbStore({ name: `hc-${randomUUID()}`, plans });
    const { asked, executor } = scripted({ '2#1': notFound, '2#2': notFound });
    const events: HarnessEvent[] = [];
    const r = await runHarness({ plan: TEST_PLAN, runId: 'r1', executor, store, onEvent: (e) => events.push(e) });
    expect(r.state).toBe('completed');
    expect(asked.map((a) => `${a.step}#${a.attempt}`)).toEqual(['1#1', '2#1', '2#2', '2#3', '3#1', '4#1']);
    // The third attempt carries both hints and the reminder the second identical failure earned.
    expect(asked[3]?.context.map((m) => m.kind)).toEqual(['recovery-hint', 'recovery-hint', 'reminder']);
    expect(asked[2]?.context.map((m) => m.kind)).toEqual(['recovery-hint']);
    // Every checkpoint the machine declared is in the store, in order, and the newest is the end.
    const written = events.flatMap((e) => (e.type === 'checkpoint' ? [e.checkpoint.seq] : []));
    expect(await store.seqs('r1')).toEqual(written);
    expect(r.written).toBe(written.length);
    const latest = await store.latest('r1');
    expect([latest.checkpoint?.state, latest.checkpoint?.ended]).toEqual(['completed', 'completed']);
  });

  it('fuses at the third identical failure; a resume stays fused and calls nothing', async () => {
    const store = createIdbStore({ name: `hc-${randomUUID()}`, plans });
    const { asked, executor } = scripted({ '2#1': notFound, '2#2': notFound, '2#3': notFound });
    const r = await runHarness({ plan: TEST_PLAN, runId: 'r2', executor, store });
    expect([r.state, r.context.ended]).toEqual(['failed', 'loop_fuse']);
    expect(asked).toHaveLength(4);
    const again = await runHarness({ plan: TEST_PLAN, runId: 'r2', executor, store, resume: true });
    expect([again.state, again.written]).toEqual(['failed', 0]);
    expect(asked).toHaveLength(4);
  });

  it('the hint hook words the hint, and a resume after a crash rebuilds it through the hook', async () => {
    const store = createIdbStore({ name: `hc-${randomUUID()}`, plans });
    const hint = (h: { step: number; error: { message: string } }) => {
      const words = `step ${h.step}: ${h.error.message}`;
      return { zh: words, en: words };
    };
    // The process dies after the second attempt at step 2 made its call, before its checkpoint.
    let dead = false;
    const dying: CheckpointStore = {
      ...store,
      put: async (cp, lease) => {
        if (dead) throw new Error('killed');
        return store.put(cp, lease);
      },
    };
    const crash: Executor = async (call, { attempt }) => {
      if (call.step === 2 && attempt === 1) return notFound;
      if (call.step === 2) dead = true;
      return { ok: true };
    };
    await expect(runHarness({ plan: TEST_PLAN, runId: 'r3', executor: crash, store: dying, hint })).rejects.toThrow(
      'killed',
    );
    const { asked, executor } = scripted({});
    const r = await runHarness({ plan: TEST_PLAN, runId: 'r3', executor, store, hint, resume: true });
    expect(r.state).toBe('completed');
    expect(asked.map((a) => `${a.step}#${a.attempt}`)).toEqual(['2#2', '3#1', '4#1']);
    expect(asked[0]?.context.map((m) => m.text.en)).toEqual(['step 2: ENOENT out/2.txt']);
  });

  it('the checkpoint before a risky call is durable before the call is made', async () => {
    const store = createIdbStore({ name: `hc-${randomUUID()}`, plans });
    const risky: TaskPlan = {
      ...TEST_PLAN,
      steps: TEST_PLAN.steps.map((s) => (s.n === 3 ? { ...s, effect: 'risky' } : s)),
    };
    const seen: (string | undefined)[] = [];
    const executor: Executor = async (call) => {
      if (call.step === 3) seen.push((await store.latest('r5')).checkpoint?.trigger);
      return { ok: true };
    };
    const r = await runHarness({ plan: risky, runId: 'r5', executor, store, approve: true });
    expect(r.state).toBe('completed');
    expect(seen).toEqual(['before_risky']);
    // Kept once: the TICK that declares it again does not count or write it twice.
    expect(await store.seqs('r5')).toEqual(Array.from({ length: r.written }, (_, i) => i + 1));
  });

  it('refuses a config the engine refuses, before anything runs', async () => {
    const store = createIdbStore({ name: `hc-${randomUUID()}`, plans });
    const { asked, executor } = scripted({});
    await expect(
      runHarness({ plan: TEST_PLAN, runId: 'r4', executor, store, config: { remindAt: 3, fuseAt: 2 } }),
    ).rejects.toThrow(/^E104/);
    expect(asked).toHaveLength(0);
    expect(await store.runs()).toEqual([]);
  });
});
