import { storageError } from './errors';

/**
 * The size limit of a run file, apart from runFile.ts: the page checks a picked file's size
 * (and the store its export's) on the first screen, while the file's code loads when used.
 */

/** The largest run file read (a 4,000-step run with every checkpoint is far below it). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** The refusal of a file too big to import, from its size alone (it is not read). */
export const fileTooBig = (bytes: number): string | null =>
  bytes > MAX_IMPORT_BYTES ? storageError('E601', bytes.toLocaleString('en')) : null;
