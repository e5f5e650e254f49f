import type { Said } from '../../i18n/words';
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

/** Numbers the rows 1..N into steps. */
export function stepsFromRows(rows: readonly StepRow[]): Step[] {
  return rows.map(([phase, tool, effect, zh, en, args, produces, renames], i) => ({
    n: i + 1,
    title: { zh, en },
    tool,
    args,
    effect,
    phase,
    ...(produces === undefined ? {} : { produces }),
    ...(renames === undefined ? {} : { renames }),
  }));
}
