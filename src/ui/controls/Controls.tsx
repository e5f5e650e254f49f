import { memo, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { INJECTABLE_ERRORS, type StateName } from '../../engine';
import type { MessageKey } from '../../i18n';
import { useShallow } from 'zustand/react/shallow';
import { useChallengeGate } from '../../store/challengeGate';
import { predictor } from '../../store/predict';
import { isPlaying, speedOf } from '../../store/player';
import { useSimStore } from '../../store/simStore';
import { SelectField } from '../SelectField';
import { useT, type T } from '../useT';
import { COMMANDS, press, type Command, type CommandState } from './commands';

/** Slider position 0..100 ↔ ticks per second, on a log scale (as RaftScope's speed). */
const MIN_SPEED = 0.5;
const MAX_SPEED = 200;
const speedFromSlider = (v: number) => MIN_SPEED * Math.pow(MAX_SPEED / MIN_SPEED, v / 100);
const sliderFromSpeed = (s: number) => (100 * Math.log(s / MIN_SPEED)) / Math.log(MAX_SPEED / MIN_SPEED);

/** A key as printed on the keyboard (Space in the page's language). */
export const keyLabel = (k: string, t: (key: MessageKey) => string) =>
  k === ' ' ? t('ctl.key.space') : k.toUpperCase();

/** Whether a command applies now and its tooltip: the reason it does not, else its name and key. */
function buttonState(cmd: Command, state: CommandState, t: T): { disabled: boolean; title: string } {
  const blocked = cmd.blocked(state);
  if (!blocked) return { disabled: false, title: `${t(cmd.label)} (${keyLabel(cmd.key, t)})` };
  // A state in a reason is named in words (its id is an English word).
  const params = blocked.params?.state
    ? { ...blocked.params, state: t(`state.${blocked.params.state as StateName}`) }
    : blocked.params;
  return { disabled: true, title: t(blocked.key, params) };
}

/** One control; memoised on what it shows, so a tick that changes no button's state redraws none. */
const CommandButton = memo(function CommandButton({
  cmd,
  disabled,
  title,
  testId = cmd.testId,
}: {
  cmd: Command;
  disabled: boolean;
  title: string;
  /** A copy elsewhere (the your-turn card's) has its own hook: the control's own stays unique. */
  testId?: string;
}) {
  const t = useT();
  return (
    <button
      type="button"
      data-testid={testId}
      className={`hs-btn${cmd.tone ? ` hs-btn--${cmd.tone}` : ''}`}
      disabled={disabled}
      title={title}
      aria-keyshortcuts={cmd.key === ' ' ? 'Space' : cmd.key.toUpperCase()}
      onClick={() => press(cmd, useSimStore.getState())}
    >
      {t(cmd.label)}
      <kbd aria-hidden="true">{keyLabel(cmd.key, t)}</kbd>
    </button>
  );
});

const GROUPS = ['run', 'inject', 'person', 'process'] as const;

/** What the buttons read of the store (the fields read their own). */
function useCommandState(): CommandState {
  const playing = useSelector(useSimStore.getState().player, isPlaying);
  const state = useSimStore(
    useShallow((s) => ({
      ready: s.ready,
      role: s.role,
      view: s.view,
    })),
  );
  return useMemo(() => ({ ...state, playing }), [state, playing]);
}

/**
 * The control a lesson's your-turn asks for, carried in its card (`lesson-turn-control`, with
 * `data-control` the control's own hook): on a phone the controls are screens below the lesson,
 * and the student should not scroll to find the one button the lesson waits for. It is the same
 * command, enabled and explained as the control itself is.
 */
export const TurnControl = memo(function TurnControl({ control }: { control: string }) {
  const t = useT();
  const state = useCommandState();
  useChallengeGate((g) => g.allowed);
  useSelector(predictor, (p) => p.context.asking);
  const cmd = COMMANDS.find((c) => c.testId === control);
  if (!cmd) return null;
  return (
    <span className="hs-lesson__turn-control" data-control={control}>
      {/* A rejection's reason is part of the move: its field comes along (one value, the store's). */}
      {control === 'btn-reject' && <RejectReasonField testId="lesson-turn-reason" />}
      <CommandButton cmd={cmd} testId="lesson-turn-control" {...buttonState(cmd, state, t)} />
    </span>
  );
});

/** All the buttons of the UI contract, grouped; each disabled with a tooltip saying why. */
export const Controls = memo(function Controls() {
  const t = useT();
  // Only what the buttons read: a write report or a history refresh redraws nothing here.
  const state = useCommandState();
  // What a command allows also hangs on an open challenge and on a question waiting for an answer.
  useChallengeGate((g) => g.allowed);
  useSelector(predictor, (p) => p.context.asking);
  const visible = COMMANDS.filter((c) => c.visible?.(state) ?? true);
  return (
    <section className="hs-controls" aria-label={t('panel.controls')}>
      {GROUPS.map((g) => (
        <div className="hs-controls__group" key={g} role="group" aria-label={t(`ctl.group.${g}`)}>
          <span className="hs-controls__title">{t(`ctl.group.${g}`)}</span>
          {visible
            .filter((c) => c.group === g)
            .map((c) => (
              <CommandButton key={c.id} cmd={c} {...buttonState(c, state, t)} />
            ))}
          {g === 'run' && <SpeedField />}
          {g === 'inject' && <ErrorTypeField />}
          {g === 'person' && <RejectReasonField />}
        </div>
      ))}
    </section>
  );
});

/*
 * The fields read their own value: React rewrites an input's name and type attributes whenever
 * it re-renders, so fields drawn with the buttons were written on every tick.
 */

const SpeedField = memo(function SpeedField() {
  const t = useT();
  const speed = useSelector(useSimStore.getState().player, speedOf);
  const speedText = t('ctl.speedValue', { v: speed.toFixed(speed < 10 ? 1 : 0) });
  return (
    <label className="hs-field">
      <span>{t('ctl.speed')}</span>
      <input
        data-testid="input-speed"
        type="range"
        min={0}
        max={100}
        step={1}
        value={Math.round(sliderFromSpeed(speed))}
        aria-valuetext={speedText}
        onChange={(e) => useSimStore.getState().setSpeed(speedFromSlider(Number(e.target.value)))}
      />
      <output>{speedText}</output>
    </label>
  );
});

const ErrorTypeField = memo(function ErrorTypeField() {
  const t = useT();
  const errorType = useSimStore((s) => s.errorType);
  return (
    <SelectField
      label={t('ctl.errorType')}
      testId="select-error-type"
      value={errorType}
      options={INJECTABLE_ERRORS}
      name={(e) => t(`error.${e}`)}
      onChange={(e) => useSimStore.getState().setErrorType(e)}
    />
  );
});

const RejectReasonField = memo(function RejectReasonField({ testId = 'input-reject-reason' }: { testId?: string }) {
  const t = useT();
  const rejectReason = useSimStore((s) => s.rejectReason);
  return (
    <label className="hs-field">
      <span>{t('ctl.rejectReason')}</span>
      <input
        data-testid={testId}
        type="text"
        maxLength={300}
        value={rejectReason}
        placeholder={t('ctl.rejectPlaceholder')}
        onChange={(e) => useSimStore.getState().setRejectReason(e.target.value)}
      />
    </label>
  );
});
