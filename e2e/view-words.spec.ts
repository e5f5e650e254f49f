import { expect, test, type Page } from '@playwright/test';
import { DESIGN_IDS } from 'harness-core/sim';
import { en } from '../src/i18n/en';
import { views as enViews } from '../src/i18n/en.views';
import { views as zhViews } from '../src/i18n/zh.views';
import { open } from './helpers';

/**
 * The views opened on request (a lesson, the guide, a trace, presenter mode's read-outs) say
 * words the first screen does not fetch (i18n/index.ts: `<lang>.views.ts`, fetched with the
 * view). Each view's first render is already in the page's language: no frame shows a raw key
 * or the other language's words, and a language switch inside the view says them in the new one.
 */

declare global {
  interface Window {
    /** Every text and label the page has shown since navigation (recordShown). */
    __shown?: Set<string>;
  }
}

/** Records every text node and label from navigation on, so a key shown for one frame is caught. */
function recordShown() {
  const seen = new Set<string>();
  window.__shown = seen;
  const LABELS = ['title', 'aria-label', 'placeholder'];
  const note = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent?.trim();
      if (text) seen.add(text);
      return;
    }
    if (!(node instanceof Element)) return;
    for (const a of LABELS) {
      const v = node.getAttribute(a);
      if (v) seen.add(v);
    }
    node.childNodes.forEach(note);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') r.addedNodes.forEach(note);
      else note(r.target);
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: LABELS,
  });
}

/**
 * Every key of the dictionaries but the numbered messages' (`err.*`, which carry their own
 * tests), and the designs' words, which the dictionaries take from harness-core (engineWords).
 */
const KEYS = [
  ...Object.keys({ ...en, ...enViews }),
  ...DESIGN_IDS.flatMap((id) => [`design.${id}.name`, `design.${id}.change`]),
];

/** The texts shown so far that hold a key instead of its words. */
async function rawKeys(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => [...(window.__shown ?? [])]);
  return shown.filter((text) => KEYS.some((key) => text.includes(key)));
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(recordShown);
});

test('the first screen, the panels below and the help show no key', async ({ page }) => {
  // The lesson list, the runs panel and the help name lessons, the guide and traces: with boot's words.
  await open(page, '?lang=zh');
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-overlay')).toBeVisible();
  expect(await rawKeys(page)).toEqual([]);
});

test('a lesson opened in zh says its first caption in Chinese, and in English after a switch', async ({ page }) => {
  await open(page, '?lang=zh&lesson=three-endings');
  const caption = page.getByTestId('lesson-caption');
  await expect(caption).toHaveText(zhViews['lesson.three-endings.migration-40.caption']);
  expect(await rawKeys(page)).toEqual([]);
  // Only Chinese was shown in the lesson's caption from its first frame on.
  const english = enViews['lesson.three-endings.migration-40.caption'];
  expect(await page.evaluate((en) => window.__shown?.has(en), english)).toBe(false);

  await page.getByTestId('btn-lang').first().click();
  await expect(caption).toHaveText(english);
  expect(await rawKeys(page)).toEqual([]);
});

test('the teacher’s guide opened in zh is Chinese on its first render', async ({ page }) => {
  await page.goto('/?lang=zh&guide=1');
  await expect(page.getByTestId('guide')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('h1')).toHaveText(zhViews['guide.title']);
  expect(await rawKeys(page)).toEqual([]);
});

test('a trace opened in zh is Chinese, and English after its own language switch', async ({ page }) => {
  await page.goto('/?lang=zh&trace=sample-otlp-fuse');
  await expect(page.getByTestId('trace-view')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('h1')).toHaveText(zhViews['traces.title']);
  await page.getByTestId('trace-view').getByTestId('btn-lang').click();
  await expect(page.locator('h1')).toHaveText(enViews['traces.title']);
  await expect(page.getByTestId('trace-privacy')).toHaveText(enViews['traces.privacy']);
  expect(await rawKeys(page)).toEqual([]);
});

test('presenter mode’s read-outs beside a lesson come with their words', async ({ page }) => {
  await open(page, '?lang=zh&run=new&present=1&lesson=fuse&at=2');
  await expect(page.getByTestId('present-evidence')).toHaveAttribute('aria-label', zhViews['evidence.title'], {
    timeout: 15_000,
  });
  expect(await rawKeys(page)).toEqual([]);
});
