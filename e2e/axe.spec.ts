import { expect, test } from '@playwright/test';
import { LANGS, SIZES, axeFindings, open, resizeTo } from './helpers';

/**
 * The windowed lists (SPEC §13.4) have their own e2e: the ledger's scroll box repeats its
 * panel's region name (landmark-unique), reported to them rather than checked twice here.
 */
const PART_B = ['.hs-ledger', '.hs-history', '.hs-log', '.hs-plan'];
/**
 * axe finds no violation, of any impact, at the six sizes in both languages, on a fresh run and
 * then with a failure shown: one page a language, resized to each size and read again.
 */
test('axe: no violation at the six sizes in zh then en, fresh and with a failure shown, a new run by the address for each', async ({
  page,
}) => {
  test.setTimeout(150_000);
  for (const lang of LANGS)
    await test.step(`axe: no violation at the six sizes in ${lang}, fresh and with a failure shown`, async () => {
      const found: string[] = [];
      const atEverySize = async () => {
        for (const size of SIZES) {
          await resizeTo(page, size);
          found.push(...(await axeFindings(page, `${size.width}x${size.height}`, PART_B)));
        }
      };
      await open(page, `?lang=${lang}&run=new`);
      await atEverySize();
      await page.getByTestId('btn-start').click();
      await page.getByTestId('btn-step').click();
      await page.getByTestId('btn-fail').click();
      await expect(page.getByTestId('context-channel').locator('[data-kind]').first()).toBeAttached();
      await atEverySize();
      expect([...new Set(found)]).toEqual([]);
    });
});
