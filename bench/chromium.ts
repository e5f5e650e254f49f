/**
 * What the Chromium benchmark modules (bench/browser.ts, bench/storage.ts) share: vite builds
 * with the repo's vite, a static server, launching Debian's Chromium through playwright, fresh
 * contexts, the cold load of the app, reading the page's test hooks, and how busy the machine
 * was. Every wait has a time limit; the callers stop what they start in `finally` blocks.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORT } from '../e2e/chromium';
import { STATE_NAMES } from '../src/engine';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
/** The minimal app of our dependencies (bench/minimal-app/): every page figure is a ratio to it. */
export const MINIMAL_CONFIG = join(ROOT, 'bench', 'minimal-app', 'vite.config.ts');
export { CHROMIUM_ARGS, VIEWPORT } from '../e2e/chromium';
// The cold load and the machine's load live in files of their own; their callers import them from here.
export { coldLoad, watchDrawn, watchShifts, type Drawn, type Load } from './coldLoad';
export { cpuMark, loadFigures, type CpuMark } from './cpuLoad';
export const CHROMIUM = CHROMIUM_PATH;
/** The eight state nodes a drawn diagram shows. */
export const STATES: string[] = [...STATE_NAMES];

/** Time limits (ms). */
const BUILD_LIMIT = 120_000;
export const WAIT_LIMIT = 30_000;

/** `promise`, or an error naming `what` after `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

// ─── Builds ──────────────────────────────────────────────────────────────────────────────────

/** `vite build` with the repo's vite, into `outDir`, of the sources in `cwd`; the output only shown when it fails. */
export function viteBuild(outDir: string, extra: string[], cwd = ROOT): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...extra],
      {
        cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_LIMIT);
    child.on('error', (e) => {
      clearTimeout(timer);
      fail(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`vite build ${extra.join(' ')} failed (${signal ?? `exit ${code}`}):\n${out}`));
    });
  });
}

// ─── A static server ─────────────────────────────────────────────────────────────────────────

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface Served {
  url: string;
  close: () => Promise<void>;
}

/** Serves `dir` on 127.0.0.1 at a free port; `/` is index.html, the query is ignored. */
export async function serve(dir: string): Promise<Served> {
  const base = resolve(dir);
  // Text is sent gzip-compressed to a browser that asks for it, as the hosts a teacher would use
  // (GitHub Pages, Netlify, nginx with gzip on) send it: Lighthouse's slow 4G times the bytes sent.
  const zipped = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = resolve(base, `.${path.endsWith('/') ? `${path}index.html` : path}`);
      if (file !== base && !file.startsWith(base + sep)) throw new Error('outside');
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? '')) && /text|javascript|json|svg/.test(type);
      const raw = readFileSync(file);
      const body: Buffer = gzip ? (zipped.get(file) ?? gzipSync(raw)) : raw;
      if (gzip) zipped.set(file, body);
      res.writeHead(200, {
        'content-type': type,
        'content-length': body.length,
        'cache-control': 'no-cache',
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found');
    }
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

// ─── The browser ─────────────────────────────────────────────────────────────────────────────

/** Debian's Chromium, headless, with the flags every module uses. */
export function launchChromium(): Promise<Browser> {
  return within(
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true }),
    WAIT_LIMIT,
    'launching Chromium',
  );
}

/** tsx compiles with esbuild's keepNames (see `newContext`). */
const NAME_HELPER = 'globalThis.__name = (fn) => fn;';

/** A fresh context: empty HTTP cache, empty storage (in memory: playwright's contexts are off the record). */
export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORT,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(WAIT_LIMIT);
  // tsx compiles with esbuild's keepNames, which wraps the nested functions of what we hand to
  // page.evaluate/addInitScript in `__name(fn, "name")`: give the page that helper.
  await context.addInitScript({ content: NAME_HELPER });
  return context;
}

/**
 * A fresh context on a fresh profile on disk (`userDataDir`, empty): its own Chromium, with
 * IndexedDB in files as a person's browser keeps it. Close it to stop that Chromium.
 */
export async function newDiskContext(userDataDir: string): Promise<BrowserContext> {
  const context = await within(
    chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      headless: true,
      viewport: VIEWPORT,
    }),
    WAIT_LIMIT,
    'launching Chromium on a profile on disk',
  );
  context.setDefaultTimeout(WAIT_LIMIT);
  await context.addInitScript({ content: NAME_HELPER });
  return context;
}

// ─── Driving the app ─────────────────────────────────────────────────────────────────────────

/** The app on a fresh run of `scenario`, once `data-ready`. */
export async function openOurs(context: BrowserContext, url: string, scenario: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}?scenario=${scenario}&lang=en&run=new`);
  await page.locator('[data-testid="app"][data-ready="true"]').waitFor();
  return page;
}

export const readText = async (page: Page, id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();
export const readInt = async (page: Page, id: string) => Number((await readText(page, id)).replace(/[^\d-]/g, ''));

export async function expectText(page: Page, id: string, text: string, timeout = WAIT_LIMIT): Promise<void> {
  await page.waitForFunction(
    ([tid, want]) => document.querySelector(`[data-testid="${tid}"]`)?.textContent?.trim() === want,
    [id, text] as const,
    { timeout },
  );
}

/** Start, fast-forward to the approval (step 27 of the migrations). */
export async function toApproval(page: Page): Promise<void> {
  await page.getByTestId('btn-start').click();
  await page.getByTestId('btn-fast-forward-approval').click();
  await expectText(page, 'current-state', 'waiting_approval');
}
