import { expect, type Page } from '@playwright/test';

/** Opens the page with the given query and waits for `data-ready` (ui-contract). */
export async function open(page: Page, query = '') {
  await page.goto(`/${query}`);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

export const text = async (page: Page, id: string) => (await page.getByTestId(id).textContent())?.trim() ?? '';
export const int = async (page: Page, id: string) => Number((await text(page, id)).replace(/[^\d-]/g, ''));

export async function expectState(page: Page, state: string) {
  await expect(page.getByTestId('current-state')).toHaveText(state);
  await expect(page.getByTestId(`state-${state}`)).toHaveAttribute('data-active', 'true');
}

/** The six screens of issue 12: a phone, a tablet both ways, three laptops and a projector. */
export const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
export const LANGS = ['zh', 'en'] as const;

/** A box on the page, in page coordinates (scroll included). */
export interface PageBox {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
export const overlap = (a: PageBox, b: PageBox, slack = 0.5) =>
  a.x + slack < b.x + b.w && b.x + slack < a.x + a.w && a.y + slack < b.y + b.h && b.y + slack < a.y + a.h;
