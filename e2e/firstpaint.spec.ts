import { expect, test } from '@playwright/test';
import { open } from './helpers';

/**
 * First paint (SPEC §13.4): index.html draws the page's frame before any script runs, and the
 * page then settles without pushing its boxes around (cumulative layout shift under 0.05).
 */
/** The sizes first paint is held at. */
const SIZES = [
  { width: 390, height: 844 },
  // A projector: in zh the header's status texts once wrapped it here and moved the page (0.84).
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
];

test('without any script, at each size the header and the diagram box are already drawn', async ({ browser }) => {
  // One context without script, resized before each load: each load lays the page out afresh.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const size of SIZES)
    await test.step(`at ${size.width}x${size.height} > without any script, the header and the diagram box are already drawn`, async () => {
      await page.setViewportSize(size);
      await page.goto('/');
      const header = await page.locator('.hs-header').boundingBox();
      const diagram = await page.locator('.hs-diagram').boundingBox();
      expect(header?.height).toBeGreaterThan(30);
      expect(diagram?.width).toBeGreaterThan(size.width * 0.5);
      expect(diagram?.height).toBeGreaterThan(250);
    });
  await context.close();
});

test('at each size and in each language the diagram box keeps its place when the app arrives: layout shift under 0.05', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Counted afresh in each document (an init script runs at every load).
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const size of SIZES)
    for (const lang of ['zh', 'en'])
      await test.step(`at ${size.width}x${size.height} > the diagram box keeps its place and size when the app arrives; layout shift stays under 0.05 (${lang})`, async () => {
        // Resized before the load: the page is laid out at this size from its first paint.
        await page.setViewportSize(size);
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
  await open(page, '?lang=en&run=new');
  const missing = await page.evaluate(() => (window as unknown as { __atReady?: string[] }).__atReady);
  expect(missing).toEqual([]);
});
