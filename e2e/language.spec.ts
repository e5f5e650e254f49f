import { expect, test, type Page } from '@playwright/test';
import { fullDiskOnDemand, open } from './helpers';

/**
 * Every word of the UI is in the page's language: in zh no English word is shown (ids, tool
 * names and JSON keep their spelling and are marked as such: code, kbd, pre, translate="no"),
 * in en no Chinese. Text, tooltips, aria labels and placeholders alike.
 */

/** Words the article itself writes in Latin letters inside Chinese text. */
const ZH_ALLOWED = new Set([
  'Harness',
  'Sim',
  'Checkpoint',
  'token',
  'LangGraph',
  'IndexedDB',
  'JSON',
  'system-reminder',
  'failure',
  'manual',
]);
/** The windowed lists (SPEC §13.4) are checked elsewhere (they render outcome values themselves). */
const PART_B = '.hs-ledger, .hs-history, .hs-log, .hs-plan';
/**
 * A recovery hint quotes the tool's own error message (ENOENT: no such file …), as tool output
 * keeps its spelling; the engine writes the words around it in both languages.
 */
const TOOL_OUTPUT = '.hs-msg__text';

async function shownWords(page: Page) {
  return page.evaluate((skip) => {
    const out: { where: string; text: string }[] = [];
    // Ids, code and JSON keep their spelling; so does text marked as another language (the language switch).
    const page = document.documentElement.lang.slice(0, 2);
    const exempt = (el: Element | null) =>
      !!el?.closest(`code, kbd, pre, script, style, [translate="no"], ${skip}`) ||
      !(el?.closest('[lang]')?.getAttribute('lang') ?? page).startsWith(page);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const el = t.parentElement;
      if (!t.textContent?.trim() || exempt(el) || (el && el.tagName !== 'OPTION' && el.getClientRects().length === 0))
        continue;
      out.push({ where: `<${el?.tagName.toLowerCase()} class="${el?.className}">`, text: t.textContent.trim() });
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [aria-valuetext]')) {
      if (el.closest(skip) || exempt(el)) continue;
      for (const a of ['title', 'aria-label', 'placeholder', 'aria-valuetext']) {
        const v = el.getAttribute(a);
        if (v)
          out.push({
            where: `${a} of <${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? el.className}>`,
            text: v,
          });
      }
    }
    return out;
  }, `${PART_B}, ${TOOL_OUTPUT}`);
}

