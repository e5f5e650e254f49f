import { currentStep, isRisky, isTerminal, type SimCommandType } from '../../engine';
import { CONTROL_COMMANDS, isControlId } from '../../lessons/controls';
import { seekShown, type Store } from '../../store/simStore';
import type { SimView } from '../../store/view';
import { translate, type MessageKey } from '../../i18n';
import { challengeForbids } from '../../store/challengeGate';
import { isPlaying } from '../../store/player';
import { askFirst, predictHolds } from '../../store/predict';

/**
 * Every control as data: its test hook, label, shortcut, whether it applies now and, when it
 * does not, why (shown as the tooltip). Buttons and keyboard shortcuts both run from here.
 * Whether a control applies is the page's gates (storage read, the driving tab, a question
 * waiting, a challenge) and then what the machine would take (`view.can`, engine/can.ts):
 * no control names a state.
 */
/** What a command's availability reads of the store: the controls re-render when these change. */
export type CommandState = Pick<Store, 'ready' | 'role' | 'view'> & {
  /** The page's player is moving the run (playing or fast-forwarding). */
  playing: boolean;
};

type Reason = { key: MessageKey; params?: Record<string, string> } | null;

export interface Command {
  id: string;
  testId: string;
  label: MessageKey;
  key: string;
  group: 'run' | 'inject' | 'person' | 'process';
  /** null when it applies now; else the reason (a dictionary key and its params). */
  blocked: (s: CommandState) => Reason;
  run: (s: Store) => void;
  /** Shown only when this returns true (play and pause swap places). */
  visible?: (s: CommandState) => boolean;
  tone?: 'primary' | 'danger' | 'ok';
}

const inState = (key: MessageKey) => (v: SimView) => ({ key, params: { state: v.state } });
const just = (key: MessageKey) => () => ({ key });

/** Why the run would not take a command, in words of what it shows (the machine said no). */
const WHY_NOT: Record<SimCommandType, (v: SimView) => NonNullable<Reason>> = {
  START: just('why.notCreated'),
  TICK: just('why.notStarted'),
  APPROVE: just('why.notWaiting'),
  REJECT: just('why.notWaiting'),
  CANCEL: just('why.notInMachine'),
  REPLAN: (v) => (v.context.plan.mode === 'one_shot' ? { key: 'why.oneShot' } : inState('why.notRunning')(v)),
  INJECT_FAULT: inState('why.notRunning'),
  FAIL_NOW: inState('why.notRunning'),
  CHANGE_APPROACH: just('why.noFailure'),
  REQUEST_APPROVAL: (v) => {
    const step = currentStep(v.context);
    return step && isRisky(v.context, step) ? { key: 'why.alreadyRisky' } : inState('why.notRunning')(v);
  },
  CHECKPOINT: (v) => ({ key: v.checkpointing ? 'why.notInMachine' : 'why.noCheckpoints' }),
  CRASH: just('why.down'),
  RESTART: just('why.notDown'),
};

/** The reason a command the machine refuses does not apply: a dead process or an ended task first. */
function whyNot(type: SimCommandType, v: SimView): NonNullable<Reason> {
  if (type === 'RESTART' || type === 'CRASH') return WHY_NOT[type](v);
  if (!v.alive) return { key: 'why.down' };
  if (isTerminal(v.state)) return { key: 'why.terminal', params: { state: v.state } };
  return WHY_NOT[type](v);
}

/**
 * One control. `command` is what it sends, from the one control→command table
 * (lessons/controls.ts); `applies` overrides "the machine takes `command`" for the two that
 * move the run several times (play starts it first; fast-forward stops at an approval).
 */
interface Row extends Pick<Command, 'id' | 'testId' | 'label' | 'key' | 'group' | 'run' | 'visible' | 'tone'> {
  applies?: (can: SimView['can']) => boolean;
  /** The reason when `applies` says no and the command alone would be taken. */
  why?: (v: SimView) => NonNullable<Reason>;
  /** Not a machine command (pause, reset): only the gates named here block it. */
  gates?: 'none' | 'loading';
}

