import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessPlan, runHarness, type ApprovalDecision, type Executor, type HarnessStep } from './harness.js';
import { createIdbStore } from './stores/idbStore.js';
import { TEST_PLAN, plans } from './stores/fixtures.test-kit.js';
import type { CheckpointStore } from './stores/types.js';
import type { TaskPlan } from './world.js';

/** Defect 11: approval as a decision, outputs and artifact refs handed back, plain titles. */

const newStore = () => createIdbStore({ name: `hc-${randomUUID()}`, plans });
const risky: TaskPlan = {
  ...TEST_PLAN,
  steps: TEST_PLAN.steps.map((s) => (s.n === 3 ? { ...s, effect: 'risky' } : s)),
};

describe('approval is a decision', () => {
  it("a rejection's reason and who gave it go into the ledger and the next call's context", async () => {
    const store = newStore();
    const decisions: ApprovalDecision[] = [
      { approved: false, reason: 'back up the orders table first', by: 'ops@example.com' },
      { approved: true, by: 'ops@example.com' },
    ];
    const contexts: string[][] = [];
    const executor: Executor = (call, { context }) => {
      if (call.step === 3) contexts.push(context.map((m) => `${m.kind}: ${m.text.en}`));
      return { ok: true };
    };
    const r = await runHarness({ plan: risky, runId: 'a1', executor, store, approve: () => decisions.shift() });
    expect(r.state).toBe('completed');
    const row = r.context.ledger.find((x) => x.outcome === 'rejected');
    expect([row?.step, row?.error?.message]).toEqual([
      3,
      'back up the orders table first (rejected by ops@example.com)',
    ]);
    expect(contexts).toHaveLength(1);
    expect(contexts[0]?.[0]).toBe(
      'rejection: Approval rejected (step 3): back up the orders table first (rejected by ops@example.com)',
    );
    // Stored with the checkpoints: the rejection row is in the terminal one's ledger.
    const cp = (await store.latest('a1')).checkpoint;
    expect(cp?.ledger.find((x) => x.outcome === 'rejected')?.error?.message).toContain('rejected by ops@example.com');
  });

  it('the same rejection three times fuses the run', async () => {
    const store = newStore();
    let asked = 0;
    const r = await runHarness({
      plan: risky,
      runId: 'a3',
      executor: () => ({ ok: true }),
      store,
      approve: () => (asked++, { approved: false, reason: 'not on a Friday', by: 'ops' }),
    });
    expect([r.state, r.context.ended, asked]).toEqual(['failed', 'loop_fuse', 3]);
  });

  it('"not yet" (undefined) suspends, and a resume asks again', async () => {
    const store = newStore();
    const executor: Executor = () => ({ ok: true });
    const first = await runHarness({ plan: risky, runId: 'a2', executor, store, approve: () => undefined });
    expect(first.state).toBe('waiting_approval');
    const asked: number[] = [];
    const again = await runHarness({
      plan: risky,
      runId: 'a2',
      executor,
      store,
      resume: true,
      approve: (step) => (asked.push(step.n), { approved: true, by: 'me' }),
    });
    expect([again.state, asked]).toEqual(['completed', [3]]);
  });
});

describe('outputs and artifacts', () => {
  it("hands back each step's artifact ref, those of steps before a resume too, and this process's outputs", async () => {
    const base = newStore();
    let dead = false;
    const dying: CheckpointStore = {
      ...base,
      put: async (cp, lease) => {
        if (dead) throw new Error('killed');
        return base.put(cp, lease);
      },
    };
    const executor: Executor = (call) => {
      if (call.step === 3) dead = true;
      return { ok: true, output: { rows: call.step * 10 }, artifact: `s3://bucket/${call.step}.json` };
    };
    await expect(runHarness({ plan: TEST_PLAN, runId: 'o1', executor, store: dying })).rejects.toThrow('killed');
    const r = await runHarness({ plan: TEST_PLAN, runId: 'o1', executor, store: base, resume: true });
    expect(r.state).toBe('completed');
    expect(r.outputs).toEqual({
      1: { artifact: 's3://bucket/1.json' },
      2: { artifact: 's3://bucket/2.json' },
      3: { artifact: 's3://bucket/3.json', output: { rows: 30 } },
      4: { artifact: 's3://bucket/4.json', output: { rows: 40 } },
    });
  });

  it('takes a plan with plain titles and tools of its own, and the call carries the title', async () => {
    const plan = harnessPlan({
      id: 'own',
      steps: [{ title: 'Query the warehouse', tool: 'bigquery', args: { sql: 'select 1' } }],
    });
    const store = createIdbStore({ name: `hc-${randomUUID()}`, plans: (id) => (id === plan.id ? plan : undefined) });
    const seen: string[] = [];
    const r = await runHarness({
      plan,
      runId: 'p1',
      executor: (call) => (seen.push(`${call.tool}: ${call.title}`), { ok: true }),
      store,
    });
    expect([r.state, seen]).toEqual(['completed', ['bigquery: Query the warehouse']]);
    expect(() => harnessPlan({ id: 'bad', steps: [{ title: 'x', tool: '', args: {} }] })).toThrow(
      /plan bad, step 1: field "tool"/,
    );
    const typo = { title: 'x', tool: 'sh', args: {}, efect: 'risky' } as unknown as HarnessStep;
    expect(() => harnessPlan({ id: 'typo', steps: [typo] })).toThrow(/plan typo, step 1: .*efect/);
  });
});
