import { expect, test, type Page } from '@playwright/test';
import { answerPrediction, expectReady, int, open } from './helpers';

/**
 * A lesson's run is stored like any run (issue 39, item 3): what its captions say about the disk
 * and the history is on the page's own meters and lists, its fork is a fork of a listed
 * checkpoint, and the student's free run is untouched. And after the student's own press, the
 * meters read the run as "Show me" leaves it (item 4).
 */

/** Opens lesson `id` at stop `at` (1-based) and waits until that stop is shown. */
async function openStop(page: Page, id: string, at: number) {
  await open(page, `?lang=en&lesson=${id}&at=${at}`);
  await expect(page.getByTestId('lesson-caption').or(page.getByTestId('lesson-your-turn'))).toHaveAttribute(
    'data-at',
    String(at),
  );
}

const currentRun = (page: Page) => page.locator('[data-testid="run-item"].is-current');

test('three-endings “still on disk”: bytes written and the history are the lesson’s; the free run stays', async ({
  page,
}) => {
  await open(page, '?lang=en');
  await page.getByTestId('btn-start').click();
  for (let i = 0; i < 3; i++) await page.getByTestId('btn-step').click();
  await expect(page.getByTestId('current-step')).not.toHaveText('1');
  const free = await currentRun(page).getAttribute('data-run');
  const freeCount = await page.getByTestId('checkpoint-count').textContent();
  await openStop(page, 'three-endings', 11);
  await expect(page.getByTestId('lesson-caption')).toContainText('still on disk');
  expect(await int(page, 'bytes-written')).toBeGreaterThan(0);
  await expect(page.getByTestId('checkpoint-item').first()).toHaveAttribute('data-trigger', 'before_suspend');
  // The runs list holds the lesson's runs, marked, and not the student's.
  await expect(currentRun(page)).toHaveAttribute('data-lesson', 'true');
  await expect(page.locator(`[data-testid="run-item"][data-run="${free}"]`)).toHaveCount(0);
  // Leaving the lesson (a reload of the page without it), the page resumes the student's own run
  // from its newest checkpoint, though the lesson's runs were written since; none is listed.
  await page.getByTestId('btn-lesson-exit').click();
  await expectReady(page);
  await expect(currentRun(page)).toHaveAttribute('data-run', free ?? '');
  await expect(page.getByTestId('checkpoint-count')).toHaveText(freeCount ?? '');
  await expect(page.locator('[data-testid="run-item"][data-lesson]')).toHaveCount(0);
});

test('cancel-resume forks from a checkpoint its history listed, and the cancelled run stays', async ({ page }) => {
  await openStop(page, 'cancel-resume', 2);
  await page.getByTestId('btn-lesson-show').click();
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '2');
  await expect(page.getByTestId('checkpoint-item').first()).toHaveAttribute('data-state', 'cancelled');
  const listed = await page.getByTestId('checkpoint-item').evaluateAll((rows) => rows.map((r) => r.dataset.seq));
  await page.getByTestId('btn-lesson-next').click();
  await answerPrediction(page);
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '3');
  // Each stop is the lesson replayed and stored afresh (new run ids): the fork names the cancelled
  // run as stored now, which stays in the runs list as it ended.
  const fork = currentRun(page);
  await expect(fork).toHaveAttribute('data-branch-from', /^lesson:cancel-resume:/);
  const cancelled = await fork.getAttribute('data-branch-from');
  const seq = await fork.getAttribute('data-branch-seq');
  expect(listed).toContain(seq);
  await expect(page.locator(`[data-testid="checkpoint-item"][data-seq="${seq}"]`)).toHaveAttribute(
    'data-trigger',
    'before_suspend',
  );
  await expect(page.locator(`[data-testid="run-item"][data-run="${cancelled}"]`)).toHaveAttribute(
    'data-state',
    'cancelled',
  );
});

/** What the meters and the checkpoint panel read. */
const figures = async (page: Page) => ({
  count: await int(page, 'checkpoint-count'),
  bytes: await int(page, 'checkpoint-bytes'),
  atRisk: await int(page, 'steps-at-risk'),
  written: await int(page, 'bytes-written'),
  rows: await page.getByTestId('checkpoint-item').count(),
});

// The error each stop's script injects: the student picks the same one.
test('replay-takeover and fuse, stop 2, on one page: after the student’s own press the meters equal Show me’s', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(60_000);
  for (const [id, error] of [
    ['replay-takeover', 'permission_denied'],
    ['fuse', 'not_found'],
  ] as const) {
    await test.step(`${id} stop 2: after the student’s own press the meters equal Show me’s`, async () => {
      await openStop(page, id, 2);
      const before = await figures(page);
      await page.getByTestId('select-error-type').selectOption(error);
      await page.getByTestId('btn-fail').click();
      await answerPrediction(page);
      await expect(page.getByTestId('current-state')).toHaveText('tool_failed');
      await expect(page.getByTestId('checkpoint-count')).toHaveText(String(before.count + 1));
      await expect(page.getByTestId('lesson-caption')).toBeVisible();
      const pressed = await figures(page);
      await openStop(page, id, 2);
      await page.getByTestId('btn-lesson-show').click();
      await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '2');
      await expect(page.getByTestId('checkpoint-count')).toHaveText(String(pressed.count));
      expect(pressed).toEqual(await figures(page));
      expect(pressed.bytes).not.toBe(before.bytes);
    });
  }
});
