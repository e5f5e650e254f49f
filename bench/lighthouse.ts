/**
 * `npm run bench -- lighthouse` (opt-in: about five minutes on this machine): Lighthouse 12 audits
 * of the production build and of the minimal app of our dependencies, both served gzipped, with
 * the mobile preset (a mid-range phone, simulated slow 4G and 4× CPU slowdown) three times each,
 * interleaved, and the desktop preset once for the app; in Debian's Chromium launched by
 * chrome-launcher with the flags of e2e/chromium.ts. Targets: mobile performance ≥ 0.92 and total
 * blocking time ≤ 2× the minimal app's (medians), desktop ≥ 0.98, accessibility ≥ 0.98, best
 * practices 1.0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  MINIMAL_CONFIG,
  cpuMark,
  loadFigures,
  serve,
  viteBuild,
  within,
  type Served,
} from './chromium';
import { atLeast, atMost, figure, median, progress, type Figure } from './lib';

/** Time limit (ms) for one audit. */
const AUDIT_LIMIT = 240_000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** Mobile audits of each app, interleaved (ours, minimal, ours, …): the figures are their medians. */
const MOBILE_RUNS = 3;

interface Preset {
  name: 'mobile' | 'desktop';
  config: Config | undefined;
  performance: number;
}
const MOBILE: Preset = { name: 'mobile', config: undefined, performance: 0.92 };
const DESKTOP: Preset = { name: 'desktop', config: desktopConfig, performance: 0.98 };

/** What one audit found: the three scores, the performance metrics (ms), and the audits below 1. */
interface Audit {
  score: Record<string, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  failing: Record<string, string>;
  /** Where the main thread went (Lighthouse's work breakdown, ms, largest first) and its long tasks. */
  profile: string;
}

/** One audit in a Chromium of its own (Lighthouse clears storage and cache itself). */
async function audit(url: string, preset: Preset): Promise<Audit> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const result = await within(lighthouse(url, flags, preset.config), AUDIT_LIMIT, `lighthouse ${preset.name}`);
    if (!result) throw new Error(`lighthouse ${preset.name}: no result`);
    const { categories, audits } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const failing = (id: string) =>
      (categories[id]?.auditRefs ?? [])
        .filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1)
        .map((r) => r.id)
        .join(', ') || 'none';
    return {
      score: Object.fromEntries(CATEGORIES.map((c) => [c, categories[c]?.score ?? Number.NaN])),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      si: value('speed-index'),
      cls: value('cumulative-layout-shift'),
      failing: Object.fromEntries(CATEGORIES.map((c) => [c, failing(c)])),
      profile: profileOf(audits),
    };
  } finally {
    await chrome.kill();
  }
}

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];

/** The main thread's work by kind and the long tasks (start+duration, ms, as simulated), in one line. */
function profileOf(audits: Audits): string {
  const items = (id: string) =>
    ((audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []) as Record<
      string,
      number | string
    >[];
  const work = items('mainthread-work-breakdown')
    .slice(0, 4)
    .map((i) => `${String(i.groupLabel ?? i.group)} ${Math.round(Number(i.duration))}`)
    .join(', ');
  const tasks = items('long-tasks')
    .slice(0, 5)
    .map((i) => `${Math.round(Number(i.startTime))}+${Math.round(Number(i.duration))}`)
    .join(', ');
  return `main thread: ${work}; long tasks: ${tasks || 'none'}`;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const metrics = (a: Audit) =>
  `FCP ${s(a.fcp)}, LCP ${s(a.lcp)}, TBT ${Math.round(a.tbt)} ms, SI ${s(a.si)}, CLS ${a.cls.toFixed(3)}`;
/** The audit of `runs` whose performance score is the median (its metrics are shown with it). */
function medianAudit(runs: Audit[]): Audit {
  const sorted = [...runs].sort((x, y) => (x.score.performance ?? 0) - (y.score.performance ?? 0));
  return sorted[Math.floor(sorted.length / 2)] as Audit;
}

export async function run(): Promise<Figure[]> {
  const start = cpuMark();
  const tmp = mkdtempSync(join(tmpdir(), 'hs-lighthouse-'));
  const servers: Served[] = [];
  try {
    progress('building the app and the minimal app (vite build)');
    await viteBuild(join(tmp, 'ours'), []);
    await viteBuild(join(tmp, 'minimal'), ['--config', MINIMAL_CONFIG]);
    const ours = await serve(join(tmp, 'ours'));
    servers.push(ours);
    const minimal = await serve(join(tmp, 'minimal'));
    servers.push(minimal);
    const oursUrl = `${ours.url}?lang=en`;

    const mobile = { ours: [] as Audit[], minimal: [] as Audit[] };
    for (let i = 0; i < MOBILE_RUNS; i++) {
      progress(`Lighthouse mobile ${i + 1}/${MOBILE_RUNS}: the app`);
      const o = await audit(oursUrl, MOBILE);
      mobile.ours.push(o);
      progress(`  ${o.score.performance} (${metrics(o)})`);
      progress(`Lighthouse mobile ${i + 1}/${MOBILE_RUNS}: the minimal app`);
      const m = await audit(minimal.url, MOBILE);
      mobile.minimal.push(m);
      progress(`  ${m.score.performance} (${metrics(m)})`);
    }
    progress('Lighthouse desktop: the app');
    const desktop = await audit(oursUrl, DESKTOP);

    const perf = (xs: Audit[]) => median(xs.map((a) => a.score.performance ?? Number.NaN));
    const tbt = (xs: Audit[]) => median(xs.map((a) => a.tbt));
    const [o, m] = [medianAudit(mobile.ours), medianAudit(mobile.minimal)];
    const scores = (xs: Audit[]) => xs.map((a) => a.score.performance).join(', ');
    const figures: Figure[] = [
      figure(
        `Lighthouse mobile: performance, the app (median of ${MOBILE_RUNS})`,
        perf(mobile.ours),
        'score',
        atLeast(MOBILE.performance),
        `runs ${scores(mobile.ours)}; median run ${metrics(o)}`,
      ),
      figure(
        `Lighthouse mobile: performance, the minimal app (median of ${MOBILE_RUNS})`,
        perf(mobile.minimal),
        'score',
        undefined,
        `runs ${scores(mobile.minimal)}; median run ${metrics(m)}`,
      ),
      figure(
        'Lighthouse mobile: total blocking time, app / minimal (medians)',
        tbt(mobile.ours) / Math.max(1, tbt(mobile.minimal)),
        '×',
        atMost(2),
        `${Math.round(tbt(mobile.ours))} / ${Math.round(tbt(mobile.minimal))} ms; the app's median run: ${o.profile}; the minimal app's: ${m.profile}`,
      ),
      figure(
        'Lighthouse mobile: accessibility, the app',
        o.score.accessibility ?? Number.NaN,
        'score',
        atLeast(0.98),
        `audits below 1: ${o.failing.accessibility}`,
      ),
      figure(
        'Lighthouse mobile: best practices, the app',
        o.score['best-practices'] ?? Number.NaN,
        'score',
        atLeast(1),
        `audits below 1: ${o.failing['best-practices']}`,
      ),
      figure(
        'Lighthouse desktop: performance, the app',
        desktop.score.performance ?? Number.NaN,
        'score',
        atLeast(DESKTOP.performance),
        metrics(desktop),
      ),
    ];
    // Lighthouse's Chromium is this module's, not another process's.
    return [...figures, ...loadFigures(start)];
  } finally {
    for (const served of servers) await served.close().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}
