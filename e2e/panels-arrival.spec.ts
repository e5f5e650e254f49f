import { expect, test } from '@playwright/test';
import { open } from './helpers';

/**
 * The panels below the first screen arrive one a frame (LowerPanels.tsx): all of them in one
 * commit made one frame lay out about 500 new boxes of a 1,480-box page, the longest task of a
 * cold load at 4× CPU (docs/BENCHMARKS.md, Untrusted input; docs/design/speed.md).
 */

/** A mark in each of four of those panels, in the page's order (each there on a new run): the lessons' to the story's. */
const MARKS = ['lesson-list', 'challenge-list', 'selftest-question', 'select-story'];

test('the panels below the first screen are laid out over several frames, not all in one, and their column never shrinks meanwhile', async ({
  page,
}) => {
  // Counts the page's frames, notes the frame in which each mark first shows, and the panels'
  // column's height at each frame until they are all in.
  await page.addInitScript((marks: string[]) => {
    const w = window as unknown as { __arrived: Record<string, number>; __heights: number[] };
    w.__arrived = {};
    w.__heights = [];
    let frame = 0;
    const tick = () => {
      frame++;
      // Until the last is in: the space kept for those still to come is there.
      const column = document.querySelector('.hs-panels');
      if (column?.querySelector('.hs-panels__later')) w.__heights.push(column.scrollHeight);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new MutationObserver(() => {
      for (const m of marks)
        if (!(m in w.__arrived) && document.querySelector(`[data-testid="${m}"]`)) w.__arrived[m] = frame;
    }).observe(document, { subtree: true, childList: true });
  }, MARKS);
  await open(page, '?lang=en&run=new');
  const arrived = await page.evaluate(() => (window as unknown as { __arrived: Record<string, number> }).__arrived);
  expect(Object.keys(arrived).sort()).toEqual([...MARKS].sort());
  // In order, and the first and the last of them at least three frames apart (one panel a frame).
  const frames = MARKS.map((m) => arrived[m] as number);
  expect(frames).toEqual([...frames].sort((a, b) => a - b));
  expect(frames.at(-1)! - frames[0]!).toBeGreaterThanOrEqual(3);
  // The space they arrive in is kept until the last is in: a reload's scroll is not clamped.
  const heights = await page.evaluate(() => (window as unknown as { __heights: number[] }).__heights);
  expect(heights.length, 'frames with the space kept for panels still to come').toBeGreaterThan(2);
  const shrank = heights.findIndex((h, i) => i > 0 && h < heights[i - 1]!);
  expect(shrank, `the column's heights, frame by frame: ${heights.join(', ')}`).toBe(-1);
});

test('the page’s script comes in parts fetched together: index.html names the React half’s chunk', async ({ page }) => {
  // The React half (start.tsx) is a script of its own, evaluated two tasks after the entry's
  // (main.tsx), and index.html as served names it (build/preload.ts), so it is fetched with the
  // entry and not after it has run. Read from the HTML itself: Vite's import helper adds such
  // links to the page too, but only once the entry runs.
  const html = await (await page.request.get('/')).text();
  const links = [...html.matchAll(/<link rel="(modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
  expect(
    links.some((l) => /^modulepreload .*\/assets\/start-[^/]+\.js$/.test(l)),
    links.join(', '),
  ).toBe(true);
  expect(
    links.some((l) => /^modulepreload .*\/assets\/react-[^/]+\.js$/.test(l)),
    links.join(', '),
  ).toBe(true);
  expect(
    links.some((l) => /^stylesheet .*\/assets\/start-[^/]+\.css$/.test(l)),
    links.join(', '),
  ).toBe(true);
});
