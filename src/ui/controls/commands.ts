import { isTerminal, type Sim } from '../../engine';
import { seekShown, type Store } from '../../store/simStore';
import type { SimView } from '../../store/view';
import { translate, type MessageKey } from '../../i18n';
import { challengeForbids } from '../../store/challengeGate';
import { isPlaying } from '../../store/player';
import { askFirst, predictHolds } from '../../store/predict';

/**
 * Every control as data: its test hook, label, shortcut, whether it applies now and, when it
 * does not, why (shown as the tooltip). Buttons and keyboard shortcuts both run from here.
 */
/** What a command's availability reads of the store: the controls re-render when these change. */
export type CommandState = Pick<Store, 'ready' | 'role' | 'sim' | 'view'> & {
  /** The page's player is moving the run (playing or fast-forwarding). */
  playing: boolean;
};

export interface Command {
  id: string;
  testId: string;
  label: MessageKey;
  key: string;
  group: 'run' | 'inject' | 'person' | 'process';
  /** null when it applies now; else the reason (a dictionary key and its params). */
  blocked: (s: CommandState) => { key: MessageKey; params?: Record<string, string> } | null;
  run: (s: Store) => void;
  /** Shown only when this returns true (play and pause swap places). */
  visible?: (s: CommandState) => boolean;
  tone?: 'primary' | 'danger' | 'ok';
}

/** Nothing acts on a run before storage has been read and the run saved or restored. */
const loading = (s: CommandState): ReturnType<Command['blocked']> => (s.ready ? null : { key: 'why.loading' });

/** Who may act on this run at all: not before it stands (`ready`), not from a follower tab. */
const tabBlock = (s: CommandState): ReturnType<Command['blocked']> =>
  loading(s) ?? (s.role === 'follower' ? { key: 'why.follower' } : null);

/** Reasons shared by most controls: not ready, a follower tab, a dead process, an ended task. */
function common(s: CommandState): ReturnType<Command['blocked']> {
  const tab = tabBlock(s);
  if (tab) return tab;
  if (!s.sim.alive) return { key: 'why.down' };
  if (isTerminal(s.view.state)) return { key: 'why.terminal', params: { state: s.view.state } };
  return null;
}

/** Applies when `ok` holds of what the page shows (and of the live Sim, for `can`). */
const when =
  (ok: (v: SimView, sim: Sim) => boolean, why: MessageKey, params?: (v: SimView) => Record<string, string>) =>
  (s: CommandState) =>
    common(s) ?? (ok(s.view, s.sim) ? null : { key: why, ...(params ? { params: params(s.view) } : {}) });

const stateParam = (v: SimView) => ({ state: v.state });

