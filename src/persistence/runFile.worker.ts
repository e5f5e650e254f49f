import { batchesOf, parseRunFile, readRunFile, type FromWorker } from './runFile';

/**
 * Reads, parses and checks an imported run file off the page's thread (parseOffThread.ts starts
 * it). The page posts the picked file itself (a Blob: a handle, no bytes copied) and this worker
 * reads its text, so the page never holds or clones the file's 20 MiB string. The answer goes
 * back in batches: each is its own message, so the page copies it in a task of its own instead
 * of one freeze for the whole file.
 */

const post = (m: FromWorker) => self.postMessage(m);

self.addEventListener('message', (e: MessageEvent<unknown>) => {
  void (async () => {
    const read = await readRunFile(e.data);
    // Nobody waits for turns here: the page runs on another thread.
    const r = read.ok ? await parseRunFile(read.text, async () => undefined) : read;
    if (!r.ok) return post({ kind: 'refused', error: r.error });
    post({ kind: 'run', run: r.run, count: r.checkpoints.length });
    for (const batch of batchesOf(r.checkpoints)) post({ kind: 'checkpoints', checkpoints: batch });
  })();
});
