/**
 * Numbered error messages, in one place (as React Flow keeps its `errorMessages`), so a
 * message a teacher reads aloud can be looked up, and tests can name the case they expect.
 * English, for Node users; the simulator's page takes these rows into its English dictionary
 * (the one spelling) and says them in the page's language, matched by number.
 */
export const ERROR_MESSAGES = {
  E101: 'Config must be an object of settings.',
  E102: 'Config has settings this simulator does not know: %s.',
  E103: 'remindAt, fuseAt and maxAttemptsPerStep must be whole numbers.',
  E104: 'Loop guard config must satisfy 1 ≤ remindAt < fuseAt ≤ maxAttemptsPerStep (got %s).',
  E105: 'Checkpoint density must be key_actions, every_step or every_n (got %s).',
  E106: 'everyN must be a whole number of at least 1.',
  E107: 'processTimeoutMs must be null (never) or a positive whole number of milliseconds.',
  E108: 'pollMs must be a positive whole number of milliseconds.',
  E109: 'flakiness must be a number from 0 up to (not including) 1.',
  E110: 'heedReminder must be a number from 0 to 1 (the chance the model changes approach after a reminder).',
  E111: 'guard must be article (tool + args + error type, remind before fuse) or tool-only (got %s).',
  E201: 'This is not JSON: %s',
  E202: 'This is not a Harness Sim checkpoint (no "schema" field naming harness-sim.checkpoint).',
  E203: 'This checkpoint has schema %s; this simulator reads harness-sim.checkpoint/1.',
  E204: 'This checkpoint is %s bytes; the limit is 1 MiB.',
  E205: 'This checkpoint is damaged: %s.',
  E206: 'This checkpoint names scenario "%s", which this simulator does not have.',
  E301: 'Unknown scenario "%s".',
  E401: 'The edit cannot be applied: %s.',
} as const;

/**
 * The stores' refusals (stores/records.ts), E701–E707: `E70n: what it means (the detail).`
 */
export const STORE_ERROR_MESSAGES = {
  E701: 'The checkpoint was not stored (%s).',
  E702: 'This record is not a checkpoint of ours (%s).',
  E703: 'This checkpoint is damaged or does not fit its plan (%s).',
  E704: 'This checkpoint is stored under a run or number that is not its own (%s).',
  E705: 'The storage failed (%s).',
  E706: 'Another process holds run %s.',
  E707: 'Run %s exists already: a run id is never reused (resume it, or start under a new id).',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The message for `code`, with `%s` filled by `detail`, prefixed by its number. */
export function errorText(code: ErrorCode, detail = ''): string {
  return `${code}: ${ERROR_MESSAGES[code].replace('%s', detail)}`;
}
