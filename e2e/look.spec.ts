import { expect, test } from '@playwright/test';
import { LANGS, axeFindings, open } from './helpers';

/** For every student (SPEC §13.4): a visible focus on every control, dark mode, forced colours. */

test('the look for every student on one page: a focus ring on every control, dark mode (zh, en), forced colours', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await test.step('every control the keyboard reaches shows a visible focus ring', async () => {
    await open(page, '?lang=zh&run=new');
    const seen = new Map<string, string>();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const s = getComputedStyle(el);
        return {
          id: el.dataset.testid ?? `${el.tagName.toLowerCase()}.${el.className}`,
          ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
        };
      });
      if (!f) continue;
      seen.set(f.id, f.ring ? 'ok' : 'no visible focus');
    }
    expect(seen.size).toBeGreaterThan(15);
    expect([...seen].filter(([, v]) => v !== 'ok')).toEqual([]);
  });
  // The system's settings, emulated as a browser started with them would report them; each
  // step opens a new document under them.
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const lang of LANGS)
    await test.step(`in the system’s dark mode > the page turns dark and axe finds no violation (contrast included) in ${lang}`, async () => {
      await open(page, `?lang=${lang}&run=new`);
      const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      const [r, g, b] = (bg.match(/\d+/g) ?? []).map(Number);
      expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(120);
      await page.getByTestId('btn-start').click();
      await page.getByTestId('btn-step').click();
      // The windowed lists are part B's (see axe.spec.ts).
      expect(await axeFindings(page, 'dark', ['.hs-ledger', '.hs-history', '.hs-log', '.hs-plan'])).toEqual([]);
    });
  await page.emulateMedia({ colorScheme: 'light', forcedColors: 'active' });
  await test.step('under forced colours (Windows high contrast) > the current state is marked by an outline and its "now" icon, not by colour alone', async () => {
    await open(page, '?lang=en&run=new');
    const active = page.locator('[data-active="true"]');
    await expect(active).toHaveCount(1);
    const outline = await active.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    await expect(active.locator('.hs-node__now')).toHaveCount(1);
    await expect(active.locator('.hs-sr')).toHaveText('now');
  });
});
