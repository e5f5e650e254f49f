/**
 * Results kept per run so the engine does not work them out twice (speed devices:
 * docs/design/speed.md). One instance belongs to one run and is shared by all its contexts, so
 * two runs on one page (the compare view) never share or clobber each other's results (STYLE
 * §15). One slot each, keyed by identity: a map from every context would chain the whole run's
 * contexts together and never free a long run.
 */
export class RunMemo {
  /** A running TICK's step and the checkpoints around it: its emit and its assign both read it. */
  step: { key: object; value: unknown } | null = null;
  /** The ledger rows of the last checkpoint: the next one reuses those of the common prefix. */
  stored: { ledger: readonly unknown[]; steps: readonly unknown[]; rows: readonly unknown[] } | null = null;

  /** Not part of a run's data: left out of any JSON of a context. */
  toJSON(): undefined {
    return undefined;
  }
}
