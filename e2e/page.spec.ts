import { expect, test } from '@playwright/test';
import { STATE_NAMES } from '../src/engine';
import { axeViolations, expectState, freshRun, int, open, text } from './helpers';

test('the default scenario on one page, a fresh run for each flow: diagram, fuse, keys, cancel, replan, reject, keyboard, axe', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(120_000);
  await test.step('the diagram draws the eight states and the edges of SPEC §2, the active one marked', async () => {
    await open(page, '?lang=en');
    for (const s of STATE_NAMES) await expect(page.getByTestId(`state-${s}`)).toBeVisible();
    await expect(page.locator('[data-testid^="state-"][data-active="true"]')).toHaveCount(1);
    await expectState(page, 'created');
    for (const e of [
      'created-planning',
      'planning-running',
      'running-tool_failed',
      'tool_failed-running',
      'running-waiting_approval',
      'waiting_approval-running',
      'waiting_approval-tool_failed',
      'tool_failed-failed',
      'running-completed',
      'running-planning',
      'active-cancelled',
    ]) {
      await expect(page.getByTestId(`edge-${e}`)).toHaveCount(1);
    }
    await page.getByTestId('btn-start').click();
    await expectState(page, 'planning');
    await expect(page.getByTestId('edge-created-planning')).toHaveAttribute('data-last', 'true');
    await page.getByTestId('btn-step').click();
    await expectState(page, 'running');
    await expect(page.getByTestId('edge-planning-running')).toHaveAttribute('data-last', 'true');
    await expect(page.getByTestId('edge-created-planning')).toHaveAttribute('data-last', 'false');
  });
  await test.step('the fuse: tool fail ×3 is counted, reminded, fused into failed', async () => {
    await freshRun(page);
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    await page.getByTestId('btn-fail').click();
    await expectState(page, 'tool_failed');
    await expect(page.getByTestId('loop-stage')).toHaveAttribute('data-stage', 'counting');
    await expect(page.getByTestId('loop-count')).toHaveText('1');
    await expect(page.locator('[data-testid="context-channel"] [data-kind="reminder"]')).toHaveCount(0);
    await page.getByTestId('btn-fail').click();
    await expect(page.getByTestId('loop-stage')).toHaveAttribute('data-stage', 'reminded');
    await expect(page.getByTestId('loop-count')).toHaveText('2');
    await expect(page.locator('[data-testid="context-channel"] [data-kind="reminder"]')).toHaveCount(1);
    await expect(page.getByTestId('state-tool_failed')).toContainText('2/3');
    await page.getByTestId('btn-fail').click();
    await expectState(page, 'failed');
    await expect(page.getByTestId('loop-stage')).toHaveAttribute('data-stage', 'fused');
    await expect(page.getByTestId('ledger-row')).toHaveCount(3);
    await expect(page.getByTestId('edge-tool_failed-failed')).toHaveAttribute('data-last', 'true');
    await expect(page.getByTestId('btn-fail')).toBeDisabled();
  });
  await test.step('a different key starts its own count: the model changes approach', async () => {
    await freshRun(page);
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('btn-change-approach')).toBeDisabled();
    await page.getByTestId('btn-fail').click();
    await page.getByTestId('btn-fail').click();
    await page.getByTestId('btn-change-approach').click();
    await page.getByTestId('btn-fail').click();
    await expectState(page, 'tool_failed');
    await expect(page.getByTestId('loop-count')).toHaveText('1');
    await expect(page.getByTestId('attempts')).toHaveText('3');
  });
  await test.step('cancel from running ends in cancelled, drawn from the active group', async () => {
    await freshRun(page);
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    await page.getByTestId('btn-cancel').click();
    await expectState(page, 'cancelled');
    await expect(page.getByTestId('edge-active-cancelled')).toHaveAttribute('data-last', 'true');
    await expect(page.getByTestId('btn-step')).toBeDisabled();
    await expect(page.getByTestId('btn-step')).toHaveAttribute('title', /ended/);
  });
  await test.step('replan is disabled on a one-shot plan, with the reason', async () => {
    await freshRun(page);
    await page.getByTestId('btn-start').click();
    await expect(page.getByTestId('btn-replan')).toBeDisabled();
    await expect(page.getByTestId('btn-replan')).toHaveAttribute('title', /one-shot/);
  });
  await test.step('reject puts the reason in the ledger and goes to tool_failed', async () => {
    await freshRun(page);
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await page.getByTestId('input-reject-reason').fill('Not during business hours');
    await page.getByTestId('btn-reject').click();
    await expectState(page, 'tool_failed');
    await expect(page.getByTestId('ledger-row').last()).toContainText('Not during business hours');
    await expect(page.locator('[data-testid="context-channel"] [data-kind="rejection"]')).toContainText(
      'Not during business hours',
    );
  });
  await test.step('reject without a reason still tells the model so in the ledger', async () => {
    await freshRun(page);
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await page.getByTestId('btn-reject').click();
    await expect(page.getByTestId('ledger-row').last()).toContainText('(no reason given)');
  });
  await test.step('keyboard: shortcuts drive the run and ? lists them', async () => {
    await freshRun(page);
    // The keys go to the page, not the button just pressed.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('s');
    await expectState(page, 'planning');
    await page.keyboard.press('n');
    await expectState(page, 'running');
    await page.keyboard.press('f');
    await expectState(page, 'tool_failed');
    await page.keyboard.press('?');
    await expect(page.getByTestId('help-overlay')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('help-overlay')).toHaveCount(0);
    await page.keyboard.press('c');
    await expectState(page, 'cancelled');
  });
  await test.step('accessibility: axe finds no serious or critical violation', async () => {
    await freshRun(page);
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.length} (${v.nodes[0]?.target.join(' ')})`)).toEqual([]);
  });
});

test('other scenarios and the language: approval, replan on a dynamic plan, the switch, the browser default', async ({
  page,
  browser,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(90_000);
  await test.step('approval: one request at step 27, no tokens while waiting, approve moves on', async () => {
    await open(page, '?lang=en&scenario=migration-40');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await expectState(page, 'waiting_approval');
    await expect(page.getByTestId('current-step')).toHaveText('27');
    await expect(page.getByTestId('approval-requests')).toHaveText('1');
    const latest = JSON.parse(await text(page, 'checkpoint-latest'));
    expect(latest).toMatchObject({ trigger: 'before_suspend', state: 'waiting_approval', step: 27 });
    // Its size beside it is that checkpoint's own, as JSON (the store measures it while writing).
    expect(await int(page, 'checkpoint-bytes')).toBe(new TextEncoder().encode(JSON.stringify(latest)).length);
    const tokens = await int(page, 'token-meter');
    const clock = await text(page, 'virtual-clock');
    for (let i = 0; i < 3; i++) await page.getByTestId('btn-step').click();
    await expectState(page, 'waiting_approval');
    // The polls show once published (a frame later, publish.ts): the clock moves, the tokens do not.
    await expect(page.getByTestId('virtual-clock')).not.toHaveText(clock);
    expect(await int(page, 'token-meter')).toBe(tokens);
    await expect(page.getByTestId('approval-requests')).toHaveText('1');
    await expect(page.getByTestId('state-waiting_approval')).toContainText('0 tokens');
    await page.getByTestId('btn-approve').click();
    await expectState(page, 'running');
    await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('current-step')).toHaveText('28');
    expect(await int(page, 'token-meter')).toBeGreaterThan(tokens);
  });
  await test.step('replan on the dynamic plan: back to planning, the plan gains steps', async () => {
    await open(page, '?lang=en&scenario=dynamic-plan&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('step-total')).toHaveText('6');
    await page.getByTestId('btn-replan').click();
    await expectState(page, 'planning');
    await page.getByTestId('btn-step').click();
    await expectState(page, 'running');
    await expect(page.getByTestId('step-total')).toHaveText('9');
    expect(JSON.parse(await text(page, 'checkpoint-latest')).plan.version).toBe(2);
  });
  await test.step('the language switch: Chinese and English, <html lang> follows', async () => {
    await open(page, '?lang=zh&run=new');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('btn-start')).toContainText('开始');
    await page.getByTestId('btn-lang').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('btn-start')).toContainText('Start');
    expect(page.url()).toContain('lang=en');
  });
  await test.step('the browser language is the default', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await open(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await context.close();
  });
});

test.describe('with its service worker', () => {
  // The config blocks service workers (a precache a test; this test reads what the worker does).
  test.use({ serviceWorkers: 'allow' });
  test('no request leaves the page’s origin', async ({ page, context, baseURL }) => {
    test.setTimeout(60_000);
    const origin = new URL(baseURL ?? '').origin;
    const foreign: string[] = [];
    // The context sees the service worker's own fetches (its precache) as well as the page's.
    context.on('request', (r) => {
      const u = new URL(r.url());
      if (!['http:', 'https:'].includes(u.protocol)) return;
      if (u.origin !== origin) foreign.push(r.url());
    });
    await open(page, '?lang=en');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await page.getByTestId('btn-approve').click();
    await page.getByTestId('btn-lang').click();
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
    await open(page, '?lang=en&lesson=three-endings');
    await page.goto('/?lang=en&compare=article,no-checkpoint&script=opening-story');
    await page.getByTestId('btn-compare-run').click();
    await expect(page.getByTestId('compare-result')).toHaveCount(2, { timeout: 60_000 });
    expect(foreign).toEqual([]);
  });
});
