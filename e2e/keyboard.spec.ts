import { expect, test } from '@playwright/test';
import { expectState, open, tabTo } from './helpers';

/** The page played with the keyboard alone: Tab to a control and Enter or Space, or its shortcut. */

test('the fuse flow from the keyboard: start, a step, fail ×3 → failed', async ({ page }) => {
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

test('the approval flow from the keyboard: to the next approval, approve, on to completed', async ({ page }) => {
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

test('the shortcuts overlay opens with ? and closes with Escape, and the keys work again after', async ({ page }) => {
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
