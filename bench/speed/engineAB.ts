/**
 * The speed devices' A/B in Node (`npm run bench -- speed`, docs/design/speed.md): XState's patch
 * taken back out, and each `bench/speed/engine/<device>.diff` (harness-core's hot path) applied
 * to a worktree of HEAD beside an untouched one; each side's trials in Nodes of their own.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../chromium';
import { figure, median, progress, type Figure } from '../lib';

const SPEED_DIR = join(ROOT, 'bench', 'speed');
const PATCHES_DIR = join(ROOT, 'patches');

export const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'pipe' }).toString();

/** Engine trials a side, alternating which side goes first. */
const ENGINE_ROUNDS = 5;

/** One engine trial (bench/speed/engineTrial.ts) in a Node of its own, run in `cwd`: ticks/s. */
const engineTrial = (cwd: string, imports: string[] = []) =>
  Number(
    execFileSync(process.execPath, ['--import', 'tsx', ...imports, join(cwd, 'bench', 'speed', 'engineTrial.ts')], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
      .toString()
      .trim(),
  );

/** ENGINE_ROUNDS trials of each side, interleaved: B / A of the medians, and whether the ranges overlap. */
function engineFigure(device: string, a: () => number, b: () => number): Figure {
  const as: number[] = [];
  const bs: number[] = [];
  for (let r = 0; r < ENGINE_ROUNDS; r++) {
    if (r % 2 === 0) {
      as.push(a());
      bs.push(b());
    } else {
      bs.push(b());
      as.push(a());
    }
    progress(`${device}, engine round ${r + 1}/${ENGINE_ROUNDS}: A ${as.at(-1)} / B ${bs.at(-1)} ticks/s`);
  }
  const apart = Math.min(...as) > Math.max(...bs) || Math.max(...as) < Math.min(...bs);
  return figure(
    `without ${device}: engine ticks/s in Node, B / A`,
    median(bs) / median(as),
    '×',
    undefined,
    `A ${Math.round(median(as))} (${Math.min(...as)}–${Math.max(...as)}), B ${Math.round(median(bs))} (${Math.min(...bs)}–${Math.max(...bs)}) ticks/s: ${apart ? 'outside the noise' : 'within the noise'}; ${ENGINE_ROUNDS} trials a side, interleaved`,
  );
}

/**
 * XState's patch is for Node (the engine in tests, the bench, a harness): ticks/s of the engine
 * with XState as installed (A) and with a copy of it whose patch is taken back out (B), B through
 * a resolve hook that maps `xstate` to the copy.
 */
export function patchAB(tmp: string): Figure[] {
  const patch = readdirSync(PATCHES_DIR).find((f) => f.startsWith('xstate+') && f.endsWith('.patch'));
  if (!patch) return [];
  const copy = join(tmp, 'xstate-unpatched');
  cpSync(join(ROOT, 'node_modules', 'xstate'), copy, { recursive: true, dereference: true });
  execFileSync('patch', ['-R', '-s', '-p3', '-d', copy, '-i', join(PATCHES_DIR, patch)], { stdio: 'pipe' });
  const hooks = join(tmp, 'unpatched-hooks.mjs');
  const entry = pathToFileURL(join(copy, 'dist', 'xstate.cjs.mjs')).href;
  writeFileSync(
    hooks,
    `export async function resolve(s, c, next) { return s === 'xstate' ? { url: ${JSON.stringify(entry)}, shortCircuit: true } : next(s, c); }\n`,
  );
  const register = join(tmp, 'unpatched-register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const device = `patch ${patch.slice(0, -'.patch'.length)}`;
  return [
    engineFigure(
      device,
      () => engineTrial(ROOT),
      () => engineTrial(ROOT, ['--import', register]),
    ),
  ];
}

/**
 * The engine's own devices (`bench/speed/engine/<device>.diff`, harness-core's hot path): A is
 * the committed code in a worktree, B the same with the diff applied, each trial in Node.
 */
export function engineDiffsAB(tmp: string, wanted: (device: string) => boolean): Figure[] {
  const dir = join(SPEED_DIR, 'engine');
  const diffs = readdirSync(dir)
    .filter((f) => f.endsWith('.diff') && wanted(`engine/${f.slice(0, -'.diff'.length)}`))
    .sort();
  if (diffs.length === 0) return [];
  const figures: Figure[] = [];
  const trees = { a: join(tmp, 'engine-A'), b: join(tmp, 'engine-B') };
  for (const tree of [trees.a, trees.b]) {
    git(ROOT, 'worktree', 'add', '--detach', tree, 'HEAD');
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
  }
  try {
    for (const diff of diffs) {
      const device = `engine/${diff.slice(0, -'.diff'.length)}`;
      try {
        git(trees.b, 'apply', join(dir, diff));
      } catch (e) {
        progress(`${device}: the diff no longer applies, skipped (${String(e).split('\n')[0]})`);
        figures.push(figure(`${device}: the diff no longer applies (write it again)`, NaN, '×'));
        continue;
      }
      figures.push(
        engineFigure(
          device,
          () => engineTrial(trees.a),
          () => engineTrial(trees.b),
        ),
      );
      git(trees.b, 'checkout', '--', '.');
    }
  } finally {
    for (const tree of [trees.a, trees.b]) git(ROOT, 'worktree', 'remove', '--force', tree);
  }
  return figures;
}
