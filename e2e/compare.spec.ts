import { expect, test, type Page } from '@playwright/test';

/** The three endings side by side (ui-contract "Compare view", SPEC §9). */

const pane = (page: Page, design: string) => page.locator(`[data-testid="compare-pane"][data-design="${design}"]`);

async function playBoth(page: Page) {
  await page.getByTestId('btn-compare-run').click();
  for (const p of await page.getByTestId('compare-pane').all())
    await expect(p.getByTestId('compare-result')).toBeVisible({ timeout: 60_000 });
}

test('the compare view on one page: the opening story, the failing story (zh), a link that is not right', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(90_000);
  await test.step('opening-story: article resumes at 27 with nothing wasted, no-checkpoint restarts at 1 and wastes 26', async () => {
    await page.goto('/?lang=en&compare=article,no-checkpoint&script=opening-story');
    await expect(page.getByTestId('compare-pane')).toHaveCount(2);
    // Two live diagrams, one per pane, each with its own eight states.
    for (const d of ['article', 'no-checkpoint'])
      await expect(pane(page, d).getByTestId('state-running')).toHaveCount(1);
    await playBoth(page);
    const a = pane(page, 'article').getByTestId('compare-result');
    const b = pane(page, 'no-checkpoint').getByTestId('compare-result');
    await expect(a).toHaveAttribute('data-final-state', 'completed');
    await expect(a).toHaveAttribute('data-steps-wasted', '0');
    await expect(b).toHaveAttribute('data-final-state', 'completed');
    await expect(b).toHaveAttribute('data-steps-wasted', '26');
    expect(Number(await b.getAttribute('data-minutes'))).toBeGreaterThan(Number(await a.getAttribute('data-minutes')));
    expect(Number(await a.getAttribute('data-checkpoints'))).toBeGreaterThan(0);
    await expect(b).toHaveAttribute('data-checkpoints', '0');
    await expect(pane(page, 'article').getByTestId('state-completed')).toHaveAttribute('data-active', 'true');
    // The chart draws both panes' lines.
    await expect(page.getByTestId('compare-chart').locator('polyline')).toHaveCount(4);
  });
  await test.step('opening-story-failing: no-fuse burns over 10x the tokens of article, which fused and waits for a person (zh)', async () => {
    await page.goto('/?lang=zh&compare=article,no-fuse&script=opening-story-failing');
    await playBoth(page);
    const a = pane(page, 'article').getByTestId('compare-result');
    const b = pane(page, 'no-fuse').getByTestId('compare-result');
    await expect(a).toHaveAttribute('data-final-state', 'failed');
    await expect(b).toHaveAttribute('data-killed', 'true');
    const tokens = async (l: typeof a) => Number(await l.getAttribute('data-tokens'));
    expect(await tokens(b)).toBeGreaterThanOrEqual(10 * (await tokens(a)));
    await expect(a).toContainText('白干');
  });
  await test.step('a compare link that is not right says why and shows no panes', async () => {
    await page.goto('/?lang=en&compare=article,article');
    await expect(page.getByTestId('notice')).toContainText('C203');
    await expect(page.getByTestId('compare-pane')).toHaveCount(0);
  });
});
