/**
 * A download's file name from a run id: run ids come from files people edit, so anything but
 * letters, digits, `-`, `_` and `.` becomes `_` (no path separators, no bidi controls, no
 * reserved names), cut to 100 characters.
 */
export function exportFileName(runId: string): string {
  const safe = runId.normalize('NFKC').replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '').slice(0, 100);
  return `${safe || 'run'}.harness-sim.json`;
}

/** Hands `text` to the browser as a download named for `runId`. */
export function downloadRun(runId: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(runId);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
