import { isObject, quote } from '../engine';
import { canonicalJson } from 'harness-core';
import { digest } from './canonical';
import { Refused, why } from './errors';
import { checkStructure, countOf } from './limits';
import type { JsonValue, Trace, TraceCall } from './types';

/**
 * OpenTelemetry traces with the GenAI semantic conventions, as OTLP/JSON: each document is
 * `{ resourceSpans: [{ scopeSpans: [{ spans: [...] }] }] }`, one per file or one per line (the
 * collector's file exporter). A tool call is an `execute_tool` span; a model span (`chat`,
 * `generate_content`, `text_completion`) gives tokens to the next tool call in time.
 */

const MODEL_OPERATIONS = new Set(['chat', 'generate_content', 'text_completion']);
const TOOL_OPERATION = 'execute_tool';

/** A document of this format: the field every OTLP/JSON trace export has. */
export const isOtlpDocument = (v: unknown): boolean => isObject(v) && Array.isArray(v.resourceSpans);

const malformed = (path: string, why: string) => new Refused('E649', quote(path), why);

/**
 * An OTLP `AnyValue` as plain JSON. A kvlist's keys become object keys, so the prototype names
 * are refused here as they are anywhere in the file (E645). 64-bit integers arrive as text and
 * stay text when they do not fit a double exactly.
 */
function anyValue(v: unknown, pathOf: () => string): JsonValue {
  if (isObject(v) && typeof v.stringValue === 'string') return v.stringValue;
  // Paths are rendered only past the common case, and only for a message.
  const path = pathOf();
  if (!isObject(v)) throw malformed(path, 'an attribute value must be an object');
  if (typeof v.boolValue === 'boolean') return v.boolValue;
  if ('intValue' in v) {
    const i = v.intValue;
    if (typeof i === 'number' && Number.isSafeInteger(i)) return i;
    if (typeof i === 'string' && /^-?\d{1,20}$/.test(i)) return Number.isSafeInteger(Number(i)) ? Number(i) : i;
    throw new Refused('E646', quote(`${path}.intValue`), quote(i, 40), why('why.intValue'));
  }
  if ('doubleValue' in v) {
    const d = v.doubleValue;
    // proto3 JSON writes NaN and the infinities as text; JSON has no number for them.
    if (typeof d === 'number' || d === 'NaN' || d === 'Infinity' || d === '-Infinity') return d;
    throw new Refused('E646', quote(`${path}.doubleValue`), quote(d, 40), why('why.doubleValue'));
  }
  if (typeof v.bytesValue === 'string') return v.bytesValue;
  if (isObject(v.arrayValue)) {
    const values = v.arrayValue.values ?? [];
    if (!Array.isArray(values)) throw malformed(`${path}.arrayValue.values`, 'must be a list');
    return values.map((x, i) => anyValue(x, () => `${path}.arrayValue.values.${i}`));
  }
  if (isObject(v.kvlistValue)) {
    const values = v.kvlistValue.values ?? [];
    if (!Array.isArray(values)) throw malformed(`${path}.kvlistValue.values`, 'must be a list');
    const out: Record<string, JsonValue> = {};
    values.forEach((kv, i) => {
      const at = `${path}.kvlistValue.values.${i}`;
      if (!isObject(kv) || typeof kv.key !== 'string') throw malformed(at, 'must be { key, value }');
      if (kv.key === '__proto__' || kv.key === 'constructor' || kv.key === 'prototype')
        throw new Refused('E645', quote(`${at}.key`));
      out[kv.key] = anyValue(kv.value ?? {}, () => `${at}.value`);
    });
    return out;
  }
  // An empty AnyValue is allowed by the protocol: no value.
  return null;
}

/** Arguments given as JSON text are read as the JSON they hold, so their keys sort too. */
function argumentsOf(v: JsonValue, where: SpanAt): JsonValue {
  if (typeof v !== 'string') return v;
  const t = v.trimStart();
  if (t[0] !== '{' && t[0] !== '[') return v;
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    return v;
  }
  checkStructure(parsed, pathOf(where, '.gen_ai.tool.call.arguments'));
  return parsed as JsonValue;
}

/** One span's time as whole ms and the ns past them: OTLP's nanoseconds do not fit a double. */
interface Time {
  ms: number;
  ns: number;
}

function timeOf(v: unknown, where: SpanAt): Time | null {
  if (v === undefined || v === null || v === '' || v === '0' || v === 0) return null;
  if (typeof v === 'string' && /^\d{1,20}$/.test(v)) {
    return { ms: Number(v.slice(0, -6) || '0'), ns: Number(v.slice(-6)) };
  }
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return { ms: Math.floor(v / 1e6), ns: v % 1e6 };
  throw new Refused(
    'E646',
    quote(pathOf(where, '.startTimeUnixNano')),
    quote(v, 40),
    'a time must be whole nanoseconds since 1970',
  );
}

interface Event {
  time: Time | null;
  order: number;
  tokens: number;
  call: Omit<TraceCall, 'index' | 'tokens'> | null;
}

/** Where a span sits, rendered only for a message (a 20,000-span trace builds no path strings). */
interface SpanAt {
  base: string;
  k: number;
}
const pathOf = (at: SpanAt, rest = '') => `${at.base}.spans.${at.k}${rest}`;

/** The value of `attrs[i]`, or undefined when `i` is -1 (not there). */
function attrValue(attrs: unknown[], i: number, where: SpanAt): JsonValue | undefined {
  if (i < 0) return undefined;
  return anyValue((attrs[i] as { value?: unknown }).value, () => pathOf(where, `.attributes.${i}.value`));
}

