import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectState, open, shownInBox } from './helpers';

/** The scrolling boxes of the four long lists. */
const planBox = (page: Page) => page.getByTestId('plan').locator('ol');
const ledgerBox = (page: Page) => page.getByTestId('ledger').locator('..');

/**
 * Presses `key` three times on the focused box, the first at once (while a Home or End just
 * pressed may still pin the box), the others once the box's scroll has come to rest: a keyboard
 * scroll is animated, and a press during another's animation is aimed from where the box is then,
 * so presses sent together on a busy machine moved it one page or two.
 */
async function threeTimes(page: Page, box: Locator, key: string, from: number | null) {
  const top = () => box.evaluate((el) => el.scrollTop);
  for (let i = 0; i < 3; i++) {
    const before = i === 0 ? from : await top();
    await page.keyboard.press(key);
    if (before !== null) await expect.poll(top).not.toBe(before);
    let last = NaN;
    await expect
      .poll(
        async () => {
          const now = await top();
          const still = now === last;
          last = now;
          return still;
        },
        { intervals: [50] },
      )
      .toBe(true);
  }
}

test('a 1,000-step plan: only the rows in view are drawn, and row 1 and row 1,000 are reached by keyboard and by scrolling', async ({
  page,
}) => {
  await open(page, '?lang=en&run=new&scenario=migration-1000');
  await expect(page.getByTestId('step-total')).toHaveText(/1,?000/);
  const box = planBox(page);
  const todos = page.getByTestId('todo');
  expect(await todos.count()).toBeLessThan(60);
  expect(await todos.count()).toBeGreaterThan(5);
  await expect(box.locator('[data-step="1"]')).toBeVisible();
  // The keyboard: focus the list, End goes to the last row, Home back to the first.
  await box.focus();
  await page.keyboard.press('End');
  const last = box.locator('[data-testid="todo"][data-step="1000"]');
  await expect(last).toBeAttached();
  await expect.poll(() => shownInBox(box, last)).toBe(true);
  await expect(box.locator('[data-step="1"]')).toHaveCount(0);
  expect(await todos.count()).toBeLessThan(60);
  await page.keyboard.press('Home');
  await expect.poll(() => shownInBox(box, box.locator('[data-step="1"]'))).toBe(true);
  await page.keyboard.press('End');
  // PageUp pressed at once scrolls it too (End lets go, though it would pin the bottom for some
  // frames more), and no press is cut short as rows arrive: three move it up by more than two
  // boxes of rows.
  await threeTimes(page, box, 'PageUp', null);
  await expect
    .poll(() => box.evaluate((el) => (el.scrollHeight - el.clientHeight - el.scrollTop) / el.clientHeight))
    .toBeGreaterThan(2);
  await expect.poll(() => shownInBox(box, last)).toBe(false);
  // Home, then PageDown at once: three presses move it down by more than two boxes of rows.
  await page.keyboard.press('Home');
  await threeTimes(page, box, 'PageDown', 0);
  await expect.poll(() => box.evaluate((el) => el.scrollTop / el.clientHeight)).toBeGreaterThan(2);
  expect(await shownInBox(box, box.locator('[data-step="1"]'))).toBe(false);
  // A wheel right after End lets go too: it moves the box up from the bottom.
  await box.hover();
  await page.keyboard.press('End');
  await page.mouse.wheel(0, -3_000);
  await expect
    .poll(() => box.evaluate((el) => (el.scrollHeight - el.clientHeight - el.scrollTop) / el.clientHeight))
    .toBeGreaterThan(2);
  // Scrolling (the wheel) reaches the middle of the plan.
  await page.keyboard.press('Home');
  await page.mouse.wheel(0, 8_000);
  await expect.poll(async () => Number(await todos.first().getAttribute('data-step'))).toBeGreaterThan(300);
  await expect(box.locator('[data-step="40"]')).toHaveCount(0);
});

