import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { modelPlan, runHarness, type Executor, type NextCall, type NextCallHook } from './harness.js';
import { createIdbStore } from './stores/idbStore.js';
import type { CheckpointStore } from './stores/types.js';

/** The model drives the run (defect 3): nextCall instead of a plan; the ledger keeps what was sent. */

const newStore = () => createIdbStore({ name: `hc-${randomUUID()}`, plans: (id) => modelPlan(id) });
/** Reads a.json, which is not there; after a reminder it reads b-3.json; then one write; then done. */
const model: NextCallHook = ({ step, attempt, context, calls }): NextCall => {
  if (step === 1)
    return { tool: 'read_file', args: { path: context.some((m) => m.kind === 'reminder') ? 'b-3.json' : 'a.json' } };
  if (step === 2)
    return { tool: 'write_file', args: { path: 'out.txt', from: String(calls.length) }, title: 'Write it' };
  void attempt;
  return { done: true };
};
const files: Executor = (call) =>
  call.tool === 'read_file' && call.args.path === 'a.json'
    ? { ok: false, error: { type: 'not_found', message: 'ENOENT a.json' } }
    : { ok: true, artifact: `${call.tool}:${String(call.args.path)}` };

describe('runHarness({ nextCall })', () => {
  it('records the args the model sent after a reminder, so the guard does not fuse a changed call', async () => {
    const store = newStore();
    const sent: string[] = [];
    const executor: Executor = (call, o) => (sent.push(`${call.step}:${String(call.args.path)}`), files(call, o));
    const r = await runHarness({ nextCall: model, runId: 'm1', executor, store });
    expect([r.state, r.context.ended]).toEqual(['completed', 'completed']);
    expect(sent).toEqual(['1:a.json', '1:a.json', '1:b-3.json', '2:out.txt']);
    const rows = (await store.latest('m1')).checkpoint?.ledger ?? [];
    expect(rows.filter((x) => x.step === 1).map((x) => [x.outcome, x.args?.path ?? 'as planned'])).toEqual([
      ['error', 'as planned'],
      ['error', 'as planned'],
      ['ok', 'b-3.json'],
    ]);
    expect(r.context.ledger.filter((a) => a.step === 1).map((a) => a.args)).toEqual([
      '{"path":"a.json"}',
      '{"path":"a.json"}',
      '{"path":"b-3.json"}',
    ]);
    expect(r.outputs[1]).toEqual({ artifact: 'read_file:b-3.json' });
    expect(r.context.plan.steps.map((s) => s.title.en)).toEqual(['read_file', 'Write it', 'The model is done']);
  });

  it('the same call failing the same way still fuses', async () => {
    const store = newStore();
    const stubborn: NextCallHook = ({ step }) =>
      step === 1 ? { tool: 'read_file', args: { path: 'a.json' } } : { done: true };
    const r = await runHarness({ nextCall: stubborn, runId: 'm2', executor: files, store });
    expect([r.state, r.context.ended]).toEqual(['failed', 'loop_fuse']);
  });

  it("killed mid-run, resumes with the model's earlier calls rebuilt from the checkpoint", async () => {
    const base = newStore();
    let dead = false;
    const dying: CheckpointStore = {
      ...base,
      put: async (cp, lease) => {
        if (dead) throw new Error('killed');
        return base.put(cp, lease);
      },
    };
    const executor: Executor = (call, o) => {
      if (call.step === 2) dead = true;
      return files(call, o);
    };
    await expect(runHarness({ nextCall: model, runId: 'm3', executor, store: dying })).rejects.toThrow('killed');
    const seen: number[] = [];
    const r = await runHarness({
      nextCall: (c) => (seen.push(c.calls.length), model(c)),
      runId: 'm3',
      executor: files,
      store: base,
      resume: true,
    });
    expect(r.state).toBe('completed');
    expect(r.context.plan.steps.map((s) => `${s.tool} ${JSON.stringify(s.args)}`)).toEqual([
      'read_file {"path":"a.json"}',
      'write_file {"path":"out.txt","from":"3"}',
      'model.done {}',
    ]);
    // Asked once after the resume, at the done step, with the four calls the ledger holds.
    expect(seen).toEqual([4]);
    expect(r.outputs[1]).toEqual({ artifact: 'read_file:b-3.json' });
  });

  it('takes a plan or a nextCall, not both', async () => {
    const store = newStore();
    await expect(
      runHarness({ nextCall: model, plan: modelPlan('x'), runId: 'm4', executor: files, store }),
    ).rejects.toThrow(/a plan or a nextCall/);
  });
});
