import { expect, test, type Locator, type Page } from '@playwright/test';
import { PROJECTORS } from './claims';
import { LANGS, axeViolations, open, resizeTo } from './helpers';

/**
 * Presenter mode around the evidence (issue 41): a stop's cited read-outs beside the diagram,
 * what the move changed marked; predict first on in a lesson, its reveal at 28 px; the code view
 * readable; the compare view on one screen with its verdict, figures and chart. Every stop's
 * cited read-outs at both sizes: lesson-claims.spec.ts.
 */

/** Nothing to scroll: the document is no taller and no wider than the window. */
const scrolls = (page: Page) =>
  page.evaluate(() => {
    const d = document.documentElement;
    return { h: d.scrollHeight - d.clientHeight, w: d.scrollWidth - d.clientWidth };
  });

/** In view all but a fraction of a pixel: the deck's edge clips that much of a panel's border. */
const WHOLE = 0.99;

const px = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

/** The smallest type of every text under `selector`, and the text drawn in it. */
const smallest = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    let min = { px: Infinity, text: '' };
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const el = t.parentElement!;
        if (!t.textContent?.trim() || !el.checkVisibility()) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < min.px) min = { px: size, text: t.textContent.trim().slice(0, 40) };
      }
    }
    return min;
  }, selector);

const aaa = async (page: Page) =>
  (await axeViolations(page, [], ['color-contrast-enhanced'])).flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
  );

const atBoth = async (page: Page, check: () => Promise<void>) => {
  for (const size of PROJECTORS) {
    await resizeTo(page, size);
    await test.step(`${size.width}x${size.height}`, check);
  }
};

test.use({ viewport: PROJECTORS[0] });

for (const lang of LANGS) {
  test(`fuse stop 3 (${lang}): the loop guard and the channel's reminder beside the diagram, both marked changed; predict first asked it`, async ({
    page,
  }) => {
    await open(page, `?lang=${lang}&run=new&present=1&lesson=fuse&at=2`);
    // A lesson without a cited read-out at its stop shows none; this your-turn cites two.
    await expect(page.getByTestId('toggle-predict')).toBeChecked();
    await page.getByTestId('btn-lesson-show').click();
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '2');
    // Predict first is on in presenter lessons: Next asks the room before stop 3's failure applies.
    await page.getByTestId('btn-lesson-next').click();
    const prompt = page.getByTestId('predict-prompt');
    await atBoth(page, async () => {
      await expect(prompt).toBeInViewport({ ratio: WHOLE });
      expect(await px(prompt.locator('.hs-predict__ask'))).toBeGreaterThanOrEqual(24);
      expect(await scrolls(page)).toEqual({ h: 0, w: 0 });
    });
    await prompt.locator('[data-testid="predict-choice"][data-choice="tool_failed"]').click();
    const reveal = page.getByTestId('predict-result');
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '3');
    const readout = (f: string) => page.locator(`[data-testid="present-readout"][data-readout="${f}"]`);
    await atBoth(page, async () => {
      await expect(reveal).toBeInViewport({ ratio: WHOLE });
      expect(await px(reveal.locator('p').first())).toBeGreaterThanOrEqual(28);
      for (const f of ['loop', 'channel']) {
        await expect(readout(f)).toBeInViewport({ ratio: 1 });
        await expect(readout(f)).toHaveAttribute('data-changed', 'true');
        expect(await px(readout(f).locator('.hs-evidence__value'))).toBeGreaterThanOrEqual(24);
      }
      await expect(page.getByTestId('present-readout')).toHaveCount(2);
      expect(await scrolls(page)).toEqual({ h: 0, w: 0 });
      expect(await aaa(page)).toEqual([]);
    });
    await expect(readout('loop')).toContainText(lang === 'en' ? 'reminded · 2/3' : '已提醒 · 2/3');
    await expect(readout('channel')).toContainText(lang === 'en' ? 'system-reminder' : 'system-reminder');
    // The code view, once the reveal is closed, is readable from the room: 13 px or more throughout.
    await page.getByTestId('btn-predict-close').click();
    await expect(page.getByTestId('code-view')).toBeVisible();
    await atBoth(page, async () => {
      const min = await smallest(page, '.hs-deck > .hs-code');
      expect(min.px, min.text).toBeGreaterThanOrEqual(13);
      // The lit line is in sight inside its listing, however little height the deck leaves it.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const line = document.querySelector('[data-testid="code-line"][data-active="true"]');
            const box = line?.closest('ol')?.getBoundingClientRect();
            const r = line?.getBoundingClientRect();
            return !!box && !!r && r.top >= box.top - 0.5 && r.top + 20 <= box.bottom + 0.5;
          }),
        )
        .toBe(true);
    });
    // Back at stop 1 nothing has changed yet: the step is cited, not marked.
    await page.keyboard.press('PageUp');
    await expect(page.getByTestId('lesson-your-turn')).toHaveAttribute('data-at', '2');
    await page.keyboard.press('PageUp');
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '1');
    await expect(readout('step')).toHaveAttribute('data-changed', 'false');
  });

  test(`the compare view at the projectors (${lang}): verdict at 28 px, figures at 20 px, the chart, nothing to scroll`, async ({
    page,
  }) => {
    await page.goto(`/?lang=${lang}&present=1&compare=article,no-checkpoint&script=opening-story`);
    await page.getByTestId('btn-compare-run').click();
    const verdict = page.getByTestId('compare-verdict');
    await expect(verdict).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('compare-result')).toHaveCount(2);
    await atBoth(page, async () => {
      expect(await px(verdict)).toBeGreaterThanOrEqual(28);
      await expect(verdict).toBeInViewport({ ratio: 1 });
      for (const pane of await page.getByTestId('compare-pane').all()) {
        for (const id of ['steps-wasted', 'token-meter', 'virtual-clock', 'compare-result']) {
          const fig = pane.getByTestId(id);
          await expect(fig, id).toBeInViewport({ ratio: 1 });
          expect(await px(fig), id).toBeGreaterThanOrEqual(20);
        }
      }
      await expect(page.getByTestId('compare-chart')).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('compare-chart').locator('polyline')).toHaveCount(4);
      expect(await scrolls(page)).toEqual({ h: 0, w: 0 });
    });
  });
}
