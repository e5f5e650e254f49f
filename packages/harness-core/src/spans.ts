import { SpanKind, SpanStatusCode, context, trace, type Span, type Tracer } from '@opentelemetry/api';
import { canonicalJson } from './canonical.js';
import type { CallOptions, ToolAnswer, ToolCall } from './executor.js';
import type { LoopReading } from './loopGuard.js';
import type { EndReason, StateName } from './types.js';

/**
 * OpenTelemetry spans of a run, with the GenAI semantic conventions (development status): an
 * `invoke_workflow {plan}` span around the run, and an `execute_tool {tool}` span per call (each
 * try of a retried call is one). Through `@opentelemetry/api` only: a no-op until the harness
 * installs an SDK. Attributes of our own are under `harness.`; args only when asked (`traceArgs`)
 * and results never (the conventions make them opt-in: they may hold secrets).
 */

/** The tracer runHarness uses when it is given none: the global provider's. */
export const defaultTracer = (): Tracer => trace.getTracer('harness-core', '0.2.0');

interface RunSpans {
  onTry(call: ToolCall, options: Omit<CallOptions, 'signal'>): { end(answer: ToolAnswer): void };
  /** Marks the run's span: resumed from a checkpoint. */
  resumed(seq: number): void;
  ended(state: StateName, reason: EndReason | null, loop: LoopReading): void;
}

/**
 * `args`: record each call's args as `gen_ai.tool.call.arguments` (canonical JSON), opt-in as
 * the conventions make it, so a trace viewer keys loops on tool + args as the guard does.
 */
export function runSpans(tracer: Tracer, runId: string, planId: string, args = false): RunSpans {
  const run: Span = tracer.startSpan(`invoke_workflow ${planId}`, {
    kind: SpanKind.INTERNAL,
    attributes: {
      'gen_ai.operation.name': 'invoke_workflow',
      'gen_ai.workflow.name': planId,
      'gen_ai.conversation.id': runId,
    },
  });
  const parent = trace.setSpan(context.active(), run);
  return {
    onTry(call, o) {
      const span = tracer.startSpan(
        `execute_tool ${call.tool}`,
        {
          kind: SpanKind.INTERNAL,
          attributes: {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': call.tool,
            'gen_ai.tool.type': 'function',
            'gen_ai.tool.call.id': `${runId}/${call.step}#${o.attempt}.${o.try}`,
            'gen_ai.conversation.id': runId,
            'harness.step': call.step,
            'harness.attempt': o.attempt,
            'harness.try': o.try,
            ...(args ? { 'gen_ai.tool.call.arguments': canonicalJson(call.args) } : {}),
          },
        },
        parent,
      );
      // What the model read before this call: the reminder the loop guard injected, if any.
      for (const m of o.context)
        if (m.kind !== 'recovery-hint') span.addEvent(`harness.${m.kind}`, { text: m.text.en });
      return {
        end(answer) {
          if (!answer.ok) {
            span.setAttribute('error.type', answer.error.type);
            span.setStatus({ code: SpanStatusCode.ERROR, message: answer.error.message });
          }
          if (answer.artifact !== undefined) span.setAttribute('harness.artifact', answer.artifact);
          span.end();
        },
      };
    },
    resumed(seq) {
      run.addEvent('harness.resumed', { 'harness.checkpoint.seq': seq });
    },
    ended(state, reason, loop) {
      run.setAttribute('harness.state', state);
      if (reason) run.setAttribute('harness.end_reason', reason);
      if (reason === 'loop_fuse' && loop.key !== null)
        run.addEvent('harness.fuse', { 'harness.loop.key': loop.key, 'harness.loop.count': loop.count });
      if (state === 'failed') {
        run.setAttribute('error.type', reason ?? 'failed');
        run.setStatus({ code: SpanStatusCode.ERROR, message: reason ?? 'failed' });
      }
      run.end();
    },
  };
}
