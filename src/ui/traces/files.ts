import { formatInt } from '../../i18n';
import { MAX_TRACE_BYTES, traceRefusal, type TraceRefusal } from '../../traces';

/** A picked file's text: refused over 50 MiB before a byte is read (E640), or when it cannot be read (E652). */
export async function traceText(file: Blob): Promise<{ ok: true; text: string } | TraceRefusal> {
  if (file.size > MAX_TRACE_BYTES) return traceRefusal('E640', formatInt(file.size));
  try {
    return { ok: true, text: await file.text() };
  } catch (e) {
    return traceRefusal('E652', e instanceof Error ? e.name : String(e));
  }
}

/** Hands `blob` to the browser as a download (a Blob URL of this page: nothing leaves the browser). */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The name of an export: the trace's file name made safe (letters, digits, `.`, `-`, `_`), then what it holds. */
export function exportName(source: string, what: string): string {
  const base = source
    .normalize('NFKC')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(0, 80);
  return `${base || 'trace'}.${what}`;
}
