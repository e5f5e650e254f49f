import { randomUUID } from 'node:crypto';
import type { AttributeValue } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { expect, it } from 'vitest';
import { analyse, readTrace } from '../../../src/traces/index';
import { runHarness, type Executor } from '../src/harness.js';
import { createIdbStore } from '../src/stores/idbStore.js';
import { TEST_PLAN, plans } from '../src/stores/fixtures.test-kit.js';

/**
 * A run's spans, exported as OTLP/JSON, open in the simulator's trace view (src/traces) with the
 * run's own figures: the calls, the failures, where the guard reminded and where it fused.
 */

const nanos = ([s, ns]: [number, number]) => `${s}${String(ns).padStart(9, '0')}`;
const value = (v: AttributeValue | undefined) =>
  typeof v === 'number' ? { intValue: v } : typeof v === 'boolean' ? { boolValue: v } : { stringValue: String(v) };
/** ReadableSpans as the collector's OTLP/JSON (the shape of its file exporter). */
const otlp = (spans: readonly ReadableSpan[]) => ({
  resourceSpans: [
    {
      resource: { attributes: [] },
      scopeSpans: [
        {
          scope: { name: 'harness-core' },
          spans: spans.map((s) => ({
            traceId: s.spanContext().traceId,
            spanId: s.spanContext().spanId,
            ...(s.parentSpanContext ? { parentSpanId: s.parentSpanContext.spanId } : {}),
            name: s.name,
            kind: 1,
            startTimeUnixNano: nanos(s.startTime),
            endTimeUnixNano: nanos(s.endTime),
            attributes: Object.entries(s.attributes).map(([key, v]) => ({ key, value: value(v) })),
            status: { code: s.status.code },
          })),
        },
      ],
    },
  ],
});

it("a fused run's spans open in the simulator with the run's calls, failures, reminder and fuse", async () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const store = createIdbStore({ name: `hc-${randomUUID()}`, plans });
  const executor: Executor = (call) =>
    call.step === 2 ? { ok: false, error: { type: 'not_found', message: 'ENOENT out/2.txt' } } : { ok: true };
  const r = await runHarness({
    plan: TEST_PLAN,
    runId: 'otlp1',
    executor,
    store,
    tracer: provider.getTracer('test'),
    traceArgs: true,
  });
  expect(r.context.ended).toBe('loop_fuse');
  const read = await readTrace(JSON.stringify(otlp(exporter.getFinishedSpans())));
  if (!read.ok) throw new Error(read.message.en);
  const a = analyse(read.trace);
  // The run: step 1 once, step 2 three times failing the same way; reminded at the 2nd failure
  // (before the 3rd call), fused at the 3rd: call 4 of the trace.
  expect([a.format, a.calls, a.failures, a.remindAt, a.fuseAt]).toEqual(['otlp', 4, 3, 3, 4]);
  expect(a.fusedKey).toBe('read_file {"path":"out/2.txt"} not_found');
});
