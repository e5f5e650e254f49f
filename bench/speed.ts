/**
 * `npm run bench -- speed` (opt-in, about ten minutes): the A/B of docs/design/speed.md. Each
 * `bench/speed/<device>.diff` is the change that takes one speed device out of the code. The
 * committed sources (HEAD, in a git worktree) are built as they are (A) and with each diff
 * applied (B); then ROUNDS rounds, each of LOADS cold loads a side interleaved (A, B, A, B, …):
 * a fresh context, navigation to the diagram drawn and `data-ready`, then TICKS clicks of Step
 * timed to the frame that shows them; and a phone's load at Lighthouse's 4× CPU slowdown for its
 * blocking time (long tasks' time over 50 ms). Per device it reports B / A of the medians, and whether
 * that is outside the noise: the ranges of the two sides' round medians do not overlap.
 *
 * A diff that no longer applies is reported and skipped: the code moved, and the diff must be
 * written again (edit the device out, `git diff > bench/speed/<device>.diff`, restore).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import {
  ROOT,
  STATES,
  WAIT_LIMIT,
  cpuMark,
  launchChromium,
  loadFigures,
  newContext,
  serve,
  viteBuild,
  watchDrawn,
  type Served,
} from './chromium';
import { tickSamples } from './browser/ticks';
import { engineDiffsAB, git, patchAB } from './speed/engineAB';
import { figure, median, progress, type Figure } from './lib';

const SPEED_DIR = join(ROOT, 'bench', 'speed');
const PATCHES_DIR = join(ROOT, 'patches');
const ROUNDS = 5;
const LOADS = 4;
const TICKS = 15;

interface Sample {
  drawn: number;
  ready: number;
  /** Median click-to-frame of the Step clicks (tickSamples' paint). */
  tick: number;
  /** Blocking time of a phone's cold load (see `blocking`). */
  blocking: number;
}

/** Lighthouse's mobile preset: a phone's viewport, its CPU four times slower. */
const PHONE = { width: 412, height: 823 };
const PHONE_SLOWDOWN = 4;

/**
 * A phone's cold load, as Lighthouse's mobile preset slows its CPU: the time of each long task
 * over 50 ms, summed from navigation until the panels below the first screen are in
 * (`data-panels="all"`) and half a second after. Lighthouse's total blocking time sums the same
 * from first paint to interactive, on a simulated network; this is its shape, not its figure.
 * The long tasks are the page's own PerformanceObserver's.
 */
