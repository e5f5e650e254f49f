/** English strings of the article's code beside the diagram (SPEC §12; assembled in en.ts). */
export const code = {
  'code.toggle': 'Show the article’s code',
  'code.title': 'The article’s loop, as the machine runs it',
  'code.titleSimple': 'The simple mode as code (a sketch: the article prints none)',
  'code.now': 'Line {line}: the move just taken, {move}, ran this line.',
  'code.move': '{from} → {to} ({event})',
  'code.noteFromMemory':
    'This design keeps no checkpoint: it goes on from memory, with no checkpoint to read back (line 29’s comment is the article’s design).',
  'code.noteNoDisk': 'This run wrote no checkpoint: nothing went to disk (line 22’s comment is the article’s design).',
  'code.noteBlocking':
    'This design blocks while it waits: the process is held, not suspended (line 27’s comment is the article’s design).',
  'code.noteFuseNoReminder':
    'This run’s coarse guard (the tool alone) fused without the reminder line 10’s comment names first.',
  'code.none': 'Nothing executes: the process is down.',
  'code.yet': 'No move yet: no line of the loop has run.',
  'code.restarted': 'The process has just started again; no move since, so no line is lit.',
  'code.unlisted': '{move}: the listing has no line for this move.',
  'code.cancel':
    'A person’s stop signal set cancelled from outside the loop: no line runs (see the comment on line {line}).',
  'code.wroteUnlisted': 'Checkpoints this move wrote: {n}. The listing draws no checkpoint(task) call on this path.',
  'code.noteFuse':
    'The listing checks for a loop at the top of running, after the retry; the engine checks as tool_failed retries. Same check, same fuse.',
  'code.noteReplan':
    'The article adjusts a dynamic plan where a step moves on (line 14’s comment): this move inserts the new steps.',
  'code.noteLast': 'The last step’s advance: the while line then finds a terminal state and the loop ends.',
};
