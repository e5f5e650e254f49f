import type { Said } from '../../i18n/words';
import { stepRow, titleOf, type StepKey } from '../stepWords';
import type { Args, Config, InjectableError, PlanMode, Step } from 'harness-core';

/** How the simulated model's attempt number k at a step goes, when the scenario says so. */
export interface ScriptedAttempt {
  /** The args the model uses on this attempt (a different path, the next configuration). */
  args?: Args;
  /** The tool fails with this error on this attempt. */
  fail?: InjectableError;
}

/** A preset of SPEC §7: plain data, deterministic for a seed. */
export interface Scenario {
  id: string;
  title: Said;
  summary: Said;
  mode: PlanMode;
  steps: readonly Step[];
  /** Per step number, attempt k (index k - 1) of the model's behaviour. */
  script?: Readonly<Record<number, readonly ScriptedAttempt[]>>;
  /** Steps a revision of a dynamic plan inserts after the current step. */
  replanAdds?: readonly Omit<Step, 'n'>[];
  /** A dynamic plan revises itself when it first reaches this step. */
  autoReplanAt?: number;
  config?: Partial<Config>;
  /** Small enough for the four-state simple mode (pending / running / done / failed). */
  simple?: boolean;
}

/** A compact row for writing plans as tables: [phase, tool, effect, zh, en, args, produces?, renames?]. */
export type StepRow = readonly [
  phase: string,
  tool: Step['tool'],
  effect: Step['effect'],
  zh: string,
  en: string,
  args: Args,
  produces?: string,
  renames?: string,
];

/**
 * Numbers the rows 1..N into steps. Row i's title is the words `step.<prefix>.<i>` (its zh and
 * en rows recorded in stepWords.ts, which the dictionaries take in); `said` may wrap them.
 */
export function stepsFromRows(
  rows: readonly StepRow[],
  key: (i: number) => StepKey,
  said: (i: number, key: StepKey) => Said = (_, k) => k,
): Step[] {
  return rows.map(([phase, tool, effect, zh, en, args, produces, renames], i) => ({
    n: i + 1,
    title: titleOf(said(i, stepRow(key(i), { zh, en }))),
    tool,
    args,
    effect,
    phase,
    ...(produces === undefined ? {} : { produces }),
    ...(renames === undefined ? {} : { renames }),
  }));
}

/** Row i's key in a scenario's own rows: `step.<id>.<i + 1>`. */
export const keyIn =
  (id: string) =>
  (i: number): StepKey =>
    `step.${id}.${i + 1}`;
