/**
 * The scenarios’ and stories’ titles and summaries (src/engine), the simple mode’s state names, the self-test and the lessons’ titles (src/lessons).
 * The data keeps the key; `zh.content.ts` has every key (its type is this object's).
 */
export const content = {
  'scenario.dynamic-plan.title': 'A plan that changes as it runs',
  'scenario.dynamic-plan.summary':
    'At step 5 an unlisted table turns up and the plan gains three steps; the plan itself is checkpointed.',
  'scenario.enumerate.title': 'Ten configurations, one by one',
  'scenario.enumerate.summary':
    'It looks like a loop but it is a search: the key is tool + args + error type, new args start a new count, the 7th profile works, no fuse.',
  'scenario.migration-40.title': '40-step data migration',
  'scenario.migration-40.summary':
    'The article’s opening story: step 27 changes the database schema and needs a person’s approval.',
  'scenario.not-found.title': 'The same “file not found” twice',
  'scenario.not-found.summary':
    'Steps 3 and 27 both fail with not_found, yet the hints differ: step 18 renamed the file step 27 needs.',
  'scenario.script-5min.title': 'A five-minute script',
  'scenario.script-5min.summary':
    'A short one-off task: pending / running / done / failed is enough; eight states would be over-design.',
  'scenario.stuck-query.title': 'A query that keeps timing out',
  'scenario.stuck-query.summary':
    'Step 4’s row count times out the same way every time, unless the model changes its approach.',
  'scenario.scaled.title': '{total}-step data migration',
  'scenario.scaled.summary': 'A longer migration for measurements.',
  'predict.right': 'Right',
  'predict.wrong': 'Not quite',
  'predict.fuseTripped': 'the fuse tripped',
  'predict.fuseHeld': 'the fuse did not trip',
  'predict.reason.step': '{head}: it goes on from step {answer}. {why}',
  'predict.reason.simple': '{head}: the next state is {simple} ({answer}). {why}',
  'predict.reason.state': '{head}: the next state is {answer}, and {fuse}. {why}',
  'reveal.crash':
    'A crash kills the process, not the task: the state stays where it was, and a restart goes on from the newest checkpoint.',
  'reveal.fuse':
    'The same key (tool + args + error type) failed up to the fuse: it trips and the task ends in failed instead of burning tokens.',
  'reveal.exhausted':
    'This step has used up its attempts: no fuse, but no attempt left either, so the task ends in failed.',
  'reveal.rejected':
    'A rejection is not the end: its reason goes into the context as a rejection message and the model tries the step again with it in mind.',
  'reveal.toolFailed':
    'The tool failed below the fuse: the loop guard counts it and the task waits in tool_failed for its next attempt.',
  'reveal.waiting':
    'A risky step needs a person: the before_suspend checkpoint is written, then the machine suspends, spending no tokens while it waits.',
  'reveal.requested':
    'The step is marked risky, but the state does not change yet: the next tick that reaches it writes the before_suspend checkpoint, then suspends for a person.',
  'reveal.cancelled': 'A person may stop the task from any state that has not ended: it ends in cancelled.',
  'reveal.planning':
    'The plan changes: the task goes back to planning, and runs on once the model has written the new version.',
  'reveal.simpleFailed': 'The simple mode has no retry and no fuse: one failure and the task ends in failed.',
  'reveal.unchanged': 'This did not change the phase: the task is still {state}.',
  'yourTurn.notATurn': 'This stop is not a your-turn stop of this lesson.',
  'yourTurn.down': 'The process is down: restart it, then see whether it reaches {expect}.',
  'yourTurn.notYet': 'Not in {expect} yet: the run is in {state}.',
  'yourTurn.otherEnd': 'In {expect}, but it did not end by {ended}.',
  'yourTurn.reached': 'Right: the run reached {expect}.',
  'challenge.start.budget':
    'start.until: the run did not reach {where} in {seconds} s of play ({moves} moves, each costlier than the last); the challenge is not opened',
  'challenge.start.moves': 'start.until: the run did not reach {where} in {moves} moves; the challenge is not opened',
  'challenge.start.never':
    'start.until: the run never reaches {where} (it stood at {state} after {moves} moves); the challenge is not opened',
  'challenge.goal.state': 'end in {state}',
  'challenge.goal.ended': 'end by {ended}',
  'challenge.goal.fuse': 'the fuse trips',
  'challenge.goal.noFuse': 'the fuse does not trip',
  'challenge.goal.eq': 'exactly {n} {name}',
  'challenge.goal.le': 'at most {n} {name}',
  'challenge.goal.ge': 'at least {n} {name}',
  'challenge.verdict.illegal': 'Used a control this challenge does not allow ({command}).',
  'challenge.verdict.broken': 'Not met: {parts}.',
  'challenge.verdict.pass': 'Passed: {goal}.',
  'challenge.verdict.open': 'Still open: {goal}.',
  'challenge.measure.rejections': 'rejections',
  'challenge.measure.failures': 'failures',
  'challenge.measure.tool_errors': 'tool errors',
  'challenge.measure.crashes': 'crashes',
  'challenge.measure.restarts': 'restarts',
  'challenge.measure.approvals': 'approvals',
  'challenge.measure.approval_requests': 'approval requests',
  'challenge.measure.checkpoints': 'checkpoints',
  'challenge.measure.presses': 'presses',
  'challenge.measure.steps_wasted': 'steps wasted',
  'challenge.measure.tokens': 'tokens',
  'challenge.measure.model_calls': 'model calls',
  'challenge.measure.rereads': 'files re-read',
  'challenge.measure.minutes': 'virtual minutes',
  'span.hm': '{h} h {m} min',
  'span.ms': '{m} min {s} s',
  'span.m': '{m} min',
  'span.s': '{s} s',
  'verdict.tokensTimes': '{x}x the tokens',
  'verdict.moreTokens': '{n} more tokens',
  'verdict.wasted': '{n} steps done twice',
  'verdict.rereads': '{n} files re-read',
  'verdict.queuedNever': 'the queued task never finished',
  'verdict.queuedAt': 'the queued task done only at {at}',
  'verdict.killed': 'killed at {at} still in {state}',
  'verdict.endedIn': 'ended in {state}',
  'verdict.endedBy': 'ended in {state} ({ended})',
  'verdict.modelCalls': '{n} model calls against {m}',
  'verdict.checkpoints': '{n} checkpoints against {m}',
  'verdict.bytes': '{n} bytes written against {m}',
  'verdict.late': 'its clock {span} later',
  'verdict.held': 'the process held for {span}',
  'verdict.alike': 'Both designs ended alike: {tokens} tokens, {wasted} steps done twice.',
  // One sentence per design in English (each opens with its name, capitalised); one in Chinese.
  'verdict.design': '{design}: {parts}.',
  'verdict.all': '{all}',
  'design.article.name': 'The article’s design',
  'design.article.change':
    'Checkpoints before key actions, remind before fuse (remind at 2, fuse at 3), artifact refs kept, approval suspends the machine.',
  'design.no-checkpoint.name': 'No checkpoints',
  'design.no-checkpoint.change': 'Nothing is saved: a restart begins at step 1 and redoes every step.',
  'design.no-fuse.name': 'No fuse',
  'design.no-fuse.change':
    'No reminder, no fuse, no attempt limit: the same failing call is retried until the process is killed.',
  'design.every-step.name': 'Checkpoint every step',
  'design.every-step.change':
    'A checkpoint after every step: least lost, most written. Each write takes 5 s of virtual time, so every step is slower and the run ends later.',
  'design.no-refs.name': 'No artifact refs',
  'design.no-refs.change':
    'Checkpoints keep the position but no artifact refs: a resumed run remembers the conclusion, forgets the process, and re-reads every file.',
  'design.blocking-wait.name': 'Blocking wait',
  'design.blocking-wait.change':
    'Waiting for approval blocks the whole process: the second task queued behind it cannot run, and the process is held.',
  'share.dropped': '{key}={value}: {why}',
  'share.why.scenario': 'no such scenario',
  'share.why.seed': 'not a whole number from 0 to 2^53 − 1',
  'share.why.design': 'no such design',
  'share.why.lesson': 'no such lesson',
  'share.why.atNoLesson': 'a stop needs a lesson',
  'share.why.at': 'not a stop of this lesson (1–{stops})',
  'share.why.lang': 'the languages are {langs}',
  'share.why.compare': 'needs two different designs, e.g. article,no-checkpoint',
  'share.why.script': 'the scripts are {scripts}',
  'share.why.scriptAlone': 'a script belongs to the compare view',
  'share.why.challenge': 'no such challenge',
  'share.why.replay': 'not a replay this page makes',
  'replay.why.notOurs': 'the replay is not one this page makes',
  'replay.why.unpack': 'the replay cannot be unpacked',
  'replay.why.deep': 'the replay nests deeper than a replay does',
  'replay.why.json': 'the replay is not JSON inside',
  'replay.why.version': 'the replay is of another version',
  'replay.why.noConfig': 'the replay has no config',
  'replay.why.config': 'the replay’s config: {error}',
  'replay.why.command': 'command {n} ({shown}) is not one of the page’s',
  'story.opening-story.title': 'Step 27 waits for an approval nobody gives that night',
  'story.opening-story-failing.title': 'Step 27 itself fails on every attempt, retried through the night until dawn',
  'simple.state.created': 'pending',
  'simple.state.running': 'running',
  'simple.state.completed': 'done',
  'simple.state.failed': 'failed',
  'selftest.intro': 'Close the article and answer on your own first, then open the answers to compare:',
  'selftest.q1.question': 'What must a checkpoint hold to be recoverable without storing the full context?',
  'selftest.q2.question':
    'How does the waiting_approval state connect with the permission mechanism without freezing the main loop?',
  'selftest.q1.answer':
    'Store the “position”, not the “luggage”: five things: the current state and step number, the list of steps done, references to the key intermediate artifacts (file paths, record numbers in outside systems; the artifacts themselves stay in the file system, which is state externalization), the todo-list snapshot, and the plan snapshot (how far a dynamic plan has been revised, and what the following steps are). The full context is not stored because it can be rebuilt: the same way as the working set is rebuilt after compaction (recent files, active skills, the tool list), and what is lost of the message history is replayed from the intermediate artifact files. The rule in one sentence: only what cannot be rebuilt deserves a place in the checkpoint; for what can be rebuilt, store only the clues to rebuild it (references). A checkpoint of the full context is big and brittle, and on recovery it must be injected whole, crowding the new session’s budget. Note that this is the default leaning of a hand-written harness: framework-level implementations (LangGraph) store the full graph state by default, which is less work but heavier.',
  'selftest.q1.emphasis':
    'only what cannot be rebuilt deserves a place in the checkpoint; for what can be rebuilt, store only the clues to rebuild it (references)',
  'selftest.q2.answer':
    'The division of labour is “permissions give the verdict, the state machine handles the waiting”: when the permission mechanism decides a tool call in running needs a person’s verdict, the task first writes a checkpoint to disk (current step, list of steps done, artifact refs), then goes into waiting_approval and suspends. What is suspended is the task’s state machine, not the process: the main loop idles, polling for the verdict, without using model calls and without sending the request again (the prompt pops up once), and whether the person comes early or late, no progress is lost. Approval reads the checkpoint and resumes from where it stopped (back to running); rejection turns the reason for rejecting into the tool result and goes to tool_failed, and the model retries another way with that reason in hand. Speculative pre-execution at the product level in the gaps between user inputs (see the permissions article) does not contradict this layer: what is precomputed is the result of the suggested operation; what is suspended is the task’s progress. Two joints not to get wrong: do not send the request again while waiting (repeated prompts), and do not let the model try blindly after a rejection (the reason must go into the step ledger).',
  // The lessons’ titles (src/lessons/meta.ts): the lesson list on the first screen says them; the rest of a lesson’s words come with it (en.views.ts).
  'lesson.three-endings.title': 'Three ways to start over',
  'lesson.approval.title': 'Waiting for approval: suspend, do not freeze',
  'lesson.fuse.title': 'Dead-loop protection: count, remind, fuse',
  'lesson.density.title': 'Store the position, not the luggage; denser is not better',
  'lesson.smells.title': 'Two smells',
  'lesson.simple-mode.title': 'When eight states are over-design',
  'lesson.replay-takeover.title': 'Failure replay and human takeover',
  'lesson.no-progress.title': 'No error, still going in circles',
  'lesson.remind-recover.title': 'Why remind before the fuse',
  'lesson.recovery-hints.title': 'The same error, different hints',
  'lesson.every-n.title': 'Every ten steps, lose up to ten',
  'lesson.plans.title': 'One-shot plans and dynamic plans',
  'lesson.cancel-resume.title': 'Cancelled, then resumed from a checkpoint',
} as const;

/** A key of this file: what data that shows these words holds. */
export type ContentKey = keyof typeof content;
