import type { Locator } from '@playwright/test';
import qrcode from 'qrcode-generator';

/** The dark modules a rendered QR code (`guide-qr`, `worksheet-qr`) draws, as "row,col" cells read from its rects. */
export async function drawnModules(qr: Locator): Promise<{ size: number; dark: string[] }> {
  return qr.evaluate((svg) => {
    const dark: string[] = [];
    for (const r of svg.querySelectorAll('g[data-dark] rect')) {
      const [x, y, w] = ['x', 'y', 'width'].map((a) => Number(r.getAttribute(a)));
      for (let c = x!; c < x! + w!; c++) dark.push(`${y},${c}`);
    }
    return { size: Number(svg.getAttribute('data-modules')), dark: dark.sort() };
  });
}

/** The dark modules of `text`'s QR code, from the library itself, apart from the page. */
export function expectedModules(text: string): { size: number; dark: string[] } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  const dark: string[] = [];
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (qr.isDark(r, c)) dark.push(`${r},${c}`);
  return { size, dark: dark.sort() };
}
