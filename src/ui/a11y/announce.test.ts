import { describe, expect, it } from 'vitest';
import { drive } from '../../engine/testing.test-kit';
import { translate } from '../../i18n';
import { GAP_MS, QUIET, factsOf, flush, offer, transitionText, type Coalescer } from './announce';

/** What the live region would say of a driven run's newest transition. */
const said = (t: ReturnType<typeof drive>, lang: 'en' | 'zh' = 'en') => {
  const f = factsOf(t.sim.log, t.ctx);
  return f && transitionText(lang, f);
};

describe('the announcement of a transition', () => {
  it('says nothing before the first transition', () => {
    expect(said(drive())).toBeNull();
  });

  it('names the move and what it means, in the page language', () => {
    const t = drive().send({ type: 'START' });
    expect(said(t)).toBe('created → planning: task started, making the plan');
    t.tick();
    expect(said(t)).toBe('planning → running: plan ready, 40 steps');
    t.tick();
    expect(said(t)).toBe('running → running: step 1 of 40 done');
    const zh = (s: 'running' | 'tool_failed') => translate('zh', `state.${s}`);
    expect(said(t, 'zh')).toBe(`${zh('running')} → ${zh('running')}：第 1 步完成，共 40 步`);
  });

  it('counts a failing step towards its fuse: loop 1 of 3, then the fuse trips', () => {
    const t = drive().start().tick(5);
    t.send({ type: 'FAIL_NOW', error: 'not_found' });
    expect(said(t)).toBe('running → tool failed: step 6 failed, loop 1 of 3');
    expect(said(t, 'zh')).toBe(
      `${translate('zh', 'state.running')} → ${translate('zh', 'state.tool_failed')}：第 6 步失败，循环 1/3`,
    );
    t.send({ type: 'FAIL_NOW', error: 'not_found' });
    expect(said(t)).toContain('step 6 failed, loop 2 of 3');
    t.send({ type: 'FAIL_NOW', error: 'not_found' });
    expect(said(t)).toBe('tool failed → failed: step 6 failed 3 times on the same input: the fuse tripped');
  });

  it('says a risky step waits for a person, and that it was approved', () => {
    const t = drive().start().untilState('waiting_approval');
    expect(said(t)).toBe('running → awaiting approval: step 27 waits for a person’s approval');
    t.send({ type: 'APPROVE' });
    expect(said(t)).toBe('awaiting approval → running: step 27 approved');
  });
});

describe('coalescing during play', () => {
  /** Offers one transition every `every` ms for `ms`, flushing when told; returns what was said, and when. */
  function play(every: number, ms: number) {
    let c: Coalescer = QUIET;
    let due: number | null = null;
    const out: { at: number; say: string }[] = [];
    for (let now = 0, n = 1; now <= ms; now += every, n++) {
      if (due !== null && due <= now) {
        const f = flush(c, 'en', due);
        c = f.next;
        if (f.say) out.push({ at: due, say: f.say });
        due = null;
      }
      const o = offer(c, 'en', `line ${n}`, 1, now);
      c = o.next;
      if (o.say) out.push({ at: now, say: o.say });
      due = o.flushAt ?? due;
    }
    return out;
  }

  it('says the first transition at once', () => {
    expect(offer(QUIET, 'en', 'a', 1, 0)).toMatchObject({ say: 'a', flushAt: null });
  });

  it('never speaks twice within the gap, however fast the run goes', () => {
    const out = play(25, 10_000);
    for (let i = 1; i < out.length; i++)
      expect((out[i]?.at ?? 0) - (out[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(GAP_MS);
    expect(out.length).toBeLessThanOrEqual(10_000 / GAP_MS + 1);
  });

  it('says the newest held transition and how many it stands for', () => {
    const out = play(250, GAP_MS);
    const within = GAP_MS / 250 - 1;
    expect(out[0]).toEqual({ at: 0, say: 'line 1' });
    // The lines after the first came within the gap; the one at the gap's end waits for the next.
    expect(out[1]).toEqual({ at: GAP_MS, say: `${within} transitions. Latest: line ${within + 1}` });
  });

  it('a step pressed now and then is said as it happens', () => {
    expect(play(GAP_MS * 2, GAP_MS * 6).map((o) => o.say)).toEqual(['line 1', 'line 2', 'line 3', 'line 4']);
  });

  it('flushing with nothing held says nothing', () => {
    expect(flush(QUIET, 'en', 5).say).toBeNull();
  });
});
