/**
 * The live-class relay under a class's load (issue 43), on loopback with Socket.IO's own Node
 * client as the phones:
 *
 * 1. One relay (file store), 200 students: each round the teacher moves to a new prediction,
 *    every student answers at once, and the figure is the time from the last answer sent to the
 *    teacher's histogram counting all 200 (p50 and p95 over the rounds). The relay's memory per
 *    student (RSS after a full GC, before joining and after) and CPU per answer (the relay
 *    process's own CPU time over the answers it took) are read from the relay process itself.
 * 2. Two relays sharing a test-started Redis, 1,000 students (500 on each), the teacher on the
 *    second: the same figures, memory and CPU summed over both relays, Redis's CPU apart.
 *
 * The relays run as child processes (server/class/child.ts), so the clients' own work is not
 * counted as the server's.
 */
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import {
  Phone,
  Teacher,
  closeAll,
  freePort,
  spawnRelay,
  startRedis,
  tempDir,
  type RelayStats,
} from '../server/class/test/helpers';
import type { StopAt } from '../src/class/protocol';
import { figure, percentile, progress, type Figure } from './lib';

const ROUNDS = 8;
const CHOICES = ['running', 'failed', 'waiting_approval', 'completed'];

interface Setup {
  relays: { url: string; token: string; child: ChildProcess; stats(): Promise<RelayStats> }[];
  /** Extra process whose CPU is reported apart (Redis). */
  redisPid?: number;
  stop(): void;
}

/** CPU time (ms) of another process, from /proc (Linux). */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return ((f[11] ?? 0) + (f[12] ?? 0)) * 10;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function measure(label: string, setup: Setup, students: number): Promise<Figure[]> {
  const { relays } = setup;
  const teacherRelay = relays[relays.length - 1]!;
  const teacher = new Teacher(teacherRelay.url, teacherRelay.token);
  const at = (stop: number): StopAt => ({ lessonId: 'bench', stop, kind: 'predict', choices: CHOICES, askFuse: false });
  const code = await teacher.start(at(0));
  const before = await Promise.all(relays.map((r) => r.stats()));

  progress(`${label}: ${students} students join`);
  const phones: Phone[] = [];
  for (let i = 0; i < students; i++) phones.push(new Phone(relays[i % relays.length]!.url));
  // In batches, as a class scanning a QR does not all press at the same millisecond.
  for (let i = 0; i < phones.length; i += 50) await Promise.all(phones.slice(i, i + 50).map((p) => p.join(code)));
  const joined = await Promise.all(relays.map((r) => r.stats()));

  const latencies: number[] = [];
  let answers = 0;
  const cpu0 = await Promise.all(relays.map((r) => r.stats()));
  const redis0 = setup.redisPid ? cpuOf(setup.redisPid) : 0;
  for (let round = 1; round <= ROUNDS; round++) {
    await teacher.send({ type: 'stop', at: at(round) });
    const counted = teacher.histogram(
      Object.fromEntries(CHOICES.map((c, i) => [c, phones.filter((_, j) => j % CHOICES.length === i).length])),
      30_000,
    );
    const acks = phones.map((p, j) => p.answer(CHOICES[j % CHOICES.length]!, round));
    const sent = performance.now();
    await counted;
    latencies.push(performance.now() - sent);
    const refused = (await Promise.all(acks)).filter((a) => !a.ok);
    if (refused.length) throw new Error(`${refused.length} answers refused: ${JSON.stringify(refused[0])}`);
    answers += phones.length;
  }
  const cpu1 = await Promise.all(relays.map((r) => r.stats()));
  const redisMs = setup.redisPid ? cpuOf(setup.redisPid) - redis0 : 0;
  progress(`${label}: rounds ${latencies.map((l) => l.toFixed(0)).join(', ')} ms`);

  const perStudent = (sum(joined.map((s) => s.rss)) - sum(before.map((s) => s.rss))) / students / 1024;
  const heapPerStudent = (sum(joined.map((s) => s.heapUsed)) - sum(before.map((s) => s.heapUsed))) / students / 1024;
  const cpuPerAnswer = (sum(cpu1.map((s) => s.cpuMs)) - sum(cpu0.map((s) => s.cpuMs))) / answers;
  closeAll(teacher, ...phones);
  const note = `${ROUNDS} rounds; each round all ${students} answer at once; from the last answer sent to the teacher's histogram showing all`;
  return [
    figure(`class: last answer → histogram, p50 (${label})`, percentile(latencies, 50), 'ms', undefined, note),
    figure(`class: last answer → histogram, p95 (${label})`, percentile(latencies, 95), 'ms'),
    figure(`class: relay memory per student, RSS (${label})`, perStudent, 'KiB'),
    figure(`class: relay memory per student, JS heap (${label})`, heapPerStudent, 'KiB'),
    figure(
      `class: relay CPU per answer (${label})`,
      cpuPerAnswer,
      'ms',
      undefined,
      'CPU time of the relay process(es) over the answers they took, the tally and broadcasts included',
    ),
    ...(setup.redisPid ? [figure(`class: Redis CPU per answer (${label})`, redisMs / answers, 'ms')] : []),
  ];
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];

  const one = await spawnRelay(await freePort(), tempDir());
  try {
    figures.push(
      ...(await measure('200 students, 1 relay, file store', { relays: [one], stop: () => undefined }, 200)),
    );
  } finally {
    one.child.kill('SIGKILL');
  }

  const redis = await startRedis();
  const env = { CLASS_REDIS_URL: redis.url };
  const a = await spawnRelay(await freePort(), tempDir(), env);
  const b = await spawnRelay(await freePort(), tempDir(), env);
  try {
    figures.push(
      ...(await measure(
        '1,000 students, 2 relays, Redis',
        { relays: [a, b], redisPid: redis.pid, stop: () => undefined },
        1000,
      )),
    );
  } finally {
    a.child.kill('SIGKILL');
    b.child.kill('SIGKILL');
    redis.stop();
  }
  return figures;
}
