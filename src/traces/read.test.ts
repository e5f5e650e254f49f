import { describe, expect, it } from 'vitest';
import { MAX_TRACE_BYTES, readTrace, type ReadResult, type Trace } from './index';

/** Readers, their pitfalls, and each numbered refusal (errors.ts). */

const attr = (key: string, value: unknown) => ({ key, value });
const str = (key: string, s: string) => attr(key, { stringValue: s });
const otlp = (spans: unknown[]) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
const toolSpan = (extra: Record<string, unknown> = {}, attributes: unknown[] = []) => ({
  name: 'execute_tool shell',
  startTimeUnixNano: '1700000000000000000',
  attributes: [str('gen_ai.operation.name', 'execute_tool'), str('gen_ai.tool.name', 'shell'), ...attributes],
  ...extra,
});
const lines = (...xs: unknown[]) => xs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n');
const assistant = (id: string, content: unknown, usage: Record<string, unknown> = {}) => ({
  type: 'assistant',
  message: { id, role: 'assistant', content, usage },
});
const user = (content: unknown) => ({ type: 'user', message: { role: 'user', content } });
const use = (id: string, name = 'Bash', input: unknown = { command: 'ls' }) => ({ type: 'tool_use', id, name, input });
const result = (id: string, content: unknown, isError?: boolean) => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  ...(isError === undefined ? {} : { is_error: isError }),
});

async function read(text: unknown): Promise<Trace> {
  const r = await readTrace(text);
  if (!r.ok) throw new Error(r.message.en);
  return r.trace;
}

function expectRefused(r: ReadResult, code: string): void {
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.code).toBe(code);
  expect(r.message.en.startsWith(`${code}: `)).toBe(true);
  expect(r.message.zh.startsWith(`${code}: `)).toBe(true);
}

describe('OTLP/JSON', () => {
  it('reads a tool span by its operation, or by its name alone', async () => {
    const t = await read(otlp([toolSpan(), { name: 'execute_tool grep', attributes: [] }]));
    expect(t.calls.map((c) => [c.tool, c.ok])).toEqual([
      ['shell', true],
      ['grep', true],
    ]);
  });

  it('a span fails by its status (2 or STATUS_CODE_ERROR) or by error.type, typed error.type else error', async () => {
    const t = await read(
      otlp([
        toolSpan({ status: { code: 2 } }),
        toolSpan({ status: { code: 'STATUS_CODE_ERROR' } }),
        toolSpan({}, [str('error.type', 'timeout')]),
        toolSpan({ status: { code: 1 } }),
      ]),
    );
    expect(t.calls.map((c) => c.errorType)).toEqual(['error', 'error', 'timeout', null]);
  });

  it('gives model tokens to the next tool call in time; those after the last call are apart', async () => {
    const chat = (ns: string, i: unknown, o: unknown) => ({
      name: 'chat m',
      startTimeUnixNano: ns,
      attributes: [
        str('gen_ai.operation.name', 'chat'),
        attr('gen_ai.usage.input_tokens', { intValue: i }),
        attr('gen_ai.usage.output_tokens', { intValue: o }),
      ],
    });
    const t = await read(
      otlp([
        chat('1700000000000000001', '10', 5),
        toolSpan({ startTimeUnixNano: '1700000000000000002' }),
        chat('1700000000000000003', 7, '1'),
        chat('1700000000000000004', 1, 1),
        { name: 'GET /health', startTimeUnixNano: '1700000000000000005' },
      ]),
    );
    expect(t.calls.map((c) => c.tokens)).toEqual([15]);
    expect(t.tokensNotAttributed.afterLastCall).toBe(10);
    expect(t.skipped).toEqual({ 'span:other': 1 });
  });

  it('refuses a span that is not one (E649), naming where', async () => {
    const r = await readTrace(otlp([toolSpan(), 42]));
    expectRefused(r, 'E649');
    if (!r.ok) expect(r.message.en).toContain('resourceSpans.0.scopeSpans.0.spans.1');
  });

  it('refuses a token count that is negative, fractional or not a number (E646)', async () => {
    for (const bad of [-1, 1.5, 'ten', '-3']) {
      const r = await readTrace(
        otlp([{ name: 'chat m', attributes: [attr('gen_ai.usage.input_tokens', { intValue: bad })] }]),
      );
      expectRefused(r, 'E646');
    }
  });

  it('refuses a kvlist argument key that names the prototype (E645)', async () => {
    const args = attr('gen_ai.tool.call.arguments', {
      kvlistValue: { values: [{ key: '__proto__', value: { stringValue: 'x' } }] },
    });
    expectRefused(await readTrace(otlp([toolSpan({}, [args])])), 'E645');
  });
});

