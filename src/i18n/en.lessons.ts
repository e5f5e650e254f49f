/**
 * The lessons’ words: its stops’ captions (`lesson.<lesson>.<stop>.caption`) and your-turn asks (`….yourTurn.ask`), from src/lessons/data (the titles, on the first screen, are in en.content.ts).
 * The data keeps the key; `zh.lessons.ts` has every key (its type is this object's).
 */
export const lessons = {
  'lesson.approval.suspend-at-27.caption':
    'Permissions say step 27 needs a person: it checkpoints first (before_suspend), then suspends in waiting_approval.',
  'lesson.approval.polls-no-tokens.caption':
    'The loop polls three times: no model call, no tokens, no second request. The prompt is shown once.',
  'lesson.approval.reject-as-failure.yourTurn.ask': 'Reject it, with the reason “back up the orders table first”.',
  'lesson.approval.reject-as-failure.caption':
    'A rejection is handled as tool_failed: the reason goes into the step ledger as the tool’s result.',
  'lesson.approval.new-request.caption':
    'The model acts on the reason instead of blindly asking again: the plan goes to version 2, a new step 27 backs up the orders table and runs; the change, now step 28, asks for approval again. This is a new request.',
  'lesson.approval.approve-resumes.yourTurn.ask': 'Approve it this time.',
  'lesson.approval.approve-resumes.caption':
    'Approving reads the checkpoint: it goes on from the one written before suspending, back in running.',
  'lesson.approval.completed.caption': 'Done. Whether the person came early or late, no progress was lost.',
  'lesson.cancel-resume.waits-at-27.caption':
    'Step 27 waits for approval, and the checkpoint written before suspending is on disk. The person who comes decides: not today.',
  'lesson.cancel-resume.cancelled.yourTurn.ask': 'Press Cancel.',
  'lesson.cancel-resume.cancelled.caption':
    'cancelled is a terminal state: the run ends here, and a last checkpoint (terminal) records where it stood. It will not go on by itself.',
  'lesson.cancel-resume.fork-branch.caption':
    'To go on with the work, fork a new branch from the newest checkpoint in the history that is not the end: the one written before suspending. The branch stands where it stood, clock included: step 27, waiting for approval, 26 steps done.',
  'lesson.cancel-resume.approve-branch.caption':
    'This time it is approved: it goes on from the checkpoint written before suspending, back in running.',
  'lesson.cancel-resume.branch-completes.caption':
    'The branch completes without redoing a step; the cancelled run stays in the runs list as it ended.',
  'lesson.density.five-marked.caption':
    'In the checkpoint at step 27 the article’s five are marked ①–⑤: state and step, steps done, artifact refs, the todo and plan snapshots. The rest serves replay and approval. With no message history it is under a tenth of a LangGraph-style full state.',
  'lesson.density.every-step.caption': 'Now checkpoint after every step, and run to step 27 again.',
  'lesson.density.every-step-at-27.caption':
    '28 checkpoints by now, where the article’s design wrote 8: every step is slow and redundant.',
  'lesson.density.before-key-actions.caption':
    'Back to the article’s design: checkpoints before key actions: risky operations, outside side effects, phase switches.',
  'lesson.density.at-step-14.caption':
    'At step 14. The newest checkpoint is the one from step 7, where the export phase began.',
  'lesson.density.crash-at-14.caption':
    'The process crashes: what was in memory is gone, the checkpoints on disk are not.',
  'lesson.density.restart-from-7.yourTurn.ask': 'Press Restart. Which step does it go on from?',
  'lesson.density.restart-from-7.caption': 'It goes on from step 7: the progress since the last checkpoint is lost.',
  'lesson.density.seven-wasted.caption':
    'Steps 7–13 were done again: 7 steps wasted. Exports do not touch the outside world, so redoing them only costs time; every step that does is checkpointed first.',
  'lesson.every-n.every-ten.caption':
    'Another density: a checkpoint every ten steps, by count alone, whatever the step does.',
  'lesson.every-n.at-step-20.caption':
    '19 steps done. The newest checkpoint is the one at step 11, written when step 10 was done.',
  'lesson.every-n.crash-at-20.caption': 'The process crashes; the checkpoints on disk are still there.',
  'lesson.every-n.restart-from-11.caption':
    'The restart goes on from step 11: steps 11–19 must be done again. Every ten steps, lose up to ten.',
  'lesson.every-n.nine-wasted.caption': 'Back at step 20, 9 steps were wasted.',
  'lesson.every-n.article-density.caption':
    'The same crash on the article’s density: checkpoints before key actions (risky operations, outside side effects, phase switches).',
  'lesson.every-n.article-at-20.caption':
    '19 steps done again. The newest checkpoint is at step 15, written when the transform phase began.',
  'lesson.every-n.article-crash.caption': 'The same crash.',
  'lesson.every-n.restart-from-15.yourTurn.ask': 'Press Restart: which step does it fall back to this time?',
  'lesson.every-n.restart-from-15.caption':
    'Back to step 15: only 5 steps to redo, none touching the outside world, since steps 24–26, which do, each get a checkpoint first. Denser is not the point; before key actions is.',
  'lesson.fuse.at-step-3.caption': 'At step 3. The counter watches tool + args + error type.',
  'lesson.fuse.count-1.yourTurn.ask': 'Press Fail once.',
  'lesson.fuse.count-1.caption': 'Stage one: count. The ledger records the error; this key counts 1.',
  'lesson.fuse.remind-2.caption':
    'Stage two: remind. The same key counts 2, and a reminder is injected through the system-reminder channel.',
  'lesson.fuse.fuse-3.yourTurn.ask': 'Press it once more: reminded, it still retries as is.',
  'lesson.fuse.fuse-3.caption':
    'Stage three: fuse. It goes to failed and is handed back to a person; the step is not run again.',
  'lesson.fuse.ten-profiles.caption': 'Now a task that looks like a loop: ten connection profiles, tried one by one.',
  'lesson.fuse.new-key-no-fuse.caption':
    'Each try has other args, so a new key and a new count: six failures, the 7th profile works, no fuse.',
  'lesson.fuse.coarse-guard.caption':
    'Now a coarse guard: it keys on the tool alone, not the args, and never reminds; three failures of one tool trip the fuse. The attempt limit stays 10, above the reminder threshold. See the design badge.',
  'lesson.fuse.coarse-fuse-trips.caption':
    'The fuse trips at the 3rd profile (loop_fuse), while the 7th would have worked: a legitimate detour, killed. The article’s key includes the args, and reminds first, so it lets the detour through.',
  'lesson.no-progress.at-step-5.caption': 'At step 5.',
  'lesson.no-progress.no-progress-1.caption':
    'The same call returns what it did before, with no tool error; the guard counts it anyway: it checks without a failure too. The article catches it in running; here it is recorded as a synthetic no_progress failure, so the diagram passes tool_failed.',
  'lesson.no-progress.no-progress-remind.caption':
    'No progress a second time: a reminder is injected, and it says “No progress: the same call has returned the same result 2 times”, not that it failed.',
  'lesson.no-progress.no-progress-fuse.yourTurn.ask': 'Pick no_progress as the error type and press Fail once more.',
  'lesson.no-progress.no-progress-fuse.caption':
    'The third trips the fuse. A model repeating the same action with no progress needs stopping as much as one that keeps failing.',
  'lesson.plans.one-shot.caption':
    'A one-shot plan: all 40 steps are planned before work starts. The plan does not change, so the checkpoint’s plan snapshot is only a pointer: version 1, the cursor, the total.',
  'lesson.plans.dynamic-v1.caption':
    'A dynamic plan is adjusted as it runs. A six-step migration, run on version 1 of its plan.',
  'lesson.plans.at-step-5.caption': 'At step 5, still on version 1 of the plan: six steps.',
  'lesson.plans.replan.caption':
    'At step 5 an unlisted table turns up and the model revises the plan: running → planning. That loop-back is this simulator’s extension for dynamic plans; the article’s figure has two (it is drawn dashed).',
  'lesson.plans.plan-v2.caption':
    'Back in running on version 2, nine steps. Now the checkpoint’s plan snapshot holds version 2 and the remaining steps themselves: in a dynamic plan the plan is part of what is checkpointed.',
  'lesson.plans.crash-after-replan.caption': 'The process crashes: the plan and the list in memory are gone.',
  'lesson.plans.todo-read-back.yourTurn.ask': 'Press Restart: does it still know the plan was revised?',
  'lesson.plans.todo-read-back.caption':
    'It does. The first thing a resume does is read the todo list back: version 2, nine steps, the first 4 crossed off, step 5 next. The sense of progress comes from that sheet, not from memory.',
  'lesson.plans.completed-v2.caption': 'All nine steps of version 2 done.',
  'lesson.recovery-hints.at-step-3.caption':
    'This task hits the same error twice: not_found at step 3 and at step 27. Watch the recovery hint in the context channel.',
  'lesson.recovery-hints.not-found-hint.caption':
    'Step 3 reads the config: file not found. No artifact has been renamed before this step, so the hint says: most likely a wrong path or a file not written yet; re-read the directory, check the path, then retry.',
  'lesson.recovery-hints.path-fixed-asks-27.caption':
    'Following the hint, the model checks the path (.yaml, not .yml) and step 3 goes through. On to step 27, which changes the schema and waits for approval first.',
  'lesson.recovery-hints.approved.yourTurn.ask': 'Press Approve and let step 27 run.',
  'lesson.recovery-hints.approved.caption':
    'Approved, back in running. Step 27’s plan was written before step 18, so it still names the old file.',
  'lesson.recovery-hints.renamed-hint.caption':
    'The same not_found, another hint: from the artifact refs it sees that step 18 renamed orders.csv to orders_v2.csv, and says “use the new name”. A bare “file not found, retry” would send the model at the old name again.',
  'lesson.recovery-hints.completed.caption':
    'With the new name it goes through at once, and the task completes. A hint is the error plus what the task has done (the ledger, the artifact refs, the plan).',
  'lesson.remind-recover.at-step-4.caption':
    'Step 4 counts the rows of each table. Run as it is, this query times out every time, unless the model changes its approach. This model listens to a reminder.',
  'lesson.remind-recover.timeout-counts-1.caption':
    'A timeout: tool_failed, written in the ledger; this key (tool + args + error type) counts 1, and a recovery hint comes with it.',
  'lesson.remind-recover.reminder-at-2.caption':
    'It retries as is and times out again: the same key counts 2, the reminder threshold, and before the next retry a system-reminder is injected: “The same call has failed 2 times … Change the approach.”',
  'lesson.remind-recover.changes-approach.yourTurn.ask':
    'Press Step: it tries again, with the reminder in its context.',
  'lesson.remind-recover.changes-approach.caption':
    'Back in running to retry. The model has read the reminder and changes its approach: instead of count(*) over every row, it asks the database’s own statistics (pg_stat_user_tables). Another call, not the same one sent again.',
  'lesson.remind-recover.new-key-step-5.caption':
    'The new approach goes through: step 5. The new query is a new key, counted from 0; the old key’s 2 stay in the ledger. The article’s “remind first (count reset)” is read here as: a new key restarts the count; a reminder alone does not.',
  'lesson.remind-recover.deaf-model.caption': 'The same step, with a model that does not listen to the reminder.',
  'lesson.remind-recover.deaf-model-fuses.caption':
    'Reminded, it still retries as is, and the third timeout trips the fuse: failed, back to a person. The reminder gives the model one chance to change; the fuse is for when it does not.',
  'lesson.remind-recover.coarse-no-reminder.caption':
    'Back to the model that listens, but with the coarse guard that never reminds.',
  'lesson.remind-recover.coarse-fuses.caption':
    'With no reminder, the model never learns it should change: three timeouts and the fuse trips. Skip the reminder, and a task that could have found its own way out is cut off.',
  'lesson.replay-takeover.at-step-4.caption': 'At step 4: count the rows of each table.',
  'lesson.replay-takeover.failure-saved.yourTurn.ask': 'Make it fail once (permission_denied).',
  'lesson.replay-takeover.failure-saved.caption':
    'The failure is saved first: the checkpoint says where it went wrong and with which input.',
  'lesson.replay-takeover.failure-replay.caption':
    'Failure replay: re-run with the recorded input and seed, and the same error comes back.',
  'lesson.replay-takeover.fuse-to-person.caption':
    'Two more failures: a reminder, then the fuse, and it is handed to a person.',
  'lesson.replay-takeover.human-takeover.caption':
    'Human takeover: a person takes the checkpoint, marks step 4 done by hand (the ledger says human), and hands it back. The checkpoint is readable by people.',
  'lesson.replay-takeover.completed.caption':
    'It goes on from step 5 to the end (approving step 27 as usual). Resume, replay and takeover share one checkpoint.',
  'lesson.simple-mode.script-starts.caption':
    'A five-minute one-off script: four states only: pending, running, done, and one failed.',
  'lesson.simple-mode.script-completes.caption':
    'Five steps in five minutes. It keeps only a todo list in memory: not one checkpoint written, not one ledger row. If it is interrupted, run it again and lose five minutes at most.',
  'lesson.simple-mode.run-again.caption': 'Run it again, and this time make it fail.',
  'lesson.simple-mode.start-again.caption': 'Start: from pending to running.',
  'lesson.simple-mode.fails-straight.yourTurn.ask': 'Press Fail.',
  'lesson.simple-mode.fails-straight.caption':
    'It goes straight to failed: no retry, no ledger, no fuse, and no recovery hint in the context channel. For a five-minute script, that is enough.',
  'lesson.simple-mode.long-task.caption':
    'Only a long task, across days and people, with approvals, is worth all eight states.',
  'lesson.simple-mode.eight-states-earn.caption':
    'The 40-step migration waits for a person at step 27: here suspending, checkpoints and the fuse all earn their keep.',
  'lesson.smells.no-refs.caption': 'Smell one: the checkpoint keeps the position but no artifact refs.',
  'lesson.smells.no-refs-killed.caption':
    'It reaches step 27 and waits; checkpoints are written, but without the list of luggage. In the night the timeout kills the process, and nobody is there until morning.',
  'lesson.smells.restart-no-refs.yourTurn.ask': 'It is morning. Press Restart: does it know which step it is at?',
  'lesson.smells.restart-no-refs.caption':
    'It does: step 27, still waiting for approval. But the checkpoint has no artifact refs, so it does not know what it read and wrote, and re-reads the 19 files first: it remembers the conclusion and forgets the process.',
  'lesson.smells.approved.caption': 'Approved, it is back in running at step 27.',
  'lesson.smells.rereads-cost.caption':
    'It finishes, but those 19 re-reads were extra tool calls and tokens: a checkpoint with artifact refs would not spend them.',
  'lesson.smells.blocking-wait.caption':
    'Smell two: waiting for approval blocks the whole process. A half-hour task is queued behind it.',
  'lesson.smells.night-blocked.caption':
    'It reaches step 27 and waits. All night the process is held, until the watchdog kills it before dawn; by morning the queued task has not run for a minute.',
  'lesson.smells.queue-runs-late.caption':
    'Only in the morning, after the restart and the approval, does it get its turn, and the run ends at midday. Suspend the machine, not the loop: on the article’s design it ran that evening.',
  'lesson.three-endings.migration-40.caption':
    'A 40-step data migration on the article’s design: checkpoints before key actions, and waiting suspends the machine. The article says three things can happen next.',
  'lesson.three-endings.asks-at-27.caption':
    'It is evening, and step 27 changes the database schema: it needs a person’s approval. It checkpoints before suspending (before_suspend). You have just walked away.',
  'lesson.three-endings.back-in-ten.yourTurn.ask': 'The first ending: you are back in ten minutes. Press Approve.',
  'lesson.three-endings.back-in-ten.caption':
    'It goes on from step 27 and redoes none of the first 26, because it knows where it was: approving reads the checkpoint written before suspending.',
  'lesson.three-endings.next-day-waiting.caption':
    'The second ending has two branches. First the one where it is still waiting idly: no watchdog, so nothing kills the process.',
  'lesson.three-endings.waits-all-night.caption':
    'All night in waiting_approval: it looks for an answer every ten minutes, with no model call, no tokens and no second request. You are back only the next morning: approve, and it goes on from step 27.',
  'lesson.three-endings.no-checkpoint-watchdog.caption':
    'The other branch: killed by the timeout long ago. This time nothing is saved, and a watchdog kills the process after 8 hours.',
  'lesson.three-endings.killed-in-night.caption':
    'It reaches step 27, waits, and the timeout kills it in the night. You are back the next morning: there is no checkpoint on disk.',
  'lesson.three-endings.restart-from-1.caption':
    'On restart there is nothing to read, so it starts over: planned again, from step 1.',
  'lesson.three-endings.steps-wasted-26.caption': 'By the end, the first 26 steps were done twice: 26 steps wasted.',
  'lesson.three-endings.article-watchdog.caption':
    'The same story and the same watchdog, on the article’s design: it will checkpoint before suspending at step 27.',
  'lesson.three-endings.killed-checkpoint-kept.caption':
    'The timeout kills it in the night as well, but in the morning the checkpoint is still on disk.',
  'lesson.three-endings.restart-from-27.yourTurn.ask':
    'You are back the next morning. Press Restart: where will it stand?',
  'lesson.three-endings.restart-from-27.caption':
    'It reads the checkpoint: step 27, still waiting, and the request is not sent again. Progress is data, not something the model remembers.',
  'lesson.three-endings.no-fuse-failing.caption':
    'The third ending: you approve, but step 27 itself keeps failing, and there is no fuse.',
  'lesson.three-endings.retried-until-timeout.caption':
    'The same call, the same error, retried until dawn: a night of tokens burnt in one hole, until the timeout kills it.',
  'lesson.three-endings.article-failing.caption': 'The same story on the article’s design: a loop must have a counter.',
  'lesson.three-endings.remind-then-fuse.caption':
    'The second failure brings a reminder, the third trips the fuse: failed, handed back to a person with the whole ledger, and no more tokens burnt.',
} as const;
