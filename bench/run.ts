/**
 * `npm run bench [-- <filter>...]`: runs the benchmark modules in order, prints one table of
 * figures, and writes the same figures as JSON to bench/out/results.json.
 *
 * A module is `bench/<name>.ts` exporting `run(): Promise<Figure[]>` (see bench/lib.ts). To add
 * one, write the file and put its name in MODULES. A listed module whose file does not exist
 * yet is reported as skipped, so the list can name modules before they are written.
 *
 * Filters pick modules by name (substring): `npm run bench -- engine` runs only the engine.
 * OPT_IN modules run only when a filter names them.
 * Exit code: 0 when every module ran (a missed target is reported, not fatal), 1 when a module
 * failed, 2 for a filter that matches nothing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BenchModule, Figure } from './lib';
import { OTHER_PROCESSES, meets } from './lib';

/** In the order they run. */
const MODULES = ['engine', 'harnessCore', 'timeline', 'untrusted', 'traces', 'browser', 'storage', 'class'] as const;
/** Run only when a filter names them (slow, or an outside tool): `npm run bench -- lighthouse`. */
const OPT_IN = ['lighthouse', 'speed'] as const;

interface ModuleResult {
  name: string;
  status: 'ok' | 'skipped' | 'error';
  seconds: number;
  figures: Figure[];
  /** Why a module was skipped. */
  reason?: string;
  /** What went wrong when it failed (the stack). */
  error?: string;
  /** Cores other processes kept busy while it ran (null: unknown). */
  other?: number | null;
}

function cpuModel(): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const model = /^model name\s*:\s*(.+)$/m.exec(info)?.[1]?.trim();
    const mhz = /^cpu MHz\s*:\s*([\d.]+)$/m.exec(info)?.[1];
    if (model) return mhz ? `${model} @ ${(Number(mhz) / 1000).toFixed(1)} GHz` : model;
  } catch {
    // not Linux: fall back to what Node reports
  }
  return cpus()[0]?.model ?? 'unknown';
}

function machine() {
  return {
    cpu: cpuModel(),
    cores: cpus().length,
    node: process.version,
    v8: process.versions.v8,
    os: `${platform()} ${release()}`,
  };
}

/** Busy CPU time of the whole machine so far, in ms (Linux), or null elsewhere. */
function machineBusyMs(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    // user nice system idle iowait irq softirq steal …: everything but idle and iowait.
    const busy = fields.reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + v), 0);
    return (busy * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) of this process and of its children that have ended and been waited for
 * (Chromium and its renderers, once a module closes them): /proc/self/stat's utime, stime,
 * cutime and cstime. Without /proc, this process alone.
 */
function ownBusyMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces) in its parentheses; utime is the 14th field.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return ((fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0)) * 10; // USER_HZ is 100
  } catch {
    const own = process.cpuUsage();
    return (own.user + own.system) / 1000;
  }
}

/**
 * How many cores other processes kept busy, on average, while a module ran: the machine's
 * busy time minus this process's own and its children's, over wall time. A module that runs
 * a browser measures it itself (its renderers are not this process's children once closed);
 * its own figure is taken instead.
 */
function otherLoad(
  startBusy: number | null,
  startOwn: number,
  startWall: number,
  figures: readonly Figure[],
): number | null {
  const measured = figures.find((f) => f.name === OTHER_PROCESSES);
  if (measured) return measured.value;
  const busy = machineBusyMs();
  if (startBusy === null || busy === null) return null;
  const wall = performance.now() - startWall;
  return Math.max(0, (busy - startBusy - (ownBusyMs() - startOwn)) / wall);
}

function isFigure(f: unknown): f is Figure {
  if (typeof f !== 'object' || f === null) return false;
  const o = f as Record<string, unknown>;
  return typeof o.name === 'string' && typeof o.value === 'number' && typeof o.unit === 'string';
}

async function runModule(name: string): Promise<ModuleResult> {
  const url = new URL(`./${name}.ts`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) {
    return { name, status: 'skipped', seconds: 0, figures: [], reason: `bench/${name}.ts does not exist yet` };
  }
  process.stderr.write(`▶ ${name}\n`);
  const t0 = performance.now();
  const busy0 = machineBusyMs();
  const own0 = ownBusyMs();
  try {
    const mod = (await import(url.href)) as Partial<BenchModule>;
    if (typeof mod.run !== 'function') throw new Error(`bench/${name}.ts does not export run()`);
    const figures = await mod.run();
    if (!Array.isArray(figures) || !figures.every(isFigure))
      throw new Error(`bench/${name}.ts run() did not return Figure[]`);
    // A module may leave `ok` out: it follows from the target.
    const filled = figures.map((f) => (f.target && f.ok === undefined ? { ...f, ok: meets(f.value, f.target) } : f));
    return {
      name,
      status: 'ok',
      seconds: (performance.now() - t0) / 1000,
      figures: filled,
      other: otherLoad(busy0, own0, t0, filled),
    };
  } catch (e) {
    const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
    return { name, status: 'error', seconds: (performance.now() - t0) / 1000, figures: [], error };
  }
}

