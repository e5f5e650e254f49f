import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerPrediction, expectReady } from './helpers';
import { serveStatic, type StaticServer } from './staticServer';

/**
 * Hosting for a class (SPEC §13): the build in dist/ (the default relative base, built by the
 * config's web server) runs from a subfolder of a plain static server, and after one visit it
 * keeps working with the network and the server both gone, because its service worker
 * precached every file, the lazily loaded chunks too.
 */

const PORT = Number(process.env.E2E_PORT ?? 4173) + 50;
const FOLDER = '/sim/';

// One static server on one port: the tests take turns.
test.describe.configure({ mode: 'serial' });
// The config blocks service workers; these tests are about it.
test.use({ serviceWorkers: 'allow' });

async function ready(page: Page) {
  await expectReady(page);
}

/** Until the service worker has installed (every file precached) and controls this page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
}

let host: StaticServer;
test.afterEach(async () => {
  await host.close();
});

test.describe('the default build (relative base) in a subfolder', () => {
  test.beforeEach(async () => {
    host = await serveStatic('dist', FOLDER, PORT);
  });

  test('from a subfolder, then offline after one visit: asks for nothing outside its folder; with the network and the server gone a reload plays the lesson and the compare view opens', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await test.step('from a subfolder of a plain static server the page runs, and asks for nothing outside its folder', async () => {
      await page.goto(`${host.url}?lang=en&run=new`);
      await ready(page);
      await page.getByTestId('btn-start').click();
      // The first tick plans, the next ones run steps: one step done and written down.
      for (let i = 0; i < 3; i++) await page.getByTestId('btn-step').click();
      await expect(page.getByTestId('current-state')).toHaveText('running');
      await expect(page.getByTestId('ledger-row')).not.toHaveCount(0);
      await controlled(page);
      // The worker's scope is the folder, so two courses on one host keep separate copies.
      expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope))).toBe(host.url);
      expect(host.paths.filter((p) => !p.startsWith(FOLDER))).toEqual([]);
      // The help overlay tells the class the page now works offline.
      await page.keyboard.press('?');
      await expect(page.getByTestId('offline-status')).toHaveAttribute('data-status', 'ready');
      await expect(page.getByTestId('offline-status')).toContainText('Available offline');
    });
    // The same page, its service worker already in control: the visit the next step needs.
    await test.step('offline after one visit: the network and the server gone, a reload still plays the lesson, and the compare view opens', async () => {
      await page.goto(`${host.url}?lang=en&lesson=three-endings`);
      await ready(page);
      const caption = page.getByTestId('lesson-caption');
      await expect(caption).toHaveAttribute('data-at', '1');
      await controlled(page);

      await context.setOffline(true);
      await host.close();
      await page.reload();
      await ready(page);
      await expect(caption).toBeVisible();
      const before = Number(await caption.getAttribute('data-at'));
      await page.getByTestId('btn-lesson-next').click();
      await answerPrediction(page); // predict is on in a lesson: it asks first
      await expect(caption).toHaveAttribute('data-at', String(before + 1));
      await expect(page.getByTestId('lesson-source')).not.toBeEmpty();
      await page.getByTestId('btn-lang').click();
      await page.keyboard.press('?');
      await expect(page.getByTestId('offline-status')).toContainText('可离线使用');
      await page.keyboard.press('Escape');

      // A page not opened online: another query of the same index.html, and the compare chunk.
      await page.goto(`${host.url}?lang=en&compare=article,no-checkpoint&script=opening-story`);
      await page.getByTestId('btn-compare-run').click();
      for (const pane of await page.getByTestId('compare-pane').all())
        await expect(pane.getByTestId('compare-result')).toBeVisible({ timeout: 60_000 });
    });
  });
});

test('a build for a fixed path (vite build --base /course/sim/) runs there and offline', async ({ page, context }) => {
  test.setTimeout(90_000);
  const out = mkdtempSync(join(tmpdir(), 'harness-sim-base-'));
  try {
    execFileSync(
      'npx',
      ['vite', 'build', '--base', '/course/sim/', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
        timeout: 80_000,
      },
    );
    host = await serveStatic(out, '/course/sim/', PORT);
    await page.goto(`${host.url}?lang=en&lesson=approval`);
    await ready(page);
    await controlled(page);
    expect(host.paths.filter((p) => !p.startsWith('/course/sim/'))).toEqual([]);
    await context.setOffline(true);
    await host.close();
    await page.reload();
    await ready(page);
    await page.getByTestId('btn-lesson-next').click();
    await answerPrediction(page); // predict is on in a lesson: it asks first
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '2');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('two courses on one host keep their runs apart: each folder has its own database and tabs', async ({
  context,
}) => {
  host = await serveStatic('dist', ['/course-a/', '/course-b/'], PORT);
  const origin = new URL(host.url).origin;
  const a = await context.newPage();
  await a.goto(`${origin}/course-a/?lang=en&run=new&seed=5`);
  await ready(a);
  await a.getByTestId('btn-start').click();
  for (let i = 0; i < 4; i++) await a.getByTestId('btn-step').click();
  await a.getByTestId('btn-checkpoint').click(); // the position, so a reload resumes at this step
  const stepA = await a.getByTestId('current-step').textContent();
  const runA = await a.getByTestId('run-item').first().getAttribute('data-run');

  // The other course, same origin, same browser, open at the same time.
  const b = await context.newPage();
  await b.goto(`${origin}/course-b/?lang=en`);
  await ready(b);
  await expect(b.getByTestId('current-state')).toHaveText('created');
  await expect(b.locator(`[data-testid="run-item"][data-run="${runA}"]`)).toHaveCount(0);
  // Course A's tab drives its run alone: course B's tab never became its follower.
  await expect(a.getByTestId('tab-role')).toHaveAttribute('data-role', 'driver');
  await expect(b.getByTestId('tab-role')).toHaveAttribute('data-role', 'driver');
  await b.getByTestId('btn-start').click();
  await a.bringToFront();
  await a.reload();
  await ready(a);
  await expect(a.getByTestId('current-step')).toHaveText(stepA ?? '');
});

test.describe('the service worker and the teacher', () => {
  let deploy = 1;
  test.beforeEach(async () => {
    deploy = 1;
    // A new deploy is a new sw.js (its precache list changes): here one comment line of it.
    host = await serveStatic('dist', FOLDER, PORT, (path, body) =>
      path.endsWith('/sw.js') && deploy > 1 ? Buffer.concat([body, Buffer.from(`\n// deploy ${deploy}\n`)]) : body,
    );
  });

  test("a teacher's own file is fetched as itself, then a reloaded tab is told a new version is ready and reloads onto it", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await test.step("a teacher's own file under the site is fetched as itself, not answered with the page", async () => {
      await page.goto(`${host.url}?lang=en`);
      await ready(page);
      await controlled(page);
      const file = await page.goto(`${host.url}handouts/challenge.json`);
      expect(file?.status()).toBe(404);
      expect(await page.locator('[data-testid="app"]').count()).toBe(0);
      // The page itself, with any query, still comes from the worker's copy.
      await page.goto(`${host.url}index.html?lang=en&lesson=approval`);
      await ready(page);
    });
    await test.step('a reloaded tab is told a new version is ready, and its button reloads onto it', async () => {
      await page.goto(`${host.url}?lang=zh`);
      await ready(page);
      await controlled(page);
      await expect(page.getByTestId('update-ready')).toHaveCount(0);
      const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      deploy = 2;
      await page.reload();
      await ready(page);
      await expect(page.getByTestId('update-ready')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('update-ready')).toContainText('新版本');
      const reloaded = page.waitForEvent('load');
      await page.getByTestId('btn-update').click();
      await reloaded;
      await ready(page);
      await expect(page.getByTestId('update-ready')).toHaveCount(0);
      // Now the new worker controls the page (it took over; the old one is gone).
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
      expect(
        await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return { waiting: reg?.waiting ?? null, active: reg?.active?.state };
        }),
      ).toEqual({ waiting: null, active: 'activated' });
    });
  });
});
