import { expect, test, type Page } from '@playwright/test';
import { open } from './helpers';

/**
 * The first frame: the diagram is whole when it first shows, its edges do not move once React
 * Flow has measured the nodes, and it is drawn in the app's first commit, on a phone as on a
 * laptop (index.html's frame gives it its size: frameSize.ts, docs/design/speed.md).
 */

/** What the first-frame edge test keeps in the page. */
interface EdgePaths {
  __paths: () => Record<string, string>;
  __firstPaths?: Record<string, string>;
}

/** The late drawings counted in the page since it loaded. */
const lateDrawings = (page: Page) =>
  page.evaluate(() => (window as unknown as { __lateDrawings: number }).__lateDrawings);

test('the first frame, recorded as the page loads on a laptop then on a phone: whole, drawn in the first commit, edges where measured', async ({
  page,
}) => {
  // Three passive recorders, each put in every document before its scripts run: what the first
  // frame showed, where a drawing was inserted, and each edge's first path.
  await page.addInitScript(() => {
    const w = window as unknown as { __first?: { hidden: number; edges: number } };
    const observer = new MutationObserver(() => {
      const nodes = document.querySelectorAll(
        '.react-flow__node [data-testid^="state-"]:not([data-testid="state-group-active"])',
      );
      if (nodes.length < 8) return;
      observer.disconnect();
      w.__first = {
        hidden: [...document.querySelectorAll('.react-flow__node')].filter(
          (n) => getComputedStyle(n).visibility === 'hidden',
        ).length,
        edges: [...document.querySelectorAll('.react-flow__edge path.react-flow__edge-path')].filter(
          (p) => (p.getAttribute('d') ?? '').length > 5,
        ).length,
      };
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  // React inserts a first render's tree whole, into #root; a drawing mounted by a later render
  // (an empty box committed first, then filled) is a mutation with another target.
  await page.addInitScript(() => {
    const w = window as unknown as { __lateDrawings: number };
    w.__lateDrawings = 0;
    const root = () => document.getElementById('root');
    new MutationObserver((records) => {
      for (const r of records) {
        // The first commit inserts the app into #root; any drawing inserted elsewhere came later.
        if (r.target === root()) continue;
        const drawing = (n: Node) =>
          n instanceof Element && (n.classList.contains('react-flow') || n.querySelector('.react-flow') !== null);
        if ([...r.addedNodes].some(drawing)) w.__lateDrawings++;
      }
    }).observe(document, { subtree: true, childList: true });
  });
  // The handles' bounds are given before measuring (StateDiagram's SIZED, from the node's border
  // width): if they drifted from what the browser lays out, the first frame's edges would miss
  // their nodes and jump once measured.
  await page.addInitScript(() => {
    const w = window as unknown as EdgePaths;
    // Each edge's path, by its test id.
    w.__paths = () =>
      Object.fromEntries(
        [...document.querySelectorAll('[data-testid^="edge-"]')].map((e): [string, string] => [
          e.getAttribute('data-testid') ?? '',
          e.querySelector('path.react-flow__edge-path')?.getAttribute('d') ?? '',
        ]),
      );
    const observer = new MutationObserver(() => {
      const now = w.__paths();
      if (Object.values(now).filter((d) => d.length > 5).length < 13) return;
      observer.disconnect();
      w.__firstPaths = now;
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '?lang=en&run=new');
  await test.step('the diagram is whole in its first frame: all nodes shown and all 13 edges drawn before any measuring', async () => {
    const first = await page.evaluate(
      () => (window as unknown as { __first?: { hidden: number; edges: number } }).__first,
    );
    expect(first).toEqual({ hidden: 0, edges: 13 });
  });
  await test.step("on a laptop, the diagram is drawn in the app's first commit, never into an empty box after it", async () => {
    await expect(page.locator('.hs-diagram .react-flow')).toHaveCount(1);
    expect(await lateDrawings(page)).toBe(0);
  });
  await test.step('the edges of the first frame end where React Flow, having measured the nodes, draws them', async () => {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { first, settled } = await page.evaluate(() => {
      const w = window as unknown as EdgePaths;
      return { first: w.__firstPaths ?? {}, settled: w.__paths() };
    });
    const numbers = (d: string) => (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    expect(Object.keys(first).sort()).toEqual(Object.keys(settled).sort());
    for (const [edge, d] of Object.entries(settled)) {
      const a = numbers(first[edge] ?? '');
      const b = numbers(d);
      expect(a.length, edge).toBe(b.length);
      expect(
        Math.max(...a.map((x, i) => Math.abs(x - (b[i] as number)))),
        `${edge}: ${first[edge]} then ${d}`,
      ).toBeLessThan(0.5);
    }
  });
  await test.step("on a phone, the diagram is drawn in the app's first commit, never into an empty box after it", async () => {
    // A new document at the phone's size: the recorders start again with it.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '?lang=en&run=new');
    await expect(page.locator('.hs-diagram .react-flow')).toHaveCount(1);
    expect(await lateDrawings(page)).toBe(0);
  });
});
