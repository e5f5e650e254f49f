import { expect, test, type Page } from '@playwright/test';
import { expectState, open } from './helpers';

/**
 * What the page says of the model and the guard is what the run did (issue 39, items 5 and 7):
 * the attempt limit of a design without one, the simple mode's own question, a result that
 * belongs to its stop, a stall's ledger row, and the model's call as the ledger's rows carry it.
 */

const prompt = (page: Page) => page.getByTestId('predict-prompt');
const result = (page: Page) => page.getByTestId('predict-result');
const caption = (page: Page) => page.getByTestId('lesson-caption');

test('the model and the guard on one page: limits, a prediction’s stop, a stall, remind-recover, the approval’s backup (en, zh), the simple mode’s question (zh)', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(120_000);
  await test.step('the article’s design counts up to its limit of 10', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('attempt-limit')).toHaveText('10');
  });
  await test.step('no-fuse has no attempt limit: the readout says ∞, not /10', async () => {
    await open(page, '?lang=en&run=new&design=no-fuse');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    for (let i = 0; i < 11; i++) await page.getByTestId('btn-fail').click();
    await expect(page.getByTestId('attempts')).toHaveText('11');
    await expect(page.getByTestId('attempt-limit')).toHaveText('∞');
    await expectState(page, 'tool_failed');
  });
  await test.step('a prediction’s result belongs to its stop: another stop closes it', async () => {
    await open(page, '?lang=en&lesson=no-progress');
    await expect(caption(page)).toHaveAttribute('data-at', '1');
    await page.getByTestId('btn-lesson-next').click();
    await prompt(page).locator('[data-testid="predict-choice"][data-choice="tool_failed"]').click();
    await expect(result(page)).toBeVisible();
    await expect(caption(page)).toHaveAttribute('data-at', '2');
    await page.getByTestId('btn-lesson-back').click();
    await expect(caption(page)).toHaveAttribute('data-at', '1');
    await expect(result(page)).toHaveCount(0);
  });
  await test.step('a stall’s ledger row says no_progress, not error, beside the harness’s NOCHANGE note', async () => {
    await open(page, '?lang=en&lesson=no-progress&at=2');
    await expect(caption(page)).toHaveAttribute('data-at', '2');
    const row = page.getByTestId('ledger-row').last();
    await expect(row).toHaveAttribute('data-outcome', 'no_progress');
    await expect(row.locator('td').nth(5)).toHaveText(
      /^no_progress: NOCHANGE: '.+' returned the same result as before$/,
    );
    await expect(row.locator('td').nth(4)).toHaveText('no_progress');
  });
  await test.step('remind-recover: the call after the reminder differs from the one before in substance', async () => {
    await open(page, '?lang=en&lesson=remind-recover&at=5');
    await expect(caption(page)).toHaveAttribute('data-at', '5');
    const made = await calls(page);
    const [before, after] = made.slice(-2);
    expect(before).toEqual(['run_sql', '{"sql":"SELECT count(*) FROM each table"}', 'error']);
    expect(after).toEqual(['run_sql', '{"sql":"SELECT relname, n_live_tup FROM pg_stat_user_tables"}', 'ok']);
  });
  for (const lang of ['en', 'zh'] as const) {
    await test.step(`approval (${lang}): the rejection’s reason is answered by a backup step that runs before the change`, async () => {
      await open(page, `?lang=${lang}&lesson=approval&at=4`);
      await expect(caption(page)).toHaveAttribute('data-at', '4');
      await expectState(page, 'waiting_approval');
      await expect(page.getByTestId('current-step')).toHaveText('28');
      await expect(page.getByTestId('step-total')).toHaveText('41');
      await expect(page.locator('[data-testid="todo"][data-step="27"]')).toContainText(
        lang === 'en' ? 'Back up the orders table' : '备份 orders 表',
      );
      const made = await calls(page);
      expect(made.slice(-2)).toEqual([
        ['run_sql', '{"file":"exports/orders_v2.csv","sql":"ALTER TABLE orders ADD COLUMN region_id"}', 'rejected'],
        ['run_sql', '{"sql":"CREATE TABLE orders_backup AS SELECT * FROM orders"}', 'ok'],
      ]);
      await expect(page.getByTestId('approval-requests')).toHaveText('2');
    });
  }
  await test.step('the simple mode asks with its four states by their names, and no fuse question (zh)', async () => {
    await open(page, '?lang=zh&lesson=simple-mode&at=3');
    await expect(caption(page)).toHaveAttribute('data-at', '3');
    await page.getByTestId('btn-lesson-next').click();
    await expect(prompt(page)).toBeVisible();
    await expect(prompt(page).getByTestId('predict-choice')).toHaveText(['待跑', '在跑', '完成', '失败']);
    await expect(prompt(page).getByTestId('predict-fuse')).toHaveCount(0);
    await expect(prompt(page)).not.toContainText('熔断');
    await prompt(page).locator('[data-testid="predict-choice"][data-choice="running"]').click();
    await expect(result(page)).toHaveAttribute('data-correct', 'true');
    await expect(result(page)).toContainText('「在跑」');
    await expect(result(page)).not.toContainText('熔断');
    await expect(result(page)).toContainText('你猜的是 在跑');
  });
});

/** The calls the ledger shows, oldest first: [tool, args, outcome] from each row's hooks. */
const calls = (page: Page) =>
  page
    .getByTestId('ledger-row')
    .evaluateAll((rows) =>
      rows.map((r) => [r.getAttribute('data-tool'), r.getAttribute('data-args'), r.getAttribute('data-outcome')]),
    );
