/**
 * What a guard works out and the action after it reuses (the step's next execution, the
 * checkpoints around it, the stored ledger rows), kept per run. One instance belongs to one run
 * and is shared by all its contexts, so two runs on one page (the compare view) never share or
 * clobber each other's results (STYLE §15). One slot each, keyed by identity: a map from every
 * context would chain the whole run's contexts together and never free a long run.
 */
export class RunMemo {
  execution: { key: object; value: unknown } | null = null;
  step: { key: object; value: unknown } | null = null;
  stored: { ledger: readonly unknown[]; steps: readonly unknown[]; rows: readonly unknown[] } | null = null;

  /** The value kept in `slot` for `key`, or undefined (no closure: this is on every tick). */
  get<T>(slot: 'execution' | 'step', key: object): T | undefined {
    const hit = this[slot];
    return hit?.key === key ? (hit.value as T) : undefined;
  }

  set<T>(slot: 'execution' | 'step', key: object, value: T): T {
    this[slot] = { key, value };
    return value;
  }

  /** Not part of a run's data: left out of any JSON of a context. */
  toJSON(): undefined {
    return undefined;
  }
}
