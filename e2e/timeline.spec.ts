import { expect, test, type Page } from '@playwright/test';
import { axeFindings, expectState, int, open, stopShown } from './helpers';

/**
 * The timeline of the run (issue 41; ui-contract "Timeline"): any moment of the run one drag
 * away, shown by the diagram, the ledger, the meters and the code line together, without
 * writing anything; Live back exactly where the run was; a branch from a past moment.
 */

const timeline = (page: Page) => page.getByTestId('timeline');
const app = (page: Page) => page.getByTestId('app');

/** The event a mark stands at (`data-kind`, and the engine's finer `data-mark` if given). */
async function markEvent(page: Page, kind: string, mark?: string): Promise<number> {
  const sel = `[data-testid="timeline-mark"][data-kind="${kind}"]${mark ? `[data-mark="${mark}"]` : ''}`;
  return Number(await page.locator(sel).first().getAttribute('data-event'));
}

/** Moves the timeline to event `index` (the slider takes a value as a drag leaves it). */
async function seek(page: Page, index: number) {
  await timeline(page).fill(String(index));
  await expect(timeline(page)).toHaveAttribute('aria-valuenow', String(index));
}

/** What the page shows of the run: the parts a seek must move together. */
async function shown(page: Page) {
  return {
    state: (await page.getByTestId('current-state').textContent())?.trim(),
    rows: await page.getByTestId('ledger-row').count(),
    tokens: await int(page, 'token-meter'),
    // The clock in any language: its day and minutes.
    clock: `${await page.getByTestId('virtual-clock').getAttribute('data-day')}/${await page.getByTestId('virtual-clock').getAttribute('data-minutes')}`,
    checkpoints: await int(page, 'checkpoint-count'),
    line: await page.getByTestId('code-view').getAttribute('data-transition'),
    requests: await int(page, 'approval-requests'),
  };
}

test('seek back across a crash and an approval: everything shows that moment, nothing is written, Live is exact', async ({
  page,
}) => {
  await open(page, '?lang=en&run=new');
  await page.getByTestId('toggle-code').check();
  await page.getByTestId('btn-start').click();
  await page.getByTestId('btn-fast-forward-approval').click();
  await expectState(page, 'waiting_approval');
  // The request is the newest event; six moves follow, one event each.
  const newest = (await markEvent(page, 'approval', 'approval-request')) + 6;
  await page.getByTestId('btn-approve').click();
  await expectState(page, 'running');
  await page.getByTestId('btn-step').click();
  await page.getByTestId('btn-crash').click();
  await expect(page.getByTestId('process-down')).toBeVisible();
  await page.getByTestId('btn-restart').click();
  await page.getByTestId('btn-step').click();
  await page.getByTestId('btn-step').click();
  await expect(timeline(page)).toHaveAttribute('aria-valuemax', String(newest));
  await expect(timeline(page)).toHaveAttribute('aria-valuenow', String(newest));
  const live = await shown(page);
  const newestSeq = await page.getByTestId('checkpoint-item').first().getAttribute('data-seq');
  expect(live.requests).toBe(1);

  const approve = await markEvent(page, 'approval', 'approve');
  const crash = await markEvent(page, 'crash');
  expect(crash).toBeGreaterThan(approve);
  await expect(page.locator('[data-testid="timeline-mark"][data-kind="checkpoint"]').first()).toBeAttached();
  await expect(app(page)).not.toHaveAttribute('data-seeking', 'true');

  // Back across the crash: the moment it happened, the process is down there.
  await seek(page, crash);
  await expect(app(page)).toHaveAttribute('data-seeking', 'true');
  await expect(page.getByTestId('process-down')).toBeVisible();
  // A person's edit there would land on the live run's newest checkpoint: it offers a fork instead.
  await page.getByTestId('btn-takeover').click();
  await expect(page.getByTestId('timeline-offer')).toBeVisible();
  await expect(page.getByTestId('takeover-result')).toHaveCount(0);
  // …and one event before it (the keyboard moves it too): the process ran.
  await timeline(page).press('ArrowLeft');
  await expect(timeline(page)).toHaveAttribute('aria-valuenow', String(crash - 1));
  await expect(page.getByTestId('process-down')).toHaveCount(0);

  // Back across the approval: awaiting it, the diagram, ledger, meters and code line of then.
  await seek(page, approve - 1);
  await expectState(page, 'waiting_approval');
  await expect(page.getByTestId('edge-running-waiting_approval')).toHaveAttribute('data-last', 'true');
  const past = await shown(page);
  expect(past.rows).toBeLessThan(live.rows);
  expect(past.tokens).toBeLessThan(live.tokens);
  expect(past.clock).not.toBe(live.clock);
  expect(past.checkpoints).toBeLessThan(live.checkpoints);
  expect(past.line).toBe('running.TICK.waiting_approval');
  await expect(timeline(page)).toHaveAttribute('aria-valuetext', new RegExp(`^event ${approve} of `));

  // A control pressed at a past moment does not touch the live run: it offers a fork instead.
  await expect(page.getByTestId('timeline-offer')).toHaveCount(0);
  await page.getByTestId('btn-step').click();
  await expect(page.getByTestId('timeline-offer')).toBeVisible();
  await expect(page.getByTestId('btn-fork-here')).toBeFocused();
  await expect(page.getByTestId('timeline-fork-note')).toContainText('#');
  // The windowed lists are axe's own spec's (axe.spec.ts PART_B).
  expect(await axeFindings(page, 'seeking', ['.hs-ledger', '.hs-history', '.hs-log', '.hs-plan'])).toEqual([]);

  // In the other language, the same moment in its words.
  await page.getByTestId('btn-lang').click();
  await expect(timeline(page)).toHaveAttribute('aria-valuetext', new RegExp(`^第 ${approve} 个事件`));
  await expect(page.getByTestId('btn-live')).toHaveText('回到现在');

  await page.getByTestId('btn-live').click();
  await expect(app(page)).not.toHaveAttribute('data-seeking', 'true');
  await expect(timeline(page)).toBeFocused();
  expect(await shown(page)).toEqual(live);
  await expect(page.getByTestId('checkpoint-item').first()).toHaveAttribute('data-seq', newestSeq ?? '');
});

