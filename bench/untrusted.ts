/**
 * The untrusted half of `npm run bench`: the largest input each path that reads data from
 * outside the page accepts. First the project's own parsers in Node (no page): a stored or
 * tab-sent checkpoint (1 MiB at most; the worst is a plan revised as often as the schema allows),
 * a challenge file (256 KB) starting from such a checkpoint, a share link's replay unpacked, and a
 * run file (20 MiB: checked in a Worker under a budget, so its figure is the time until it is
 * refused). Then the same paths in the browser (bench/untrusted/browser.ts): the longest
 * main-thread task at 4× CPU while the built page takes each input, target 50 ms, and the total
 * time at a few sizes, whose growth must be linear or capped by a budget.
 */
import { CHALLENGES } from '../src/challenges';
import { parseChallenge } from '../src/challenges/parse';
import { Sim, parseCheckpoint, serializeCheckpoint, type Checkpoint } from '../src/engine';
import { mostRevisedCheckpoint } from '../src/engine/probes';
import { checkCheckpoint } from '../src/engine';
import { CHECK_BUDGET_MS, parseRunFile } from '../src/persistence/runFile';
import { MAX_REPLAY_COMMANDS, packReplay, unpackReplay } from '../src/share';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { launchChromium, serve, viteBuild, type Served } from './chromium';
import { atMost, figure, progress, timeOf, type Figure } from './lib';
import {
  HOSTILE_CHALLENGE,
  MOST_FAILURES,
  THROTTLE,
  challengeFile,
  denseTrace,
  runFile,
  shareLink,
  traceFile,
  type Taken,
} from './untrusted/browser';
import { firstRender, type Settled } from './untrusted/firstRender';

/** The main-thread budget of every path: no task longer than this at 4× CPU. */
const LONGEST_TASK_MS = 50;
/** Cold loads of the page's own first render: its longest task varies by a third from load to load. */
const FIRST_LOADS = 3;

/** The costliest checkpoint a reader accepts (src/engine/probes.ts), checked once more here. */
function mostRevised(): Checkpoint {
  const big = mostRevisedCheckpoint();
  if (!parseCheckpoint(serializeCheckpoint(big)).ok) throw new Error('the most revised checkpoint is refused');
  return big;
}

/**
 * `big` with its last `k` revisions at 2 (still a run's): each `k` a plan of its own, so the memo
 * of the plan laid last (harness-core's revisedSteps) lays each afresh: a repeated check of one
 * checkpoint would time the memo, not the worst case.
 */
const revisedAt = (big: Checkpoint, k: number): Checkpoint => ({
  ...big,
  plan: { ...big.plan, revisions: big.plan.revisions.map((r, i) => (i >= big.plan.revisions.length - k ? 2 : r)) },
});

