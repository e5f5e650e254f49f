/**
 * The teacher’s guide: what to ask before each prediction (`guide.<lesson>.asks.<stop>`), discussion prompts and answers, homework, and the readings (src/lessons/guide).
 * The data keeps the key; `zh.notes.ts` has every key (its type is this object's).
 */
export const notes = {
  'guide.three-endings.asks.restart-from-1':
    'The process was killed in the night and there is no checkpoint on disk. Before Next restarts it, ask: which state will it stand in, and from which step?',
  'guide.three-endings.discuss.0.q': 'What separates the three endings?',
  'guide.three-endings.discuss.0.a':
    'Whether the harness manages “how far the task has got” as data: a state machine and checkpoints. The first ending needs it to know step 27; the second reads a checkpoint if there is one and starts at step 1 if not; the third needs a loop counter and a fuse.',
  'guide.three-endings.discuss.1.q': 'In the third ending, who burnt a night of tokens: the model or the harness?',
  'guide.three-endings.discuss.1.a':
    'The tool call failed, but the harness let it retry until dawn: the loop had no counter. On the article’s design the second failure brings a reminder and the third trips the fuse: failed, handed back with the ledger.',
  'guide.approval.asks.polls-no-tokens':
    'It polls three times in waiting_approval. Ask: does the state change? Does it spend tokens, or send a second approval request?',
  'guide.approval.discuss.0.q': 'Why is a rejection handled as tool_failed, not as failed or cancelled?',
  'guide.approval.discuss.0.a':
    'A rejection carries a reason, feedback for the model: the reason goes into the ledger as the tool’s result, and the model acts on it before asking again: here it inserts a step that backs up the orders table before the change (plan version 2), runs it, then sends a new request for the change, now step 28. Going to failed would turn one fixable step into a failed task.',
  'guide.approval.discuss.1.q': 'Where does this lesson show “suspend the machine, not the loop”?',
  'guide.approval.discuss.1.a':
    'While it waits the loop keeps polling, with no model call and no tokens, and the request is sent once; it checkpoints before suspending, so approving reads that checkpoint back and no progress is lost however late the person comes. This is the self-test’s question 2.',
  'guide.fuse.asks.remind-2':
    'The same key already counts 1. One more failure: which state comes next? Does the fuse trip? What appears in the context channel?',
  'guide.fuse.discuss.0.q': 'Why is the key tool + args + error type, and not the tool alone?',
  'guide.fuse.discuss.0.a':
    'Trying ten profiles one by one changes the args each time: a legitimate detour. Keyed on the tool alone it looks like a loop: at the end of this lesson the coarse guard trips at the 3rd profile, while the 7th would have worked.',
  'guide.fuse.discuss.1.q': 'After the fuse trips, where does the task go?',
  'guide.fuse.discuss.1.a':
    'To failed (reason loop_fuse): the step is not run again, and it is handed to a person with the whole ledger, which shows the key it went round on.',
  'guide.fuse.discuss.2.q':
    'A real agent’s trace (open ?trace=sample-otlp-fuse): would the article’s harness have stopped this agent, and should it have?',
  'guide.fuse.discuss.2.a':
    'Yes: the same run_sql query timed out again and again, so the guard reminds at call 3 and fuses at call 4 of 7. The agent went on: one more timeout, then at call 6 the same query went through; it spent 3 calls and 1,030 tokens after the fuse point. Stopping was not wrong (a fourth identical retry brings no new information), but it is not the end either: a person handed the ledger sees a timeout on a busy database and can wait or add a LIMIT. The reminder at call 3 is where a good model changes approach.',
  'guide.remind-recover.asks.timeout-counts-1':
    'Step 4’s query runs as it is. Ask: which state after this tick? What does the guard count?',
  'guide.remind-recover.asks.reminder-at-2':
    'It retries as it is and times out again. Ask: which state? What lands in the context channel before the next retry?',
  'guide.remind-recover.asks.new-key-step-5':
    'After the reminder the model changed its args. Ask: which state after this tick? What happens to the count?',
  'guide.remind-recover.discuss.0.q':
    'The article says “remind first (count reset)”. How does this simulator read it, and how else could it be read?',
  'guide.remind-recover.discuss.0.a':
    'Here: a changed approach (new args) is a new key, counted from 0; a reminder alone does not reset, so a model that ignores it is fused at the third failure. The other reading, a reset at every reminder, lets a model that never listens go on “reminded, retry” for ever without the fuse tripping.',
  'guide.remind-recover.discuss.1.q': 'Why does the coarse guard, which never reminds, do harm here?',
  'guide.remind-recover.discuss.1.a':
    'With no reminder the model never learns it should change, and three timeouts cut it off: a task that would have found its own way out once reminded fails for nothing.',
  'guide.no-progress.asks.no-progress-1':
    'The same call returns what it did before, with no error. Ask: does the guard count it? Which state?',
  'guide.no-progress.asks.no-progress-remind':
    'No progress a second time. Ask: which state? What will the reminder say?',
  'guide.no-progress.discuss.0.q': 'With no error, why is it still going in circles?',
  'guide.no-progress.discuss.0.a':
    'A model repeating one action with no progress burns tokens and gets nowhere, as one that keeps failing does; the article’s pseudo-code checks in running “without a failure too”.',
  'guide.no-progress.discuss.1.q': 'In this lesson, where does the simulator differ from the article’s figure?',
  'guide.no-progress.discuss.1.a':
    'The article catches it in running; the simulator records a synthetic no_progress failure, so the diagram passes tool_failed (see “Where the simulator reads the article its own way” at the end).',
  'guide.recovery-hints.asks.not-found-hint':
    'Step 3 reads the config and gets not_found. Ask: which state? What should the recovery hint tell the model?',
  'guide.recovery-hints.asks.renamed-hint':
    'Step 27 hits the same not_found. Ask: which state? Will the hint be the same as at step 3?',
  'guide.recovery-hints.discuss.0.q': 'Why is “file not found, retry” a bad hint?',
  'guide.recovery-hints.discuss.0.a':
    'It carries no context: the model tries the old name again. A good hint is the error plus what the task has done (ledger, artifact refs, plan): step 18 renamed orders.csv to orders_v2.csv.',
  'guide.recovery-hints.discuss.1.q': 'Where does the hint go, and who reads it?',
  'guide.recovery-hints.discuss.1.a':
    'Into the context channel (system-reminder), which the model reads before its next attempt; it costs tokens too.',
  'guide.density.asks.crash-at-14':
    'At step 14, the newest checkpoint is at step 7. The process crashes. Ask: which state does the diagram still show? What is lost? (Then the students restart it: ask which step it goes on from.)',
  'guide.density.discuss.0.q': 'What goes into a checkpoint, and what stays out?',
  'guide.density.discuss.0.a':
    'Five things: state and step, the steps done, artifact refs, the todo and plan snapshots. No message history: it can be rebuilt from the refs, so the checkpoint is under a tenth of a full state. This is the self-test’s question 1.',
  'guide.density.discuss.1.q': 'Every step, or before key actions: what does each cost?',
  'guide.density.discuss.1.a':
    'Every step: 28 checkpoints by step 27 against the article’s 8, slow and redundant. Before key actions: a crash loses the steps since the last one (7 here), but they touch nothing outside, so redoing them only costs time.',
  'guide.every-n.asks.crash-at-20':
    'Checkpoints every ten steps, and the process crashes at step 20. Ask: which state does the diagram show?',
  'guide.every-n.asks.restart-from-11': 'Ask: which step does the restart go on from? How many steps are done again?',
  'guide.every-n.asks.article-crash':
    'Back on the article’s density, the same crash at step 20. Ask: which state does the diagram show? How far back will it fall this time?',
  'guide.every-n.discuss.0.q': 'What is wrong with “every ten steps, lose up to ten”?',
  'guide.every-n.discuss.0.a':
    'It counts steps and ignores what a step does: a step with outside side effects can fall between two checkpoints, and a crash makes it run again.',
  'guide.every-n.discuss.1.q': 'Why is “before key actions” better than “denser”?',
  'guide.every-n.discuss.1.a':
    'Steps 24–26, which touch the outside world, each get a checkpoint first, so what a crash makes you redo has no side effects; fewer checkpoints, little lost.',
  'guide.plans.asks.replan':
    'At step 5 an unlisted table turns up. Ask: which state after this tick? Is that edge in the article’s figure?',
  'guide.plans.asks.plan-v2': 'Ask: where does it go once the plan is revised, and on which version of the plan?',
  'guide.plans.asks.crash-after-replan':
    'The process crashes right after the revision. Ask: which state does the diagram show? After a restart, will it know the plan was revised?',
  'guide.plans.discuss.0.q': 'One-shot or dynamic: how do the checkpoints’ plan snapshots differ?',
  'guide.plans.discuss.0.a':
    'A one-shot plan needs only a pointer (version, cursor, total); a dynamic plan stores its version and the remaining steps themselves: the plan is part of what is checkpointed.',
  'guide.plans.discuss.1.q': 'Why does a resume read the todo list back first?',
  'guide.plans.discuss.1.a':
    'The sense of progress comes from that sheet, not from the model’s memory: version 2, nine steps, the first 4 crossed off, step 5 next.',
  'guide.cancel-resume.asks.approve-branch':
    'The forked branch waits for approval at step 27. This time it is approved. Ask: which state, and from which step does it go on?',
  'guide.cancel-resume.discuss.0.q': 'cancelled is terminal: how can the work still go on?',
  'guide.cancel-resume.discuss.0.a':
    'Not by the cancelled run: a new branch is forked from the newest checkpoint in the history that is not the end (the one before suspending). The cancelled run stays in the history as it ended.',
  'guide.cancel-resume.discuss.1.q': 'Had nothing been written before suspending, what would a cancel cost?',
  'guide.cancel-resume.discuss.1.a':
    'The branch would start from an older checkpoint and redo every step since; with none at all, from step 1: lesson 1’s second ending.',
  'guide.replay-takeover.asks.fuse-to-person':
    'Two more permission_denied failures on the same key. Ask: where does the run end up? Does the fuse trip?',
  'guide.replay-takeover.discuss.0.q': 'What makes a failure reproducible?',
  'guide.replay-takeover.discuss.0.a':
    'The failure is saved first: the checkpoint records the step and the input it failed with; re-run with that input and the seed, and the same error comes back.',
  'guide.replay-takeover.discuss.1.q': 'Why must a person be able to read the checkpoint?',
  'guide.replay-takeover.discuss.1.a':
    'For takeover: a person takes the checkpoint, marks step 4 done by hand (the ledger says human) and hands it back. Resume, replay and takeover share one checkpoint.',
  'guide.smells.asks.approved':
    'After the morning’s restart (no artifact refs, 19 files re-read), it is approved. Ask: which state, at which step?',
  'guide.smells.discuss.0.q': 'Smell one: what does a checkpoint without artifact refs cost?',
  'guide.smells.discuss.0.a':
    'It remembers the conclusion (step 27) and forgets the process: not knowing what it read and wrote, it re-reads 19 files, extra tool calls and tokens.',
  'guide.smells.discuss.1.q': 'Smell two: what is wrong with blocking the whole process while waiting?',
  'guide.smells.discuss.1.a':
    'The half-hour task queued behind it waits all night. Suspend the machine, not the loop: on the article’s design it ran in the night.',
  'guide.simple-mode.asks.script-starts':
    'Ask: a five-minute script with four states only. Start it: which state does it go to?',
  'guide.simple-mode.asks.start-again':
    'The script runs again. Ask: which state does Start lead to? (Then the students press Fail: will it retry?)',
  'guide.simple-mode.discuss.0.q': 'When are eight states over-design?',
  'guide.simple-mode.discuss.0.a':
    'A one-off five-minute script: interrupted, it is run again and loses five minutes at most. A machine’s complexity should match how long the task runs and how likely it is interrupted; only long tasks across days and people, with approvals, are worth all eight.',
  'guide.simple-mode.discuss.1.q': 'What does the simple mode leave out, and why is that fine here?',
  'guide.simple-mode.discuss.1.a':
    'No ledger, no loop guard, no context channel, no checkpoint: a failure goes straight to failed. The script is short, so running it again is cheaper than recovering.',
  'guide.remind-recover.homework':
    'Lesson 3’s reminder from the other side: the model that listens changes its approach, the one that does not is fused. Clear on one’s own after lesson 3.',
  'guide.no-progress.homework':
    'The same three stages as lesson 3 (count, remind, fuse), on a call that raises no error.',
  'guide.recovery-hints.homework':
    'A detail of the context channel: a recovery hint is the error plus what the task has done. Clear on one’s own after lesson 3.',
  'guide.every-n.homework':
    'Lesson 7’s density trade-off once more, on “every ten steps”; a student guesses which step a restart falls back to before the answer shows.',
  'guide.plans.homework':
    'Dynamic plans, and the todo list a resume reads back first: lesson 7’s checkpoint holds the plan too. Write the three predictions down before watching.',
  'guide.replay-takeover.homework':
    'The checkpoint’s two other uses (failure replay, human takeover), after lesson 10’s resume: the same checkpoint, read two more ways.',
  'guide.simple-mode.homework':
    'The article’s limit: when eight states are over-design. Its discussion becomes written homework: is your own task worth a state machine?',
  'guide.reading.replan-edge.title': 'The replan edge running → planning',
  'guide.reading.replan-edge.article':
    'running has two loop-backs: through tool_failed (retry on failure) and through waiting_approval (a person approves).',
  'guide.reading.replan-edge.simulator':
    'A third: running → planning, the model revising its plan mid-run: a dynamic plan meeting something new, and any plan answering a rejection’s reason (a backup step first, then the change asked for again). It is the simulator’s extension and is drawn dashed.',
  'guide.reading.count-reset.title': '“Remind first (count reset)”',
  'guide.reading.count-reset.article':
    'The pseudo-code says “remind first (count reset), fuse at the top”; the trade-offs section says the count resets “once the path changes”.',
  'guide.reading.count-reset.simulator':
    'Read as: a changed approach (new args) is a new key, counted from 0; a reminder alone resets nothing, so a model that does not change is fused at the third failure.',
  'guide.reading.simple-names.title': 'The simple mode’s four states',
  'guide.reading.simple-names.article': '“Three states (pending / running / done) plus one failed state are enough.”',
  'guide.reading.simple-names.simulator':
    'The diagram uses the article’s names 待跑 / 在跑 / 完成 / 失败 (pending, running, done, failed) over the ids created, running, completed and failed; no ledger, guard, context channel or checkpoint.',
  'guide.reading.coarse-guard.title': 'The coarse guard (the tool alone)',
  'guide.reading.coarse-guard.article':
    'Judging “the same tool” a dead loop kills an enumeration of tries; the key should be tool + args + error type, with a reminder before the fuse.',
  'guide.reading.no-progress.title': 'Checked without a failure too',
  'guide.reading.no-progress.article':
    'The pseudo-code checks for going in circles in running, “without a failure too”.',
  'guide.reading.no-progress.simulator':
    'A call that keeps returning the same result is recorded as a synthetic no_progress failure, so the diagram passes tool_failed.',
  'guide.reading.night-figures.title': 'The figures of the night',
  'guide.reading.coarse-guard.simulator':
    'To show the harm, the guard has one more setting: the tool alone, no reminder, fused at {fuseAt} failures of one tool. It is a loop-guard setting, not a retry cap: the attempt limit stays {attempts}, above the reminder threshold.',
  'guide.reading.night-figures.simulator':
    'In the opening story a watchdog kills the process after {hours} hours, and a waiting run looks for an answer every {poll} minutes: the simulator’s figures.',
  'guide.reading.night-figures.article':
    '“You come back only the next day: it is either still waiting, or long since killed by a timeout”: no figure for the timeout or the polling.',
} as const;