async function blocking(browser: Browser, url: string): Promise<number> {
  const context = await newContext(browser, PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_SLOWDOWN });
    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { __benchLong: number[] }).__benchLong = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${url}?lang=en&run=new`, { waitUntil: 'commit' });
    await page.locator('[data-panels="all"]').waitFor({ timeout: WAIT_LIMIT * PHONE_SLOWDOWN });
    await page.waitForTimeout(500);
    const tasks = await page.evaluate(() => (window as unknown as { __benchLong: number[] }).__benchLong);
    return tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
  } finally {
    await context.close();
  }
}

/** One cold load of `url` to drawn and ready, then TICKS steps of the run, in a fresh context. */
async function loaded(browser: Browser, url: string): Promise<Omit<Sample, 'blocking'>> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(watchDrawn, { kind: 'ours' as const, states: STATES });
    await page.goto(`${url}?lang=en&run=new`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__benchReady !== undefined, null, { timeout: WAIT_LIMIT });
    const { drawn, ready } = await page.evaluate(() => ({
      drawn: window.__benchVisible ?? NaN,
      ready: window.__benchReady ?? NaN,
    }));
    await page.getByTestId('btn-start').click();
    await page.getByTestId('current-state').filter({ hasNotText: 'created' }).waitFor();
    const ticks = await page.evaluate(tickSamples, TICKS);
    return { drawn, ready, tick: median(ticks.map((t) => t.paint)) };
  } finally {
    await context.close();
  }
}

/** `loaded`, then a phone's load of the same build for its blocking time. */
async function sample(browser: Browser, url: string): Promise<Sample> {
  return { ...(await loaded(browser, url)), blocking: await blocking(browser, url) };
}

/** Round medians of one side's figure: their median, and their range. */
function summary(rounds: Sample[][], key: keyof Sample) {
  const medians = rounds.map((r) => median(r.map((s) => s[key])));
  return { median: median(medians), lo: Math.min(...medians), hi: Math.max(...medians) };
}

export async function run(): Promise<Figure[]> {
  const start = cpuMark();
  // SPEED_ONLY=<device>[,<device>]: only those (a diff's name, or `patch <package>+<version>`).
  const only = process.env.SPEED_ONLY?.split(',').map((d) => d.trim());
  const wanted = (device: string) => !only || only.includes(device);
  const devices = readdirSync(SPEED_DIR)
    .filter((f) => f.endsWith('.diff') && wanted(f.slice(0, -'.diff'.length)))
    .map((f) => f.slice(0, -'.diff'.length))
    .sort();
  const tmp = mkdtempSync(join(tmpdir(), 'hs-speed-'));
  const tree = join(tmp, 'src');
  const servers: Served[] = [];
  let browser: Browser | undefined;
  const figures: Figure[] = [];
  try {
    if (wanted('patch xstate engine')) figures.push(...patchAB(tmp));
    figures.push(...engineDiffsAB(tmp, wanted));
    if (devices.length === 0 && only?.every((d) => d.startsWith('engine/') || d === 'patch xstate engine'))
      return [...figures, ...loadFigures(start)];
    git(ROOT, 'worktree', 'add', '--detach', tree, 'HEAD');
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    progress(`building HEAD (A) in a worktree`);
    await viteBuild(join(tmp, 'A'), [], tree);
    const built: string[] = [];
    // A patch to a dependency (patches/<package>+<version>.patch) is a device too: B is built
    // against a copy of the package with the patch taken back out (an alias for its name).
    for (const patch of readdirSync(PATCHES_DIR).filter((f) => f.endsWith('.patch'))) {
      const device = `patch ${patch.slice(0, -'.patch'.length)}`;
      if (!wanted(device)) continue;
      try {
        const pkg = patch.slice(0, patch.lastIndexOf('+')).replace('+', '/');
        const copy = join(tree, '.unpatched', pkg);
        cpSync(join(ROOT, 'node_modules', pkg), copy, { recursive: true, dereference: true });
        // The patch names `a/node_modules/<package>/…`: strip those parts and apply it backwards.
        const strip = 2 + pkg.split('/').length;
        execFileSync('patch', ['-R', '-s', `-p${strip}`, '-d', copy, '-i', join(PATCHES_DIR, patch)], {
          stdio: 'pipe',
        });
        const config = join(tree, 'vite.unpatched.config.ts');
        writeFileSync(
          config,
          `import { mergeConfig } from 'vite';\nimport base from './vite.config.ts';\n` +
            `export default mergeConfig(base, { resolve: { alias: [{ find: /^${pkg.replace('/', '\\/')}$/, replacement: ${JSON.stringify(copy)} }] } });\n`,
        );
        progress(`building without ${device} (B)`);
        await viteBuild(join(tmp, device), ['--config', config], tree);
        rmSync(config);
        built.push(device);
      } catch (e) {
        progress(`${device}: could not be taken back out, skipped (${String(e).split('\n')[0]})`);
        figures.push(figure(`${device}: could not be taken back out`, NaN, '×'));
      }
    }
    for (const device of devices) {
      try {
        git(tree, 'apply', join(SPEED_DIR, `${device}.diff`));
      } catch (e) {
        progress(`${device}: the diff no longer applies, skipped (${String(e).split('\n')[0]})`);
        figures.push(figure(`${device}: the diff no longer applies (write it again)`, NaN, '×'));
        continue;
      }
      progress(`building without ${device} (B)`);
      await viteBuild(join(tmp, device), [], tree);
      git(tree, 'checkout', '--', '.');
      built.push(device);
    }
    const a = await serve(join(tmp, 'A'));
    servers.push(a);
    browser = await launchChromium();
    for (const device of built) {
      const b = await serve(join(tmp, device));
      servers.push(b);
      // One discarded load a side: the first in a context pays for things the rest do not.
      await sample(browser, a.url);
      await sample(browser, b.url);
      const sides: { a: Sample[][]; b: Sample[][] } = { a: [], b: [] };
      for (let r = 0; r < ROUNDS; r++) {
        const ra: Sample[] = [];
        const rb: Sample[] = [];
        for (let i = 0; i < LOADS; i++) {
          ra.push(await sample(browser, a.url));
          rb.push(await sample(browser, b.url));
        }
        sides.a.push(ra);
        sides.b.push(rb);
        progress(
          `${device} round ${r + 1}/${ROUNDS}: ready A ${median(ra.map((s) => s.ready)).toFixed(0)} / B ${median(rb.map((s) => s.ready)).toFixed(0)} ms, tick A ${median(ra.map((s) => s.tick)).toFixed(1)} / B ${median(rb.map((s) => s.tick)).toFixed(1)} ms, blocking A ${median(ra.map((s) => s.blocking)).toFixed(0)} / B ${median(rb.map((s) => s.blocking)).toFixed(0)} ms`,
        );
      }
      for (const [key, what] of [
        ['drawn', 'drawn'],
        ['ready', 'data-ready'],
        ['tick', 'tick to screen'],
        ['blocking', `blocking time of a phone's load (${PHONE_SLOWDOWN}× CPU)`],
      ] as const) {
        const [sa, sb] = [summary(sides.a, key), summary(sides.b, key)];
        const apart = sb.lo > sa.hi || sb.hi < sa.lo;
        figures.push(
          figure(
            `without ${device}: ${what}, B / A`,
            sb.median / sa.median,
            '×',
            undefined,
            `A ${sa.median.toFixed(1)} ms (rounds ${sa.lo.toFixed(1)}–${sa.hi.toFixed(1)}), B ${sb.median.toFixed(1)} ms (${sb.lo.toFixed(1)}–${sb.hi.toFixed(1)}): ${apart ? 'outside the noise' : 'within the noise'}; ${ROUNDS} rounds of ${LOADS} a side, interleaved`,
          ),
        );
      }
    }
    return [...figures, ...loadFigures(start)];
  } finally {
    await browser?.close().catch(() => undefined);
    for (const served of servers) await served.close().catch(() => undefined);
    try {
      git(ROOT, 'worktree', 'remove', '--force', tree);
    } catch {
      // already gone
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}
