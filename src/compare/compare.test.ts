import { inEvery } from '../i18n/all';
import { describe, expect, it } from 'vitest';
import { CompareRun, chartOf, parseCompareQuery, spanOf, verdictOf, type CompareConfig } from '.';
import { refusalText } from '../ui/compare/refusal';
import { translatorFor } from '../ui/translator';
import { CHECKPOINT_WRITE_MS } from '../engine';

const run = (designs: CompareConfig['designs'], script: CompareConfig['script'], seed = 1) =>
  new CompareRun({ designs, script, seed });

describe('the three endings, side by side (SPEC §9)', () => {
  it('opening-story: article resumes at 27 with 0 wasted; no-checkpoint restarts at 1 with 26 wasted', () => {
    const r = run(['article', 'no-checkpoint'], 'opening-story').finish();
    const [article, none] = r.meters;
    expect(article).toMatchObject({ finalState: 'completed', stepsWasted: 0, killed: false, done: true });
    expect(none).toMatchObject({ finalState: 'completed', stepsWasted: 26, checkpoints: 0, bytesWritten: 0 });
    expect(r.panes[0].sim.log.some((t) => t.event === 'RESTORE' && t.to === 'waiting_approval')).toBe(true);
    expect(r.panes[1].sim.log.some((t) => t.event === 'RESTORE' && t.to === 'planning')).toBe(true);
    expect(article.checkpoints).toBeGreaterThan(0);
    expect(article.bytesWritten).toBeGreaterThan(article.checkpoints * 1_000);
    expect(none.tokens).toBeGreaterThan(article.tokens);
    expect(none.minutes).toBeGreaterThan(article.minutes);
  });

  it('opening-story-failing: no-fuse burns at least 10x the tokens, the article fused (failed, loop_fuse), no-fuse killed by the timeout', () => {
    const [article, noFuse] = run(['article', 'no-fuse'], 'opening-story-failing').finish().meters;
    expect(article).toMatchObject({ finalState: 'failed', ended: 'loop_fuse', killed: false });
    expect(noFuse).toMatchObject({ finalState: 'tool_failed', killed: true });
    expect(noFuse.tokens).toBeGreaterThanOrEqual(10 * article.tokens);
    expect(noFuse.modelCalls).toBeGreaterThan(article.modelCalls);
  });

  it('the lockstep keeps the two clocks within one move of each other until one pane ends', () => {
    for (const [designs, script] of [
      [['article', 'no-checkpoint'], 'opening-story'],
      [['article', 'no-fuse'], 'opening-story-failing'],
      [['no-refs', 'blocking-wait'], 'opening-story'],
    ] as const) {
      const r = run(designs, script);
      let checked = 0;
      while (r.step()) {
        const [a, b] = r.panes;
        if (a.done || b.done) break;
        const oneMove = Math.max(a.longestMoveMs, b.longestMoveMs);
        expect(
          Math.abs(a.clock - b.clock),
          `${designs.join(' vs ')} after ${a.moves}+${b.moves} moves`,
        ).toBeLessThanOrEqual(oneMove);
        checked++;
      }
      expect(checked).toBeGreaterThan(50);
    }
  });

  it('a pane that has ended waits while the other goes on', () => {
    const r = run(['article', 'no-fuse'], 'opening-story-failing');
    while (!r.panes[0].done) r.step();
    const { moves, clock } = r.panes[0];
    r.finish();
    expect([r.panes[0].moves, r.panes[0].clock]).toEqual([moves, clock]);
    expect(r.panes[1].clock).toBeGreaterThan(clock);
  });

  it('gives chart samples of tokens and steps over virtual time for each pane, in time order', () => {
    const r = run(['article', 'no-checkpoint'], 'opening-story').finish();
    for (const p of r.panes) {
      expect(p.samples.length).toBeGreaterThan(40);
      for (let i = 1; i < p.samples.length; i++)
        expect(p.samples[i]!.minutes).toBeGreaterThanOrEqual(p.samples[i - 1]!.minutes);
      expect(p.samples.at(-1)!.tokens).toBe(p.sim.tokens);
    }
    // No checkpoint: 26 steps are done twice, so its work line ends 26 above the article's.
    expect(r.panes[1].samples.at(-1)!.work - r.panes[0].samples.at(-1)!.work).toBe(26);
  });

  it('the same config plays the same (a replay is exact)', () => {
    const a = run(['article', 'no-fuse'], 'opening-story-failing', 5).finish();
    const b = run(['article', 'no-fuse'], 'opening-story-failing', 5).finish();
    expect(b.meters).toEqual(a.meters);
    expect(b.panes[1].samples).toEqual(a.panes[1].samples);
  });
});

