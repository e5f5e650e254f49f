import { expect, test } from '@playwright/test';
import { expectReady, expectState, int, open } from './helpers';

/** The article, complete: the fuse across a crash, designs, approval from the checkpoint, the simple mode, the stories. */

async function toStep(page: import('@playwright/test').Page, n: number) {
  await page.getByTestId('btn-start').click();
  while ((await int(page, 'current-step')) < n) await page.getByTestId('btn-step').click();
}

test('one page, a new run by the address for each: the full machine, the fuse across a crash and a reload, approval, no-fuse, the simple mode, a saved design, the opening story', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(240_000);
  await test.step('the full machine says data-machine="full"', async () => {
    await open(page, '?lang=en&run=new');
    await expect(page.getByTestId('app')).toHaveAttribute('data-machine', 'full');
    await expect(page.getByTestId('design-name')).toHaveAttribute('data-design', 'article');
  });
  await test.step('the fuse survives a crash: fail twice, crash, restart, and the third failure fuses', async () => {
    await open(page, '?lang=en&run=new');
    await toStep(page, 3);
    await page.getByTestId('btn-fail').click();
    await page.getByTestId('btn-fail').click();
    await expect(page.getByTestId('loop-count')).toHaveText('2');
    await page.getByTestId('btn-crash').click();
    await page.getByTestId('btn-restart').click();
    await expectState(page, 'tool_failed');
    await expect(page.getByTestId('current-step')).toHaveText('3');
    await expect(page.getByTestId('loop-count')).toHaveText('2');
    await expect(page.getByTestId('loop-stage')).toHaveAttribute('data-stage', 'reminded');
    await page.getByTestId('btn-fail').click();
    await expectState(page, 'failed');
    await expect(page.getByTestId('loop-stage')).toHaveAttribute('data-stage', 'fused');
  });
  await test.step('the fuse survives a reload too, and the newest checkpoint is the failure', async () => {
    await open(page, '?lang=en&run=new');
    await toStep(page, 4);
    await page.getByTestId('btn-fail').click();
    await page.getByTestId('btn-fail').click();
    // The page shows the second failure only once its checkpoint is durable: a reload then has it.
    await expect(page.getByTestId('loop-count')).toHaveText('2');
    await expect(page.locator('[data-testid="checkpoint-item"]').first()).toHaveAttribute('data-trigger', 'failure');
    await page.reload();
    await expectReady(page);
    await expectState(page, 'tool_failed');
    await expect(page.getByTestId('loop-count')).toHaveText('2');
    await page.getByTestId('btn-fail').click();
    await expectState(page, 'failed');
  });
  await test.step('approving reads the before_suspend checkpoint and goes on from it', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    const saved = page.locator('[data-testid="checkpoint-item"]').first();
    await expect(saved).toHaveAttribute('data-trigger', 'before_suspend');
    const seq = await saved.getAttribute('data-seq');
    await page.getByTestId('btn-step').click();
    await page.getByTestId('btn-approve').click();
    await expectState(page, 'running');
    await expect(page.getByTestId('resume-notice')).toHaveAttribute('data-seq', seq ?? '');
    await expect(page.getByTestId('current-step')).toHaveText('27');
    await expect(page.getByTestId('approval-requests')).toHaveText('1');
  });
  await test.step('?design=no-fuse: named on the page, no reminder and no fuse however often the step fails', async () => {
    await open(page, '?lang=en&run=new&design=no-fuse');
    await expect(page.getByTestId('design-name')).toHaveAttribute('data-design', 'no-fuse');
    await toStep(page, 2);
    for (let i = 0; i < 5; i++) await page.getByTestId('btn-fail').click();
    await expectState(page, 'tool_failed');
    await expect(page.getByTestId('loop-count')).toHaveText('5');
    await expect(page.locator('[data-testid="context-channel"] [data-kind="reminder"]')).toHaveCount(0);
    // Saved with the run: a reload resumes it with its design.
    await page.reload();
    await expectReady(page);
    await expect(page.getByTestId('design-name')).toHaveAttribute('data-design', 'no-fuse');
  });
  for (const lang of ['en', 'zh'] as const) {
    await test.step(`script-5min runs the four-state simple mode and says why (${lang})`, async () => {
      await open(page, `?lang=${lang}&run=new&scenario=script-5min`);
      await expect(page.getByTestId('app')).toHaveAttribute('data-machine', 'simple');
      for (const s of ['created', 'running', 'completed', 'failed'])
        await expect(page.getByTestId(`state-${s}`)).toHaveCount(1);
      for (const s of ['planning', 'tool_failed', 'waiting_approval', 'cancelled'])
        await expect(page.getByTestId(`state-${s}`)).toHaveCount(0);
      await expect(page.getByTestId('simple-mode')).toContainText(lang === 'zh' ? '过度设计' : 'over-design');
      await page.getByTestId('btn-start').click();
      for (let i = 0; i < 5; i++) await page.getByTestId('btn-step').click();
      await expectState(page, 'completed');
      // Five minutes after the run's start (Day 1 · 17:00, src/engine/timeOfDay.ts).
      await expect(page.getByTestId('virtual-clock')).toContainText('17:05');
      await expect(page.getByTestId('virtual-clock')).toHaveAttribute('data-minutes', String(17 * 60 + 5));
      await expect(page.getByTestId('checkpoint-count')).toHaveText('0');
    });
  }
  await test.step('a design chosen in the settings is saved with the run: a reload before Start keeps it', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('select-design').selectOption('blocking-wait');
    await page.getByTestId('btn-new-run').click();
    await expect(page.getByTestId('design-name')).toHaveAttribute('data-design', 'blocking-wait');
    await page.goto('/?lang=en');
    await expectReady(page);
    await expect(page.getByTestId('design-name')).toHaveAttribute('data-design', 'blocking-wait');
  });
  for (const [design, wasted] of [
    ['article', '0'],
    ['no-checkpoint', '26'],
  ] as const) {
    await test.step(`the opening story played on the page: ${design} ends with ${wasted} steps wasted`, async () => {
      await open(page, `?lang=en&run=new&design=${design}`);
      // The speed slider paces the story too: at its fastest the night passes in a moment.
      await page.getByTestId('input-speed').fill('100');
      await page.getByTestId('select-story').selectOption('opening-story');
      await page.getByTestId('btn-story-play').click();
      await expect(page.getByTestId('story-status')).toHaveAttribute('data-done', 'true', { timeout: 80_000 });
      await expectState(page, 'completed');
      await expect(page.getByTestId('steps-wasted')).toHaveText(wasted);
      await expect(page.getByTestId('design-name')).toHaveAttribute('data-design', design);
    });
  }
});
