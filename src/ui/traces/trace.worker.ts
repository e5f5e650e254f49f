import { analyse, readTrace, settingsRefusal, type Trace } from '../../traces';
import type { FromTraceWorker, ToTraceWorker } from './protocol';

/**
 * Reads a trace and analyses it off the page's thread (openTrace.ts starts one per trace). The
 * trace stays here, read once; the page asks for an analysis each time the guard's settings
 * change and gets only the analysis back. Nothing here fetches or stores anything.
 */

const post = (m: FromTraceWorker) => self.postMessage(m);
let trace: Trace | null = null;

self.addEventListener('message', (e: MessageEvent<ToTraceWorker>) => {
  const m = e.data;
  if (m.kind === 'read') {
    void readTrace(m.text).then((r) => {
      if (r.ok) trace = r.trace;
      post({ kind: 'read', result: r.ok ? { ok: true, format: r.trace.format } : r });
    });
    return;
  }
  if (!trace) return;
  post({
    kind: 'analysis',
    id: m.id,
    result: settingsRefusal(m.settings, m.options) ?? analyse(trace, m.settings, m.options),
  });
});
