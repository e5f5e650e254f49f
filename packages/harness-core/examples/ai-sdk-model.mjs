// A real model drives the run: the AI SDK's generateText with tools, plugged into nextCall.
// The tools are declared without `execute`: the model only chooses the call; runHarness makes it
// (checkpointed, guarded, retried) through your executor.
//   import { aiSdkNextCall } from './ai-sdk-model.mjs';
//   await runHarness({ nextCall: aiSdkNextCall({ model, tools, prompt }), executor, store, runId });
import { generateText } from 'ai';

/** What the model reads: the task, every call so far with its outcome, and what the harness injected. */
function promptOf(task, { calls, context, attempt, tool }) {
  const lines = calls.map(
    (c) =>
      `call ${c.step}.${c.attempt}: ${c.tool} ${JSON.stringify(c.args)} -> ${c.outcome}` +
      (c.error ? ` ${c.error.type}: ${c.error.message}` : '') +
      (c.ref ? ` (${c.ref})` : ''),
  );
  const retry = attempt > 1 ? [`Your ${tool} call failed; call ${tool} again, changed as the notes say.`] : [];
  const notes = context.map((m) => `[${m.kind}] ${m.text.en}`);
  return [task, ...lines, ...notes, ...retry, 'Call the next tool, or answer in text when the task is done.'].join(
    '\n',
  );
}

/** A nextCall hook over an AI SDK model: its first tool call is the next call; text alone means done. */
export function aiSdkNextCall({ model, tools, system, prompt }) {
  return async (ctx) => {
    const result = await generateText({ model, tools, system, prompt: promptOf(prompt, ctx) });
    const call = result.toolCalls[0];
    return call ? { tool: call.toolName, args: call.input } : { done: true };
  };
}