describe('?compare=a,b&script=id', () => {
  it('reads a valid address into a config', () => {
    expect(parseCompareQuery('?compare=article,no-checkpoint&script=opening-story')).toEqual({
      ok: true,
      config: { designs: ['article', 'no-checkpoint'], script: 'opening-story', seed: 1 },
    });
    expect(parseCompareQuery('compare=no-fuse,article&script=opening-story-failing&seed=7')).toMatchObject({
      ok: true,
      config: { designs: ['no-fuse', 'article'], seed: 7 },
    });
    expect(parseCompareQuery('compare=article,no-refs')).toMatchObject({
      ok: true,
      config: { script: 'opening-story' },
    });
  });

  it('is null when the address asks for no comparison', () => {
    expect(parseCompareQuery('?scenario=migration-40')).toBeNull();
  });

  it.each([
    ['compare=article,best', 'C202', 'compare', /unknown design "best"; the designs are article, /],
    ['compare=article,article', 'C203', 'compare', /same design twice/],
    ['compare=article', 'C201', 'compare', /two designs/],
    ['compare=article,no-fuse,no-refs', 'C201', 'compare', /two designs/],
    ['compare=article,no-fuse&script=bedtime', 'C204', 'script', /unknown script "bedtime"/],
    ['compare=article,no-fuse&seed=-1', 'C205', 'seed', /whole number/],
    ['compare=article,no-fuse&seed=1e3', 'C205', 'seed', /whole number/],
  ])('%s is refused with a clear error, in both languages', (q, code, field, text) => {
    const r = parseCompareQuery(q);
    expect(r?.ok).toBe(false);
    if (!r || r.ok) return;
    expect([r.error.code, r.error.field]).toEqual([code, field]);
    const en = refusalText(translatorFor('en'), r.error);
    expect(en.startsWith(`${code} ${field}: `)).toBe(true);
    expect(en).toMatch(text);
    const zh = refusalText(translatorFor('zh'), r.error);
    expect(zh).toMatch(new RegExp(`^${code} ${field}：`));
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    if (code === 'C202') expect(zh).toContain('article、');
  });
});

describe('the chart', () => {
  it('puts both panes on one scale: the axes end at the larger pane’s figures', () => {
    const r = run(['article', 'no-fuse'], 'opening-story-failing').finish();
    const c = chartOf(r);
    expect(c.series.map((s) => s.design)).toEqual(['article', 'no-fuse']);
    expect(c.maxTokens).toBe(r.panes[1].sim.tokens);
    expect(c.maxMinutes).toBe(Math.max(...r.panes.map((p) => p.samples.at(-1)!.minutes)));
    expect(c.maxWork).toBeGreaterThanOrEqual(26);
  });
});

