import { expect, test } from '@playwright/test';
import { STATE_NAMES } from '../src/engine';
import { answerPrediction, open } from './helpers';

/** Share links (ui-contract "Room and course page"): the link reproduces what is on screen. */

test('share links on one page: scenario and seed afresh, a resumed run and a broken replay, a lesson’s stop', async ({
  page,
  context,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(90_000);
  await test.step('a share link carries scenario, seed, design and language, and opens the same run afresh', async () => {
    await open(page, '?lang=zh&run=new&scenario=not-found&seed=7&design=no-refs');
    await page.getByTestId('btn-share').click();
    const link = await page.getByTestId('share-link').inputValue();
    const params = new URL(link).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      scenario: 'not-found',
      seed: '7',
      design: 'no-refs',
      lang: 'zh',
      run: 'new',
    });
    const other = await context.newPage();
    await open(other, new URL(link).search);
    await expect(other.getByTestId('design-name')).toHaveAttribute('data-design', 'no-refs');
    await expect(other.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(other.getByTestId('step-total')).toHaveText('40');
    await expect(other.getByTestId('current-state')).toHaveText('created');
    // Same seed, same world: the first step takes the same virtual time in both.
    for (const p of [page, other]) {
      await p.bringToFront();
      await p.getByTestId('btn-start').click();
      await p.getByTestId('btn-step').click();
    }
    await expect(other.getByTestId('virtual-clock')).toHaveText(
      (await page.getByTestId('virtual-clock').textContent()) ?? '',
    );
    // Done with the second tab: a tab left in front would leave this one drawn at a few frames
    // a second (helpers.ts, driveThenDriveHere), each later click waiting on a frame.
    await other.close();
    await page.bringToFront();
  });
  await test.step('a run resumed from storage says its link opens the start; a broken replay is refused with a notice', async () => {
    await open(page, '?lang=en&run=new&seed=4');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    // The page lists a checkpoint once it is durable: only then does a reload resume from it.
    await expect(page.getByTestId('checkpoint-item').first()).toBeAttached();
    await page.reload();
    await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('btn-share').click();
    await expect(page.getByTestId('share-note')).toHaveAttribute('data-note', 'resumed');
    expect(new URL(await page.getByTestId('share-link').inputValue()).searchParams.has('replay')).toBe(false);

    await open(page, '?lang=en&run=new&seed=4&replay=AAAA');
    await expect(page.getByTestId('notice')).toContainText('cannot be replayed');
    await expect(page.getByTestId('current-state')).toHaveText('created');
  });
  await test.step('in a lesson, the share link opens the same lesson at the same stop', async () => {
    await open(page, '?lang=en&lesson=approval');
    await page.getByTestId('btn-lesson-next').click();
    await answerPrediction(page);
    const at = await page.getByTestId('lesson-caption').getAttribute('data-at');
    await page.getByTestId('btn-share').click();
    const link = await page.getByTestId('share-link').inputValue();
    expect(new URL(link).searchParams.get('lesson')).toBe('approval');
    const other = await context.newPage();
    await open(other, new URL(link).search);
    await expect(other.getByTestId('lesson-caption')).toHaveAttribute('data-at', at ?? '');
    await expect(other.getByTestId('current-step')).toHaveText(
      (await page.getByTestId('current-step').textContent()) ?? '',
    );
  });
});

test('a link made at a running step opens that moment: state, step, ledger, guard, language (a fresh browser)', async ({
  page,
  browser,
}) => {
  await open(page, '?lang=zh&run=new&scenario=migration-40&seed=11');
  await page.getByTestId('btn-start').click();
  for (let i = 0; i < 5; i++) await page.getByTestId('btn-step').click();
  await page.getByTestId('btn-fail').click();
  await page.getByTestId('btn-step').click();
  await page.getByTestId('btn-fail').click();
  await expect(page.getByTestId('current-state')).toHaveText('tool_failed');
  const moment = async (p: typeof page) => ({
    state: await p.getByTestId('current-state').textContent(),
    step: await p.getByTestId('current-step').textContent(),
    loop: await p.getByTestId('loop-count').textContent(),
    clock: await p.getByTestId('virtual-clock').textContent(),
    tokens: await p.getByTestId('token-meter').textContent(),
    ledger: await p.getByTestId('ledger-row').allTextContents(),
  });
  const here = await moment(page);
  expect(here.ledger.length).toBeGreaterThan(1);
  expect(here.loop).not.toBe('0');
  await page.getByTestId('btn-share').click();
  await expect(page.getByTestId('share-note')).toHaveAttribute('data-note', 'moment');
  const link = await page.getByTestId('share-link').inputValue();
  expect(new URL(link).searchParams.get('replay')).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(link.length).toBeLessThanOrEqual(2000);

  // A fresh browser: nothing stored, only the link.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await open(other, new URL(link).search);
  await expect(other.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect.poll(() => moment(other)).toEqual(here);
  // The address keeps no replay: a reload resumes the stored run, at the same moment.
  expect(new URL(other.url()).searchParams.has('replay')).toBe(false);
  await other.reload();
  await expect(other.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect.poll(() => moment(other)).toEqual(here);
  await fresh.close();
});

test('embed mode at 1024x768 and 1280x720: the diagram and the controls only, nothing cut off', async ({ page }) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(60_000);
  for (const size of [
    { width: 1024, height: 768 },
    { width: 1280, height: 720 },
  ]) {
    await test.step(`embed mode at ${size.width}x${size.height}: the diagram and the controls only, nothing cut off`, async () => {
      await page.setViewportSize(size);
      await open(page, '?lang=en&run=new&embed=1');
      await expect(page.getByTestId('app')).toHaveAttribute('data-mode', 'embed');
      await expect(page.getByTestId('state-running')).toBeVisible();
      await expect(page.getByTestId('btn-start')).toBeVisible();
      await expect(page.getByTestId('storage-status')).toBeHidden();
      await expect(page.getByTestId('ledger')).toBeHidden();
      // Every state node lies inside the window, and nothing scrolls sideways.
      for (const s of STATE_NAMES) {
        const b = await page.getByTestId(`state-${s}`).boundingBox();
        expect(b && b.x >= 0 && b.x + b.width <= size.width).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.getByTestId('btn-start').click();
      await page.getByTestId('btn-step').click();
      await expect(page.getByTestId('state-running')).toHaveAttribute('data-active', 'true');
    });
  }
});
