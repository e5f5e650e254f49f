import { expect, test } from '@playwright/test';
import { LANGS, LESSON_IDS, axeFindings, expectReady, open } from './helpers';
import { drawnModules, expectedModules } from './qr';

/** The teacher's guide (`?guide=1`, SPEC §12; ui-contract "the guide"): one section a lesson, links in and out, print. */

for (const lang of LANGS) {
  test(`the guide in ${lang} on one page: its sections, axe at two sizes, printed as A4 with addresses and QR codes`, async ({
    page,
    baseURL,
  }) => {
    // Steps that were tests of 30 s each, on a busy machine.
    test.setTimeout(90_000);
    await test.step(`the guide has a section for each of the thirteen lessons, in class order (${lang})`, async () => {
      // The page asks nothing of another origin (data: URLs are not requests of the network).
      const outside: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.protocol.startsWith('http') && url.origin !== new URL(baseURL ?? '').origin) outside.push(r.url());
      });
      await page.goto(`/?guide=1&lang=${lang}`);
      const guide = page.getByTestId('guide');
      await expect(guide).toBeVisible();
      await expect(page.getByTestId('app')).toHaveCount(0);
      const sections = guide.getByTestId('guide-section');
      await expect(sections).toHaveCount(13);
      expect(await sections.evaluateAll((els) => els.map((e) => e.getAttribute('data-lesson')))).toEqual(LESSON_IDS);
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
      await expect(guide.locator('h1')).toHaveText(lang === 'zh' ? /教师指南/ : /Teacher’s guide/);
      // Every lesson link keeps the guide's language.
      for (const id of LESSON_IDS)
        await expect(
          guide.locator(`[data-testid="guide-section"][data-lesson="${id}"] a.hs-guide__open`),
        ).toHaveAttribute('href', `?lesson=${id}&lang=${lang}`);
      expect(outside).toEqual([]);
    });
    await test.step(`axe: no violation on the guide at 390x844 and 1366x768 in ${lang}`, async () => {
      await expect(page.getByTestId('guide-section')).toHaveCount(13);
      const found: string[] = [];
      for (const size of [
        { width: 390, height: 844 },
        { width: 1366, height: 768 },
      ]) {
        // One page, resized: the guide is a document whose layout follows the width alone.
        await page.setViewportSize(size);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        found.push(...(await axeFindings(page, `${size.width}x${size.height}`)));
      }
      expect(found).toEqual([]);
    });
    await test.step(`printed, the guide shows no control and makes an A4 PDF (${lang})`, async () => {
      await expect(page.getByTestId('guide-section')).toHaveCount(13);
      // On screen the controls are there to press.
      await expect(page.getByTestId('guide').locator('button').first()).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      for (const control of await page.locator('button, input, select, textarea').all())
        await expect(control).toBeHidden();
      // Links print as plain text.
      const link = page.getByTestId('guide-link').first();
      expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
      // No section is to be cut across two pages.
      for (const s of await page.getByTestId('guide-section').all())
        expect(await s.evaluate((e) => getComputedStyle(e).breakInside)).toBe('avoid');
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      expect(pages).toBeGreaterThan(3);
    });
    await test.step(`printed, each lesson shows its absolute address and a QR code of it; the plan sums to 45 (${lang})`, async () => {
      // The same page back on screen after the print step before.
      await page.emulateMedia({ media: 'screen' });
      await expect(page.getByTestId('guide-section')).toHaveCount(13);
      // On screen the relative link opens the lesson; the address and the code are for paper.
      await expect(page.getByTestId('guide-link').first()).toBeHidden();
      await expect(page.getByTestId('guide-qr').first()).toBeHidden();
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('a.hs-guide__open').first()).toBeHidden();
      for (const id of LESSON_IDS) {
        const section = page.locator(`[data-testid="guide-section"][data-lesson="${id}"]`);
        const link = section.getByTestId('guide-link');
        const url = new URL(`?lesson=${id}&lang=${lang}`, baseURL).href;
        expect(url).toMatch(/^http:\/\//);
        await expect(link).toBeVisible();
        await expect(link).toHaveText(url);
        await expect(link).toHaveAttribute('href', url);
        const qr = section.getByTestId('guide-qr');
        await expect(qr).toHaveCount(1);
        await expect(qr).toBeVisible();
        await expect(qr).toHaveAttribute('data-text', url);
        // The code drawn is the library's code of exactly the printed address.
        expect(await drawnModules(qr), id).toEqual(expectedModules(url));
        const box = await qr.boundingBox();
        expect(box!.width).toBeGreaterThan(60);
      }
      // The plan: 45 minutes, the planned ones and the slack; homework listed as such.
      const plan = page.getByTestId('guide-plan');
      await expect(plan).toHaveAttribute('data-minutes', '45');
      const planned = Number(await plan.getAttribute('data-planned'));
      const slack = Number(await plan.getAttribute('data-slack'));
      expect(planned + slack).toBe(45);
      expect(slack).toBeGreaterThanOrEqual(2);
      const rows = await page
        .getByTestId('guide-plan-row')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-minutes'))));
      expect(rows.reduce((a, b) => a + b, 0)).toBe(planned);
      await expect(page.getByTestId('guide-slack')).toHaveAttribute('data-minutes', String(slack));
      await expect(page.getByTestId('guide-allowances')).toContainText(lang === 'zh' ? '机动' : 'slack');
      const homework = page.getByTestId('guide-homework');
      await expect(homework).toBeVisible();
      const homeLessons = await homework
        .locator('[data-testid="guide-homework-item"][data-kind="lesson"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-lesson')));
      const zeroRows = await page
        .locator('[data-testid="guide-plan-row"][data-minutes="0"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-lesson')));
      expect(homeLessons.length).toBeGreaterThan(0);
      expect(homeLessons).toEqual(zeroRows);
    });
    if (lang === 'zh')
      await test.step('a lesson link of the guide opens that lesson, in the guide’s language', async () => {
        // Back on screen: the print steps before left print emulated.
        await page.emulateMedia({ media: 'screen' });
        await page.goto('/?guide=1&lang=zh');
        await page.locator('[data-testid="guide-section"][data-lesson="fuse"] a.hs-guide__open').click();
        await expectReady(page);
        await expect(page).toHaveURL(/[?&]lesson=fuse(&|$)/);
        await expect(page).toHaveURL(/[?&]lang=zh(&|$)/);
        await expect(page.getByTestId('lesson')).toHaveAttribute('data-lesson', 'fuse');
        await expect(page.getByTestId('lesson-caption').or(page.getByTestId('lesson-your-turn'))).toBeVisible();
      });
    else
      await test.step('the guide’s language switch turns it to the other language and keeps it in the address', async () => {
        // Back on screen: the print steps before left print emulated.
        await page.emulateMedia({ media: 'screen' });
        await page.goto('/?guide=1&lang=en');
        await expect(page.getByTestId('guide')).toBeVisible();
        await page.getByTestId('guide').getByTestId('btn-lang').click();
        await expect(page.getByTestId('guide').locator('h1')).toHaveText(/教师指南/);
        await expect(page).toHaveURL(/[?&]lang=zh(&|$)/);
        await expect(page.locator('a.hs-guide__open').first()).toHaveAttribute('href', /&lang=zh$/);
      });
  });
}

