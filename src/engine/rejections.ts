import type { Bilingual, Step } from 'harness-core';
import { stepRow, titleOf } from './stepWords';

/**
 * How the simulated model answers a person's rejection (SPEC §2, 自测 2): the reason is feedback,
 * not a verdict. When it asks for a backup first ("back up the orders table first", 先备份 orders
 * 表), the model inserts a backup step before the rejected one (the plan's version moves); the
 * backup runs as its own step, then the change is asked for again. Any other reason gets no new
 * step: the model retries the call another way (modelChoices.ts). Pure, so a resumed run answers
 * as the run that never stopped.
 */

const BACKUP_TABLE = stepRow('step.backup.table', { zh: '备份 {table} 表', en: 'Back up the {table} table' });
const BACKUP_PATH = stepRow('step.backup.path', { zh: '备份 {path}', en: 'Back up {path}' });
const BACKUP_ALL = stepRow('step.backup.all', { zh: '先做一次整体备份', en: 'Take a full backup first' });

const ASKS_FOR_BACKUP = /back\s*up|backup|备份/i;
/** The table a statement changes or reads. */
const TABLE_IN_SQL =
  /\b(?:ALTER\s+TABLE|UPDATE|DELETE\s+FROM|INSERT\s+INTO|DROP\s+TABLE|TRUNCATE(?:\s+TABLE)?|FROM)\s+(\w+)/i;
/** The table a reason names: "the orders table", "orders 表". */
const TABLE_IN_REASON = /(\w+)\s*(?:table|表)/i;

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The backup step to insert before `step` for `reason`, if the reason asks for one. */
export function answerRejection(step: Step, reason: string): Omit<Step, 'n'>[] {
  if (!ASKS_FOR_BACKUP.test(reason)) return [];
  const backup = (tool: Step['tool'], title: Bilingual, args: Step['args'], produces: string): Omit<Step, 'n'>[] => [
    { phase: step.phase, tool, effect: 'side_effect', title, args, produces },
  ];
  const sql = text(step.args.sql);
  const table = (sql && TABLE_IN_SQL.exec(sql)?.[1]) ?? TABLE_IN_REASON.exec(reason)?.[1];
  if (table) {
    const title = titleOf({ key: BACKUP_TABLE, params: { table } });
    return backup(
      'run_sql',
      title,
      { sql: `CREATE TABLE ${table}_backup AS SELECT * FROM ${table}` },
      `table#${table}_backup`,
    );
  }
  const path = text(step.args.path) ?? text(step.args.file);
  if (path)
    return backup(
      'shell',
      titleOf({ key: BACKUP_PATH, params: { path } }),
      { cmd: `cp -a ${path} ${path}.bak` },
      `${path}.bak`,
    );
  return backup('shell', titleOf(BACKUP_ALL), { cmd: 'backup --all' }, 'backup#before-change');
}

/**
 * The title `answerRejection` gave `step`, made again from its args (a step read back from a
 * checkpoint: stepWords.ts `relinkTitles`), or undefined for a step it did not make.
 */
export function answerTitle(step: Step): Bilingual | undefined {
  const sql = text(step.args.sql);
  const cmd = text(step.args.cmd);
  const table = sql && /^CREATE TABLE (\w+)_backup AS SELECT \* FROM \1$/.exec(sql)?.[1];
  if (table) return titleOf({ key: BACKUP_TABLE, params: { table } });
  const path = cmd && /^cp -a (.+) \1\.bak$/.exec(cmd)?.[1];
  if (path) return titleOf({ key: BACKUP_PATH, params: { path } });
  return cmd === 'backup --all' ? titleOf(BACKUP_ALL) : undefined;
}