/** A function that returns the next of `texts` on each call, round and round. */
const cycling = (texts: readonly string[]) => {
  let n = 0;
  return () => texts[n++ % texts.length] as string;
};

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const big = mostRevised();
  const text = serializeCheckpoint(big);

  progress('untrusted: a stored or tab-sent checkpoint');
  const storedText = cycling(Array.from({ length: 8 }, (_, k) => serializeCheckpoint(revisedAt(big, k + 1))));
  const stored = await timeOf(() => {
    if (!checkCheckpoint(JSON.parse(storedText())).ok) throw new Error('refused');
  });
  figures.push(
    figure(
      'check: checkpoint from storage or a tab (10,000 revisions)',
      stored,
      'ms',
      atMost(50),
      `${text.length.toLocaleString('en')} bytes`,
    ),
  );

  progress('untrusted: a challenge file');
  const shipped = CHALLENGES.find((c) => c.scenario === 'dynamic-plan') ?? CHALLENGES[0]!;
  const base = {
    ...(JSON.parse(JSON.stringify(shipped)) as Record<string, unknown>),
    scenario: 'dynamic-plan',
    design: 'article',
  };
  const challengeText = cycling(
    Array.from({ length: 8 }, (_, k) =>
      JSON.stringify({ ...base, id: 'bench', start: { checkpoint: revisedAt(big, k + 1) } }),
    ),
  );
  const challenge = await timeOf(() => {
    const r = parseChallenge(challengeText());
    if (!r.ok) throw new Error(`challenge refused: ${r.error.code} ${r.error.field}`);
  });
  figures.push(figure('check: challenge file starting from that checkpoint', challenge, 'ms', atMost(50)));

  progress('untrusted: a share link replay');
  const commands = [
    { type: 'START' as const },
    ...Array.from({ length: MAX_REPLAY_COMMANDS - 1 }, (_, i) =>
      i % 2 ? { type: 'CHECKPOINT' as const } : { type: 'TICK' as const },
    ),
  ];
  const sim0 = new Sim({ scenario: 'migration-1000' });
  const packed = await packReplay({ config: sim0.context.config, commands });
  const unpack = await timeOf(async () => {
    if (!(await unpackReplay(packed)).ok) throw new Error('replay refused');
  });
  figures.push(
    figure(
      `check: share replay of ${MAX_REPLAY_COMMANDS.toLocaleString('en')} commands, unpacked`,
      unpack,
      'ms',
      atMost(50),
      `${packed.length} characters`,
    ),
  );
  const unpacked = await unpackReplay(packed);
  // No dictionary is loaded here: the refusal's key and parts say what went wrong.
  if (!unpacked.ok) throw new Error(JSON.stringify(unpacked.reason));
  const replayed = await timeOf(() => {
    const sim = new Sim({ scenario: 'migration-1000', config: unpacked.replay.config });
    for (const c of unpacked.replay.commands) sim.send(c);
  });
  figures.push(
    figure(
      'replay: those commands sent to a new run (the engine alone)',
      replayed,
      'ms',
      undefined,
      'half of them checkpoints; the page holds them and writes the newest once (share/replaySend.ts)',
    ),
  );

  progress('untrusted: a 20 MiB run file');
  const ids = { runId: big.runId, scenario: big.scenario, seed: big.seed };
  const many: Checkpoint[] = [];
  let size = 0;
  for (let seq = 1; size < 19 * 1024 * 1024; seq++) {
    // Each checkpoint's revisions differ, so none is cheaper to check than the last: the worst case.
    many.push({ ...revisedAt(big, seq), seq });
    size += text.length + 2;
  }
  const file = JSON.stringify({
    format: 'harness-sim.run/1',
    run: { ...ids, createdAt: 0, updatedAt: 0, newestSeq: many.length, design: 'article' },
    checkpoints: many,
  });
  // Its check would take about 30 s: the budget stops it, and the file is refused, nothing stored.
  const t0 = performance.now();
  const r = await parseRunFile(file, async () => undefined);
  const answered = performance.now() - t0;
  if (r.ok || !r.error.startsWith('E610'))
    throw new Error(`the hostile run file was not stopped: ${r.ok ? 'accepted' : r.error}`);
  figures.push(
    figure(
      `check: run file of ${(file.length / 2 ** 20).toFixed(1)} MiB (${many.length} such checkpoints): refused at the budget`,
      answered,
      'ms',
      atMost(CHECK_BUDGET_MS + 1000),
      `E610 after ${CHECK_BUDGET_MS / 1000} s of checking, in the Worker; the whole check would take ~${Math.round((stored * many.length) / 1000)} s`,
    ),
  );
  figures.push(...(await inTheBrowser(file)));
  return figures;
}

/** The longest task's main-thread CPU time: about its wall time at 4× on a quiet machine (`Longest.cpu`). */
const cpuNote = (r: Taken) => `${r.cpu.toFixed(0)} ms`;

/** `UNTRUSTED_PATHS=first,share` runs only those paths in the browser (all by default: first, share, challenge, trace, run). */
const only = (path: string) => !process.env.UNTRUSTED_PATHS || process.env.UNTRUSTED_PATHS.split(',').includes(path);

/**
 * Each path in the built page, in Chromium at 4× CPU: the longest main-thread task (and what took
 * most of it), beside the same path with a trivial input (what the page costs anyway), and total
 * time by size.
 */