test('a finished 1,000-step run: the ledger, history and log draw a window each, every row still reachable', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await open(page, '?lang=en&run=new&scenario=migration-1000');
  await page.getByTestId('btn-start').click();
  await page.getByTestId('btn-fast-forward-approval').click();
  await expectState(page, 'waiting_approval');
  await page.getByTestId('btn-approve').click();
  await page.getByTestId('btn-fast-forward-approval').click();
  await expect(page.getByTestId('current-state')).toHaveText('completed', { timeout: 90_000 });

  // The ledger: one row per attempt in the table's row count, a window of them in the page.
  const ledger = ledgerBox(page);
  await expect(page.getByTestId('ledger')).toHaveAttribute('aria-rowcount', '1001');
  expect(await page.getByTestId('ledger-row').count()).toBeLessThan(40);
  const lastRow = page.locator('[data-testid="ledger-row"][aria-rowindex="1001"]');
  await expect.poll(() => shownInBox(ledger, lastRow)).toBe(true);
  await expect(lastRow).toContainText('1000');
  await ledger.focus();
  await page.keyboard.press('Home');
  const firstRow = page.locator('[data-testid="ledger-row"][aria-rowindex="2"]');
  await expect.poll(() => shownInBox(ledger, firstRow)).toBe(true);
  await expect(firstRow.locator('td').first()).toHaveText('1');
  await page.keyboard.press('End');
  await expect.poll(() => shownInBox(ledger, lastRow)).toBe(true);

  // The history, newest first: its oldest checkpoint (#1) is at the end of the list.
  const history = page.getByTestId('checkpoint-history');
  const count = Number((await page.getByTestId('checkpoint-count').textContent())?.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(100);
  expect(await page.getByTestId('checkpoint-item').count()).toBeLessThan(40);
  await history.focus();
  await page.keyboard.press('End');
  const oldest = page.locator('[data-testid="checkpoint-item"][data-seq="1"]');
  await expect.poll(() => shownInBox(history, oldest)).toBe(true);
  // A windowed item keeps working: preview the oldest checkpoint.
  await oldest.getByTestId('btn-preview').click();
  await expect(page.getByTestId('preview-banner')).toBeVisible();
  await page.getByTestId('btn-preview-close').click();

  // The log, newest first: its first line (START) is at the end, though the view keeps only the newest.
  const log = page.getByTestId('event-log');
  expect(await page.getByTestId('log-row').count()).toBeLessThan(40);
  await log.focus();
  await page.keyboard.press('End');
  const startLine = page.getByTestId('log-row').filter({ hasText: 'START' });
  await expect(startLine).toHaveCount(1);
  await expect.poll(() => shownInBox(log, startLine)).toBe(true);
});

test(`the ledger's columns fit its box at 1280x720 and 1366x768: none is cut off, a new run by the address at each`, async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(60_000);
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1366, height: 768 },
  ]) {
    await test.step(`the ledger's columns fit its box at ${size.width}x${size.height}: none is cut off`, async () => {
      await page.setViewportSize(size);
      await open(page, '?lang=en&run=new');
      await page.getByTestId('btn-start').click();
      await page.getByTestId('btn-step').click();
      await page.getByTestId('btn-step').click();
      await page.getByTestId('btn-fail').click();
      await expect(page.getByTestId('ledger-row')).toHaveCount(2);
      const box = ledgerBox(page);
      const fits = await box.evaluate((el) => {
        const b = el.getBoundingClientRect();
        const cells = [...el.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect());
        return {
          sideways: el.scrollWidth - el.clientWidth,
          beyond: cells.filter((c) => c.right > b.left + el.clientWidth + 0.5).length,
          cells: cells.length,
        };
      });
      expect(fits.cells).toBeGreaterThanOrEqual(24);
      expect(fits).toMatchObject({ sideways: 0, beyond: 0 });
    });
  }
});