describe('the verdict above the panes (ui-contract compare-verdict)', () => {
  it('waits for both panes, then says in one sentence what differs, the costlier design first', () => {
    const r = run(['article', 'no-fuse'], 'opening-story-failing');
    r.step();
    expect(verdictOf(...(r.meters as [never, never]))).toBeNull();
    const [article, noFuse] = r.finish().meters;
    const v = verdictOf(article, noFuse)!;
    const x = Math.round(noFuse.tokens / article.tokens);
    expect(inEvery(v).en).toMatch(
      new RegExp(`^No fuse: ${x}x the tokens, killed at \\d\\d:\\d\\d still in tool_failed, `),
    );
    expect(inEvery(v).en).toContain(`${noFuse.checkpoints} checkpoints against ${article.checkpoints}`);
    expect(inEvery(v).en).toContain('The article’s design: ended in failed (loop_fuse).');
    expect(inEvery(v).zh).toContain(`token 是对方的 ${x} 倍`);
  });

  it('names the wasted steps of no checkpoint, and the queued task of a blocking wait', () => {
    const [a, none] = run(['article', 'no-checkpoint'], 'opening-story').finish().meters;
    expect(inEvery(verdictOf(a, none)!).en).toContain('No checkpoints: ');
    expect(inEvery(verdictOf(a, none)!).en).toContain('26 steps done twice');
    const [refs, blocking] = run(['no-refs', 'blocking-wait'], 'opening-story').finish().meters;
    expect(inEvery(verdictOf(refs, blocking)!).en).toMatch(/the queued task (never finished|done only at)/);
  });
});

describe('every step is slow (SPEC §9 every-step: a checkpoint write costs virtual time)', () => {
  it('every-step’s clock is later than the article’s by its extra writes times the cost of one', () => {
    const [every, article] = run(['every-step', 'article'], 'opening-story-failing').finish().meters;
    expect(every.checkpoints).toBeGreaterThan(article.checkpoints);
    expect(every.clockMs - article.clockMs).toBe((every.checkpoints - article.checkpoints) * CHECKPOINT_WRITE_MS);
    expect(every.tokens).toBe(article.tokens);
    // On the opening story the person is back at 09:00 whatever the design, so only the extra
    // writes after the morning still show on the clock at the end.
    const [e2, a2] = run(['every-step', 'article'], 'opening-story').finish().meters;
    expect(e2.clockMs - a2.clockMs).toBeGreaterThan(0);
    expect(e2.clockMs - a2.clockMs).toBeLessThan((e2.checkpoints - a2.checkpoints) * CHECKPOINT_WRITE_MS);
    expect((e2.clockMs - a2.clockMs) % CHECKPOINT_WRITE_MS).toBe(0);
  });

  it('the verdict names every figure that differs, and says "alike" only when none does', () => {
    const [every, article] = run(['every-step', 'article'], 'opening-story').finish().meters;
    const v = verdictOf(every, article)!;
    const late = spanOf(every.clockMs - article.clockMs);
    expect(inEvery(v).en).not.toMatch(/alike/);
    // Only the figures that differ, and nothing a later clock alone explains (the queued task).
    expect(inEvery(v).en).toBe(
      `Checkpoint every step: ${every.checkpoints} checkpoints against ${article.checkpoints}, ` +
        `${every.bytesWritten.toLocaleString('en')} bytes written against ${article.bytesWritten.toLocaleString('en')}, ` +
        `its clock ${inEvery(late).en} later.`,
    );
    expect(inEvery(v).en).toContain(
      `${every.bytesWritten.toLocaleString('en')} bytes written against ${article.bytesWritten.toLocaleString('en')}`,
    );
    expect(inEvery(v).en).toContain(`its clock ${inEvery(late).en} later`);
    expect(inEvery(v).zh).toContain(`存档 ${every.checkpoints} 个（对方 ${article.checkpoints} 个）`);
    expect(inEvery(v).zh).toContain(`时钟晚 ${inEvery(late).zh}`);
    expect(inEvery(verdictOf(article, { ...article, design: 'every-step' })!).en).toMatch(/^Both designs ended alike/);
    // One figure apart is enough to be named.
    expect(inEvery(verdictOf(article, { ...article, design: 'every-step', tokens: article.tokens + 1 })!).en).toBe(
      'Checkpoint every step: 1 more tokens.',
    );
  });

  it('says a span of virtual time as people do', () => {
    expect(inEvery(spanOf(135_000))).toEqual({ zh: '2 分 15 秒', en: '2 min 15 s' });
    expect(inEvery(spanOf(3_900_000))).toEqual({ zh: '1 小时 5 分', en: '1 h 5 min' });
    expect(inEvery(spanOf(5_000))).toEqual({ zh: '5 秒', en: '5 s' });
  });
});