test('the guide under the page’s policy, then reached from the help overlay and the lesson list', async ({ page }) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(60_000);
  await test.step('the guide runs under the page’s Content-Security-Policy without a violation', async () => {
    // First: its watcher is put in before the guide's first document.
    const seen: string[] = [];
    await page.exposeFunction('__cspViolation', (v: string) => void seen.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation;
        void report(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
      });
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
    });
    await page.goto('/?guide=1&lang=zh');
    await expect(page.getByTestId('guide-section')).toHaveCount(13);
    await page.getByTestId('btn-lang').click();
    await expect(page.getByTestId('guide').locator('h1')).toHaveText(/Teacher’s guide/);
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ format: 'A4' });
    expect(seen).toEqual([]);
  });
  await test.step('the help overlay and the lesson list link to the guide, keeping the language', async () => {
    await open(page, '?lang=zh');
    await page.getByTestId('btn-help').click();
    const fromHelp = page.getByTestId('help-overlay').getByTestId('link-guide');
    await expect(fromHelp).toHaveText('教师指南');
    await expect(fromHelp).toHaveAttribute('href', '?guide=1&lang=zh');
    await fromHelp.click();
    await expect(page.getByTestId('guide')).toBeVisible();
    await expect(page).toHaveURL(/[?&]lang=zh(&|$)/);

    await open(page, '?lang=en');
    const list = page.locator('.hs-lesson-list');
    await expect(list.getByTestId('lesson-list')).toBeVisible();
    const fromList = list.getByTestId('link-guide');
    await expect(fromList).toHaveText('Teacher’s guide');
    await fromList.click();
    await expect(page.getByTestId('guide')).toBeVisible();
    await expect(page.getByTestId('guide-section')).toHaveCount(13);
    await expect(page).toHaveURL(/[?&]lang=en(&|$)/);
  });
});
