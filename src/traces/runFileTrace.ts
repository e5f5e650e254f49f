import { findScenario, restoreContext, type Checkpoint } from '../engine';
// The run file has one reader, persistence's parseRunFile (STYLE 14): the traces' lint block
// keeps storage out of this folder, and this import is the one exception it allows, for that.
// eslint-disable-next-line no-restricted-imports
import { parseRunFile } from '../persistence/runFile';
import { Refused } from './errors';
import type { Trace, TraceCall } from './types';

/**
 * This project's own run file, read as a trace: the ledger of its newest checkpoint (the whole
 * history of attempts: a checkpoint keeps the ledger) as calls, so a simulated run and a real
 * agent's trace go through the same analysis.
 */

/** The run file's text, checked in full by the import's own parser, then its newest checkpoint as calls. */
export async function runFileTrace(text: string): Promise<Trace> {
  const parsed = await parseRunFile(text);
  if (!parsed.ok) throw new Refused('E648', parsed.error);
  const newest = parsed.checkpoints.at(-1);
  return newest
    ? traceOfCheckpoint(newest)
    : {
        format: 'run-file',
        calls: [],
        skipped: {},
        tokensNotAttributed: { afterLastCall: 0, unplaced: 0 },
        cache: { read: 0, written: 0 },
      };
}

/**
 * A checkpoint's ledger as calls: an attempt that went through is an ok call, a failed or
 * rejected one a failed call of its error type; a person's skip or edit is no call (counted as
 * skipped). The ledger keeps no tokens per attempt, only the run's meter: those tokens are
 * given but placed nowhere, so none count after a fuse.
 */
function traceOfCheckpoint(cp: Checkpoint): Trace {
  const scenario = findScenario(cp.scenario);
  // parseRunFile refused every file whose scenario this simulator lacks.
  if (!scenario) throw new Refused('E648', `scenario ${cp.scenario} is not one this simulator has`);
  const { ledger } = restoreContext(cp, scenario);
  const calls: TraceCall[] = [];
  const skipped: Record<string, number> = {};
  for (const a of ledger) {
    if (a.outcome !== 'ok' && a.outcome !== 'error' && a.outcome !== 'rejected') {
      const kind = `ledger:${a.outcome}`;
      skipped[kind] = (skipped[kind] ?? 0) + 1;
      continue;
    }
    const ok = a.outcome === 'ok';
    calls.push({
      index: calls.length,
      tool: a.tool,
      args: a.input.args,
      // The engine's own canonical args (restoreContext made them): the keys the simulator counted.
      argsKey: a.args,
      ok,
      errorType: ok ? null : (a.error?.type ?? a.outcome),
      tokens: 0,
      start: null,
      // What a step produced is its result; a step with no artifact records none.
      result: ok && a.ref ? `ref:${a.ref}` : null,
    });
  }
  return {
    format: 'run-file',
    calls,
    skipped,
    tokensNotAttributed: { afterLastCall: 0, unplaced: cp.meters.tokens },
    cache: { read: 0, written: 0 },
  };
}
