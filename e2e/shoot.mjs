// Screenshot helper (not a test): node e2e/shoot.mjs <port> <out-prefix> [query]
import { chromium } from '@playwright/test';
const [port, prefix, query = ''] = process.argv.slice(2);
const sizes = (process.env.SIZES ?? '390x844,1024x768,1366x768').split(',');
const langs = (process.env.LANGS ?? 'zh').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const size of sizes) for (const lang of langs) {
  const [width, height] = size.split('x').map(Number);
  const page = await browser.newPage({ viewport: { width, height }, colorScheme: process.env.SCHEME ?? 'light' });
  await page.goto(`http://127.0.0.1:${port}/?lang=${lang}&run=new${query}`);
  await page.waitForSelector('[data-ready="true"]');
  if (process.env.STEPS) await page.getByTestId('btn-start').click();
  if (process.env.STEPS) for (let i = 0; i < Number(process.env.STEPS); i++) await page.getByTestId('btn-step').click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${prefix}-${size}-${lang}.png`, fullPage: !!process.env.FULL });
  await page.close();
}
await browser.close();
