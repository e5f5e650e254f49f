import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_SCHEMA } from './checkpointShape.js';
import { parseCheckpoint, serializeCheckpoint, toCheckpoint } from './checkpoint.js';
import { restoreContext } from './restore.js';
import type { Step } from './types.js';
import type { TaskPlan } from './world.js';

/**
 * The codec against the fixture of every stored version (one so far, v1: a 40-step run
 * suspended at step 27), with a plan of the fixture's shape: what a harness author's plan lookup
 * gives. Any later version adds its fixture here and the migration that reads it.
 */
const fixture = readFileSync(new URL('./__fixtures__/checkpoint.v1.json', import.meta.url), 'utf8');
/** The fixture with some fields changed, as text. */
const edited = (fields: Record<string, unknown>, drop?: string) => {
  const o: Record<string, unknown> = { ...JSON.parse(fixture), ...fields };
  if (drop) delete o[drop];
  return JSON.stringify(o);
};
const steps: Step[] = Array.from({ length: 40 }, (_, i) => ({
  n: i + 1,
  title: { zh: `第 ${i + 1} 步`, en: `step ${i + 1}` },
  tool: 'shell',
  args: { cmd: `step-${i + 1}` },
  effect: 'none',
  phase: 'run',
}));
const plan: TaskPlan = { id: 'migration-40', mode: 'one_shot', steps };
const plans = (id: string) => (id === plan.id ? plan : undefined);

describe('the checkpoint codec', () => {
  it('reads the v1 fixture whole, and a restore stands where it stood', () => {
    const r = parseCheckpoint(fixture, plans);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([r.checkpoint.state, r.checkpoint.step, r.checkpoint.done]).toEqual(['waiting_approval', 27, '1-26']);
    const ctx = restoreContext(r.checkpoint, plan);
    expect(ctx.cursor).toBe(27);
    expect(ctx.todos.filter((t) => t === 'done')).toHaveLength(26);
    // Written again from the restored context, it is the same position.
    const again = toCheckpoint(ctx, r.checkpoint.state, r.checkpoint.trigger, r.checkpoint.time.wall);
    expect(parseCheckpoint(serializeCheckpoint(again), plans)).toEqual({ ok: true, checkpoint: again });
    expect([again.step, again.done, again.seq]).toEqual([27, '1-26', r.checkpoint.seq]);
  });

  it.each([
    ['not JSON', '{', 'E201'],
    ['not ours', JSON.stringify({ name: 'package.json' }), 'E202'],
    ['a version it has no migration for', edited({ schema: 'harness-sim.checkpoint/9' }), 'E203'],
    ['a plan the harness does not know', edited({ scenario: 'other-plan' }), 'E206'],
    ['a step outside its plan', edited({ step: 41 }), 'E205'],
  ])('refuses %s with its number', (_, text, code) => {
    const r = parseCheckpoint(text, plans);
    expect(r.ok ? 'read' : r.error.slice(0, 4)).toBe(code);
  });

  it('reads an older schema through its migration', () => {
    const old = edited({ schema: 'harness-sim.checkpoint/0', position: 27 }, 'step');
    const migrations = {
      'harness-sim.checkpoint/0': ({ position, ...rest }: Record<string, unknown>) => ({
        ...rest,
        schema: CHECKPOINT_SCHEMA,
        step: position,
      }),
    };
    const r = parseCheckpoint(old, plans, migrations);
    expect(r.ok && r.checkpoint.step).toBe(27);
  });

  // Issue 44, defect 5: each field reads alone, but the parts must tell one story.
  const base = JSON.parse(fixture) as Record<string, unknown>;
  const ledger = base.ledger as Record<string, unknown>[];
  it.each([
    [
      'completed with step 27 never run',
      { state: 'completed', ended: 'completed' },
      /state is completed but step 27 is not done/,
    ],
    ['completed with no reason it ended', { state: 'completed' }, /state is completed but it ended for no reason/],
    [
      'running with a reason it ended',
      { state: 'running', approval: { ...(base.approval as object), pending: null }, ended: 'loop_fuse' },
      /state is running but it ended as loop_fuse/,
    ],
    ['a step moved past open ones', { step: 30 }, /step is 30 but step 27 before it is in_progress/],
    [
      'a done list with a hole',
      { done: '1-25', todos: { in_progress: '27', pending: '26,28-40', skipped: '' } },
      /step 26 before it is pending/,
    ],
    ['a step in two lists', { done: '1-27' }, /step 27 is both done and in_progress/],
    [
      'a step closed ahead by no one',
      { done: '1-26,30', todos: { in_progress: '27', pending: '28-29,31-40', skipped: '' } },
      /step 30 is closed ahead of step 27/,
    ],
    [
      'a ledger row for a step not reached',
      { ledger: [...ledger, { step: 33, attempt: 1, outcome: 'ok', at: 1 }] },
      /attempt at step 33, not reached/,
    ],
    [
      'a wait for approval with no request',
      { approval: { issued: 1, pending: null, approved: [] } },
      /waits for approval but no request for step 27/,
    ],
  ])('refuses a checkpoint whose parts disagree (E205): %s', (_, fields, reason) => {
    const r = parseCheckpoint(edited(fields), plans);
    expect(r.ok ? 'read' : r.error).toMatch(/^E205: /);
    expect(r.ok ? 'read' : r.error).toMatch(reason);
  });

  it("accepts a person's act ahead of the step (a takeover's mark_done), as the ledger records it", () => {
    const row = { step: 30, attempt: 1, outcome: 'ok', at: 1, actor: 'human' };
    const text = edited({
      done: '1-26,30',
      todos: { in_progress: '27', pending: '28-29,31-40', skipped: '' },
      ledger: [...ledger, row],
    });
    expect(parseCheckpoint(text, plans)).toMatchObject({ ok: true });
  });
});
