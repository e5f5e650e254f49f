import { expect, test, type Page } from '@playwright/test';
import { expectState, int, open } from './helpers';

/**
 * The article's code beside the diagram (SPEC §12; ui-contract `toggle-code`, `code-view`,
 * `code-line`): off on the plain page, on in a lesson; at most one line lit, the line the move
 * just taken executed, named by `code-view[data-transition]`, the same move the diagram's last
 * edge draws.
 */

/** The 1-based numbers of the lines lit (the contract: at most one). */
async function active(page: Page): Promise<number[]> {
  return page
    .locator('[data-testid="code-line"][data-active="true"]')
    .evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.line)));
}

/** The number of the first line whose text holds `needle`. */
async function lineOf(page: Page, needle: string): Promise<number> {
  const line = page.getByTestId('code-line').filter({ hasText: needle }).first();
  return Number(await line.getAttribute('data-line'));
}

/**
 * One line lit, the one holding `needle` (or line `needle` by number), for the move `transition`,
 * and the diagram's last edge is that move's edge.
 */
async function expectLit(page: Page, transition: string, needle: string | number) {
  const view = page.getByTestId('code-view');
  await expect(view).toHaveAttribute('data-transition', transition);
  const n = typeof needle === 'number' ? needle : await lineOf(page, needle);
  expect(await active(page)).toEqual([n]);
  const [from, event, to] = transition.split('.');
  const edge = event === 'CANCEL' ? 'edge-active-cancelled' : `edge-${from}-${to}`;
  await expect(page.locator('[data-testid^="edge-"][data-last="true"]')).toHaveAttribute('data-testid', edge);
}

/** No line lit, no move named, and the view says `why`. */
async function expectNone(page: Page, why: RegExp) {
  await expect(page.getByTestId('code-now')).toContainText(why);
  await expect(page.getByTestId('code-view')).not.toHaveAttribute('data-transition', /./);
  expect(await active(page)).toEqual([]);
}

