import { expect, test } from '@playwright/test';
import { expectState, open, tabTo } from './helpers';

/** The page played with the keyboard alone: Tab to a control and Enter or Space, or its shortcut. */

test('the keyboard alone, a new run by the address for each: the fuse flow, the approval flow, the shortcuts overlay', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(90_000);
  await test.step('the fuse flow from the keyboard: start, a step, fail ×3 → failed', async () => {
    await open(page, '?lang=en&run=new');
    await tabTo(page, 'btn-start');
    await page.keyboard.press('Enter');
    await expectState(page, 'planning');
    await tabTo(page, 'btn-step');
    await page.keyboard.press('Enter');
    await expectState(page, 'running');
    // The fail button by Tab and Space once, then by its shortcut.
    await tabTo(page, 'btn-fail');
    await page.keyboard.press('Space');
    await expectState(page, 'tool_failed');
    await expect(page.getByTestId('loop-count')).toHaveText('1');
    await page.keyboard.press('f');
    await expect(page.getByTestId('loop-count')).toHaveText('2');
    await page.keyboard.press('f');
    await expectState(page, 'failed');
    await expect(page.getByTestId('loop-stage')).toHaveAttribute('data-stage', 'fused');
    await expect(page.getByTestId('ledger-row')).toHaveCount(3);
  });
  await test.step('the approval flow from the keyboard: to the next approval, approve, on to completed', async () => {
    await open(page, '?lang=en&run=new');
    await page.keyboard.press('s');
    await expectState(page, 'planning');
    await tabTo(page, 'btn-fast-forward-approval');
    await page.keyboard.press('Enter');
    await expectState(page, 'waiting_approval');
    await expect(page.getByTestId('current-step')).toHaveText('27');
    await tabTo(page, 'btn-approve');
    await page.keyboard.press('Space');
    await expectState(page, 'running');
    await page.keyboard.press('g');
    await expectState(page, 'completed');
    await expect(page.getByTestId('approval-requests')).toHaveText('1');
  });
  await test.step('the shortcuts overlay opens with ? and closes with Escape, and the keys work again after', async () => {
    await open(page, '?lang=en&run=new');
    await page.keyboard.press('?');
    await expect(page.getByTestId('help-overlay')).toBeVisible();
    await page.keyboard.press('s');
    await expectState(page, 'created');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('help-overlay')).toHaveCount(0);
    await page.keyboard.press('s');
    await expectState(page, 'planning');
  });
});