async function inTheBrowser(runFileText: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'hs-bench-untrusted-'));
  let served: Served | undefined;
  let browser: Browser | undefined;
  const name = (what: string) => `browser ${THROTTLE}x CPU, longest task: ${what}`;
  const longest = (what: string, r: Taken, note: string) =>
    figures.push(
      figure(name(what), r.longest, 'ms', atMost(LONGEST_TASK_MS), `${note}; CPU ${cpuNote(r)}; ${r.inside}`),
    );
  const baseline = (what: string, r: Taken) =>
    figures.push(
      figure(
        name(`${what} (a trivial input, no target)`),
        r.longest,
        'ms',
        undefined,
        `CPU ${cpuNote(r)}; ${r.inside}`,
      ),
    );
  const total = (what: string, r: Taken) =>
    figures.push(
      figure(
        `browser ${THROTTLE}x CPU, ${what}: total`,
        r.total,
        'ms',
        undefined,
        `longest task ${r.longest.toFixed(0)} ms`,
      ),
    );
  try {
    progress('untrusted in the browser: building the app');
    await viteBuild(join(tmp, 'app'), []);
    served = await serve(join(tmp, 'app'));
    browser = await launchChromium();
    const url = served.url;

    if (only('first')) {
      progress(`untrusted in the browser: the page's own first render, to settled (${FIRST_LOADS} cold loads)`);
      const runs: Settled[] = [];
      for (let i = 0; i < FIRST_LOADS; i++) runs.push(await firstRender(browser, url));
      runs.sort((a, b) => a.cpu - b.cpu);
      const mid = runs[Math.floor(runs.length / 2)]!;
      const tasks = (r: Settled) =>
        r.tasks.map((t) => `${t.cpu.toFixed(0)} ${t.kind}${t.detail ? ` (${t.detail})` : ''}`);
      figures.push(
        figure(
          name(`the page settled after a trivial link, median of ${FIRST_LOADS} (no target)`),
          mid.longest,
          'ms',
          undefined,
          `CPU ${runs.map((r) => r.cpu.toFixed(0)).join(' / ')} ms; the median load's tasks over ${LONGEST_TASK_MS} ms CPU: ${tasks(mid).join(', ')}`,
        ),
      );
    }

    if (only('share')) {
      progress('untrusted in the browser: share links of 0 to 9,998 failing commands (no-fuse)');
      const plain = await shareLink(browser, url, 0);
      baseline('share link of 2 commands, after the first paint', plain);
      figures.push(
        figure(name('the navigation itself, before the first paint (any load; no target)'), plain.load ?? 0, 'ms'),
      );
      for (const n of [1000, 3000, MOST_FAILURES]) {
        const r = await shareLink(browser, url, n);
        if (n === MOST_FAILURES)
          longest(
            `share link, ${(n + 2).toLocaleString('en')} commands, after the first paint`,
            r,
            `${r.chars} characters; the navigation's own ${r.load?.toFixed(0)} ms`,
          );
        total(`share link of ${(n + 2).toLocaleString('en')} commands, to ready`, r);
      }
    }

    if (only('challenge')) {
      progress('untrusted in the browser: a shipped challenge file, then the 275-byte one of 5,000 failing moves');
      baseline('a shipped challenge file', await challengeFile(browser, url, JSON.stringify(CHALLENGES[0]), tmp));
      const ch = await challengeFile(browser, url, HOSTILE_CHALLENGE, tmp);
      longest(
        `challenge file of ${HOSTILE_CHALLENGE.length} bytes (no-fuse, until completed)`,
        ch,
        `refused after ${(ch.total / 1000).toFixed(1)} s`,
      );
    }

    if (only('trace')) {
      for (const mib of [0.1, 12, 48]) {
        progress(`untrusted in the browser: a ${mib} MiB trace, opened and its calls exported`);
        const t = denseTrace(mib * 1024 * 1024);
        const r = await traceFile(browser, url, t.text, tmp);
        const what = `${mib} MiB trace (${t.calls.toLocaleString('en')} calls)`;
        if (mib < 1) {
          baseline(`${what}, opened`, r.open);
          continue;
        }
        if (mib === 48) {
          longest(`${what}, opened`, r.open, `first rows after ${(r.open.total / 1000).toFixed(1)} s`);
          longest(`${what}, calls CSV exported`, r.csv, `downloaded after ${(r.csv.total / 1000).toFixed(1)} s`);
        }
        total(`${what}, open to first rows`, r.open);
      }
    }

    if (only('run')) {
      progress('untrusted in the browser: a 20 MiB run file');
      const rf = await runFile(browser, url, runFileText, tmp);
      longest(
        `run file of ${(runFileText.length / 2 ** 20).toFixed(1)} MiB`,
        rf,
        `${rf.said === 'imported' ? 'imported' : `refused (${rf.said})`} after ${(rf.total / 1000).toFixed(1)} s, checked in the Worker`,
      );
    }
  } finally {
    await browser?.close();
    await served?.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  return figures;
}
