import { expect, test, type Page } from '@playwright/test';
import { expectState, open } from './helpers';

/**
 * The article's code beside the diagram (SPEC §12; ui-contract `toggle-code`, `code-view`,
 * `code-line`): off on the plain page, on in a lesson, and the lit lines follow the run.
 */

/** The 1-based numbers of the lines marked executing. */
async function active(page: Page): Promise<number[]> {
  return page
    .locator('[data-testid="code-line"][data-active="true"]')
    .evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.line)));
}

/** The number of the line whose text holds `needle`. */
async function lineOf(page: Page, needle: string): Promise<number> {
  const line = page.getByTestId('code-line').filter({ hasText: needle }).first();
  return Number(await line.getAttribute('data-line'));
}

test('the plain page hides the code until the toggle shows it; the lit line follows the run', async ({ page }) => {
  await open(page, '?lang=en');
  await expect(page.getByTestId('toggle-code')).not.toBeChecked();
  await expect(page.getByTestId('code-view')).toHaveCount(0);
  await page.getByTestId('toggle-code').check();
  await expect(page.getByTestId('code-view')).toBeVisible();
  // One line per line of the article's listing, numbered from 1 in order.
  const numbers = await page
    .getByTestId('code-line')
    .evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.line)));
  expect(numbers.length).toBeGreaterThan(30);
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  expect(await active(page)).toEqual([await lineOf(page, 'def step_loop(task):')]);

  await page.getByTestId('btn-start').click();
  await expectState(page, 'planning');
  expect(await active(page)).toEqual([await lineOf(page, 'task.plan_or_replan()')]);

  // A tick out of planning: running, at the call, or at the loop-top checkpoint when the move wrote one.
  await page.getByTestId('btn-step').click();
  await expectState(page, 'running');
  const call = await lineOf(page, 'result = run_step(task.current)');
  const body = await lineOf(page, 'save(state=task.state');
  const running = await active(page);
  expect(running.includes(call) !== running.includes(body)).toBe(true);

  // A failure: the else branch that set tool_failed, and the loop check the next tick makes.
  await page.getByTestId('btn-fail').click();
  await expectState(page, 'tool_failed');
  const failing = await active(page);
  for (const needle of ['task.state = "tool_failed"', 'task.record(result.error)', 'if loop_detected(task):']) {
    expect(failing).toContain(await lineOf(page, needle));
  }
  expect(failing).not.toContain(await lineOf(page, 'result = run_step(task.current)'));

  // Back to running, then an approval request: the suspend line alone.
  await page.getByTestId('btn-step').click();
  await expectState(page, 'running');
  // The request is the next step's result (its call returns needs_approval).
  await page.getByTestId('btn-request-approval').click();
  await page.getByTestId('btn-step').click();
  await expectState(page, 'waiting_approval');
  expect(await active(page)).toEqual([await lineOf(page, 'v = poll_decision(task)')]);

  // A crash: the process is down, nothing executes.
  await page.getByTestId('btn-crash').click();
  await expect.poll(() => active(page)).toEqual([]);
  await expect(page.getByTestId('code-view')).toContainText('the process is down');

  // The choice is the person's: unchecked, the view goes.
  await page.getByTestId('toggle-code').uncheck();
  await expect(page.getByTestId('code-view')).toHaveCount(0);
});

test('a checkpoint written now lights the checkpoint body (zh, in a lesson: on by default)', async ({ page }) => {
  await open(page, '?lang=zh&lesson=fuse');
  await expect(page.getByTestId('toggle-code')).toBeChecked();
  await expect(page.getByTestId('code-view')).toBeVisible();
  await expectState(page, 'running');
  const body = await lineOf(page, 'save(state=task.state');
  expect(await active(page)).not.toContain(body);
  await page.getByTestId('btn-checkpoint').click();
  await expect.poll(() => active(page)).toContain(body);
  // With its call site: the loop-top `checkpoint(task)` (the listing's first), not the step's call.
  const lit = await active(page);
  expect(lit[0]).toBe(await lineOf(page, 'checkpoint(task)'));
  expect(lit).not.toContain(await lineOf(page, 'result = run_step(task.current)'));
  // The box keeps the lit lines in view, never the page: its lines scroll inside it.
  const shown = await page.evaluate((n) => {
    const box = document.querySelector<HTMLElement>('[data-testid="code-view"] ol')!;
    const line = box.querySelector<HTMLElement>(`[data-line="${n}"]`)!;
    const b = box.getBoundingClientRect();
    const l = line.getBoundingClientRect();
    return l.top >= b.top - 1 && l.bottom <= b.bottom + 1;
  }, body);
  expect(shown).toBe(true);
});
