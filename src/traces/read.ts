import { isObject, quote, utf8Length } from '../engine';
import { claudeTrace, isClaudeLine } from './claudeCode';
import { Refused } from './errors';
import { MAX_TRACE_BYTES, checkStructure } from './limits';
import { isOtlpDocument, otlpTrace } from './otlp';
import { runFileTrace } from './runFileTrace';
import type { ReadResult, Trace, TraceFormat } from './types';

/** A document of the file and where it sits, for messages: '' for a whole file, `line N` in JSON lines. */
interface Doc {
  doc: unknown;
  where: string;
}

/**
 * The formats a trace file may be, each with how a document of it is told (`sniff`) and read:
 * the one list the page names them from (ui/traces/words.ts), in the order it names them. A
 * document is of at most one. To add a format: its reader, an entry here, a sample (samples/),
 * and its name in the dictionaries (`traces.format.<id>`).
 */
export const TRACE_FORMATS = [
  {
    id: 'otlp',
    sniff: isOtlpDocument,
    lines: true,
    /** JSON lines may mix other documents in; they are skipped and counted. */
    read: (docs: readonly Doc[], _text: string, skipped: Record<string, number>): Trace => {
      const mine = docs.filter((d) => isOtlpDocument(d.doc));
      if (mine.length < docs.length) skipped['line:other'] = docs.length - mine.length;
      return otlpTrace(mine, skipped);
    },
  },
  {
    id: 'claude-code',
    sniff: isClaudeLine,
    lines: true,
    /** A transcript of one line is a whole JSON document too: that is its line 1. */
    read: (docs: readonly Doc[], _text: string, skipped: Record<string, number>): Trace =>
      claudeTrace(
        docs.map((d) => (d.where === '' ? { ...d, where: 'line 1' } : d)),
        skipped,
      ),
  },
  {
    id: 'run-file',
    sniff: (doc: unknown) =>
      isObject(doc) && typeof doc.format === 'string' && doc.format.startsWith('harness-sim.run'),
    /** One JSON document, never lines: it is read from the text by the run file's own codec. */
    lines: false,
    read: (_docs: readonly Doc[], text: string): Promise<Trace> => runFileTrace(text),
  },
] as const satisfies readonly { id: TraceFormat; sniff: (doc: unknown) => boolean; lines: boolean; read: unknown }[];
/** Compile-time: every format of TRACE_FORMAT_IDS has its reader here. @public (a check, not an API) */
export const TRACE_FORMATS_READ: Exclude<TraceFormat, (typeof TRACE_FORMATS)[number]['id']> extends never
  ? true
  : never = true;

/**
 * Reads a trace file's text: size, then JSON (one document, or JSON lines), then the bounds a
 * run file is held to, then its format by what it holds (TRACE_FORMATS). The first problem is
 * the answer, numbered (E640–E649, errors.ts). Nothing is fetched or sent: the text stays in
 * this call.
 */
export async function readTrace(text: unknown): Promise<ReadResult> {
  try {
    return { ok: true, trace: await read(text) };
  } catch (e) {
    if (e instanceof Refused) return e.refusal;
    throw e;
  }
}

/** E643, naming the formats the page reads: TRACE_FORMATS is the one list (the page says their names, `ui/traces/words.ts`). */
const notOurs = () => new Refused('E643', TRACE_FORMATS.map((f) => f.id).join(', '));

async function read(text: unknown): Promise<Trace> {
  if (typeof text !== 'string' || text.trim() === '') throw new Refused('E641');
  // A UTF-16 unit is one to three bytes (a pair, four): the exact count only between the bounds.
  if (text.length > MAX_TRACE_BYTES || (text.length * 3 > MAX_TRACE_BYTES && utf8Length(text) > MAX_TRACE_BYTES))
    throw new Refused('E640', utf8Length(text).toLocaleString('en'));
  let whole: unknown;
  let wholeError: string | null = null;
  try {
    whole = JSON.parse(text);
  } catch (e) {
    wholeError = (e as Error).message;
  }
  if (wholeError === null) {
    checkStructure(whole);
    const format = TRACE_FORMATS.find((f) => f.sniff(whole));
    if (format) return format.read([{ doc: whole, where: '' }], text, {});
    throw notOurs();
  }
  const lines = jsonLines(text, wholeError);
  const skipped: Record<string, number> = {};
  if (lines.truncated) skipped['line:truncated'] = 1;
  const format = TRACE_FORMATS.find((f) => f.lines && lines.docs.some((d) => f.sniff(d.doc)));
  if (format) return format.read(lines.docs, text, skipped);
  throw notOurs();
}

/**
 * A JSON-lines file's documents, each checked against the bounds. A last line that is not JSON
 * is skipped and counted: a writer that died mid-line leaves exactly that, and the calls before
 * it are the trace. Any other line that is not JSON refuses the file.
 */
function jsonLines(text: string, wholeError: string): { docs: Doc[]; truncated: boolean } {
  const raw = text.split('\n');
  let last = raw.length - 1;
  while (last >= 0 && (raw[last] as string).trim() === '') last--;
  const docs: Doc[] = [];
  let truncated = false;
  for (let i = 0; i <= last; i++) {
    const line = raw[i] as string;
    if (line.trim() === '') continue;
    const where = `line ${i + 1}`;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch (e) {
      // Not JSON from its first line on: the whole text's error says more than the line's.
      if (docs.length === 0) throw new Refused('E642', quote(wholeError, 120));
      if (i === last) {
        truncated = true;
        break;
      }
      throw new Refused('E642', `${where}: ${quote((e as Error).message, 120)}`);
    }
    checkStructure(doc, where);
    docs.push({ doc, where });
  }
  return { docs, truncated };
}
