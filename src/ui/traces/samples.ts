/**
 * The shipped sample traces (src/traces/samples, their figures in samples.test.ts), each a chunk
 * of its own fetched from this site when asked for: `?trace=sample-<id>` or the view's buttons.
 */
const LOADERS = import.meta.glob<string>('../../traces/samples/*.{json,jsonl}', { query: '?raw', import: 'default' });

const idOf = (path: string) => (path.split('/').pop() ?? '').replace(/\.jsonl?$/, '');

const BY_ID = new Map(Object.entries(LOADERS).map(([path, load]) => [idOf(path), load]));

/** The sample ids, in the order the view lists them. */
export const SAMPLE_IDS = ['otlp-fuse', 'claude-session', 'run-file', 'otlp-lines'].filter((id) => BY_ID.has(id));

export const isSample = (id: string): boolean => BY_ID.has(id);

/** A sample's text; rejects when there is no such sample or its chunk could not be fetched. */
export function loadSample(id: string): Promise<string> {
  const load = BY_ID.get(id);
  return load ? load() : Promise.reject(new Error(`no sample ${id}`));
}
