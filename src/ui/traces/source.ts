import { traceRefusal, type TraceRefusal } from '../../traces';

/** The text of a trace given as text or as a file, or its refusal when the file cannot be read (E652). */
export async function readSource(source: string | Blob): Promise<{ ok: true; text: string } | TraceRefusal> {
  if (typeof source === 'string') return { ok: true, text: source };
  try {
    return { ok: true, text: await source.text() };
  } catch (e) {
    return traceRefusal('E652', e instanceof Error ? e.name : String(e));
  }
}
