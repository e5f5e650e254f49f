import { expect, test, type Page } from '@playwright/test';
import { LANGS, axeViolations, open, resizeTo } from './helpers';

/**
 * Presenter mode (`?present=1`, ui-contract "Room and course page") on a projector's two
 * screens: the compact diagram, the caption and one panel with nothing to scroll, state names
 * at 24 px or more as drawn, the caption at 28 px, AAA contrast, a remote's PageDown/PageUp
 * stepping the lesson; the article opening at the cited section; a phone's diagram at 12 px.
 */
const PROJECTORS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
] as const;

/** Nothing scrolls: the document is no taller and no wider than the window. */
const scrolls = (page: Page) =>
  page.evaluate(() => {
    const d = document.documentElement;
    return { h: d.scrollHeight - innerHeight, w: d.scrollWidth - innerWidth };
  });

/** Each state name's CSS size and its size as drawn (the diagram's zoom: drawn height over layout height). */
const stateNames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid^="state-"] .hs-node__label')].map((el) => {
      const node = el.closest<HTMLElement>('.react-flow__node')!;
      const scale = node.getBoundingClientRect().height / node.offsetHeight;
      const css = parseFloat(getComputedStyle(el).fontSize);
      return { name: el.closest('[data-testid]')!.getAttribute('data-testid'), css, drawn: css * scale };
    }),
  );

/** Every text drawn in the diagram's nodes and labels, with its size as drawn (CSS size times the zoom). */
const diagramText = (page: Page) =>
  page.evaluate(() => {
    const vp = document.querySelector('.react-flow__viewport') as HTMLElement;
    const zoom = new DOMMatrixReadOnly(getComputedStyle(vp).transform).a;
    const out: { text: string; px: number }[] = [];
    for (const root of document.querySelectorAll('.react-flow__node-taskState, .hs-edge__label')) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const el = t.parentElement!;
        // The screen reader's "now" is clipped to 1 px on purpose; it is not drawn text.
        if (!t.textContent?.trim() || el.closest('.hs-sr')) continue;
        out.push({ text: t.textContent, px: parseFloat(getComputedStyle(el).fontSize) * zoom });
      }
    }
    return out;
  });

const aaa = async (page: Page) =>
  (await axeViolations(page, [], ['color-contrast-enhanced'])).flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
  );

/**
 * The two projectors, one page a language: each check is made at 1024x768, then the window is
 * resized to 1280x720 and the same check made again (the layout follows its media queries).
 */
const atBothProjectors = async (page: Page, check: (size: (typeof PROJECTORS)[number]) => Promise<void>) => {
  for (const size of PROJECTORS) {
    await resizeTo(page, size);
    await test.step(`${size.width}x${size.height}`, () => check(size));
  }
};