/** What one span gives: a call, tokens, or nothing (then it is counted as skipped). */
function readSpan(span: unknown, where: SpanAt, order: number, skipped: Record<string, number>): Event | null {
  if (!isObject(span)) throw malformed(pathOf(where), 'a span must be an object');
  const name = span.name;
  if (typeof name !== 'string') throw malformed(pathOf(where, '.name'), 'a span needs a name');
  const attrs = span.attributes ?? [];
  if (!Array.isArray(attrs)) throw malformed(pathOf(where, '.attributes'), 'must be a list');
  // The wanted attributes' indexes, found in one pass (most of a span's weight is never decoded).
  let opAt = -1;
  let toolAt = -1;
  let argsAt = -1;
  let resultAt = -1;
  let inAt = -1;
  let outAt = -1;
  let errAt = -1;
  for (let i = 0; i < attrs.length; i++) {
    const a: unknown = attrs[i];
    if (!isObject(a) || typeof a.key !== 'string')
      throw malformed(pathOf(where, `.attributes.${i}`), 'must be { key, value }');
    switch (a.key) {
      case 'gen_ai.operation.name':
        opAt = i;
        break;
      case 'gen_ai.tool.name':
        toolAt = i;
        break;
      case 'gen_ai.tool.call.arguments':
        argsAt = i;
        break;
      case 'gen_ai.tool.call.result':
        resultAt = i;
        break;
      case 'gen_ai.usage.input_tokens':
        inAt = i;
        break;
      case 'gen_ai.usage.output_tokens':
        outAt = i;
        break;
      case 'error.type':
        errAt = i;
        break;
    }
  }
  const op = attrValue(attrs, opAt, where);
  const opName = typeof op === 'string' ? op : name.split(' ', 1)[0];
  if (opName === TOOL_OPERATION) {
    const toolAttr = attrValue(attrs, toolAt, where);
    const tool =
      typeof toolAttr === 'string' && toolAttr !== ''
        ? toolAttr
        : name.startsWith(`${TOOL_OPERATION} `)
          ? name.slice(TOOL_OPERATION.length + 1)
          : name;
    const rawArgs = attrValue(attrs, argsAt, where);
    const args = rawArgs === undefined ? null : argumentsOf(rawArgs, where);
    const errAttr = attrValue(attrs, errAt, where);
    const code = isObject(span.status) ? span.status.code : undefined;
    const failed = code === 2 || code === 'STATUS_CODE_ERROR' || errAttr !== undefined;
    const result = attrValue(attrs, resultAt, where);
    return {
      time: timeOf(span.startTimeUnixNano, where),
      order,
      tokens: 0,
      call: {
        tool,
        args,
        argsKey: canonicalJson(args),
        ok: !failed,
        errorType: failed ? (typeof errAttr === 'string' && errAttr !== '' ? errAttr : 'error') : null,
        start: null,
        result: result === undefined ? null : digest(typeof result === 'string' ? result : canonicalJson(result)),
      },
    };
  }
  if (opName !== undefined && MODEL_OPERATIONS.has(opName)) {
    const input = attrValue(attrs, inAt, where);
    const output = attrValue(attrs, outAt, where);
    const tokens =
      (input === undefined ? 0 : countOf(input, pathOf(where, `.attributes.${inAt}`))) +
      (output === undefined ? 0 : countOf(output, pathOf(where, `.attributes.${outAt}`)));
    return { time: timeOf(span.startTimeUnixNano, where), order, tokens, call: null };
  }
  const kind = `span:${typeof op === 'string' ? op.slice(0, 40) : 'other'}`;
  skipped[kind] = (skipped[kind] ?? 0) + 1;
  return null;
}

const listAt = (v: unknown, key: string, path: string): unknown[] => {
  const list = isObject(v) ? (v[key] ?? []) : undefined;
  if (list === undefined) throw malformed(path, 'must be an object');
  if (!Array.isArray(list)) throw malformed(`${path}.${key}`, 'must be a list');
  return list;
};

/**
 * The calls of OTLP documents (one per file or per line; `where` names each for messages),
 * in start-time order. Model spans' tokens go to the next tool call in time (a model span
 * starting with a tool span counts toward it); when some span has no start time, file order
 * is the only order there is, and it is used for all.
 */
export function otlpTrace(docs: readonly { doc: unknown; where: string }[], skipped: Record<string, number>): Trace {
  const events: Event[] = [];
  for (const { doc, where } of docs) {
    const base = where ? `${where}.resourceSpans` : 'resourceSpans';
    listAt(doc, 'resourceSpans', where || '(the file)').forEach((rs, i) => {
      listAt(rs, 'scopeSpans', `${base}.${i}`).forEach((ss, j) => {
        const where = { base: `${base}.${i}.scopeSpans.${j}`, k: 0 };
        const spans = listAt(ss, 'spans', where.base);
        for (let k = 0; k < spans.length; k++) {
          where.k = k;
          const e = readSpan(spans[k], where, events.length, skipped);
          if (e) events.push(e);
        }
      });
    });
  }
  if (events.every((e) => e.time !== null)) {
    events.sort((a, b) => {
      const x = a.time as Time;
      const y = b.time as Time;
      return x.ms - y.ms || x.ns - y.ns || (a.call ? 1 : 0) - (b.call ? 1 : 0) || a.order - b.order;
    });
  }
  const calls: TraceCall[] = [];
  let pending = 0;
  for (const e of events) {
    pending += e.tokens;
    if (!e.call) continue;
    const c = e.call;
    c.start = e.time ? e.time.ms + e.time.ns / 1e6 : null;
    calls.push({ index: calls.length, tokens: pending, ...c });
    pending = 0;
  }
  return {
    format: 'otlp',
    calls,
    skipped,
    tokensNotAttributed: { afterLastCall: pending, unplaced: 0 },
    cache: { read: 0, written: 0 },
  };
}