const TABLE: readonly Command[] = [
  {
    id: 'start',
    testId: 'btn-start',
    label: 'ctl.start',
    key: 's',
    group: 'run',
    tone: 'primary',
    blocked: when((sim) => sim.state === 'created', 'why.notCreated'),
    run: (s) => s.send({ type: 'START' }),
  },
  {
    id: 'step',
    testId: 'btn-step',
    label: 'ctl.step',
    key: 'n',
    group: 'run',
    blocked: when((sim) => sim.state !== 'created', 'why.notStarted'),
    run: (s) => s.send({ type: 'TICK' }),
  },
  {
    id: 'play',
    testId: 'btn-play',
    label: 'ctl.play',
    key: ' ',
    group: 'run',
    blocked: (s) => common(s),
    run: (s) => s.play(),
    visible: (s) => !s.playing,
  },
  {
    id: 'pause',
    testId: 'btn-pause',
    label: 'ctl.pause',
    key: ' ',
    group: 'run',
    blocked: () => null,
    run: (s) => s.pause(),
    visible: (s) => s.playing,
  },
  {
    id: 'fast-forward',
    testId: 'btn-fast-forward-approval',
    label: 'ctl.fastForward',
    key: 'g',
    group: 'run',
    blocked: when((sim) => sim.state !== 'waiting_approval', 'why.notRunning', stateParam),
    run: (s) => s.fastForwardToApproval(),
  },
  {
    id: 'fail',
    testId: 'btn-fail',
    label: 'ctl.fail',
    key: 'f',
    group: 'inject',
    tone: 'danger',
    blocked: when((sim) => sim.state === 'running' || sim.state === 'tool_failed', 'why.notRunning', stateParam),
    run: (s) => askFirst(s, 'FAIL_NOW', () => s.send({ type: 'FAIL_NOW', error: s.errorType })),
  },
  {
    id: 'change-approach',
    testId: 'btn-change-approach',
    label: 'ctl.changeApproach',
    key: 'h',
    group: 'inject',
    blocked: when((_, sim) => sim.can({ type: 'CHANGE_APPROACH' }), 'why.noFailure'),
    run: (s) => s.send({ type: 'CHANGE_APPROACH' }),
  },
  {
    id: 'request-approval',
    testId: 'btn-request-approval',
    label: 'ctl.requestApproval',
    key: 'q',
    group: 'inject',
    blocked: (s) =>
      common(s) ??
      (s.view.state !== 'running'
        ? { key: 'why.notRunning', params: stateParam(s.view) }
        : s.sim.can({ type: 'REQUEST_APPROVAL' })
          ? null
          : { key: 'why.alreadyRisky' }),
    run: (s) => askFirst(s, 'REQUEST_APPROVAL', () => s.send({ type: 'REQUEST_APPROVAL' })),
  },
  {
    id: 'approve',
    testId: 'btn-approve',
    label: 'ctl.approve',
    key: 'a',
    group: 'person',
    tone: 'ok',
    blocked: when((sim) => sim.state === 'waiting_approval', 'why.notWaiting'),
    run: (s) => void s.approve(),
  },
  {
    id: 'reject',
    testId: 'btn-reject',
    label: 'ctl.reject',
    key: 'r',
    group: 'person',
    tone: 'danger',
    blocked: when((sim) => sim.state === 'waiting_approval', 'why.notWaiting'),
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
    blocked: when((_, sim) => sim.can({ type: 'CANCEL' }), 'why.notInMachine'),
    run: (s) => askFirst(s, 'CANCEL', () => s.send({ type: 'CANCEL' })),
  },
  {
    id: 'replan',
    testId: 'btn-replan',
    label: 'ctl.replan',
    key: 'p',
    group: 'person',
    blocked: (s) =>
      common(s) ??
      (s.view.context.plan.mode !== 'dynamic'
        ? { key: 'why.oneShot' }
        : s.view.state !== 'running'
          ? { key: 'why.notRunning', params: stateParam(s.view) }
          : null),
    run: (s) => askFirst(s, 'REPLAN', () => s.send({ type: 'REPLAN' })),
  },
  {
    id: 'checkpoint',
    testId: 'btn-checkpoint',
    label: 'ctl.checkpoint',
    key: 'k',
    group: 'process',
    blocked: (s) =>
      common(s) ??
      (!s.sim.checkpointing
        ? { key: 'why.noCheckpoints' }
        : s.sim.can({ type: 'CHECKPOINT' })
          ? null
          : { key: 'why.notInMachine' }),
    run: (s) => s.send({ type: 'CHECKPOINT' }),
  },
  {
    id: 'crash',
    testId: 'btn-crash',
    label: 'ctl.crash',
    key: 'x',
    group: 'process',
    tone: 'danger',
    blocked: (s) => tabBlock(s) ?? (s.view.alive ? null : { key: 'why.down' }),
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
    blocked: (s) => tabBlock(s) ?? (s.view.alive ? { key: 'why.notDown' } : null),
    run: (s) => void s.restart(),
  },
  {
    id: 'reset',
    testId: 'btn-reset',
    label: 'ctl.reset',
    key: 'z',
    group: 'process',
    blocked: loading,
    run: (s) => void s.newRun(),
  },
];

/**
 * The table as the page uses it: while a prediction waits for the student nothing but pause
 * acts, and an open challenge allows only its own controls (each says why in its tooltip).
 */
export const COMMANDS: readonly Command[] = TABLE.map((c) => ({
  ...c,
  blocked: (s) =>
    c.id !== 'pause' && predictHolds()
      ? { key: 'why.predicting' }
      : challengeForbids(c.testId)
        ? { key: 'why.challenge' }
        : c.blocked(s),
}));

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
