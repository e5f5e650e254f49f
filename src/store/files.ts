import { fileTooBig, loadTransfer } from '../persistence';

/**
 * Export and import are a chunk of their own: the runs panel asks for it as it mounts, so it
 * is in before a person can press either, even offline without a service worker.
 */
export const preloadTransfer = (): void => void loadTransfer().catch(() => undefined);

/**
 * Imports a run file a person picked: its size is checked before a byte is read (a 2 GB file
 * is refused at once, not read into memory), then the store's import checks the rest. The file
 * goes to the import as it is, unread: its Worker reads the text (a file that can no longer be
 * read is refused there, E611), so the page never decodes 20 MiB nor clones that string.
 */
export async function importFile(
  file: Blob,
  importRun: (file: Blob) => Promise<void>,
  refuse: (text: string) => void,
): Promise<void> {
  const tooBig = fileTooBig(file.size);
  if (tooBig) return refuse(tooBig);
  await importRun(file);
}

/**
 * A download's file name from a run id: run ids come from files people edit, so anything but
 * letters, digits, `-`, `_` and `.` becomes `_` (no path separators, no bidi controls, no
 * reserved names), cut to 100 characters.
 */
export function exportFileName(runId: string): string {
  const safe = runId
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
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
