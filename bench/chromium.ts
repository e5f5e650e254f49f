/**
 * What the Chromium benchmark modules (bench/browser.ts, bench/storage.ts) share: vite builds
 * with the repo's vite, a static server, launching Debian's Chromium through playwright, fresh
 * contexts, the cold load of the app, reading the page's test hooks, and how busy the machine
 * was. Every wait has a time limit; the callers stop what they start in `finally` blocks.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORT } from '../e2e/chromium';
import { OTHER_PROCESSES, figure, type Figure } from './lib';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
export { CHROMIUM_ARGS, VIEWPORT } from '../e2e/chromium';
export const CHROMIUM = CHROMIUM_PATH;
export const STATES = ['created', 'planning', 'running', 'tool_failed', 'waiting_approval', 'completed', 'failed', 'cancelled'];

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

/** `vite build` with the repo's vite, into `outDir`; the output only shown when it fails. */
export function viteBuild(outDir: string, extra: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...extra], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
  const server: Server = createServer((req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = resolve(base, `.${path.endsWith('/') ? `${path}index.html` : path}`);
      if (file !== base && !file.startsWith(base + sep)) throw new Error('outside');
      const body = readFileSync(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-cache',
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
  return within(chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true }), WAIT_LIMIT, 'launching Chromium');
}

/** tsx compiles with esbuild's keepNames (see `newContext`). */
const NAME_HELPER = 'globalThis.__name = (fn) => fn;';

/** A fresh context: empty HTTP cache, empty storage (in memory: playwright's contexts are off the record). */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
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
    chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, viewport: VIEWPORT }),
    WAIT_LIMIT,
    'launching Chromium on a profile on disk',
  );
  context.setDefaultTimeout(WAIT_LIMIT);
  await context.addInitScript({ content: NAME_HELPER });
  return context;
}

// ─── The cold load ───────────────────────────────────────────────────────────────────────────

/** What "the diagram is drawn" means for each app, checked inside the page. */
export type Drawn = 'ours' | 'minimal';

declare global {
  interface Window {
    /** performance.now() when all 8 nodes were first in the DOM. */
    __benchInDom?: number;
    /** … and all 8 visible: React Flow hides a node until it has measured it. The diagram is drawn. */
    __benchVisible?: number;
    /** Ours: the diagram drawn and `data-ready="true"` (storage read, run saved, role known, every panel there). */
    __benchReady?: number;
  }
}

/**
 * Installed before any page script: a MutationObserver that records when the diagram's 8 nodes
 * are in the DOM, when they are visible (drawn), and, for ours, when the page is also
 * data-ready. performance.now() counts from navigation start.
 */
export function watchDrawn(args: { kind: Drawn; states: string[] }): void {
  const nodesNow = (): Element[] | null => {
    if (args.kind === 'minimal') {
      const found = Array.from(document.querySelectorAll('.react-flow__node'));
      return found.length >= 8 ? found : null;
    }
    const found: Element[] = [];
    for (const s of args.states) {
      const el = document.querySelector(`[data-testid="state-${s}"]`);
      if (!el) return null;
      found.push(el);
    }
    return found;
  };
  const ready = () => args.kind === 'minimal' || document.querySelector('[data-testid="app"][data-ready="true"]') !== null;
  const check = () => {
    const now = performance.now();
    if (window.__benchVisible === undefined) {
      const nodes = nodesNow();
      if (!nodes) return;
      window.__benchInDom ??= now;
      if (!nodes.every((el) => getComputedStyle(el.closest('.react-flow__node') ?? el).visibility !== 'hidden')) return;
      window.__benchVisible = now;
    }
    if (!ready()) return;
    window.__benchReady = now;
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

export interface Load {
  /** The 8 nodes in the DOM (maybe still hidden). */
  inDom: number;
  /** The 8 nodes visible: the diagram drawn. */
  visible: number;
  /** Ours: drawn and data-ready; the minimal app: drawn (it has nothing more to wait for). */
  ready: number;
}

/** One cold load: a fresh context (empty HTTP cache and storage), navigation to drawn and ready. */
export async function coldLoad(browser: Browser, url: string, kind: Drawn): Promise<Load> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(watchDrawn, { kind, states: STATES });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__benchReady !== undefined, null, { timeout: WAIT_LIMIT });
    return await page.evaluate(() => ({ inDom: window.__benchInDom ?? NaN, visible: window.__benchVisible ?? NaN, ready: window.__benchReady ?? NaN }));
  } finally {
    await context.close();
  }
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

// ─── How busy the machine was ────────────────────────────────────────────────────────────────

/** utime, stime, cutime, cstime (clock ticks) and the parent of a process, from /proc/<pid>/stat. */
function procStat(pid: string): { ppid: number; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    // rest[0] is field 3 (state): ppid is field 4, utime…cstime fields 14–17.
    return { ppid: rest[1] ?? 0, ticks: (rest[11] ?? 0) + (rest[12] ?? 0) + (rest[13] ?? 0) + (rest[14] ?? 0) };
  } catch {
    return null;
  }
}

export type CpuMark = { wall: number; machine: number; ours: number } | null;

/**
 * CPU time (ms) of the whole machine, and of this process with all its descendants, live
 * (Chromium, its zygote and renderers) or reaped (the vite builds), from /proc; null off Linux.
 * run.ts reports "other processes" as the machine minus the Node process alone, which counts
 * this module's own Chromium; this mark tells the two apart.
 */
export function cpuMark(): CpuMark {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const machine = fields.reduce((n, v, i) => (i === 3 || i === 4 ? n : n + v), 0);
    const stats = new Map<number, { ppid: number; ticks: number }>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const st = procStat(pid);
      if (st) stats.set(Number(pid), st);
    }
    let ours = 0;
    const queue = [process.pid];
    const seen = new Set<number>();
    while (queue.length) {
      const pid = queue.pop() as number;
      if (seen.has(pid)) continue;
      seen.add(pid);
      ours += stats.get(pid)?.ticks ?? 0;
      for (const [child, st] of stats) if (st.ppid === pid) queue.push(child);
    }
    return { wall: performance.now(), machine: machine * 10, ours: ours * 10 }; // USER_HZ is 100
  } catch {
    return null;
  }
}

/** How many cores this module and other processes kept busy since `start` (call before closing Chromium). */
export function loadFigures(start: CpuMark, who = 'this module'): Figure[] {
  const end = cpuMark();
  if (!start || !end) return [];
  const wall = end.wall - start.wall;
  const ours = (end.ours - start.ours) / wall;
  const others = Math.max(0, (end.machine - start.machine) / wall - ours);
  return [
    figure(`cores kept busy by ${who} (Node, vite, Chromium)`, ours, 'cores'),
    figure(OTHER_PROCESSES, others, 'cores', undefined, 'above about 0.25 the timings read high'),
  ];
}
