import type { Args, Step } from 'harness-core';

/**
 * What the simulated model does when it changes its approach (after a system-reminder, or told
 * by a person): another call to the same end, never the same call with a marker. The article's
 * way out of a loop is 换路径 (another path): read the backup copy, ask the statistics instead
 * of counting, write somewhere else, give the command a time limit, load asynchronously. The
 * k-th change (k ≥ 1) gives the k-th such call, each different from the others, so each is a
 * new loop key. Pure: a resumed run changes its approach exactly as the run that never stopped.
 */

/** A row count by scanning (the stuck query) answered from the statistics the database keeps. */
const COUNT = /^select\s+count\(\*\)/i;
const COUNT_INSTEAD = [
  'SELECT relname, n_live_tup FROM pg_stat_user_tables',
  "SELECT relname, reltuples FROM pg_class WHERE relkind = 'r'",
];

function otherSql(sql: string, k: number): string {
  if (COUNT.test(sql)) {
    const instead = COUNT_INSTEAD[k - 1];
    if (instead) return instead;
  }
  // Any other query: the same statement, given the time it needs, in a transaction of its own.
  return `SET statement_timeout = '${5 * k}min'; ${sql}`;
}

/** The call the model makes instead of `args` on its k-th change of approach at `step`. */
export function changedArgs(step: Step, args: Args, k: number): Args {
  if (k <= 0) return args;
  const str = (v: unknown): v is string => typeof v === 'string';
  const where = k === 1 ? 'backup' : `backup-${k}`;
  switch (step.tool) {
    case 'run_sql':
      if (str(args.sql)) return { ...args, sql: otherSql(args.sql, k) };
      break;
    case 'read_file':
      // The file as the last backup kept it.
      if (str(args.path)) return { ...args, path: `${where}/${args.path}` };
      break;
    case 'write_file':
      // Written beside the old one, then moved into place.
      if (str(args.path)) return { ...args, path: `${args.path}.new${k === 1 ? '' : k}` };
      break;
    case 'shell':
      if (str(args.cmd)) return { ...args, cmd: `timeout ${10 * k}m ${args.cmd}` };
      break;
    case 'http_call':
      if (str(args.url)) return { ...args, url: `${args.url}/async${k === 1 ? '' : `?part=${k}`}` };
      break;
  }
  // A call with none of these: its first text argument, sent to the fallback instead.
  const key = Object.keys(args).find((a) => str(args[a]));
  return key ? { ...args, [key]: `${where}:${String(args[key])}` } : { ...args, fallback: where };
}
