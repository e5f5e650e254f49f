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
