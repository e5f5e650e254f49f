import { expect, test } from '@playwright/test';
import { expectState, open, tabTo } from './helpers';

test('the screen reader, a new run by the address for each: transitions said (en, zh), no flood in play, the diagram as text', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(90_000);
  await test.step('each transition is said in a polite live region, in English', async () => {
    await open(page, '?lang=en&run=new');
    const region = page.getByTestId('sr-announcer');
    await expect(region).toHaveAttribute('role', 'status');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await page.getByTestId('btn-start').click();
    await expect(region).toHaveText('created → planning: task started, making the plan');
    await page.getByTestId('btn-step').click();
    for (let i = 0; i < 5; i++) await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('current-step')).toHaveText('6');
    await page.getByTestId('btn-fail').click();
    await expectState(page, 'tool_failed');
    // Said as soon as the gap since the last line has passed (coalescing), the newest line last.
    await expect(region).toContainText('running → tool failed: step 6 failed, loop 1 of 3', { timeout: 3_000 });
  });
  await test.step('the announcements are in Chinese on a Chinese page', async () => {
    await open(page, '?lang=zh&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    await page.getByTestId('btn-fail').click();
    await expect(page.getByTestId('sr-announcer')).toContainText('第 1 步失败，循环 1/3', { timeout: 3_000 });
  });
  await test.step('during play the region speaks at most once every 1.5 s, never a flood', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('input-speed').fill('100');
    await page.getByTestId('btn-start').click();
    const region = page.getByTestId('sr-announcer');
    const before = Number(await region.getAttribute('data-said'));
    const logBefore = await page.getByTestId('log-row').count();
    const t0 = Date.now();
    await page.getByTestId('btn-play').click();
    // Played until the region has spoken and the run has made more than ten moves (about a
    // second at this speed), then paused: what it said is then held to how long it played.
    await expect
      .poll(
        async () =>
          Number(await region.getAttribute('data-said')) - before >= 1 &&
          (await page.getByTestId('log-row').count()) - logBefore > 10,
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.getByTestId('btn-pause').click();
    const elapsed = Date.now() - t0;
    const said = Number(await region.getAttribute('data-said')) - before;
    const moves = (await page.getByTestId('log-row').count()) - logBefore;
    expect(moves).toBeGreaterThan(10);
    expect(said).toBeGreaterThanOrEqual(1);
    // One at the start of play, then at most one per 1.5 s of the time it actually played.
    expect(said).toBeLessThanOrEqual(1 + Math.floor(elapsed / 1_500));
    expect(said).toBeLessThan(moves / 3);
    await expect(region).toContainText(/\d+ transitions\. Latest: /);
  });
  await test.step('the diagram as text is reached by keyboard: states, the current one, the transition just taken', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await tabTo(page, 'diagram-text');
    const text = page.getByTestId('diagram-text');
    await expect(text).toBeVisible();
    await expect(text).toContainText('Current state: running.');
    await expect(text.locator('li[data-state]')).toHaveCount(8);
    await expect(text.locator('li[aria-current="true"]')).toHaveAttribute('data-state', 'running');
    // The transition it marks is the one the diagram marks (ui-contract: data-last).
    await expect(page.getByTestId('edge-planning-running')).toHaveAttribute('data-last', 'true');
    await expect(text.locator('li[data-last="true"]')).toHaveAttribute('data-edge', 'planning-running');
    await expect(text.locator('li[data-last="true"]')).toContainText('(just taken)');
    await expect(text.locator('li[data-edge]')).toHaveCount(await page.locator('[data-testid^="edge-"]').count());
  });
});
