import { isObject, quote } from '../engine';
import { canonicalJson } from 'harness-core';
import { digest } from './canonical';
import { Refused } from './errors';
import { countOf } from './limits';
import type { JsonValue, Trace, TraceCall } from './types';

/**
 * Claude Code session transcripts (JSON lines): an assistant line's `message.content` holds
 * `tool_use` blocks (`id`, `name`, `input`) and its `message.usage` the reply's tokens; a user
 * line's `message.content` holds `tool_result` blocks (`tool_use_id`, `is_error`, `content`).
 * The pitfalls SPEC §11 lists are each handled below where they arise.
 */

/** A line of this format: a user or assistant line with a message. */
export const isClaudeLine = (v: unknown): boolean =>
  isObject(v) && (v.type === 'user' || v.type === 'assistant') && isObject(v.message);

const bump = (skipped: Record<string, number>, kind: string) => {
  skipped[kind] = (skipped[kind] ?? 0) + 1;
};

interface Usage {
  tokens: number;
  read: number;
  written: number;
}

function usageOf(u: unknown, path: string): Usage {
  if (!isObject(u)) return { tokens: 0, read: 0, written: 0 };
  const n = (key: string) => (u[key] === undefined || u[key] === null ? 0 : countOf(u[key], `${path}.${key}`));
  return {
    tokens: n('input_tokens') + n('output_tokens'),
    read: n('cache_read_input_tokens'),
    written: n('cache_creation_input_tokens'),
  };
}

type Open = Omit<TraceCall, 'index'> & { answered: boolean };

/** The text a result is compared by: a string as it is, a list of blocks as canonical JSON. */
const resultText = (content: unknown): string =>
  typeof content === 'string' ? content : canonicalJson((content ?? null) as JsonValue);

/**
 * The calls of a transcript's lines, in the order their `tool_use` blocks were written. Tokens
 * of a reply go to the next tool call, as a model span's do in OTLP. A call never answered (the
 * session ended first) is left out and counted; its tokens go on to the next call.
 */
export function claudeTrace(lines: readonly { doc: unknown; where: string }[], skipped: Record<string, number>): Trace {
  const open: Open[] = [];
  const byId = new Map<string, Open>();
  // One reply can be written as several lines sharing `message.id`, each repeating its usage:
  // a reply counts once, at the most any of its lines says (a later line never lowers it).
  const seen = new Map<string, Usage>();
  let pending = 0;
  const cache = { read: 0, written: 0 };
  for (const { doc, where } of lines) {
    if (!isObject(doc)) {
      bump(skipped, 'line:other');
      continue;
    }
    if (!isClaudeLine(doc)) {
      bump(skipped, `line:${typeof doc.type === 'string' ? doc.type.slice(0, 40) : 'other'}`);
      continue;
    }
    const message = doc.message as Record<string, unknown>;
    const content = message.content;
    const startMs = typeof doc.timestamp === 'string' ? Date.parse(doc.timestamp) : NaN;
    if (doc.type === 'assistant') {
      const u = usageOf(message.usage, `${where}.message.usage`);
      const id = typeof message.id === 'string' ? message.id : null;
      const before = id === null ? undefined : seen.get(id);
      if (id !== null) {
        seen.set(id, {
          tokens: Math.max(u.tokens, before?.tokens ?? 0),
          read: Math.max(u.read, before?.read ?? 0),
          written: Math.max(u.written, before?.written ?? 0),
        });
      }
      pending += Math.max(0, u.tokens - (before?.tokens ?? 0));
      cache.read += Math.max(0, u.read - (before?.read ?? 0));
      cache.written += Math.max(0, u.written - (before?.written ?? 0));
      if (!Array.isArray(content)) continue;
      content.forEach((block, i) => {
        if (!isObject(block) || block.type !== 'tool_use') return;
        const at = `${where}.message.content.${i}`;
        if (typeof block.id !== 'string' || typeof block.name !== 'string')
          throw new Refused('E649', quote(at), 'a tool_use block needs an id and a name');
        if (byId.has(block.id)) return bump(skipped, 'tool_use:repeated');
        const args = (block.input ?? null) as JsonValue;
        const call: Open = {
          tool: block.name,
          args,
          argsKey: canonicalJson(args),
          ok: true,
          errorType: null,
          tokens: pending,
          start: Number.isFinite(startMs) ? startMs : null,
          result: null,
          answered: false,
        };
        pending = 0;
        open.push(call);
        byId.set(block.id, call);
      });
      continue;
    }
    // A user line's content can be plain text (what the person typed): no call in it.
    if (!Array.isArray(content)) {
      bump(skipped, 'line:user-text');
      continue;
    }
    content.forEach((block, i) => {
      if (!isObject(block) || block.type !== 'tool_result') return;
      if (typeof block.tool_use_id !== 'string')
        throw new Refused('E649', quote(`${where}.message.content.${i}`), 'a tool_result block needs a tool_use_id');
      const call = byId.get(block.tool_use_id);
      if (!call) return bump(skipped, 'tool_result:orphan');
      if (call.answered) return bump(skipped, 'tool_result:repeated');
      call.answered = true;
      call.ok = block.is_error !== true;
      call.errorType = call.ok ? null : 'error';
      // Its content can be a string or a list of blocks; the digest reads either.
      call.result = digest(resultText(block.content));
    });
  }
  const calls: TraceCall[] = [];
  let carried = 0;
  for (const { answered, ...c } of open) {
    if (!answered) {
      bump(skipped, 'tool_use:no-result');
      carried += c.tokens;
      continue;
    }
    calls.push({ ...c, index: calls.length, tokens: c.tokens + carried });
    carried = 0;
  }
  return {
    format: 'claude-code',
    calls,
    skipped,
    tokensNotAttributed: { afterLastCall: pending + carried, unplaced: 0 },
    cache,
  };
}