const ROWS: readonly Row[] = [
  {
    id: 'start',
    testId: 'btn-start',
    label: 'ctl.start',
    key: 's',
    group: 'run',
    tone: 'primary',
    run: (s) => s.send({ type: 'START' }),
  },
  { id: 'step', testId: 'btn-step', label: 'ctl.step', key: 'n', group: 'run', run: (s) => s.send({ type: 'TICK' }) },
  {
    id: 'play',
    testId: 'btn-play',
    label: 'ctl.play',
    key: ' ',
    group: 'run',
    applies: (can) => can.START || can.TICK,
    run: (s) => s.play(),
    visible: (s) => !s.playing,
  },
  {
    id: 'pause',
    testId: 'btn-pause',
    label: 'ctl.pause',
    key: ' ',
    group: 'run',
    gates: 'none',
    run: (s) => s.pause(),
    visible: (s) => s.playing,
  },
  {
    id: 'fast-forward',
    testId: 'btn-fast-forward-approval',
    label: 'ctl.fastForward',
    key: 'g',
    group: 'run',
    // Up to the next approval: not while one is waiting already.
    applies: (can) => (can.START || can.TICK) && !can.APPROVE,
    why: inState('why.notRunning'),
    run: (s) => s.fastForwardToApproval(),
  },
  {
    id: 'fail',
    testId: 'btn-fail',
    label: 'ctl.fail',
    key: 'f',
    group: 'inject',
    tone: 'danger',
    run: (s) => askFirst(s, 'FAIL_NOW', () => s.send({ type: 'FAIL_NOW', error: s.errorType })),
  },
  {
    id: 'change-approach',
    testId: 'btn-change-approach',
    label: 'ctl.changeApproach',
    key: 'h',
    group: 'inject',
    run: (s) => s.send({ type: 'CHANGE_APPROACH' }),
  },
  {
    id: 'request-approval',
    testId: 'btn-request-approval',
    label: 'ctl.requestApproval',
    key: 'q',
    group: 'inject',
    run: (s) => askFirst(s, 'REQUEST_APPROVAL', () => s.send({ type: 'REQUEST_APPROVAL' })),
  },
  {
    id: 'approve',
    testId: 'btn-approve',
    label: 'ctl.approve',
    key: 'a',
    group: 'person',
    tone: 'ok',
    run: (s) => void s.approve(),
  },
  {
    id: 'reject',
    testId: 'btn-reject',
    label: 'ctl.reject',
    key: 'r',
    group: 'person',
    tone: 'danger',
    run: (s) => {
      const reason = s.rejectReason.trim() || translate(s.lang, 'ctl.noReason');
      s.setRejectReason('');
      askFirst(s, 'REJECT', () => s.send({ type: 'REJECT', reason }));
    },
  },
  {
    id: 'cancel',
    testId: 'btn-cancel',
    label: 'ctl.cancel',
    key: 'c',
    group: 'person',
    tone: 'danger',
    run: (s) => askFirst(s, 'CANCEL', () => s.send({ type: 'CANCEL' })),
  },
  {
    id: 'replan',
    testId: 'btn-replan',
    label: 'ctl.replan',
    key: 'p',
    group: 'person',
    run: (s) => askFirst(s, 'REPLAN', () => s.send({ type: 'REPLAN' })),
  },
  {
    id: 'checkpoint',
    testId: 'btn-checkpoint',
    label: 'ctl.checkpoint',
    key: 'k',
    group: 'process',
    run: (s) => s.send({ type: 'CHECKPOINT' }),
  },
  {
    id: 'crash',
    testId: 'btn-crash',
    label: 'ctl.crash',
    key: 'x',
    group: 'process',
    tone: 'danger',
    run: (s) => {
      s.pause();
      askFirst(s, 'CRASH', () => s.send({ type: 'CRASH' }));
    },
  },
  {
    id: 'restart',
    testId: 'btn-restart',
    label: 'ctl.restart',
    key: 't',
    group: 'process',
    tone: 'primary',
    run: (s) => void s.restart(),
  },
  {
    id: 'reset',
    testId: 'btn-reset',
    label: 'ctl.reset',
    key: 'z',
    group: 'process',
    gates: 'loading',
    run: (s) => void s.newRun(),
  },
];

/**
 * The page's gates, in order: while a prediction waits for the student nothing but pause acts;
 * an open challenge allows only its own controls; nothing acts before storage has been read and
 * the run saved or restored; a follower tab only watches.
 */
function gated(row: Row, testId: string, s: CommandState): Reason {
  if (row.id !== 'pause' && predictHolds()) return { key: 'why.predicting' };
  if (challengeForbids(testId)) return { key: 'why.challenge' };
  if (row.gates === 'none') return null;
  if (!s.ready) return { key: 'why.loading' };
  if (row.gates === 'loading') return null;
  return s.role === 'follower' ? { key: 'why.follower' } : null;
}

/** The table as the page uses it: each control's command from CONTROL_COMMANDS, enabled by the machine. */
export const COMMANDS: readonly Command[] = ROWS.map((row) => {
  const { testId } = row;
  const command = isControlId(testId) ? CONTROL_COMMANDS[testId] : null;
  const blocked = (s: CommandState): Reason => {
    const gate = gated(row, testId, s);
    if (gate || !command) return gate;
    const { can } = s.view;
    if (row.applies ? row.applies(can) : can[command]) return null;
    return row.why && can[command] ? row.why(s.view) : whyNot(command, s.view);
  };
  const { applies: _a, why: _w, gates: _g, ...rest } = row;
  return { ...rest, testId, blocked };
});

/** What the commands read of the store now, outside React (a key press). */
export const commandStateOf = (s: Store): CommandState => ({ ...s, playing: isPlaying(s.player.getSnapshot()) });

/**
 * Runs a control (a button or its key). While the page shows a past moment of the run (the
 * timeline, store/seek.ts) a control would act on the live run the student is not looking at:
 * instead the timeline offers to fork from that moment (or to go back to Live).
 */
export function press(cmd: Command, s: Store): void {
  if (seekShown(s)) return s.offerFork();
  cmd.run(s);
}

/** The command a key press runs, if any applies now. */
export function commandForKey(key: string, s: CommandState): Command | undefined {
  return COMMANDS.find((c) => c.key === key.toLowerCase() && (c.visible?.(s) ?? true));
}
