/**
 * The cold load of a page, shared by bench/browser.ts and bench/storage.ts (through chromium.ts):
 * a fresh context, navigation to the diagram drawn and the page ready, with its first
 * contentful paint and layout shift.
 */
import type { Browser } from '@playwright/test';
import { STATES, WAIT_LIMIT, newContext } from './chromium';
import { chromiumCpu, cpuSince } from './cpuLoad';

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
    /** Cumulative layout shift so far: the largest session window (watchShifts). */
    __benchCls?: number;
  }
}

/**
 * Installed before any page script: cumulative layout shift as the web-vitals definition has it,
 * the largest burst of layout shifts without input (gaps under 1 s, at most 5 s long).
 */
export function watchShifts(): void {
  let worst = 0;
  let burst = 0;
  let first = 0;
  let last = 0;
  window.__benchCls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (e.hadRecentInput) continue;
      if (burst > 0 && e.startTime - last < 1000 && e.startTime - first < 5000) burst += e.value;
      else [burst, first] = [e.value, e.startTime];
      last = e.startTime;
      worst = Math.max(worst, burst);
    }
    window.__benchCls = worst;
  }).observe({ type: 'layout-shift', buffered: true });
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
  const ready = () =>
    args.kind === 'minimal' || document.querySelector('[data-testid="app"][data-ready="true"]') !== null;
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
  /** First contentful paint (the browser's paint timing). */
  fcp: number;
  /** Cumulative layout shift up to SETTLE_MS after ready (watchShifts). */
  cls: number;
  /**
   * CPU time (ms) Chromium's processes used from just before the navigation to ready being
   * seen, by kind of process (cpuLoad.ts); empty off Linux.
   */
  cpu: Record<string, number>;
}

/** How long after ready a cold load still counts layout shifts (late panels push the layout then). */
const SETTLE_MS = 1000;

/** One cold load: a fresh context (empty HTTP cache and storage; the laptop size unless `viewport`), navigation to drawn and ready. */
export async function coldLoad(
  browser: Browser,
  url: string,
  kind: Drawn,
  viewport?: { width: number; height: number },
): Promise<Load> {
  const context = await newContext(browser, viewport);
  try {
    const page = await context.newPage();
    await page.addInitScript(watchDrawn, { kind, states: STATES });
    await page.addInitScript(watchShifts);
    const before = chromiumCpu();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__benchReady !== undefined, null, { timeout: WAIT_LIMIT });
    const cpu = cpuSince(before, chromiumCpu());
    await page.waitForTimeout(SETTLE_MS);
    const load = await page.evaluate(() => ({
      inDom: window.__benchInDom ?? NaN,
      visible: window.__benchVisible ?? NaN,
      ready: window.__benchReady ?? NaN,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      cls: window.__benchCls ?? NaN,
    }));
    return { ...load, cpu };
  } finally {
    await context.close();
  }
}
