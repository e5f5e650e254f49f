import { describe, expect, it } from 'vitest';
import { drive } from './testing.test-kit';
import { buildRecoveryHint } from 'harness-core';

describe('the context-aware recovery hint (SPEC §4)', () => {
  const run = () => drive('not-found').start();

  it('at step 3 a not_found says re-check the path', () => {
    const t = run().untilState('tool_failed');
    expect(t.ctx.cursor).toBe(3);
    const hint = buildRecoveryHint(t.ctx.plan, t.ctx.ledger, t.ctx.refs, 3)!;
    expect(hint).toMatchObject({ step: 3, total: 40, advice: 'recheck_path', next: { n: 4 } });
    expect(hint.renamed).toBeUndefined();
    const text = t.ctx.channel.at(-1)!.text;
    expect(text.en).toContain('Step 3/40 "Read the migration config" failed: not_found');
    expect(text.en).toContain('check the path');
    expect(text.zh).toContain('核对路径');
  });

  it('at step 27 the same not_found names step 18 and both refs', () => {
    const t = run()
      .untilStep(27)
      .untilState('waiting_approval')
      .send({ type: 'APPROVE' })
      .tick()
      .expectToBeIn('tool_failed');
    expect(t.ctx.cursor).toBe(27);
    const hint = buildRecoveryHint(t.ctx.plan, t.ctx.ledger, t.ctx.refs, 27)!;
    expect(hint.advice).toBe('check_renamed_artifact');
    expect(hint.renamed).toMatchObject({ step: 18, from: 'exports/orders.csv', to: 'exports/orders_v2.csv' });
    const text = t.ctx.channel.at(-1)!.text.en;
    expect(text).toContain('step 18');
    expect(text).toContain('exports/orders.csv');
    expect(text).toContain('exports/orders_v2.csv');
    expect(text).toContain('The plan’s next step is 28');
  });

  it('lists what was already tried', () => {
    const t = drive().start().send({ type: 'FAIL_NOW', error: 'timeout' }, { type: 'FAIL_NOW', error: 'timeout' });
    const hint = buildRecoveryHint(t.ctx.plan, t.ctx.ledger, t.ctx.refs, 1)!;
    expect(hint.tried).toEqual(['{"cmd":"psql -c \\\\dt"}']);
    expect(hint.advice).toBe('wait_and_retry');
  });

  it('the scripted runs recover after the hint: not-found completes', () => {
    drive('not-found').start().finish().expectToBeIn('completed');
  });
});