test('fork from a past moment (what if I had approved?) and finish that run', async ({ page }) => {
  await open(page, '?lang=zh&run=new');
  await page.getByTestId('btn-start').click();
  await page.getByTestId('btn-fast-forward-approval').click();
  await expectState(page, 'waiting_approval');
  await page.getByTestId('btn-reject').click();
  await expectState(page, 'tool_failed');
  const runs = await page.getByTestId('run-item').count();
  // Back to where the approval was asked for, and a branch from there.
  await seek(page, await markEvent(page, 'approval', 'approval-request'));
  await expectState(page, 'waiting_approval');
  const note = page.getByTestId('timeline-fork-note');
  await expect(note).toContainText('before_suspend');
  const seq = (await note.textContent())?.match(/#(\d+)/)?.[1];
  await page.getByTestId('btn-fork-here').click();
  await expect(app(page)).not.toHaveAttribute('data-seeking', 'true');
  await expect(page.getByTestId('run-item')).toHaveCount(runs + 1);
  // The branch stands where the checkpoint did, and goes on from it with the other answer.
  await expectState(page, 'waiting_approval');
  await expect(page.getByTestId('checkpoint-item').first()).toHaveAttribute('data-seq', seq ?? '');
  await page.getByTestId('btn-approve').click();
  await expectState(page, 'running');
  // The article's story has one risky step: past it, the run goes to its end.
  await page.getByTestId('btn-fast-forward-approval').click();
  await expect(page.getByTestId('run-ended')).toHaveAttribute('data-reason', 'completed');
});

test('a lesson’s stops are marks on its run, and scrubbing back to one shows its caption again', async ({ page }) => {
  await open(page, '?lang=en&lesson=approval&at=3');
  await stopShown(page);
  const stops = page.locator('[data-testid="timeline-mark"][data-kind="stop"]');
  expect(await stops.count()).toBeGreaterThan(1);
  const first = Number(await stops.first().getAttribute('data-event'));
  await seek(page, first);
  const caption = page.getByTestId('timeline-caption');
  await expect(caption).toBeVisible();
  const at = Number(await caption.getAttribute('data-at'));
  expect(at).toBeLessThan(3);
  const text = (await caption.textContent()) ?? '';
  await page.getByTestId('btn-lang').click();
  await expect(caption).toHaveAttribute('data-at', String(at));
  await expect(caption).not.toHaveText(text);
  await expect(caption).toContainText(`第 ${at} 站`);
});
