import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
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
  // Bounded: a run that should have been refused but waits in a step fails the test, not hangs it.
  const r = spawnSync(process.execPath, [HARNESS, join(dir, 'plan.json'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
  });
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
        { title: 'three', run: 'echo $$ > started; until test -f go; do sleep 0.1; done; echo three >> log.txt' },
        { title: 'four', run: 'echo four >> log.txt' },
      ],
    });
    // Only the harness is killed, as `kill -9 $!` does: the command it runs must die with it.
    const child = spawn(process.execPath, [HARNESS, plan], { cwd: dir });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('step 3 attempt 1')) resolve();
      });
      child.on('exit', () => reject(new Error(`the harness ended before step 3:\n${out}`)));
    });
    // Killed once the command runs (the attempt is printed just before it starts).
    while (!readFileSync(join(dir, 'started'), { encoding: 'utf8', flag: 'a+' }).endsWith('\n'))
      await new Promise((r) => setTimeout(r, 20));
    process.kill(child.pid as number, 'SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // The command's shell is gone soon after (waited for up to 10 s on a busy machine); a
    // survivor would see `go`.
    const pid = Number(readFileSync(join(dir, 'started'), 'utf8'));
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 200 && alive(); i++) await new Promise((r) => setTimeout(r, 50));
    const survived = alive();
    // Were the command alive, `go` would let it write "three" at once.
    writeFileSync(join(dir, 'go'), '');
    await new Promise((r) => setTimeout(r, 1500));
    const said = `the command's shell ${survived ? 'outlived' : 'died with'} the harness; the harness said:\n${out}`;
    expect(readFileSync(join(dir, 'log.txt'), 'utf8'), said).toBe('one\ntwo\n');

    const resumed = run(dir, '--resume');
    expect(resumed.code, `${resumed.out}${resumed.err}`).toBe(0);
    expect(resumed.out).toMatch(/resumed from checkpoint #\d+: step 3, running; done: 1-2/);
    expect(resumed.out.match(/^step \d attempt \d/gm)).toEqual(['step 3 attempt 1', 'step 4 attempt 1']);
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toBe('one\ntwo\nthree\nfour\n');
  });

  it('a --resume started while another process runs the plan in the same --dir is refused; no step runs twice', async () => {
    const { dir, plan } = workdir({
      id: 'two',
      steps: [
        { title: 'one', run: 'echo one >> log.txt' },
        { title: 'two', run: 'echo two >> log.txt; echo $$ > started; until test -f go; do sleep 0.1; done' },
        { title: 'three', run: 'echo three >> log.txt' },
        { title: 'four', run: 'echo four >> log.txt' },
      ],
    });
    const cps = join(dir, 'cps');
    const first = spawn(process.execPath, [HARNESS, plan, '--dir', cps], { cwd: dir });
    let out = '';
    first.stdout.on('data', (d) => (out += d));
    const ended = new Promise<number | null>((r) => first.once('exit', r));
    // The first process is inside step 2 (its command has started and waits for `go`).
    while (!readFileSync(join(dir, 'started'), { encoding: 'utf8', flag: 'a+' }).endsWith('\n'))
      await new Promise((r) => setTimeout(r, 20));

    const second = run(dir, '--resume', '--dir', cps);
    expect(second.code).not.toBe(0);
    expect(second.err).toMatch(/E706: Another process holds run "run-two" \(".*:\d+:.*" holds lease \d+/);
    expect(second.out).not.toMatch(/attempt/);

    writeFileSync(join(dir, 'go'), '');
    expect(await ended).toBe(0);
    expect(out).toContain('ended: completed');
    // Each command appends its line: each step ran exactly once.
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toBe('one\ntwo\nthree\nfour\n');

    // A fresh run under the used id is refused and runs nothing; a resume runs nothing either.
    const fresh = run(dir, '--dir', cps);
    expect(fresh.code).not.toBe(0);
    expect(fresh.err).toContain('E707: Run "run-two" exists already: a run id is never reused');
    const resumed = run(dir, '--resume', '--dir', cps);
    expect(resumed.code).toBe(0);
    expect(resumed.out).not.toMatch(/attempt/);
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toBe('one\ntwo\nthree\nfour\n');
  }, 60_000);

  it('the README\'s kill -9 example runs as printed: "three" is logged once', () => {
    // The block as the README prints it: `$ ` lines are typed, the rest is what they print.
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const block = /```text\n(\$ node examples\/shell-harness\.mjs examples\/slow-plan\.json & .*?)```/s.exec(
      readme,
    )?.[1];
    expect(block).toBeDefined();
    const lines = (block as string).trimEnd().split('\n');
    const typed = lines.filter((l) => l.startsWith('$ ')).map((l) => l.slice(2));
    expect(typed).toEqual([
      'node examples/shell-harness.mjs examples/slow-plan.json & sleep 1.5; kill -9 $!',
      'node examples/shell-harness.mjs examples/slow-plan.json --resume',
    ]);
    // A copy of the package's examples with the package reachable, as in the README's directory.
    // The kill lands 1.5 s after the start: on a loaded machine that can be before step 3 has
    // begun, and such a try says nothing about a kill during step 3, so it is tried again.
    const fresh = () => {
      const dir = mkdtempSync(join(tmpdir(), 'hc-readme-'));
      dirs.push(dir);
      cpSync(EXAMPLES, join(dir, 'examples'), { recursive: true });
      symlinkSync(new URL('../../../node_modules', import.meta.url).pathname, join(dir, 'node_modules'));
      return dir;
    };
    let dir = '';
    let first = spawnSync('true', { encoding: 'utf8' });
    for (let i = 0; i < 10 && !first.stdout.includes('step 3 attempt 1'); i++) {
      dir = fresh();
      first = spawnSync('bash', ['-c', typed[0] as string], { cwd: dir, encoding: 'utf8' });
    }
    expect(first.stdout, 'the harness never reached step 3 within 1.5 s in 10 tries').toContain('step 3 attempt 1');
    // What a surviving command would write, it writes within these three seconds.
    spawnSync('sleep', ['3']);
    const second = spawnSync('bash', ['-c', typed[1] as string], { cwd: dir, encoding: 'utf8' });
    expect(readFileSync(join(dir, 'examples/log.txt'), 'utf8')).toBe('one\ntwo\nthree\nfour\n');
    // The first run printed the lines the README shows of it; the resume printed exactly its lines.
    const at = lines.indexOf(`$ ${typed[1]}`);
    for (const l of lines.slice(2, at)) expect(first.stdout).toContain(l);
    expect(second.stdout.trimEnd().split('\n')).toEqual(lines.slice(at + 1));
    expect(second.status).toBe(0);
  }, 120_000);
});
