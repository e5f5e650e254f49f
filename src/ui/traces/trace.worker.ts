import {
  AnalysisRows,
  EXPORT_TYPE,
  analyse,
  exportText,
  headOf,
  readTrace,
  settingsRefusal,
  type Trace,
} from '../../traces';
import { readSource } from './source';
import type { FromTraceWorker, ToTraceWorker } from './protocol';

/**
 * Reads a trace and analyses it off the page's thread (openTrace.ts starts one per trace). The
 * trace stays here, read once, and so does the newest analysis: the page gets its head, asks for
 * rows a window at a time, and gets each export as a Blob built here (traces/window.ts). Nothing
 * here fetches or stores anything.
 */

const post = (m: FromTraceWorker) => self.postMessage(m);
let trace: Trace | null = null;
let newest: { id: number; rows: AnalysisRows } | null = null;

self.addEventListener('message', (e: MessageEvent<ToTraceWorker>) => {
  const m = e.data;
  if (m.kind === 'read') {
    void readSource(m.source).then(async (got) => {
      const r = got.ok ? await readTrace(got.text) : got;
      if (r.ok) trace = r.trace;
      post({ kind: 'read', result: r.ok ? { ok: true, format: r.trace.format } : r });
    });
    return;
  }
  if (m.kind === 'rows') {
    const rows = newest?.id === m.of ? newest.rows.window(m.from, m.to, m.policy) : null;
    return post({ kind: 'rows', id: m.id, result: rows });
  }
  if (m.kind === 'export') {
    const a = newest?.id === m.of ? newest.rows.analysis : null;
    const blob = a && new Blob([exportText(a, m.what)], { type: EXPORT_TYPE[m.what] });
    return post({ kind: 'export', id: m.id, result: blob });
  }
  if (!trace) return;
  const refused = settingsRefusal(m.settings, m.options);
  if (refused) return post({ kind: 'analysis', id: m.id, result: refused });
  const a = analyse(trace, m.settings, m.options);
  newest = { id: m.id, rows: new AnalysisRows(a) };
  post({ kind: 'analysis', id: m.id, result: headOf(a) });
});
