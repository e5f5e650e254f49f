/**
 * `npm run bench -- lighthouse` (opt-in: about a minute per preset on this machine): Lighthouse
 * 12 audits of the production build, with its mobile preset (the default: a mid-range phone,
 * simulated slow 4G and 4× CPU slowdown) and its desktop preset, in Debian's Chromium launched
 * by chrome-launcher with the flags of e2e/chromium.ts. Targets from SPEC §13.4: performance
 * ≥ 0.9 mobile and ≥ 0.98 desktop, accessibility ≥ 0.98, best practices 1.0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, CHROMIUM_ARGS, cpuMark, loadFigures, serve, viteBuild, within, type Served } from './chromium';
import { atLeast, figure, progress, type Figure } from './lib';

/** Time limit (ms) for one audit. */
const AUDIT_LIMIT = 240_000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

interface Preset {
  name: 'mobile' | 'desktop';
  config: Config | undefined;
  performance: number;
}
const PRESETS: Preset[] = [
  { name: 'mobile', config: undefined, performance: 0.9 },
  { name: 'desktop', config: desktopConfig, performance: 0.98 },
];

/** One audit in a Chromium of its own (Lighthouse clears storage and cache itself). */
async function audit(url: string, preset: Preset): Promise<Figure[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const result = await within(lighthouse(url, flags, preset.config), AUDIT_LIMIT, `lighthouse ${preset.name}`);
    if (!result) throw new Error(`lighthouse ${preset.name}: no result`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => categories[id]?.score ?? Number.NaN;
    const metric = (id: string) => audits[id]?.displayValue ?? '?';
    const failing = (id: string) =>
      (categories[id]?.auditRefs ?? [])
        .filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1)
        .map((r) => r.id)
        .join(', ') || 'none';
    const p = `Lighthouse ${preset.name}`;
    return [
      figure(
        `${p}: performance`,
        score('performance'),
        'score',
        atLeast(preset.performance),
        `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
      ),
      figure(
        `${p}: accessibility`,
        score('accessibility'),
        'score',
        atLeast(0.98),
        `audits below 1: ${failing('accessibility')}`,
      ),
      figure(
        `${p}: best practices`,
        score('best-practices'),
        'score',
        atLeast(1),
        `audits below 1: ${failing('best-practices')}`,
      ),
    ];
  } finally {
    await chrome.kill();
  }
}

export async function run(): Promise<Figure[]> {
  const start = cpuMark();
  const tmp = mkdtempSync(join(tmpdir(), 'hs-lighthouse-'));
  let served: Served | undefined;
  try {
    const dir = join(tmp, 'ours');
    progress('building the app (vite build)');
    await viteBuild(dir, []);
    served = await serve(dir);
    const figures: Figure[] = [];
    for (const preset of PRESETS) {
      progress(`Lighthouse, ${preset.name} preset`);
      figures.push(...(await audit(`${served.url}?lang=en`, preset)));
    }
    // Lighthouse's Chromium is this module's, not another process's.
    return [...figures, ...loadFigures(start)];
  } finally {
    await served?.close().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}
