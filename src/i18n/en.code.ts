/** English strings of the article's code beside the diagram (SPEC §12; assembled in en.ts). */
export const code = {
  'code.toggle': 'Show the article’s code',
  'code.title': 'The article’s loop, as the machine runs it',
  'code.now': 'Executing: line {lines}',
  'code.nowMany': 'Executing: lines {lines}',
  'code.none': 'Nothing executes: the process is down.',
};
