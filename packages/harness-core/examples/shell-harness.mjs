#!/usr/bin/env node
// Shell commands as a plan's steps on harness-core: checkpointed before each next step; the guard reminds at the
// 2nd identical failure, fuses at the 3rd; a risky step waits for --approve; one process holds a run at a time.
//   node examples/shell-harness.mjs plan.json [--resume] [--approve] [--dir <checkpoints>]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createFileStore, harnessPlan, runHarness } from 'harness-core/node';

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const file = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--dir');
if (!file) {
  console.error('usage: node shell-harness.mjs plan.json [--resume] [--approve] [--dir <checkpoints>]');
  process.exit(2);
}

// A plan file, { "id", "steps": [{ "title", "run", "risky"? }] }, as the plan the machine follows.
const raw = JSON.parse(readFileSync(file, 'utf8'));
const plan = harnessPlan({
  id: raw.id,
  steps: raw.steps.map((s) => ({
    title: s.title,
    tool: 'shell',
    args: { cmd: s.run },
    effect: s.risky ? 'risky' : 'side_effect',
  })),
});
const cwd = dirname(resolve(file));
const dir = resolve(option('--dir') ?? '.harness-checkpoints');
const store = createFileStore({ dir, plans: (id) => (id === plan.id ? plan : undefined) });

// The tool: one shell command in its own process group, which a guard process kills when the
// pipe it reads from this one closes: a run killed even by kill -9 leaves no command running.
const shell = ({ args }, { signal }) =>
  new Promise((done) => {
    const child = spawn('sh', ['-c', String(args.cmd)], { cwd, detached: true, stdio: ['ignore', 'inherit', 'pipe'] });
    const guard = spawn('sh', ['-c', `trap '' INT; read _; kill -KILL -${child.pid}`], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const stop = () => {
      try {
        process.kill(-child.pid, 'SIGKILL'); // a cancel or timeout: the command's whole group
      } catch {
        // already gone
      }
    };
    signal.addEventListener('abort', stop);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      guard.kill();
      signal.removeEventListener('abort', stop);
      if (code === 0) return done({ ok: true });
      const type =
        code === 127 || /no such file|not found/i.test(stderr)
          ? 'not_found'
          : code === 126 || /permission denied/i.test(stderr)
            ? 'permission_denied'
            : 'conflict';
      done({ ok: false, error: { type, message: stderr.trim().split('\n').at(-1) || `exit ${code}` } });
    });
  });

let shown = 0; // context messages of the current step already printed
const result = await runHarness({
  plan,
  runId: `run-${plan.id}`,
  executor: shell,
  store,
  config: { density: 'every_step' }, // a killed run never repeats a finished step
  resume: argv.includes('--resume'),
  approve: argv.includes('--approve'),
  // The recovery hint in the harness's own words: the step, and the command's last line of stderr.
  hint: (h) => `step ${h.step}/${h.total} "${h.title.en}" failed: ${h.error.message}. Change the approach.`,
  onEvent: (e) => {
    const cp = e.checkpoint;
    if (e.type === 'resumed')
      console.log(`resumed from checkpoint #${cp.seq}: step ${cp.step}, ${cp.state}; done: ${cp.done || 'none'}`);
    for (const s of e.type === 'resumed' ? e.skipped : []) console.log(`  passed over ${s.message} (${s.movedTo})`);
    if (e.type === 'attempt') {
      if (e.request.attempt === 1) shown = 0;
      for (const m of e.request.context.slice(shown)) console.log(`  [${m.kind} in context] ${m.text.en}`);
      shown = e.request.context.length;
      console.log(`step ${e.request.step.n} attempt ${e.request.attempt}: $ ${e.request.args.cmd}`);
    }
    if (e.type === 'answer' && !e.answer.ok)
      console.log(`  failed (${e.answer.error.type}): ${e.answer.error.message}`);
    if (e.type === 'checkpoint') console.log(`  checkpoint #${cp.seq} (${cp.trigger}) at step ${cp.step}`);
    if (e.type === 'suspended')
      console.log(`suspended: step ${e.step.n} "${e.step.title.en}" is risky; run again with --resume --approve`);
    if (e.type === 'ended' && e.reason === 'loop_fuse')
      console.log(
        `FUSED: the same call (${e.loop.key}) failed ${e.loop.count} times at step ${e.step}; stopped, not tried again.`,
      );
    if (e.type === 'ended') console.log(`ended: ${e.state} (${e.reason})`);
  },
}).catch((e) => console.error(e.message)); // refused (another process holds the run, E706; a used run id, E707)
process.exitCode = result?.state === 'completed' ? 0 : result?.state === 'waiting_approval' ? 3 : 1;
