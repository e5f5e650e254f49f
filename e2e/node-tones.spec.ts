import { expect, test } from '@playwright/test';
import { open } from './helpers';

/**
 * The fuse's warning on a node is drawn in its colour in the compact drawing too (a phone, an
 * embed, beside the code): the page's styles must win their ties with the diagram's own, which
 * they do only while they come after them (start.tsx imports them last).
 */
test('on a phone, a reminded loop turns its node’s counter the warning colour, not the ink', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '?lang=en&run=new');
  await expect(page.locator('.hs-diagram')).toHaveAttribute('data-variant', 'compact');
  await page.getByTestId('btn-start').click();
  await page.getByTestId('btn-step').click();
  await page.getByTestId('btn-fail').click();
  await page.getByTestId('btn-fail').click();
  await expect(page.getByTestId('loop-stage')).toHaveAttribute('data-stage', 'reminded');
  const node = page.locator('.hs-node.tone-warn').first();
  await expect(node).toHaveCount(1);
  const { line, warn, ink } = await node.evaluate((n) => {
    const probe = (v: string) => {
      const s = document.createElement('span');
      s.style.color = `var(${v})`;
      n.appendChild(s);
      const c = getComputedStyle(s).color;
      s.remove();
      return c;
    };
    const l = n.querySelector('.hs-node__line');
    return { line: l ? getComputedStyle(l).color : '', warn: probe('--warn'), ink: probe('--ink') };
  });
  expect(warn).not.toBe(ink);
  expect(line).toBe(warn);
});
