import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * What a harness author gets: `npm pack` makes the tarball, an empty project installs it (its
 * dependencies from the npm cache or the registry), and the example runs from there and fuses.
 */
const PACKAGE = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'hc-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Whether dist/ was built after every source file changed (`npm test` builds it just before the
 * unit tests): then the pack skips its prepack build, the same tsc run again.
 */
function distFresh(): boolean {
  const newest = (dir: string): number =>
    Math.max(
      0,
      ...readdirSync(dir, { withFileTypes: true }).map((e) =>
        e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
      ),
    );
  try {
    return statSync(join(PACKAGE, 'dist/index.js')).mtimeMs > newest(join(PACKAGE, 'src'));
  } catch {
    return false;
  }
}

it('the packed tarball installs into an empty project and its example harness runs', () => {
  const npm = (args: string[], cwd: string) =>
    execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  npm(['pack', '--silent', ...(distFresh() ? ['--ignore-scripts'] : []), '--pack-destination', work], PACKAGE);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  expect(tarball).toBe('harness-core-0.2.0.tgz');
  const files = execFileSync('tar', ['-tzf', join(work, tarball as string)], { encoding: 'utf8' }).split('\n');
  expect(files).toContain('package/LICENSE');
  expect(files).toContain('package/dist/sim.js');
  // The declarations name nothing that does not exist.
  const world = execFileSync('tar', ['-xOzf', join(work, tarball as string), 'package/dist/world.d.ts'], {
    encoding: 'utf8',
  });
  expect(world).not.toContain('createHarness');

  const project = join(work, 'project');
  execFileSync('mkdir', [project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty', private: true, type: 'module' }));
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball as string)], project);

  const examples = join(project, 'node_modules/harness-core/examples');
  const r = spawnSync(process.execPath, [join(examples, 'shell-harness.mjs'), join(examples, 'failing-plan.json')], {
    cwd: project,
    encoding: 'utf8',
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(1);
  expect(r.stdout).toContain('ended: failed (loop_fuse)');
  // And the library itself, imported by name as an installer's code would.
  const api = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import * as c from 'harness-core'; import * as s from 'harness-core/sim';" +
        'console.log(typeof c.runHarness, [c.createTaskMachine, c.poll, c.injectFault, c.markRisky].filter(Boolean).length, typeof s.createTaskMachine)',
    ],
    { cwd: project, encoding: 'utf8' },
  );
  // The main entry has no simulator internals; the simulator's entry has them.
  expect(api.stdout.trim()).toBe('function 0 function');
}, 180_000);
