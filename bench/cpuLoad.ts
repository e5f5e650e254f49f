/** How busy the machine was while a module ran: its own processes and everyone else's, from /proc. */
import { readFileSync, readdirSync } from 'node:fs';
import { OTHER_PROCESSES, figure, type Figure } from './lib';

/** utime, stime, cutime, cstime (clock ticks) and the parent of a process, from /proc/<pid>/stat. */
function procStat(pid: string): { ppid: number; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // rest[0] is field 3 (state): ppid is field 4, utime…cstime fields 14–17.
    return { ppid: rest[1] ?? 0, ticks: (rest[11] ?? 0) + (rest[12] ?? 0) + (rest[13] ?? 0) + (rest[14] ?? 0) };
  } catch {
    return null;
  }
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
    const stats = new Map<number, { ppid: number; ticks: number }>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const st = procStat(pid);
      if (st) stats.set(Number(pid), st);
    }
    let ours = 0;
    const queue = [process.pid];
    const seen = new Set<number>();
    while (queue.length) {
      const pid = queue.pop() as number;
      if (seen.has(pid)) continue;
      seen.add(pid);
      ours += stats.get(pid)?.ticks ?? 0;
      for (const [child, st] of stats) if (st.ppid === pid) queue.push(child);
    }
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
