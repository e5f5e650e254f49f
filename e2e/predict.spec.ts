import { expect, test, type Page } from '@playwright/test';
import { axeFindings, expectReady, expectState, open } from './helpers';

/** Predict-then-reveal (ui-contract "Lessons"): the page asks before an injected event applies. */

const prompt = (page: Page) => page.getByTestId('predict-prompt');
const result = (page: Page) => page.getByTestId('predict-result');
const choose = (page: Page, state: string) =>
  prompt(page).locator(`[data-testid="predict-choice"][data-choice="${state}"]`).click();

async function started(page: Page, query = '') {
  await open(page, `?lang=en&run=new${query}`);
  await page.getByTestId('btn-start').click();
  await page.getByTestId('btn-step').click();
  await expectState(page, 'running');
}

test('predict in a free run on one page: off by default, then on and scored', async ({ page }) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(60_000);
  await test.step('off by default: an injected failure applies at once, with no question', async () => {
    await started(page);
    await expect(page.getByTestId('toggle-predict')).not.toBeChecked();
    await page.getByTestId('btn-fail').click();
    await expectState(page, 'tool_failed');
    await expect(prompt(page)).toHaveCount(0);
  });
  await test.step('on: the page asks first, a right and a wrong answer are scored, the event applies after', async () => {
    await started(page);
    await page.getByTestId('toggle-predict').check();
    await page.getByTestId('btn-fail').click();
    await expect(prompt(page)).toBeVisible();
    // Nothing has happened yet; nothing else acts while the question waits.
    await expectState(page, 'running');
    await expect(page.getByTestId('btn-step')).toBeDisabled();
    await expect(prompt(page).getByTestId('predict-choice')).toHaveCount(8);
    await choose(page, 'tool_failed');
    await expect(result(page)).toHaveAttribute('data-correct', 'true');
    await expect(result(page)).toContainText('the next state is tool_failed');
    await expectState(page, 'tool_failed');
    await expect(page.getByTestId('predict-score')).toHaveText('1 of 1 right');

    // The keyboard's shortcut goes through the same question.
    await page.keyboard.press('f');
    await expect(prompt(page)).toBeVisible();
    await choose(page, 'completed');
    await expect(result(page)).toHaveAttribute('data-correct', 'false');
    await expectState(page, 'tool_failed');
    await expect(page.getByTestId('predict-score')).toHaveText('1 of 2 right');

    // The third failure of one key trips the fuse: the state and the fuse are both asked.
    await page.getByTestId('btn-fail').click();
    await prompt(page).locator('[data-testid="predict-fuse"][data-fuse="yes"]').check();
    await choose(page, 'failed');
    await expect(result(page)).toHaveAttribute('data-correct', 'true');
    await expect(result(page)).toContainText('the fuse tripped');
    await expectState(page, 'failed');
    await expect(page.getByTestId('loop-stage')).toHaveAttribute('data-stage', 'fused');

    // The score lasts as long as the tab.
    await page.reload();
    await expectReady(page);
    await expect(page.getByTestId('predict-score')).toHaveText('2 of 3 right');
  });
});

test('predict in a lesson first (on by itself), then a crash asked in the simple mode (zh), then axe with a challenge', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(90_000);
  await test.step('in a lesson predict is on, and asks before a stop that injects a command', async () => {
    await open(page, '?lang=en&lesson=no-progress');
    await expect(page.getByTestId('toggle-predict')).toBeChecked();
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '1');
    await page.getByTestId('btn-lesson-next').click();
    await expect(prompt(page)).toBeVisible();
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '1');
    await choose(page, 'tool_failed');
    await expect(result(page)).toHaveAttribute('data-correct', 'true');
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '2');
    await expectState(page, 'tool_failed');
  });
  await test.step('a crash is asked too, and the simple mode offers its four states (zh)', async () => {
    await open(page, '?lang=zh&run=new&scenario=script-5min');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('toggle-predict').check();
    await page.getByTestId('btn-crash').click();
    await expect(prompt(page).getByTestId('predict-choice')).toHaveCount(4);
    await choose(page, 'running');
    await expect(result(page)).toHaveAttribute('data-correct', 'true');
    await expect(result(page)).toContainText('崩溃杀掉的是进程');
    await expect(page.getByTestId('btn-restart')).toBeEnabled();
  });
  await test.step('axe finds no violation with a challenge open and a question waiting, then its answer shown', async () => {
    const windowed = ['.hs-ledger', '.hs-history', '.hs-log', '.hs-plan'];
    const axe = (where: string) => axeFindings(page, where, windowed);
    await open(page, '?lang=zh&challenge=detour-no-fuse');
    await expect(page.getByTestId('challenge-status')).toHaveAttribute('data-status', 'open');
    await page.getByTestId('toggle-predict').check();
    await page.getByTestId('btn-fail').click();
    await expect(prompt(page)).toBeVisible();
    const asking = await axe('asking');
    await choose(page, 'tool_failed');
    await expect(result(page)).toBeVisible();
    const shown = await axe('shown');
    expect([...asking, ...shown]).toEqual([]);
  });
});
