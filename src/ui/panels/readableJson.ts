/**
 * JSON for people: objects one key a line, as `JSON.stringify(v, null, 2)` writes them, but an
 * array of objects one element a line and an array of plain values on one line. A long run's
 * checkpoint then reads as one line per ledger attempt, in about a fifth of the lines (which
 * the page lays out whenever a checkpoint is written). The text is still JSON of the same value.
 */
export function readableJson(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (!value.some((x) => typeof x === 'object' && x !== null)) return JSON.stringify(value);
    const inner = `${indent}  `;
    return `[\n${value.map((x) => inner + (JSON.stringify(x) ?? 'null')).join(',\n')}\n${indent}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, x]) => x !== undefined && typeof x !== 'function');
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${readableJson(x, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
