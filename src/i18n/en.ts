import { classroom } from './en.classroom';
import { code } from './en.code';
import { diagram } from './en.diagram';
import { storage } from './en.storage';
import { timeline } from './en.timeline';
import { content } from './en.content';
import { refusals } from './en.refusals';
import type { errors } from './en.errors';
import type { ViewKey } from './en.views';
import type { ChannelKey, DesignId } from 'harness-core';

/**
 * English strings, the ones the first screen and its panels say: the page fetches them at boot.
 * The words of the views opened on request (a lesson, the guide, a trace, presenter mode's
 * read-outs) are en.views.ts, fetched with the view. `zh.ts` must have every key (its type is
 * this object's), and a unit test checks that neither language leaves a string empty.
 */
export const en = {
  ...storage,
  ...classroom,
  ...code,
  ...diagram,
  ...timeline,
  ...content,
  ...refusals,
  // Predict-then-reveal and challenges (SPEC §13)
  'why.predicting': 'Answer the prediction first.',
  'why.challenge': 'This challenge does not allow this control.',
  'app.title': 'Harness Sim',
  'app.subtitle': 'How an agent harness keeps track of a long task',
  'app.scenario': 'Scenario',
  'app.lang': '中文',
  'app.langFailed': 'The other language could not be loaded (offline?): press again to retry.',
  'app.langLabel': 'Language',
  // What the page's address asked for and did not get (store/address.ts).
  'address.badSeed': "The URL's seed {seed} is not a whole number from 0 to 2^53 − 1: this run uses seed 1.",
  'address.replaced.scenario': "The URL's scenario {scenario} does not exist: this run uses {usedScenario}.",
  'address.replaced.design': "The URL's design {design} does not exist: this run uses {usedDesign}.",
  'address.replaced.both':
    "The URL's scenario {scenario} does not exist: this run uses {usedScenario}; the URL's design {design} does not exist: this run uses {usedDesign}.",
  'address.unreplayable': "The link's moment cannot be replayed ({reason}): the run starts from the beginning.",
  'address.replayBudget':
    "The link's {n} commands took more than {s} s of work to replay (each costs more than the one before): the run stands after command {at}.",
  'address.replayStuck':
    'Command {k} of {n} in the link does nothing here (another version of the page made it): the run stands after command {at}.',
  // What the page needs to know of a language, beside its words.
  'lang.tag': 'en',
  'list.sep': ', ',
  // Lists of words said by data (listOf): each pair joined; `list.none` for an empty one.
  'list.semi': '{a}; {b}',
  'list.comma': '{a}, {b}',
  'list.sentences': '{a} {b}',
  'list.none': '—',
  'label.gap': ' ',
  'duration.hm': '{h}h {m}m',
  'duration.m': '{m}m',
  'app.help': 'Keyboard shortcuts (?)',
  'app.error': 'Something went wrong: {msg}. Reload the page; your saved runs are kept.',

  'stage.none': 'none',
  'stage.counting': 'counting',
  'stage.reminded': 'reminded',
  'stage.fused': 'fused',

  'ctl.start': 'Start',
  'ctl.step': 'Step',
  'ctl.play': 'Play',
  'ctl.pause': 'Pause',
  'ctl.speed': 'Speed',
  'ctl.speedValue': '{v} ticks/s',
  'ctl.fastForward': 'To next approval',
  'ctl.errorType': 'Error type',
  'ctl.fail': 'Tool fails',
  'ctl.changeApproach': 'Model changes approach',
  'ctl.requestApproval': 'Needs approval',
  'ctl.approve': 'Approve',
  'ctl.reject': 'Reject',
  'ctl.rejectReason': 'Reason for rejecting',
  'ctl.rejectPlaceholder': 'e.g. not during business hours',
  'ctl.noReason': '(no reason given)',
  'ctl.cancel': 'Cancel task',
  'ctl.replan': 'Replan',
  'ctl.crash': 'Crash process',
  'ctl.restart': 'Restart process',
  'ctl.reset': 'New run',
  'ctl.checkpoint': 'Checkpoint now',
  'ctl.group.run': 'Run',
  'ctl.group.inject': 'Inject',
  'ctl.group.person': 'A person',
  'ctl.group.process': 'Process',

  'why.notCreated': 'Only a task that has not started can be started.',
  'why.terminal': 'The task has ended ({state}); start a new run or fork from a checkpoint.',
  'why.down': 'The process is down: restart it first.',
  'why.notDown': 'The process is running; crash it first.',
  'why.notRunning': 'Only while running (now: {state}).',
  'why.notWaiting': 'Only while waiting for approval.',
  'why.noFailure': 'Only after a failure on the current step.',
  'why.oneShot':
    'This plan is one-shot: a person can revise only a dynamic plan (the model revises this one only to answer a rejection).',
  'why.alreadyRisky': 'This step already needs approval.',
  'why.follower': 'Another tab drives this run.',
  'why.loading': 'Reading saved runs from storage…',
  'why.notStarted': 'Start the task first.',

  'help.title': 'Keyboard shortcuts',
  'help.close': 'Close',

  'panel.readouts': 'Where the run stands',
  'panel.plan': 'Plan and todos',
  'panel.ledger': 'Step ledger',
  'panel.channel': 'Context channel',
  'panel.checkpoint': 'Newest checkpoint',
  'panel.log': 'Event log',
  'panel.meters': 'Meters',

  'read.state': 'State',
  'read.step': 'Step',
  'read.ended': 'Ended: {reason}',
  'read.loop': 'Loop guard',
  'read.attempts': 'Attempts at this step',
  'read.approvals': 'Approval requests',
  'read.down.crash': 'Process crashed: memory lost, checkpoints kept.',
  'read.down.timeout': 'Process killed by the overnight timeout: 8 h without progress.',

  'plan.version': 'version {v} · {mode}',
  'plan.mode.one_shot': 'one-shot',
  'plan.mode.dynamic': 'dynamic',
  'plan.risky': 'risky: needs approval',
  'plan.side_effect': 'side effect',
  'plan.status.pending': 'pending',
  'plan.status.in_progress': 'in progress',
  'plan.status.done': 'done',
  'plan.status.skipped': 'skipped',

  'ledger.step': 'Step',
  'ledger.try': 'Try',
  'ledger.tool': 'Tool',
  'ledger.args': 'Args',
  'ledger.outcome': 'Outcome',
  'ledger.error': 'Error',
  'ledger.actor': 'By',
  'ledger.time': 'Time',
  'ledger.empty': 'No attempts yet.',
  'ledger.more': 'Showing the newest {shown} of {total} rows.',
  'ledger.actor.model': 'model',
  'ledger.actor.human': 'human',

  'channel.empty': 'Nothing injected yet: messages appear after a failure or a rejection.',
  'channel.kind.reminder': 'system-reminder',
  'channel.kind.recovery-hint': 'recovery hint',
  'channel.kind.rejection': 'rejection',

  'log.empty': 'Nothing has happened yet.',
  'log.restore': 'restart',

  'meter.clock': 'Virtual clock',
  'meter.tokens': 'Tokens',
  'meter.wasted': 'Steps wasted',
  'meter.checkpoints': 'Checkpoints',
  'meter.bytes': 'Bytes written',
  'clock.format': 'Day {d} · {hh}:{mm}',

  'settings.title': 'Settings for a new run',
  'settings.density': 'Checkpoint density',
  'settings.overnight': 'Kill the process after 8 h without progress, waiting or retrying (the overnight endings)',
  'settings.apply': 'New run with these settings',
  'scenario.summary': 'About this scenario',
  // harness designs, stories & simple mode (SPEC §9)
  'settings.design': 'Harness design',
  'settings.heed': 'After a reminder, the model changes approach',
  'settings.heed.0': 'never',
  'settings.heed.0.5': 'half the time',
  'settings.heed.1': 'always',
  'why.notInMachine': 'This machine has no such transition (the simple mode keeps four states).',
  'why.noCheckpoints': 'This design keeps no checkpoints.',
  'meter.modelCalls': 'Model calls',
  'meter.rereads': 'Files re-read',
  'meter.held': 'Process held',
  'meter.side': 'Second task',
  'meter.side.waiting': 'queued',
  'meter.side.none': 'none queued',
  'meter.side.done': 'done at {time}',
  // layout & language (SPEC §13.4)
  'panel.controls': 'Controls',
  'phase.connect': 'connect',
  'phase.export': 'export',
  'phase.inventory': 'inventory',
  'phase.load': 'load',
  'phase.script': 'script',
  'phase.transform': 'transform',
  'phase.verify': 'verify',
  'channel.more': '({n} more characters)',
  'channel.tokens': '{n} tok',
  'error.not_found': 'not found',
  'error.timeout': 'timeout',
  'error.permission_denied': 'permission denied',
  'error.conflict': 'conflict',
  'error.no_progress': 'no progress',
  'error.rejected': 'rejected',
  'ledger.outcome.ok': 'ok',
  'ctl.key.space': 'Space',
  'panel.stage': 'The machine',

  // lists & screen reader (SPEC §13.4)
  'sr.move': '{from} → {to}: {detail}',
  'sr.batch': '{n} transitions. Latest: {latest}',
  'sr.restore': 'resumed from the newest checkpoint at step {step}',
  'sr.cancelled': 'cancelled at step {step}',
  'sr.started': 'task started, making the plan',
  'sr.replan': 'making a new plan',
  'sr.approved': 'step {step} approved',
  'sr.planned': 'plan ready, {total} steps',
  'sr.stepDone': 'step {step} of {total} done',
  'sr.retry': 'retrying step {step}, attempt {attempts} of {max} used',
  'sr.rejected': 'step {step} rejected, loop {loop} of {fuseAt}',
  'sr.stepFailed': 'step {step} failed, loop {loop} of {fuseAt}',
  'sr.fused': 'step {step} failed {loop} times on the same input: the fuse tripped',
  'sr.attemptsUsed': 'step {step} used up its {max} attempts',
  'sr.waiting': 'step {step} waits for a person’s approval',
  'sr.stillWaiting': 'still waiting for approval of step {step}',
  'sr.completed': 'all {total} steps done',
  'sr.diagram': 'The state machine as text',
  'sr.diagram.current': 'Current state: {state}.',
  'sr.diagram.states': 'States',
  'sr.diagram.transitions': 'Transitions',
  'sr.diagram.isCurrent': '(current)',
  'sr.diagram.justTaken': '(just taken)',
  'sr.diagram.edge': '{from} → {to}, on {events}',
  'sr.diagram.anyActive': 'any active state',
  'sr.diagram.none': 'No transition taken yet.',
  'sr.diagram.last': 'Last transition: {from} → {to}.',
};

/**
 * The keys of the words fetched at boot: these and the numbered messages (en.errors.ts). The
 * English numbered rows are not in this chunk but in the page's own (the store writes its
 * messages from them), and this chunk imports nothing of the page: the page waits for its words
 * before it runs.
 */
export type BootKey = keyof typeof en | keyof typeof errors;

/**
 * Every key: the boot words' and the views' (en.views.ts), and the words of what the engine
 * writes: step titles (engine/stepWords.ts), the context channel's messages (harness-core's
 * CHANNEL_WORDS) and the designs' words (harness-core's DESIGNS), whose zh and en rows are
 * spelled there and taken in by index.ts; `t()` says any of them.
 */
export type MessageKey = BootKey | ViewKey | StepKey | ChannelKey | DesignKey;

/** A design's name or the one thing it changes (harness-core's DESIGNS). */
export type DesignKey = `design.${DesignId}.${'name' | 'change'}`;

/** A key of a step title's words (engine/stepWords.ts). */
export type StepKey = `step.${string}`;
