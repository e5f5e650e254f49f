// The smallest harness: two tool calls over a plain async executor, checkpoints in a directory.
//   node examples/minimal.mjs <checkpoint dir>
import { createFileStore, harnessPlan, runHarness } from 'harness-core/node';

const plan = harnessPlan({
  id: 'greet',
  steps: [
    { title: 'Look up the user', tool: 'lookup', args: { id: 7 } },
    { title: 'Send the greeting', tool: 'send', args: { to: 'ada' }, effect: 'risky' },
  ],
});
const store = createFileStore({ dir: process.argv[2], plans: (id) => (id === plan.id ? plan : undefined) });

let tries = 0;
const result = await runHarness({
  plan,
  runId: 'greet-1',
  store,
  // One call: an answer, never an exception you must catch (a throw is recorded as executor_threw).
  executor: async (call, { signal, attempt }) => {
    if (call.tool === 'lookup' && ++tries < 3) return { ok: false, error: { type: 'http_503', message: 'busy' } };
    if (signal.aborted) return { ok: false, error: { type: 'aborted', message: 'cancelled' } };
    return { ok: true, output: `${call.tool} done on attempt ${attempt}`, artifact: `out/${call.step}.json` };
  },
  retry: { maxAttempts: 3, initialMs: 10, factor: 2, maxMs: 100 }, // the 503s are retried, not counted
  timeoutMs: 5_000,
  approve: () => ({ approved: true, by: 'ada@example.com' }),
  onEvent: (e) => {
    if (e.type === 'retry')
      console.log(`retry ${e.try} of step ${e.request.step.n} in ${e.waitMs} ms (${e.error.type})`);
    if (e.type === 'decided') console.log(`step ${e.step.n} approved by ${e.decision.by}`);
  },
});
console.log(result.state, JSON.stringify(result.outputs));
