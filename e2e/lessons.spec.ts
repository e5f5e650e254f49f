import { expect, test } from '@playwright/test';
import { LESSON_IDS, answerPrediction, expectReady, open, toYourTurn } from './helpers';

/**
 * The lesson page's controls (ui-contract "Lessons"). Every lesson played from its first stop to
 * lesson-done, in zh and en, with each stop's claims read from the screen: lesson-claims.spec.ts.
 */

test('the lesson page in en on one page: the list, a remote, the laptop card, a your-turn stop, every-N', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(120_000);
  await test.step('the lesson list names every lesson', async () => {
    await open(page, '?lang=en');
    for (const id of LESSON_IDS)
      await expect(page.locator(`[data-testid="lesson-item"][data-lesson="${id}"]`)).toHaveCount(1);
  });
  await test.step('PageDown and PageUp (a presentation remote) step the lesson', async () => {
    await open(page, '?lang=en&lesson=approval');
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '1');
    await page.keyboard.press('PageDown');
    // Stop 2 injects a command: predict (on in a lesson) asks first.
    await answerPrediction(page);
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '2');
    await page.keyboard.press('PageUp');
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '1');
  });
  await test.step('on a laptop the controls stand beside the lesson: the card carries no copy', async () => {
    await open(page, '?lang=en&lesson=approval');
    await toYourTurn(page);
    await expect(page.getByTestId('lesson-turn-control')).toBeHidden();
  });
  await test.step('a your-turn stop waits for the student: pressing what it asks meets it; back is exact; a reload keeps the stop', async () => {
    await open(page, '?lang=en&lesson=fuse');
    await toYourTurn(page);
    const turn = page.getByTestId('lesson-your-turn');
    await expect(turn).toBeVisible();
    const control = (await turn.getAttribute('data-control')) ?? '';
    const expected = (await turn.getAttribute('data-expect')) ?? '';
    await expect(page.getByTestId('btn-lesson-next')).toBeDisabled();
    for (let i = 0; i < 10 && (await turn.isVisible()); i++) {
      await page.getByTestId(control).click();
      await answerPrediction(page);
    }
    await expect(page.getByTestId('current-state')).toHaveText(expected);
    await expect(page.getByTestId('lesson-caption')).toBeVisible();
    await expect(page.getByTestId('btn-lesson-next')).toBeEnabled();
    const at = await page.getByTestId('lesson-caption').getAttribute('data-at');
    // Back and forward again: the same stop, the same run.
    await page.getByTestId('btn-lesson-back').click();
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', String(Number(at) - 1));
    const before = await page.getByTestId('current-step').textContent();
    await page.reload();
    await expectReady(page);
    await expect(page.getByTestId('lesson-caption').or(page.getByTestId('lesson-your-turn'))).toBeVisible();
    await expect(page.getByTestId('current-step')).toHaveText(before ?? '');
    expect(Number(at)).toBeGreaterThan(1);
  });
  await test.step('every-N: the student predicts the step a restart falls back to, and the run stands there', async () => {
    // Stop 4 (1-based) restarts after the crash: the question is a step, not a state.
    await open(page, '?lang=en&lesson=every-n&at=3');
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '3');
    await page.getByTestId('btn-lesson-next').click();
    const prompt = page.getByTestId('predict-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt.getByTestId('predict-fuse')).toHaveCount(0);
    const choices = await prompt
      .getByTestId('predict-choice')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-choice')));
    expect(choices).toEqual(['1', '11', '20']);
    await prompt.locator('[data-testid="predict-choice"][data-choice="20"]').click();
    await expect(page.getByTestId('predict-result')).toHaveAttribute('data-correct', 'false');
    await expect(page.getByTestId('predict-result')).toContainText('step 11');
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '4');
    await expect(page.getByTestId('current-step')).toHaveText('11');
  });
});

test('the lesson page in zh on one page: the self-test, cancel then resume, then the phone card', async ({ page }) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(90_000);
  await test.step('the self-test: the student writes first, then the article’s answer shows (zh)', async () => {
    await open(page, '?lang=zh');
    const q = page.locator('[data-testid="selftest-question"][data-q="q1"]');
    await expect(q.getByTestId('btn-selftest-reveal')).toBeDisabled();
    await expect(q.getByTestId('selftest-model-answer')).toHaveCount(0);
    await q.getByTestId('selftest-answer').fill('存位置');
    await q.getByTestId('btn-selftest-reveal').click();
    await expect(q.getByTestId('selftest-model-answer')).toContainText('存「位置」，不存「行李」');
  });
  await test.step('cancel, then resume: the fork stands at step 27 waiting, and approving finishes it (zh)', async () => {
    await open(page, '?lang=zh&lesson=cancel-resume&at=2');
    await expect(page.getByTestId('lesson-your-turn')).toBeVisible();
    await page.getByTestId('btn-cancel').click();
    await answerPrediction(page);
    await expect(page.getByTestId('current-state')).toHaveText('cancelled');
    await page.getByTestId('btn-lesson-next').click();
    await answerPrediction(page);
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '3');
    await expect(page.getByTestId('current-state')).toHaveText('waiting_approval');
    await expect(page.getByTestId('current-step')).toHaveText('27');
  });
  await test.step('on a phone the your-turn card carries its control: pressed there, without scrolling, it meets the turn (zh)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '?lang=zh&lesson=approval');
    await toYourTurn(page);
    const turn = page.getByTestId('lesson-your-turn');
    const control = (await turn.getAttribute('data-control')) ?? '';
    const expected = (await turn.getAttribute('data-expect')) ?? '';
    const carried = turn.getByTestId('lesson-turn-control');
    await expect(carried).toBeVisible();
    await expect(turn.locator(`[data-control="${control}"]`)).toHaveCount(1);
    // The card and its control are on the screen together; the control's own button is not.
    const box = await carried.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    const own = await page.getByTestId(control).boundingBox();
    expect(own && own.y > 844).toBe(true);
    // A rejection's reason comes with its button, and is the controls' own field's value.
    if (control === 'btn-reject') {
      await turn.getByTestId('lesson-turn-reason').fill('先备份 orders 表');
      await expect(page.getByTestId('input-reject-reason')).toHaveValue('先备份 orders 表');
    }
    const scrolled = await page.evaluate(() => window.scrollY);
    for (let i = 0; i < 10 && (await turn.isVisible()); i++) {
      // The turn may be met between the check and the click (the card goes with it): a click
      // that finds no card is the loop's end, not a 90 s wait.
      if (
        !(await carried.click({ timeout: 5_000 }).then(
          () => true,
          () => false,
        ))
      )
        break;
      await answerPrediction(page);
    }
    await expect(page.getByTestId('current-state')).toHaveText(expected);
    await expect(page.getByTestId('lesson-caption')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });
});
