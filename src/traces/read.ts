import { isObject, quote, utf8Length } from '../engine';
import { claudeTrace, isClaudeLine } from './claudeCode';
import { Refused } from './errors';
import { MAX_TRACE_BYTES, checkStructure } from './limits';
import { isOtlpDocument, otlpTrace } from './otlp';
import { runFileTrace } from './runFileTrace';
import type { ReadResult, Trace } from './types';

/**
 * Reads a trace file's text: size, then JSON (one document, or JSON lines), then the bounds a
 * run file is held to, then its format by what it holds. The first problem is the answer,
 * numbered (E640–E649, errors.ts). Nothing is fetched or sent: the text stays in this call.
 */
export async function readTrace(text: unknown): Promise<ReadResult> {
  try {
    return { ok: true, trace: await read(text) };
  } catch (e) {
    if (e instanceof Refused) return e.refusal;
    throw e;
  }
}

interface Doc {
  doc: unknown;
  /** Where it sits, for messages: '' for a whole file, `line N` in JSON lines. */
  where: string;
}

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
    if (isObject(whole) && typeof whole.format === 'string' && whole.format.startsWith('harness-sim.run'))
      return runFileTrace(text);
    if (isOtlpDocument(whole)) return otlpTrace([{ doc: whole, where: '' }], {});
    // A transcript of one line is a whole JSON document too.
    if (isClaudeLine(whole)) return claudeTrace([{ doc: whole, where: 'line 1' }], {});
    throw new Refused('E643');
  }
  const lines = jsonLines(text, wholeError);
  const skipped: Record<string, number> = {};
  if (lines.truncated) skipped['line:truncated'] = 1;
  if (lines.docs.some((d) => isOtlpDocument(d.doc))) {
    const docs = lines.docs.filter((d) => isOtlpDocument(d.doc));
    const others = lines.docs.length - docs.length;
    if (others > 0) skipped['line:other'] = others;
    return otlpTrace(docs, skipped);
  }
  if (lines.docs.some((d) => isClaudeLine(d.doc))) return claudeTrace(lines.docs, skipped);
  throw new Refused('E643');
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