test('the code beside the plain page, a new run by the address for each: the toggle and the lit line, the fuse (zh), the simple mode', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(90_000);
  await test.step('the plain page hides the code until the toggle shows it; one line, the move’s, follows the run', async () => {
    await open(page, '?lang=en');
    await expect(page.getByTestId('toggle-code')).not.toBeChecked();
    await expect(page.getByTestId('code-view')).toHaveCount(0);
    await page.getByTestId('toggle-code').check();
    await expect(page.getByTestId('code-view')).toBeVisible();
    // One line per line of the article's listing, numbered from 1 in order.
    const numbers = await page
      .getByTestId('code-line')
      .evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.line)));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers).toHaveLength(39);
    await expectNone(page, /No move yet/);

    // START (created → planning): the listing has no line for it.
    await page.getByTestId('btn-start').click();
    await expectState(page, 'planning');
    await expectNone(page, /no line for this move/);

    // The plan is made and checkpointed: the loop-top checkpoint(task), which writes it.
    await page.getByTestId('btn-step').click();
    await expectState(page, 'running');
    await expectLit(page, 'planning.TICK.running', 7);
    // A step done: task.advance().
    await page.getByTestId('btn-step').click();
    await expectLit(page, 'running.TICK.running', 'task.advance()');

    // A failure: one line, the else branch's task.state = "tool_failed" (was five lines of two branches).
    await page.getByTestId('btn-fail').click();
    await expectState(page, 'tool_failed');
    await expectLit(page, 'running.TICK.tool_failed', 18);
    await expect(page.getByTestId('code-now')).toContainText('The listing draws no checkpoint(task) call');

    // The retry: line 25, not a checkpoint (none is written).
    const count = await int(page, 'checkpoint-count');
    await page.getByTestId('btn-step').click();
    await expectState(page, 'running');
    await expectLit(page, 'tool_failed.TICK.running', 25);
    expect(await int(page, 'checkpoint-count')).toBe(count);

    // An approval request: the step's result sets waiting_approval; the poll then.
    await page.getByTestId('btn-request-approval').click();
    await page.getByTestId('btn-step').click();
    await expectState(page, 'waiting_approval');
    await expectLit(page, 'running.TICK.waiting_approval', 16);
    await page.getByTestId('btn-step').click();
    await expectLit(page, 'waiting_approval.TICK.waiting_approval', 'v = poll_decision(task)');

    // Approve: line 29 (读档续跑) alone, and the checkpoint count does not move.
    const before = await int(page, 'checkpoint-count');
    await page.getByTestId('btn-approve').click();
    await expectState(page, 'running');
    await expectLit(page, 'waiting_approval.APPROVE.running', 29);
    await expect(page.getByTestId('code-now')).toContainText('Line 29');
    await expect(page.getByTestId('code-now')).toContainText('read the checkpoint and go on');
    expect(await int(page, 'checkpoint-count')).toBe(before);

    // A crash: the process is down, nothing executes; a restart is no move of the listing.
    await page.getByTestId('btn-crash').click();
    await expectNone(page, /the process is down/);
    await page.getByTestId('btn-restart').click();
    await expectNone(page, /started again/);

    // Cancel: set from outside the loop, no line.
    await page.getByTestId('btn-cancel').click();
    await expectState(page, 'cancelled');
    await expectNone(page, /outside the loop/);

    // The choice is the person's: unchecked, the view goes.
    await page.getByTestId('toggle-code').uncheck();
    await expect(page.getByTestId('code-view')).toHaveCount(0);
  });
  await test.step('the fuse lights remind_or_fuse alone, for the edge tool_failed → failed (zh)', async () => {
    await open(page, '?lang=zh&run=new');
    await page.getByTestId('toggle-code').check();
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    await page.getByTestId('btn-step').click();
    for (let i = 0; i < 3; i++) await page.getByTestId('btn-fail').click();
    await expectState(page, 'failed');
    await expect(page.getByTestId('run-ended')).toHaveAttribute('data-reason', 'loop_fuse');
    await expectLit(page, 'tool_failed.TICK.failed', 'task.remind_or_fuse()');
    await expect(page.getByTestId('code-now')).toContainText('第 10 行');
  });
  await test.step('the simple mode shows its own four-state sketch, never the ledger or checkpoint lines', async () => {
    await open(page, '?lang=en&run=new&scenario=script-5min');
    await page.getByTestId('toggle-code').check();
    const view = page.getByTestId('code-view');
    await expect(view).toHaveAttribute('data-listing', 'simple');
    await expect(page.getByTestId('code-line')).toHaveCount(10);
    await expect(view).not.toContainText('checkpoint');
    await expect(view).not.toContainText('task.record');
    await page.getByTestId('btn-start').click();
    await expectLit(page, 'created.START.running', 'task.state = "running"');
    // The move in the diagram's own words for the simple mode's states.
    await expect(page.getByTestId('code-now')).toContainText('pending → running (START)');
    await page.getByTestId('btn-step').click();
    await expectLit(page, 'running.TICK.running', 'task.advance()');
    await page.getByTestId('btn-fail').click();
    await expectState(page, 'failed');
    await expectLit(page, 'running.TICK.failed', 'task.state = "failed"');
  });
});

test('a lesson shows the code on; a checkpoint pressed by hand is no move: the lit line stays', async ({ page }) => {
  await open(page, '?lang=zh&lesson=fuse');
  await expect(page.getByTestId('toggle-code')).toBeChecked();
  await expect(page.getByTestId('code-view')).toBeVisible();
  await expectState(page, 'running');
  const lit = await active(page);
  expect(lit.length).toBeLessThanOrEqual(1);
  const count = await int(page, 'checkpoint-count');
  await page.getByTestId('btn-checkpoint').click();
  await expect.poll(() => int(page, 'checkpoint-count')).toBe(count + 1);
  expect(await active(page)).toEqual(lit);
  // The box keeps the lit line in view, never the page: its lines scroll inside it.
  if (lit.length === 1) {
    const shown = await page.evaluate((n) => {
      const box = document.querySelector<HTMLElement>('[data-testid="code-view"] ol')!;
      const line = box.querySelector<HTMLElement>(`[data-line="${n}"]`)!;
      const b = box.getBoundingClientRect();
      const l = line.getBoundingClientRect();
      return l.top >= b.top - 1 && l.bottom <= b.bottom + 1;
    }, lit[0]);
    expect(shown).toBe(true);
  }
});
