/**
 * Why the engine refuses a person's edit (E401: `takeover.ts`; the page's `store/branches.ts`)
 * or a checkpoint's tool (E205: `codec.ts`), in English, each `%s` a part. The page says them in
 * its language: `i18n/en.errors.ts` takes these rows in as parts of numbered messages, and each
 * language's dictionary has them (`localizeError`).
 */
export const ENGINE_WHY = {
  'why.runCompleted': 'the run is already completed',
  'why.noEditFrom': 'there is no checkpoint to edit yet',
  'why.stepRange': 'step must be a step not yet done, from %s to %s',
  'why.noStep': 'there is no step %s',
  'why.stepSkipped': 'step %s is already skipped',
  'why.refNeeded': 'step %s produces an artifact: give its reference',
  'why.refLong': 'the reference is longer than 200 characters',
  'why.argsShape': 'args must be an object of text, number or true/false values',
  'why.argsKeys': 'args may have at most %s keys',
  'why.argsKeyChars': 'args keys must be at most %s characters and not __proto__, constructor or prototype',
  'why.argsValueChars': 'each args value must be at most %s characters',
  'why.argsChars': 'args must be at most %s characters as JSON',
  'why.unknownTool': 'a step uses tool %s, which this simulator does not have',
} as const;

/** An English row with each `%s` filled in turn from `details` (the numbered messages' form too). */
export function fillIn(row: string, details: readonly (string | number)[]): string {
  let i = 0;
  return row.replace(/%s/g, () => String(details[i++] ?? ''));
}

/** A reason, each `%s` filled in turn from `details`. */
export const why = (key: keyof typeof ENGINE_WHY, ...details: (string | number)[]): string =>
  fillIn(ENGINE_WHY[key], details);