/** Readable numbers: separators for big ones, a few decimals for small ones. */
function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  const digits = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3;
  return v.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function formatTarget(f: Figure): string {
  return f.target ? `${f.target.op === '>=' ? '≥' : '≤'} ${formatValue(f.target.value)}` : '';
}

function formatMet(f: Figure): string {
  return f.ok === undefined ? '' : f.ok ? 'yes' : 'MISSED';
}

function table(results: ModuleResult[]): string {
  const header = ['figure', 'value', 'unit', 'target', 'met'];
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const r of results) {
    for (const f of r.figures) {
      let name = f.name;
      if (f.note) {
        notes.push(`[${notes.length + 1}] ${f.note}`);
        name += ` [${notes.length}]`;
      }
      rows.push([name, formatValue(f.value), f.unit, formatTarget(f), formatMet(f)]);
    }
  }
  const width = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const right = [false, true, false, false, false];
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(width[i] as number) : c.padEnd(width[i] as number)))
      .join('  ')
      .trimEnd();
  const out = [line(header), width.map((w) => '─'.repeat(w)).join('  ')];
  for (const r of rows) out.push(line(r));
  if (notes.length) out.push('', ...notes);
  return out.join('\n');
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const named = (m: string) => filters.some((f) => m.includes(f));
  const selected = [...MODULES.filter((m) => filters.length === 0 || named(m)), ...OPT_IN.filter(named)];
  if (selected.length === 0) {
    process.stderr.write(
      `No benchmark module matches ${filters.join(', ')}. Modules: ${[...MODULES, ...OPT_IN].join(', ')}\n`,
    );
    return 2;
  }

  const results: ModuleResult[] = [];
  for (const name of selected) results.push(await runModule(name));
  // Weighted by each module's wall time.
  const timed = results.filter((r) => r.other !== undefined && r.other !== null && r.seconds > 0);
  const seconds = timed.reduce((n, r) => n + r.seconds, 0);
  const other = seconds > 0 ? timed.reduce((n, r) => n + (r.other as number) * r.seconds, 0) / seconds : null;
  const info = { ...machine(), otherProcessesCores: other === null ? null : Number(other.toFixed(2)) };

  console.log(`\nHarness Sim benchmarks — ${info.cpu}, ${info.cores} cores, Node ${info.node}, ${info.os}`);
  if (other !== null) {
    const busy = other >= 0.25 ? ': figures read low, run again on a quieter machine' : '';
    console.log(`Other processes kept ${other.toFixed(2)} of ${info.cores} cores busy during the run${busy}`);
  }
  console.log('');
  const measured = results.filter((r) => r.status === 'ok');
  if (measured.length) console.log(table(measured));
  for (const r of results) {
    if (r.status === 'ok') console.log(`\n${r.name}: ${r.figures.length} figures in ${r.seconds.toFixed(1)} s`);
    else if (r.status === 'skipped') console.log(`\n${r.name}: skipped (${r.reason})`);
    else console.log(`\n${r.name}: FAILED after ${r.seconds.toFixed(1)} s\n${r.error}`);
  }
  const missed = measured.flatMap((r) => r.figures.filter((f) => f.ok === false));
  const targeted = measured.flatMap((r) => r.figures.filter((f) => f.ok !== undefined));
  if (missed.length)
    console.log(`\nMissed targets (${missed.length} of ${targeted.length}): ${missed.map((f) => f.name).join('; ')}`);
  else if (targeted.length) console.log(`\nAll ${targeted.length} targets met.`);

  const outDir = new URL('./out/', import.meta.url);
  mkdirSync(outDir, { recursive: true });
  const file = new URL('results.json', outDir);
  const json = {
    date: new Date().toISOString(),
    command: `npm run bench${filters.length ? ` -- ${filters.join(' ')}` : ''}`,
    machine: info,
    modules: results,
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`Written: ${fileURLToPath(file)}`);

  return results.some((r) => r.status === 'error') ? 1 : 0;
}

process.exitCode = await main();
