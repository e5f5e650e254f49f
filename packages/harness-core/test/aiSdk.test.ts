import { randomUUID } from 'node:crypto';
import { jsonSchema, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { expect, it } from 'vitest';
import { modelPlan, runHarness, type Executor } from '../src/harness.js';
import { createIdbStore } from '../src/stores/idbStore.js';
// @ts-expect-error -- the example is plain JavaScript, as a harness author would write it.
import { aiSdkNextCall } from '../examples/ai-sdk-model.mjs';

/** examples/ai-sdk-model.mjs with the AI SDK's mock model: no network, the same few lines. */
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const toolCall = (toolName: string, input: object) => ({
  content: [{ type: 'tool-call' as const, toolCallId: randomUUID(), toolName, input: JSON.stringify(input) }],
  finishReason: { unified: 'tool-calls' as const, raw: 'tool_use' },
  usage,
  warnings: [],
});
const text = (t: string) => ({
  content: [{ type: 'text' as const, text: t }],
  finishReason: { unified: 'stop' as const, raw: 'end_turn' },
  usage,
  warnings: [],
});

it('generateText with tools chooses the calls; the hint reaches the model; text ends the run', async () => {
  const model = new MockLanguageModelV3({
    doGenerate: [
      toolCall('read_file', { path: 'a.json' }),
      toolCall('read_file', { path: 'b-3.json' }),
      text('The settings say 3.'),
    ],
  });
  const tools = {
    read_file: tool({
      description: 'Read a file',
      inputSchema: jsonSchema<{ path: string }>({
        type: 'object',
        properties: { path: { type: 'string' } },
        required: ['path'],
      }),
    }),
  };
  const executor: Executor = (call) =>
    call.args.path === 'a.json'
      ? { ok: false, error: { type: 'not_found', message: 'ENOENT a.json' } }
      : { ok: true, output: '{"n":3}' };
  const store = createIdbStore({ name: `hc-${randomUUID()}`, plans: (id) => modelPlan(id) });
  const r = await runHarness({
    nextCall: aiSdkNextCall({ model, tools, prompt: 'Read the settings.' }),
    runId: 'ai1',
    executor,
    store,
  });
  expect(r.state).toBe('completed');
  expect(r.context.ledger.map((a) => [a.tool, a.args, a.outcome])).toEqual([
    ['read_file', '{"path":"a.json"}', 'error'],
    ['read_file', '{"path":"b-3.json"}', 'ok'],
    ['model.done', '{}', 'ok'],
  ]);
  // The retry's prompt carried the failed call and the recovery hint the harness built.
  const prompt = JSON.stringify(model.doGenerateCalls[1]?.prompt);
  expect(prompt).toContain('call 1.1: read_file {\\"path\\":\\"a.json\\"} -> error not_found: ENOENT a.json');
  expect(prompt).toContain('[recovery-hint]');
  expect(model.doGenerateCalls).toHaveLength(3);
});
