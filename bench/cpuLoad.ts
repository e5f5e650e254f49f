/** How busy the machine was while a module ran: its own processes and everyone else's, from /proc. */
import { readFileSync, readdirSync } from 'node:fs';
import { OTHER_PROCESSES, figure, type Figure } from './lib';

/**
 * The parent of a process and its CPU time in clock ticks, from /proc/<pid>/stat: `ticks` with
 * its reaped children's (utime + stime + cutime + cstime), `own` without (utime + stime).
 */
function procStat(pid: string): { ppid: number; ticks: number; own: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // rest[0] is field 3 (state): ppid is field 4, utime…cstime fields 14–17.
    const own = (rest[11] ?? 0) + (rest[12] ?? 0);
    return { ppid: rest[1] ?? 0, ticks: own + (rest[13] ?? 0) + (rest[14] ?? 0), own };
  } catch {
    return null;
  }
}

/** Every process's stat, by pid. */
function allStats(): Map<number, { ppid: number; ticks: number; own: number }> {
  const stats = new Map<number, { ppid: number; ticks: number; own: number }>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const st = procStat(pid);
    if (st) stats.set(Number(pid), st);
  }
  return stats;
}

/** The pids below `root` (children, their children…), from one reading of every process's stat. */
function descendants(stats: Map<number, { ppid: number }>, root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, st] of stats) children.set(st.ppid, [...(children.get(st.ppid) ?? []), pid]);
  const out: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.pop() as number;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

export type CpuMark = { wall: number; machine: number; ours: number } | null;

/**
 * CPU time (ms) of the whole machine, and of this process with all its descendants, live
 * (Chromium, its zygote and renderers) or reaped (the vite builds), from /proc; null off Linux.
 * run.ts reports "other processes" as the machine minus the Node process alone, which counts
 * this module's own Chromium; this mark tells the two apart.
 */
export function cpuMark(): CpuMark {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const machine = fields.reduce((n, v, i) => (i === 3 || i === 4 ? n : n + v), 0);
    const stats = allStats();
    let ours = 0;
    for (const pid of [process.pid, ...descendants(stats, process.pid)]) ours += stats.get(pid)?.ticks ?? 0;
    return { wall: performance.now(), machine: machine * 10, ours: ours * 10 }; // USER_HZ is 100
  } catch {
    return null;
  }
}

/** How many cores this module and other processes kept busy since `start` (call before closing Chromium). */
export function loadFigures(start: CpuMark, who = 'this module'): Figure[] {
  const end = cpuMark();
  if (!start || !end) return [];
  const wall = end.wall - start.wall;
  const ours = (end.ours - start.ours) / wall;
  const others = Math.max(0, (end.machine - start.machine) / wall - ours);
  return [
    figure(`cores kept busy by ${who} (Node, vite, Chromium)`, ours, 'cores'),
    figure(OTHER_PROCESSES, others, 'cores', undefined, 'above about 0.25 the timings read high'),
  ];
}

/** What kind of Chromium process a command line starts: its `--type`, or the browser itself. */
function kindOf(pid: number): string {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const type = /--type=([\w-]+)/.exec(cmd)?.[1];
    if (!type) return cmd.includes('crashpad') ? 'crashpad' : 'browser';
    // e.g. network.mojom.NetworkService (Chromium rewrites its command line, spaces between).
    if (type === 'utility') return /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1]?.split('.').pop() ?? 'utility';
    return type;
  } catch {
    return 'gone';
  }
}

/** One live Chromium process: its kind (kindOf) and the CPU time (ms) it has used so far. */
export type ChromiumCpu = Map<number, { kind: string; ms: number }>;

/**
 * Each live process below this one (Chromium's browser, renderers, GPU process, network and
 * storage services, its zygotes) with its own CPU time, not its reaped children's. A page's
 * processes live from its creation to its close, so two readings while it is open give what its
 * load cost the machine (cpuSince).
 */
export function chromiumCpu(): ChromiumCpu {
  const out: ChromiumCpu = new Map();
  try {
    const stats = allStats();
    for (const pid of descendants(stats, process.pid)) {
      const kind = kindOf(pid);
      if (kind !== 'gone') out.set(pid, { kind, ms: (stats.get(pid)?.own ?? 0) * 10 }); // USER_HZ is 100
    }
  } catch {
    // Off Linux: no figures.
  }
  return out;
}

/**
 * The CPU time (ms) each kind of process used between two readings, process by process: one
 * that started in between counts from zero; one that ended in between (another context's,
 * closing) counts nothing, rather than lowering its kind's total.
 */
export function cpuSince(before: ChromiumCpu, after: ChromiumCpu): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [pid, { kind, ms }] of after) out[kind] = (out[kind] ?? 0) + ms - (before.get(pid)?.ms ?? 0);
  return out;
}
