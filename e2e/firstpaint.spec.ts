import { expect, test } from '@playwright/test';
import { open } from './helpers';

/**
 * First paint (SPEC §13.4): index.html draws the page's frame before any script runs, and the
 * page then settles without pushing its boxes around (cumulative layout shift under 0.05).
 */
for (const size of [
  { width: 390, height: 844 },
  // A projector: in zh the header's status texts once wrapped it here and moved the page (0.84).
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('without any script, the header and the diagram box are already drawn', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: size });
      const page = await context.newPage();
      await page.goto('/');
      const header = await page.locator('.hs-header').boundingBox();
      const diagram = await page.locator('.hs-diagram').boundingBox();
      expect(header?.height).toBeGreaterThan(30);
      expect(diagram?.width).toBeGreaterThan(size.width * 0.5);
      expect(diagram?.height).toBeGreaterThan(250);
      await context.close();
    });

    for (const lang of ['zh', 'en'])
      test(`the diagram box keeps its place and size when the app arrives; layout shift stays under 0.05 (${lang})`, async ({
        page,
      }) => {
        await page.addInitScript(() => {
          const w = window as unknown as { __cls: number };
          w.__cls = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!e.hadRecentInput) w.__cls += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await open(page, `?lang=${lang}&run=new`);
        // Everything that could still move the page is in: the panels (open waits for them), the
        // fonts, and two frames drawn after them.
        await page.evaluate(async () => {
          await document.fonts.ready;
          for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
        });
        const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
        console.log(`cumulative layout shift at ${size.width}x${size.height} (${lang}): ${cls.toFixed(4)}`);
        expect(cls).toBeLessThan(0.05);
      });
  });
}

test('data-ready turns true with the first screen there: the controls, the context channel and the plan', async ({
  page,
}) => {
  // Read in the same batch of DOM changes that sets data-ready: a test that waits for it may
  // press a control or read a panel at once.
  await page.addInitScript(() => {
    const w = window as unknown as { __atReady?: string[] };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="app"][data-ready="true"]')) return;
      w.__atReady = ['btn-start', 'context-channel', 'plan', 'current-state'].filter(
        (id) => document.querySelector(`[data-testid="${id}"]`) === null,
      );
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  // The side panels' chunk held back well past storage's answer: ready must still wait for it.
  await page.route(/\/SidePanels-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await open(page, '?lang=en&run=new');
  const missing = await page.evaluate(() => (window as unknown as { __atReady?: string[] }).__atReady);
  expect(missing).toEqual([]);
});
