import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The example harness end to end, as its README walks through it: a real `node` process over the
 * built package (`npm run build -w harness-core` first; `npm test` does it), real shell commands,
 * checkpoints in a temporary directory.
 */
const EXAMPLES = new URL('../examples/', import.meta.url);
const HARNESS = new URL('shell-harness.mjs', EXAMPLES).pathname;

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});
function workdir(plan: string | object): { dir: string; plan: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hc-shell-'));
  dirs.push(dir);
  const file = join(dir, 'plan.json');
  if (typeof plan === 'string') copyFileSync(new URL(plan, EXAMPLES), file);
  else writeFileSync(file, JSON.stringify(plan));
  return { dir, plan: file };
}
const run = (dir: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [HARNESS, join(dir, 'plan.json'), ...args], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('examples/shell-harness.mjs', () => {
  it('fuses on the third identical failure, says why, and a resume stays fused', () => {
    const { dir } = workdir('failing-plan.json');
    const first = run(dir);
    expect(first.err).toBe('');
    expect(first.code).toBe(1);
    const attempts = first.out.match(/^step 2 attempt \d+/gm);
    expect(attempts).toEqual(['step 2 attempt 1', 'step 2 attempt 2', 'step 2 attempt 3']);
    // The reminder after the second identical failure is in the third attempt's context.
    const third = first.out.indexOf('step 2 attempt 3');
    expect(first.out.lastIndexOf('[reminder in context]', third)).toBeGreaterThan(
      first.out.indexOf('step 2 attempt 2'),
    );
    expect(first.out).toMatch(
      /FUSED: the same call \(shell .*cat settings-that-were-never-written\.json.* not_found\) failed 3 times at step 2/,
    );
    expect(first.out).toContain('ended: failed (loop_fuse)');
    expect(existsSync(join(dir, 'out/report.txt'))).toBe(false);

    const again = run(dir, '--resume');
    expect(again.code).toBe(1);
    expect(again.out).not.toMatch(/attempt/);
    expect(again.out).toContain('ended: failed (loop_fuse)');
  });

  it('suspends at a risky step until --approve, then runs to the end', () => {
    const { dir } = workdir('plan.json');
    const first = run(dir);
    expect(first.code).toBe(3);
    expect(first.out).toContain('suspended: step 4 "Publish the site" is risky');
    expect(existsSync(join(dir, 'published'))).toBe(false);
    const second = run(dir, '--resume', '--approve');
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/resumed from checkpoint #\d+: step 4, waiting_approval; done: 1-3/);
    expect(second.out).not.toMatch(/^step [123] attempt/m);
    expect(readFileSync(join(dir, 'published/index.html'), 'utf8')).toContain('hello');
    expect(second.out).toContain('ended: completed');
  });

  it('killed with SIGKILL mid-plan, resumes at the step cut short and repeats no finished step', async () => {
    const { dir, plan } = workdir({
      id: 'killed',
      steps: [
        { title: 'one', run: 'echo one >> log.txt' },
        { title: 'two', run: 'echo two >> log.txt' },
        { title: 'three', run: 'test -f go || sleep 30; echo three >> log.txt' },
        { title: 'four', run: 'echo four >> log.txt' },
      ],
    });
    // Its own process group, so the kill takes the running command with it.
    const child = spawn(process.execPath, [HARNESS, plan], { cwd: dir, detached: true });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('step 3 attempt 1')) resolve();
      });
      child.on('exit', () => reject(new Error(`the harness ended before step 3:\n${out}`)));
    });
    process.kill(-(child.pid as number), 'SIGKILL');
    await new Promise((r) => child.once('close', r));
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toBe('one\ntwo\n');

    writeFileSync(join(dir, 'go'), '');
    const resumed = run(dir, '--resume');
    expect(resumed.code).toBe(0);
    expect(resumed.out).toMatch(/resumed from checkpoint #\d+: step 3, running; done: 1-2/);
    expect(resumed.out.match(/^step \d attempt \d/gm)).toEqual(['step 3 attempt 1', 'step 4 attempt 1']);
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toBe('one\ntwo\nthree\nfour\n');
  });
});
