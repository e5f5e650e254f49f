import { randomUUID } from 'node:crypto';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { runHarness, type Executor, type ToolAnswer } from './harness.js';
import { createIdbStore } from './stores/idbStore.js';
import { TEST_PLAN, plans } from './stores/fixtures.test-kit.js';

/** runHarness's spans (GenAI semantic conventions), caught by the SDK's in-memory exporter. */

const notFound: ToolAnswer = { ok: false, error: { type: 'not_found', message: 'ENOENT out/2.txt' } };
const setup = () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, provider, store: createIdbStore({ name: `hc-${randomUUID()}`, plans }) };
};

describe('spans', () => {
  it('a run span around one execute_tool span per call: failures, the reminder, the fuse', async () => {
    const { exporter, provider, store } = setup();
    const executor: Executor = (call) => (call.step === 2 ? notFound : { ok: true });
    await runHarness({ plan: TEST_PLAN, runId: 's1', executor, store, tracer: provider.getTracer('test') });
    const spans = exporter.getFinishedSpans();
    const run = spans.find((s) => s.name === 'invoke_workflow store-kit-4');
    expect(run?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_workflow',
      'gen_ai.conversation.id': 's1',
      'harness.state': 'failed',
      'harness.end_reason': 'loop_fuse',
    });
    expect(run?.status.code).toBe(SpanStatusCode.ERROR);
    expect(run?.events.map((e) => e.name)).toEqual(['harness.fuse']);
    const calls = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool');
    expect(calls.map((s) => [s.name, s.attributes['harness.step'], s.attributes['error.type'] ?? null])).toEqual([
      ['execute_tool read_file', 1, null],
      ['execute_tool read_file', 2, 'not_found'],
      ['execute_tool read_file', 2, 'not_found'],
      ['execute_tool read_file', 2, 'not_found'],
    ]);
    for (const c of calls) {
      expect(c.parentSpanContext?.spanId).toBe(run?.spanContext().spanId);
      expect(c.attributes['gen_ai.tool.name']).toBe('read_file');
    }
    // The reminder the second identical failure earned is on the third call.
    expect(calls.map((c) => c.events.map((e) => e.name))).toEqual([[], [], [], ['harness.reminder']]);
    expect(calls[3]?.attributes['gen_ai.tool.call.id']).toBe('s1/2#3.1');
  });

  it('a retried transient error is a span per try; without a tracer, the global provider is used', async () => {
    const { exporter, provider, store } = setup();
    trace.setGlobalTracerProvider(provider);
    let tries = 0;
    const executor: Executor = (call) =>
      call.step === 3 && ++tries === 1 ? { ok: false, error: { type: 'http_503', message: 'busy' } } : { ok: true };
    const r = await runHarness({ plan: TEST_PLAN, runId: 's2', executor, store, sleep: async () => undefined });
    expect(r.state).toBe('completed');
    const step3 = exporter.getFinishedSpans().filter((s) => s.attributes['harness.step'] === 3);
    expect(step3.map((s) => [s.attributes['harness.try'], s.attributes['error.type'] ?? null])).toEqual([
      [1, 'http_503'],
      [2, null],
    ]);
    trace.disable();
  });
});