for (const lang of LANGS) {
  test.describe(`presenter mode at the projectors' sizes in ${lang}`, () => {
    test.use({ viewport: PROJECTORS[0] });

    test('a lesson: diagram, caption and lesson bar, nothing to scroll, large and AAA; PageDown/PageUp step it', async ({
      page,
    }) => {
      await open(page, `?lang=${lang}&run=new&present=1&lesson=three-endings&at=1`);
      await expect(page.getByTestId('app')).toHaveAttribute('data-mode', 'present');
      const caption = page.getByTestId('lesson-caption');
      await expect(caption).toHaveAttribute('data-at', '1');
      await atBothProjectors(page, async () => {
        expect(await scrolls(page)).toEqual({ h: 0, w: 0 });
        const names = await stateNames(page);
        expect(names).toHaveLength(8);
        expect(names.filter((n) => n.css < 24 || n.drawn < 24)).toEqual([]);
        expect(await caption.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(28);
        await expect(page.getByTestId('btn-lesson-next')).toBeInViewport({ ratio: 1 });
        expect(await aaa(page)).toEqual([]);
      });

      await page.keyboard.press('PageDown');
      await expect(caption).toHaveAttribute('data-at', '2');
      // Stop 3 is the student's turn: its card carries the stop in place of the caption.
      await page.keyboard.press('PageDown');
      await expect(page.getByTestId('lesson-your-turn')).toHaveAttribute('data-at', '3');
      // The controls column is hidden here: the turn's card carries its control, large, with its key.
      const carried = page.getByTestId('lesson-turn-control');
      await atBothProjectors(page, async () => {
        expect(await scrolls(page)).toEqual({ h: 0, w: 0 });
        await expect(carried).toBeInViewport({ ratio: 1 });
        expect(await carried.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);
        await expect(carried.locator('kbd')).toBeVisible();
        await expect(carried.locator('kbd')).toHaveText('A');
      });
      await page.keyboard.press('PageUp');
      await expect(caption).toHaveAttribute('data-at', '2');
    });

    test('the longest caption still fits with nothing to scroll', async ({ page }) => {
      await open(page, `?lang=${lang}&run=new&present=1&lesson=density&at=1`);
      await expect(page.getByTestId('lesson-caption')).toBeVisible();
      await atBothProjectors(page, async () => {
        expect(await scrolls(page)).toEqual({ h: 0, w: 0 });
        for (const id of ['lesson-caption', 'lesson-source', 'btn-lesson-next', 'btn-lesson-exit'])
          await expect(page.getByTestId(id), id).toBeInViewport({ ratio: 1 });
      });
    });

    test("without a lesson: the run's read-outs and controls, nothing to scroll, large and AAA", async ({ page }) => {
      await open(page, `?lang=${lang}&run=new&present=1`);
      await expect(page.getByTestId('app')).toHaveAttribute('data-mode', 'present');
      await page.getByTestId('btn-start').click();
      await page.getByTestId('btn-step').click();
      await page.getByTestId('btn-fail').click();
      await expect(page.getByTestId('current-state')).toHaveText('tool_failed');
      await atBothProjectors(page, async () => {
        expect(await scrolls(page)).toEqual({ h: 0, w: 0 });
        expect((await stateNames(page)).filter((n) => n.css < 24 || n.drawn < 24)).toEqual([]);
        for (const id of ['current-state', 'current-step', 'btn-step', 'btn-fail', 'btn-cancel', 'btn-reset'])
          await expect(page.getByTestId(id), id).toBeInViewport({ ratio: 1 });
        expect(await aaa(page)).toEqual([]);
      });
    });

    test('lesson-source opens the article beside the lesson, at the cited section; Escape closes it', async ({
      page,
    }) => {
      await open(page, `?lang=${lang}&run=new&present=1&lesson=three-endings&at=2`);
      const source = page.getByTestId('lesson-source');
      await expect(source).toHaveText('Checkpoint 存什么');
      await source.click();
      const article = page.getByTestId('article');
      await expect(article).toHaveAttribute('data-section', 'Checkpoint 存什么');
      const heading = article.locator('[data-cited="heading"]');
      await expect(heading).toHaveText('Checkpoint 存什么');
      await expect(heading).toBeFocused();
      await atBothProjectors(page, async () => {
        await expect(heading).toBeInViewport({ ratio: 1 });
        // The article sits beside the lesson: the caption stays in view.
        await expect(page.getByTestId('lesson-caption')).toBeInViewport({ ratio: 1 });
      });
      // Next (the button: a remote's PageDown inside the article scrolls it) turns it to stop 3's section.
      await page.getByTestId('btn-lesson-next').click();
      await expect(article).toHaveAttribute('data-section', '先从三种「从头再来」说起');
      await expect(article.locator('[data-cited="heading"]')).toBeInViewport({ ratio: 1 });
      await article.locator('[data-cited="heading"]').focus();
      await page.keyboard.press('Escape');
      await expect(article).toHaveCount(0);
    });
  });
}

for (const size of PROJECTORS) {
  for (const lang of LANGS) {
    test(`embed at ${size.width}x${size.height} in ${lang}: the compact diagram, its text drawn at 12 px or more, nothing to scroll`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await open(page, `?lang=${lang}&run=new&embed=1`);
      await expect(page.locator('.hs-diagram')).toHaveAttribute('data-variant', 'compact');
      const sizes = await diagramText(page);
      expect(sizes.length).toBeGreaterThan(10);
      expect(sizes.filter((s) => s.px < 12)).toEqual([]);
      expect(await scrolls(page)).toEqual({ h: 0, w: 0 });
      await expect(page.getByTestId('btn-reset')).toBeInViewport({ ratio: 1 });
    });
  }
}

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const lang of LANGS) {
    test(`every text of the diagram is drawn at 12 px or more (${lang})`, async ({ page }) => {
      await open(page, `?lang=${lang}&run=new`);
      await page.getByTestId('btn-start').click();
      await page.getByTestId('btn-step').click();
      const sizes = await diagramText(page);
      expect(sizes.length).toBeGreaterThan(10);
      expect(sizes.filter((s) => s.px < 12)).toEqual([]);
    });

    test(`the article opens full screen, at the cited section, and closes (${lang})`, async ({ page }) => {
      await open(page, `?lang=${lang}&run=new&lesson=three-endings&at=2`);
      await page.getByTestId('lesson-source').click();
      const article = page.getByTestId('article');
      const box = await article.boundingBox();
      expect(box && Math.round(box.width)).toBe(390);
      await expect(article.locator('[data-cited="heading"]')).toBeInViewport({ ratio: 1 });
      await page.getByTestId('btn-article-close').click();
      await expect(article).toHaveCount(0);
    });
  }
});

test.describe('in a dark colour scheme', () => {
  test.use({ viewport: { width: 1024, height: 768 }, colorScheme: 'dark' });
  test('presenter mode keeps AAA contrast, with and without a lesson', async ({ page }) => {
    await open(page, '?lang=en&run=new&present=1');
    expect(await aaa(page)).toEqual([]);
    await open(page, '?lang=zh&run=new&present=1&lesson=fuse&at=3');
    expect(await aaa(page)).toEqual([]);
  });
});

test('the help overlay opens the article at its top', async ({ page }) => {
  await open(page, '?lang=en&run=new');
  await page.getByTestId('btn-help').click();
  await page.getByTestId('btn-article').click();
  const article = page.getByTestId('article');
  await expect(article).toHaveAttribute('data-section', '');
  await expect(article.getByRole('heading', { level: 3 }).first()).toBeInViewport();
  await expect(article).toContainText('The source article is in Chinese');
});