/** Latin words left in a Chinese text once allowed terms and ids (a_b, a-1, v2) are taken out. */
const englishIn = (text: string) =>
  (text.match(/[A-Za-z][A-Za-z0-9_.#/-]*/g) ?? []).filter(
    (w) => !ZH_ALLOWED.has(w) && !/[_\d]/.test(w) && !/^[A-Z]{1,2}$/.test(w) && !/^(ms)$/.test(w),
  );
const chineseIn = (text: string) => text.match(/[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]+/g) ?? [];

/** Drives the page through states that show most of its words. */
async function tour(page: Page, lang: string) {
  await open(page, `?lang=${lang}&run=new`);
  const seen = [...(await shownWords(page))];
  await page.getByTestId('btn-start').click();
  await page.getByTestId('btn-step').click();
  await page.getByTestId('btn-step').click();
  await page.getByTestId('btn-fail').click();
  await expect(page.getByTestId('context-channel').locator('[data-kind]').first()).toBeVisible();
  seen.push(...(await shownWords(page)));
  await page.getByTestId('btn-crash').click();
  await page.getByTestId('btn-restart').click();
  seen.push(...(await shownWords(page)));
  await page.keyboard.press('?');
  seen.push(...(await shownWords(page)));
  return seen;
}

test('one UI language at a time, a new run by the address for each: zh durations, a tour in zh, a tour in en', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(90_000);
  await test.step('zh reads durations as Chinese: "3 分钟前", not "3 分前"', async () => {
    await open(page, '?lang=zh&run=new');
    await expect(page.getByTestId('app')).not.toContainText(/\d 分前/);
  });
  await test.step('in zh, no English UI word shows (ids, tool names and JSON excepted)', async () => {
    const seen = await tour(page, 'zh');
    const bad = [
      ...new Set(seen.flatMap((s) => englishIn(s.text).map((w) => `${w}  (in "${s.text.slice(0, 60)}", ${s.where})`))),
    ];
    expect(bad).toEqual([]);
  });
  await test.step('in en, no Chinese UI word shows (the language switch, marked lang="zh", excepted)', async () => {
    const seen = await tour(page, 'en');
    const bad = [
      ...new Set(seen.flatMap((s) => chineseIn(s.text).map((w) => `${w}  (in "${s.text.slice(0, 60)}", ${s.where})`))),
    ];
    expect(bad).toEqual([]);
  });
});

test.describe('each language is fetched on its own', () => {
  // A service worker would answer from its precache, past page.route.
  test.use({ serviceWorkers: 'block' });
  /** The build's chunk of one language's words (assets/zh-<hash>.js). */
  const wordsOf = (lang: string) => new RegExp(`/assets/${lang}-[\\w-]+\\.js$`);

  test('a page loads only its own language, and the other when the student switches', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await open(page, '?lang=en&run=new');
    expect(asked.filter((p) => wordsOf('en').test(p))).toHaveLength(1);
    expect(asked.filter((p) => wordsOf('zh').test(p))).toEqual([]);
    // The switch names the other language in its own words: 中文 (drawn as outlines, so no CJK font is needed), then English.
    await expect(page.getByTestId('btn-lang')).toHaveAccessibleName('中文');
    await expect(page.getByTestId('btn-lang').locator('svg path')).toHaveCount(1);
    await page.getByTestId('btn-lang').click();
    await expect(page.getByTestId('btn-start')).toHaveText(/开始/);
    expect(asked.filter((p) => wordsOf('zh').test(p))).toHaveLength(1);
    await expect(page.getByTestId('btn-lang')).toHaveText('English');
    await expect(page.getByTestId('btn-lang')).toHaveAccessibleName('English');
  });

  test('words that cannot be fetched: the page says so in both languages; a failed switch keeps the page as it was', async ({
    page,
  }) => {
    await page.route(wordsOf('zh'), (r) => r.abort());
    await page.goto('/?lang=zh&run=new');
    await expect(page.getByRole('alert')).toContainText('页面的文字没能加载');
    await expect(page.getByRole('alert')).toContainText('could not load its words');
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-lang').click();
    await expect(page.getByTestId('btn-lang')).toHaveAttribute('title', /could not be loaded/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('btn-start')).toHaveText(/Start/);
  });
});

test('the page’s React half cannot be fetched: the page says so in both languages, not a frame that never fills', async ({
  page,
}) => {
  await page.route(/\/assets\/start-[^/]+\.js$/, (r) => r.abort());
  await page.goto('/?lang=en&run=new');
  await expect(page.getByRole('alert')).toContainText('页面没能加载');
  await expect(page.getByRole('alert')).toContainText('The page could not load: reload the page.');
});

test('a storage error on the Chinese page is said in Chinese, number and parts kept (E504 around E502)', async ({
  page,
}) => {
  await fullDiskOnDemand(page);
  await open(page, '?lang=zh&run=new&scenario=migration-40');
  await page.getByTestId('btn-start').click();
  await page.getByTestId('btn-step').click();
  await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = true));
  await page.getByTestId('btn-play').click();
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('E502');
  await expect(notice).toContainText('存储已满（QuotaExceededError');
  await expect(notice).toContainText('删除已结束的运行可以腾出空间');
  await expect(notice).not.toContainText('Storage is full');
  await expect(page.getByTestId('storage-status')).not.toContainText('Storage is full');
});