describe('Claude Code transcripts', () => {
  it('count a reply written as several lines sharing message.id once', async () => {
    const u = { input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 900 };
    const t = await read(
      lines(
        assistant('m1', [{ type: 'text', text: 'thinking' }], u),
        assistant('m1', [use('t1')], u),
        user([result('t1', 'ok')]),
      ),
    );
    expect(t.calls[0]?.tokens).toBe(120);
    expect(t.cache.read).toBe(900);
  });

  it('read a plain-string user line as no call, and a result given as a list of blocks', async () => {
    const t = await read(
      lines(
        user('please list the files'),
        assistant('m1', [use('t1')]),
        user([result('t1', [{ type: 'text', text: 'a b' }], true)]),
      ),
    );
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0]).toMatchObject({ tool: 'Bash', ok: false, errorType: 'error' });
    expect(t.calls[0]?.result).not.toBeNull();
    expect(t.skipped).toEqual({ 'line:user-text': 1 });
  });

  it('skip and count lines of other types, unanswered calls and orphan results', async () => {
    const t = await read(
      lines(
        { type: 'summary', summary: 's', leafUuid: 'x' },
        assistant('m1', [use('t1'), use('t2')]),
        user([result('t1', 'ok'), result('t9', 'who?')]),
        { type: 'system', content: 'compacted' },
      ),
    );
    expect(t.calls.map((c) => c.index)).toEqual([0]);
    expect(t.skipped).toEqual({
      'line:summary': 1,
      'line:system': 1,
      'tool_result:orphan': 1,
      'tool_use:no-result': 1,
    });
  });

  it('skip a last line cut short (a writer that died mid-line), and count it', async () => {
    const text = lines(assistant('m1', [use('t1')]), user([result('t1', 'ok')]), '{"type":"assist');
    const t = await read(text);
    expect(t.calls).toHaveLength(1);
    expect(t.skipped).toEqual({ 'line:truncated': 1 });
  });

  it('refuse a line that is not JSON in the middle (E642), naming the line', async () => {
    const r = await readTrace(lines(assistant('m1', [use('t1')]), '{oops', user([result('t1', 'ok')])));
    expectRefused(r, 'E642');
    if (!r.ok) expect(r.message.en).toContain('line 2');
  });
});

describe('refusals', () => {
  it('E641: empty, blank, not text', async () => {
    for (const t of ['', '  \n', 42, null]) expectRefused(await readTrace(t), 'E641');
  });

  it('E640: a file past 50 MiB, before it is parsed', async () => {
    expectRefused(await readTrace('x'.repeat(MAX_TRACE_BYTES + 1)), 'E640');
    // Counted in UTF-8 bytes: fewer characters than the limit can still be too many bytes.
    expectRefused(await readTrace('é'.repeat(MAX_TRACE_BYTES / 2 + 1)), 'E640');
  });

  it('E642: not JSON at all', async () => {
    expectRefused(await readTrace('hello, world'), 'E642');
  });

  it('E643: JSON of none of the three formats (not ours)', async () => {
    for (const t of ['{"spans":[]}', '[1,2,3]', '"text"', lines({ a: 1 }, { b: 2 })])
      expectRefused(await readTrace(t), 'E643');
  });

  it('E644: nesting past 32 levels, in a document or a line', async () => {
    const deep = (n: number): unknown => (n === 0 ? 1 : { a: deep(n - 1) });
    expectRefused(await readTrace(JSON.stringify({ resourceSpans: [], x: deep(40) })), 'E644');
    const r = await readTrace(lines(assistant('m1', []), { type: 'user', x: deep(40) }));
    expectRefused(r, 'E644');
    if (!r.ok) expect(r.message.en).toContain('line 2');
  });

  it('E645: a __proto__, constructor or prototype key anywhere', async () => {
    for (const k of ['__proto__', 'constructor', 'prototype'])
      expectRefused(await readTrace(`{"resourceSpans":[],"a":{"${k}":{"polluted":true}}}`), 'E645');
    const t = lines(assistant('m1', [use('t1', 'Bash', {})]), '{"type":"user","__proto__":{}}', user([]));
    expectRefused(await readTrace(t), 'E645');
  });

  it('E646: a number JSON cannot hold (1e999 reads as Infinity)', async () => {
    expectRefused(await readTrace('{"resourceSpans":[],"n":1e999}'), 'E646');
  });

  it('E646: a start time that is not whole nanoseconds', async () => {
    expectRefused(await readTrace(otlp([toolSpan({ startTimeUnixNano: '-5' })])), 'E646');
  });

  it('E647: a text past 1 Mi characters', async () => {
    expectRefused(await readTrace(JSON.stringify({ resourceSpans: [], s: 'x'.repeat(1024 * 1024 + 1) })), 'E647');
  });

  it('E648: a run file the import would refuse, with its own reason', async () => {
    const r = await readTrace(JSON.stringify({ format: 'harness-sim.run/2', run: {}, checkpoints: [] }));
    expectRefused(r, 'E648');
    if (!r.ok) expect(r.message.en).toContain('E604');
  });

  it('E649: a tool_use block without a name', async () => {
    const r = await readTrace(lines(assistant('m1', [{ type: 'tool_use', id: 't1', input: {} }])));
    expectRefused(r, 'E649');
  });
});
