import { formatInt } from '../../i18n';
import { MAX_TRACE_BYTES, traceRefusal, type TraceRefusal } from '../../traces';

/**
 * A picked file, unread: refused over 50 MiB from `file.size` before a byte is read (E640). It is
 * read where it is analysed (the Worker: a 48 MiB text read on the page and copied to the Worker
 * held the page's thread), and a file that cannot be read is refused there (E652, source.ts).
 */
export function traceFile(file: Blob): { ok: true; text: Blob } | TraceRefusal {
  if (file.size > MAX_TRACE_BYTES) return traceRefusal('E640', formatInt(file.size));
  return { ok: true, text: file };
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
