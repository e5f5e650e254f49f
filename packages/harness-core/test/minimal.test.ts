import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

/** The README's examples/minimal.mjs block, typed as printed with bash, prints what it shows. */
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('examples/minimal.mjs runs as the README prints it', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /```text\n(\$ node examples\/minimal\.mjs .*?)```/s.exec(readme)?.[1];
  expect(block).toBeDefined();
  const [typed, ...printed] = (block as string).trimEnd().split('\n');
  dir = mkdtempSync(join(tmpdir(), 'hc-minimal-'));
  cpSync(new URL('../examples/', import.meta.url), join(dir, 'examples'), { recursive: true });
  symlinkSync(new URL('../../../node_modules', import.meta.url).pathname, join(dir, 'node_modules'));
  const r = spawnSync('bash', ['-c', (typed as string).slice(2)], { cwd: dir, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.stdout.trimEnd().split('\n')).toEqual(printed);
});
