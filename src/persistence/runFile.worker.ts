import { parseRunFile } from './runFile';
import { batchesOf, type FromWorker } from './workerProtocol';

/**
 * Parses and checks an imported run file off the page's thread (parseOffThread.ts starts it).
 * The answer goes back in batches: each is its own message, so the page copies it in a task of
 * its own instead of one freeze for the whole file.
 */

const post = (m: FromWorker) => self.postMessage(m);

self.addEventListener('message', (e: MessageEvent<unknown>) => {
  // Nobody waits for turns here: the page runs on another thread.
  void parseRunFile(e.data, async () => undefined).then((r) => {
    if (!r.ok) return post({ kind: 'refused', error: r.error });
    post({ kind: 'run', run: r.run, count: r.checkpoints.length });
    for (const batch of batchesOf(r.checkpoints)) post({ kind: 'checkpoints', checkpoints: batch });
  });
});
