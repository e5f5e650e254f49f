import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startClassServer, type ClassServer } from '../server/class/server';

/**
 * The relay of `npm run class` in the spec's own process (the built site and Socket.IO on one
 * port), started before the spec's tests and closed after them: its address and teacher token.
 */
export function relayForSpec() {
  let relay: ClassServer;
  test.beforeAll(async () => {
    relay = await startClassServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: mkdtempSync(join(tmpdir(), 'class-e2e-')),
      distDir: resolve('dist'),
      sweepEveryMs: 0,
    });
  });
  test.afterAll(async () => relay?.close());
  return { base: () => `http://127.0.0.1:${relay.port}/`, token: () => relay.teacherToken };
}

/** A phone: its own browser context (its own storage), a phone's viewport, on the relay at `at`. */
export async function phoneAt(browser: Browser, at: string, query: string, lang = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${at}?lang=${lang}&${query}`);
  return page;
}

/** The projector: a page in a context of its own at a projector's 1280x720. */
export async function projectorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  return context.newPage();
}

/** Presses "Start a class" on the projector; the join code once it shows. */
export async function startClass(teacher: Page): Promise<string> {
  await teacher.getByTestId('btn-class-start').click();
  const codeBox = teacher.getByTestId('class-join-code');
  await expect(codeBox).toHaveText(/^[A-Z2-9]{8}$/);
  return (await codeBox.textContent())!;
}
