import { ERROR_MESSAGES, STORE_ERROR_MESSAGES } from 'harness-core';
import { numbered } from './numbered';
import { ENGINE_WHY, fillIn } from '../engine/why';

/**
 * The numbered messages in English, each written once. The storage (E5xx, E6xx) and trace
 * (E640–E659) rows are written here; `persistence/errors.ts` and `traces/errors.ts` fill them
 * (`%s` in turn), and the dictionary takes them as `{0}`, `{1}`… so another language may put
 * the parts in its own order. The engine's (E1xx–E4xx) and the stores' (E7xx) are harness-core's.
 */
export const STORAGE_MESSAGES = {
  E501: 'IndexedDB is unavailable (%s): this run is kept in memory only, and a reload will not resume it.',
  E502: 'Storage is full (%s): %s. Deleting finished runs makes room.',
  E503: 'Checkpoint #%s of run %s is not newer than the stored newest (#%s): the newer one is kept.',
  E504: 'Checkpoint #%s was not saved: %s',
  E505: 'A run with id %s exists already.',
  E506: 'There is no run %s.',
  E507: 'The stored index of run %s is unreadable (%s); nothing was written to it.',
  E508: 'Storage failed (%s): %s.',
  E510: 'Not a Harness Sim record (no schema id of ours).',
  E511: 'Stored with schema %s; this simulator reads %s.',
  E512: 'The record is %s bytes; the limit is 1 MiB.',
  E513: 'The record is damaged: %s.',
  E514: 'Checkpoint #%s lost part of its %s: chunk %s is missing.',
  E515: 'Checkpoint #%s cannot read a %s chunk (%s): %s',
  E516: 'A key this simulator does not use: %s.',
  E517: 'Run %s has no checkpoint #%s.',
  E509: 'The run cannot be saved: %s.',
  E519: "Another tab drives run %s now: checkpoint #%s of this tab was not stored (the other tab's are).",
  E520: 'Checkpoint #%s has not been written after %s s: storage is not answering. Play is stopped and the page shows the last checkpoint that is durable; it goes on once the write lands.',
  E521: 'Checkpoint #%s is stored under %s, but it is %s: copied or moved by hand. It is left where it is, and not read.',
  E518: 'IndexedDB did not answer within %s ms: this run is kept in memory for now; the page keeps asking and moves the run to IndexedDB once it answers.',
  E601: 'This file is %s bytes; the limit is 20 MiB.',
  E602: 'This file is not JSON: %s',
  E603: 'This is not a Harness Sim run file (no "format" field naming harness-sim.run).',
  E604: 'This run file has format %s; this simulator reads harness-sim.run/1.',
  E605: 'The run in this file is malformed: %s.',
  E606: 'Checkpoint %s of this file is refused: %s',
  E607: 'This file mixes runs: checkpoint %s belongs to %s, the file is run %s.',
  E608: 'This file holds checkpoint #%s twice.',
  E610: 'Checking this file took more than %s s (stopped at checkpoint %s): nothing was imported, and what is stored is unchanged.',
  E611: 'The file could not be read (%s): nothing was imported. It may have been moved or deleted since it was picked.',
  E609: 'Even its newest checkpoint makes a file of more than the 20 MiB an import reads.',
} as const;

/** A trace this page refuses, next to the run file's E601–E611. */
export const TRACE_MESSAGES = {
  E640: 'This file is %s bytes; a trace may be at most 50 MiB.',
  E641: 'This file is empty or not text.',
  E642: 'This is not JSON or JSON lines (%s).',
  E643: 'This is not a trace this page reads (it reads %s).',
  E644: 'Field %s nests deeper than 32 levels, as a run file may not.',
  E645: 'Field %s: a prototype key (__proto__, constructor, prototype) is refused.',
  E646: 'Field %s: %s is not a number this page accepts (%s).',
  E647: 'Field %s holds a text of %s characters; the limit is 1,048,576.',
  E648: 'This run file is refused: %s',
  E649: 'Field %s is malformed: %s.',
  E650: 'The guard needs 1 ≤ remindAt < fuseAt, whole numbers (got %s).',
  E651: 'Every N needs N to be a whole number of at least 1 (got %s).',
  E652: 'This file could not be read (%s).',
} as const;

/**
 * Parts said inside a numbered message, so the page says them in its language too: what a failed
 * write lost (E502, E508: `persistence/records.ts` `writeFailure`), why a record was refused
 * (E504, E509, E513, E606), why a person's edit was (E401: `engine/takeover.ts`,
 * `store/branches.ts`) and why a checkpoint names a tool this simulator has not got (E205).
 */
export const PART_MESSAGES = {
  'lost.checkpoint': 'checkpoint #%s was not saved',
  'lost.run': 'run %s was not saved',
  'lost.runs': 'the runs were not saved',
  'lost.deleted': 'run %s was not deleted',
  'lost.imported': 'the run was not imported',
  'why.tooBig': 'it is %s bytes; the limit is 1 MiB',
  'why.noJson': 'it has no JSON form',
  'why.runIdTaken': 'run id %s is not a fresh id of 1 to 200 characters',
  'why.notNext': 'it is not the next checkpoint of run %s',
  'why.runIdText': 'its id must be text of 1 to 200 characters',
  'why.unknownScenario': 'scenario %s is unknown',
  'why.seed': 'its seed must be a whole number from 0 to 2^53 − 1',
  'why.chunkMissing': 'the chunk is missing',
  'why.chunkHash': 'its content does not match its hash',
  'why.chainShort': 'the chain ends after %s of %s chunks',
  'why.chunkRows': 'it holds %s rows, not %s',
  'why.chainLong': 'the chain goes on past its %s chunks',
  'why.notText': 'it is not text',
  'why.renamedTooBig': 'under the new id %s it would pass 1 MiB',
  'why.notFinite': 'it is not finite',
  'why.countWhole': 'a count must be a whole number ≥ 0',
  'why.intValue': 'an intValue must be a whole number',
  'why.doubleValue': 'a doubleValue must be a number',
  ...ENGINE_WHY,
} as const;

/** A part of a numbered message in English, each `%s` filled in turn; the page translates it (`localizeError`). */
export const part = (what: keyof typeof PART_MESSAGES, ...details: (string | number)[]): string =>
  fillIn(PART_MESSAGES[what], details);

/** Every numbered message as the English dictionary holds it: `err.E504` → `Checkpoint #{0} was not saved: {1}`. */
export const errors = numbered({
  ...ERROR_MESSAGES,
  ...STORE_ERROR_MESSAGES,
  ...STORAGE_MESSAGES,
  ...TRACE_MESSAGES,
  ...PART_MESSAGES,
});
