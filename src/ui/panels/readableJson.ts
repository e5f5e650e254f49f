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
    const entries = jsonEntries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${readableJson(x, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The entries JSON.stringify writes of an object. */
const jsonEntries = (value: object): [string, unknown][] =>
  Object.entries(value).filter(([, x]) => x !== undefined && typeof x !== 'function');

interface JsonPiece {
  /** Stable across checkpoints: the top-level key and which `per` lines of its entry. */
  key: string;
  text: string;
}

/**
 * readableJson(value) in pieces, for the page: a piece per top-level entry, and an entry of
 * many lines (the ledger and the refs, one element a line) in pieces of `per` lines. The next
 * checkpoint changes a few pieces (the header fields, the last lines of the ledger); the page
 * keeps the other pieces' text as it is, and the browser lays out only what changed instead of
 * a long run's whole 50 kB. The pieces joined are exactly readableJson(value).
 */
export function readableJsonPieces(value: unknown, per = 25): JsonPiece[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [{ key: '', text: readableJson(value) }];
  const entries = jsonEntries(value);
  if (entries.length === 0) return [{ key: '', text: '{}' }];
  const pieces: JsonPiece[] = [];
  entries.forEach(([k, x], i) => {
    const before = i === 0 ? '{\n' : '';
    const after = i === entries.length - 1 ? '\n}' : ',\n';
    // Each line keeps its newline; a piece is `per` of them.
    const lines = `${before}  ${JSON.stringify(k)}: ${readableJson(x, '  ')}${after}`.split(/(?<=\n)/);
    for (let j = 0; j < lines.length; j += per)
      pieces.push({ key: `${JSON.stringify(k)}:${j / per}`, text: lines.slice(j, j + per).join('') });
  });
  return pieces;
}
