import { expect, test } from '@playwright/test';
import { answerPrediction, expectState, open } from './helpers';

/** What the page once said that the run did not do, held to the page (SPEC §10). */

test('what the page says is what the run did, on one page: the guards, the simple mode (zh, en), the checkpoint view, the replan edge', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(120_000);
  await test.step('a run on the article’s guard says so, and run-ended appears only once it has ended', async () => {
    await open(page, '?lang=en&run=new');
    await expect(page.getByTestId('design-name')).toHaveAttribute('data-guard', 'article');
    await expect(page.getByTestId('run-ended')).toHaveCount(0);
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-cancel').click();
    await expect(page.getByTestId('run-ended')).toHaveAttribute('data-reason', 'cancelled');
  });
  for (const lang of ['zh', 'en'] as const) {
    await test.step(`the simple mode has no ledger, no loop read-out, no channel message, and the article’s names (${lang})`, async () => {
      await open(page, `?lang=${lang}&run=new&scenario=script-5min`);
      const names = lang === 'zh' ? ['待跑', '在跑', '完成', '失败'] : ['pending', 'running', 'done', 'failed'];
      for (const [i, s] of ['created', 'running', 'completed', 'failed'].entries())
        await expect(page.getByTestId(`state-${s}`)).toContainText(names[i]!);
      await expect(page.getByTestId('simple-mode')).toContainText(
        lang === 'zh' ? '另外四个状态' : 'the other four states',
      );
      await expect(page.getByTestId('simple-mode')).not.toContainText(
        lang === 'zh' ? '八个状态（' : 'the eight states (',
      );
      await page.getByTestId('btn-start').click();
      await page.getByTestId('btn-step').click();
      await page.getByTestId('btn-fail').click();
      await expectState(page, 'failed');
      await expect(page.getByTestId('run-ended')).toHaveAttribute('data-reason', 'step_failed');
      await expect(page.getByTestId('ledger-row')).toHaveCount(0);
      await expect(page.getByTestId('ledger-none')).toBeVisible();
      await expect(page.getByTestId('loop-stage')).toHaveCount(0);
      await expect(page.getByTestId('loop-none')).toBeVisible();
      await expect(page.locator('[data-testid="context-channel"] > li')).toHaveCount(0);
      await expect(page.getByTestId('channel-none')).toBeVisible();
    });
  }
  await test.step('the fuse lesson’s coarse guard really fuses: run-ended loop_fuse, the badge says tool-only', async () => {
    await open(page, '?lang=en&lesson=fuse&at=8');
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '8');
    await expect(page.getByTestId('run-ended')).toHaveAttribute('data-reason', 'loop_fuse');
    await expect(page.getByTestId('loop-stage')).toHaveAttribute('data-stage', 'fused');
    await expect(page.getByTestId('loop-count')).toHaveText('3');
    const badge = page.getByTestId('design-name');
    await expect(badge).toHaveAttribute('data-guard', 'tool-only');
    await expect(badge).toContainText('coarse guard');
    await expect(page.locator('.hs-design__change')).not.toContainText('remind before fuse');
  });
  await test.step('the checkpoint view marks the article’s five, and its text is still the checkpoint’s JSON', async () => {
    await open(page, '?lang=en&lesson=density&at=1');
    const json = JSON.parse((await page.getByTestId('checkpoint-latest').textContent()) ?? '') as Record<
      string,
      unknown
    >;
    expect(Object.keys(json).length).toBeGreaterThan(5);
    const marked = await page
      .locator('[data-testid="checkpoint-latest"] [data-five]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-five'), e.textContent?.trim().split(':')[0]]));
    expect(marked).toEqual([
      ['1', '"state"'],
      ['1', '"step"'],
      ['2', '"done"'],
      ['3', '"refs"'],
      ['4', '"todos"'],
      ['5', '"plan"'],
    ]);
    await expect(page.getByTestId('checkpoint-five')).toContainText('replay and approval');
  });
  await test.step('the replan edge is marked as the simulator’s extension, and the your-turn card carries its stop', async () => {
    await open(page, '?lang=zh&lesson=plans&at=7');
    const edge = page.getByTestId('edge-running-planning');
    await expect(edge).toHaveAttribute('data-extension', 'true');
    await expect(page.getByTestId('edge-running-tool_failed')).not.toHaveAttribute('data-extension', 'true');
    const turn = page.getByTestId('lesson-your-turn');
    await expect(turn).toHaveAttribute('data-at', '7');
    await expect(turn).toHaveAttribute('data-of', '8');
    await page.getByTestId('btn-restart').click();
    await answerPrediction(page);
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '7');
  });
});
