/**
 * Reading a real agent's trace (SPEC §11, src/traces): a generated OTLP/JSON trace of about
 * 10 MiB (20,000 spans: model spans and tool calls, some failing in loops) read and analysed,
 * against `JSON.parse` of the same text, which any reader must pay. Target: at most 3x.
 */
import { ARTICLE_GUARD, analyse, readTrace } from '../src/traces';
import { atMost, figure, progress, timeOf, type Figure } from './lib';

const SPANS = 20_000;

const str = (key: string, s: string) => ({ key, value: { stringValue: s } });
const int = (key: string, n: number) => ({ key, value: { intValue: String(n) } });

/** A trace shaped like an instrumented agent's: a chat span before each tool call, about 520 bytes a span. */
export function generatedTrace(spans = SPANS): string {
  const list: unknown[] = [];
  const t0 = 1_700_000_000_000_000_000n;
  for (let i = 0; i < spans; i++) {
    const start = String(t0 + BigInt(i) * 1_000_000n);
    const end = String(t0 + BigInt(i) * 1_000_000n + 500_000n);
    const base = {
      traceId: '5b8efff798038103d269b633813fc60c',
      spanId: (0x1000000000000000 + i).toString(16),
      parentSpanId: 'eee19b7ec3c1b174',
      kind: 1,
      startTimeUnixNano: start,
      endTimeUnixNano: end,
    };
    if (i % 2 === 0) {
      list.push({
        ...base,
        name: 'chat gpt-4o',
        attributes: [
          str('gen_ai.operation.name', 'chat'),
          str('gen_ai.request.model', 'gpt-4o'),
          int('gen_ai.usage.input_tokens', 1000 + (i % 700)),
          int('gen_ai.usage.output_tokens', 50 + (i % 90)),
        ],
      });
      continue;
    }
    const n = (i - 1) / 2;
    // Every 50th call starts a loop of four identical timeouts; the rest succeed on new args.
    const looping = n % 50 < 4;
    const args = JSON.stringify(
      looping ? { query: 'SELECT count(*) FROM orders', db: 'prod' } : { path: `src/file${n}.ts` },
    );
    list.push({
      ...base,
      name: `execute_tool ${looping ? 'run_sql' : 'read_file'}`,
      attributes: [
        str('gen_ai.operation.name', 'execute_tool'),
        str('gen_ai.tool.name', looping ? 'run_sql' : 'read_file'),
        str('gen_ai.tool.call.id', `call_${n.toString(36).padStart(10, '0')}`),
        str('gen_ai.tool.call.arguments', args),
        ...(looping ? [str('error.type', 'timeout')] : [str('gen_ai.tool.call.result', `ok ${n % 7}`)]),
      ],
      status: looping ? { code: 2, message: 'query timed out after 30 s' } : { code: 0 },
    });
  }
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [str('service.name', 'bench-agent')] },
        scopeSpans: [{ scope: { name: 'opentelemetry.instrumentation.genai', version: '0.1.0' }, spans: list }],
      },
    ],
  });
}

export async function run(): Promise<Figure[]> {
  progress('traces: generating a 20,000-span OTLP trace');
  const text = generatedTrace();
  const mib = (text.length / 1024 / 1024).toFixed(1);
  progress('traces: JSON.parse, then read + analyse');
  const parse = await timeOf(() => JSON.parse(text));
  const analysed = await timeOf(async () => {
    const r = await readTrace(text);
    if (!r.ok) throw new Error(r.message.en);
    if (analyse(r.trace, ARTICLE_GUARD).calls !== SPANS / 2) throw new Error('calls lost');
  });
  return [
    figure('trace: JSON.parse of a 20,000-span OTLP trace', parse, 'ms', undefined, `${mib} MiB`),
    figure('trace: read + analyse of the same trace', analysed, 'ms'),
    figure(
      'trace: read + analyse ÷ JSON.parse',
      Number((analysed / parse).toFixed(2)),
      '×',
      atMost(3),
      'read + analyse includes its own JSON.parse of the text; the target holds the whole to 3x the parse (SPEC §11)',
    ),
  ];
}
