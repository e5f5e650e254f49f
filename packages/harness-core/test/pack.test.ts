import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

it('the packed tarball installs into an empty project and its example harness runs', () => {
  const npm = (args: string[], cwd: string) =>
    execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  npm(['pack', '--silent', '--pack-destination', work], PACKAGE);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  expect(tarball).toMatch(/^harness-core-\d+\.\d+\.\d+\.tgz$/);

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
      "import * as c from 'harness-core'; console.log(typeof c.runHarness, typeof c.createTaskMachine)",
    ],
    { cwd: project, encoding: 'utf8' },
  );
  expect(api.stdout.trim()).toBe('function function');
}, 180_000);
