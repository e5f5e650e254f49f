/** A table of numbered messages (`E504: 'Checkpoint #%s was not saved: %s'`) as dictionary rows. */
type Numbered<T> = { [K in keyof T as `err.${K & string}`]: string };

/**
 * Each row keyed `err.<code>`, its `%s` numbered in turn (`{0}`, `{1}`…): the places a
 * translation may reorder, and the parts `localizeError` reads back out of an English message.
 */
export function numbered<T extends Record<string, string>>(table: T): Numbered<T> {
  const rows: Record<string, string> = {};
  for (const [code, text] of Object.entries(table)) {
    let i = 0;
    rows[`err.${code}`] = text.replace(/%s/g, () => `{${i++}}`);
  }
  return rows as Numbered<T>;
}

/** A numbered row with its `{n}` filled from `parts` (the dictionary's own filling, for a message built outside the page). */
export const fill = (row: string, parts: readonly (string | number)[]): string =>
  row.replace(/\{(\d+)\}/g, (_, n: string) => String(parts[Number(n)] ?? ''));
