import { useState } from 'react';
import type { TakeoverEdit } from '../../engine';
import { localizeError } from '../../i18n';
import { seekShown, shownView, useSimStore } from '../../store/simStore';
import { SelectField } from '../SelectField';
import { useT } from '../useT';

type Kind = TakeoverEdit['kind'];
const KINDS: readonly Kind[] = ['mark_done', 'skip', 'set_args'];

/**
 * A person edits a checkpoint (validated), then hands it back: the newest continues the run,
 * one selected in the history starts a branch. And failure replay.
 */
export function TakeoverPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const view = useSimStore(shownView);
  // A checkpoint selected in the history other than the newest: the edit starts a branch.
  const older = useSimStore((s) => s.preview !== null && s.preview.seq !== s.view.newest?.seq);
  const replay = useSimStore((s) => s.replay);
  const follower = useSimStore((s) => s.role === 'follower');
  const st = useSimStore.getState();
  const [kind, setKind] = useState<Kind>('mark_done');
  const [step, setStep] = useState('');
  const [ref, setRef] = useState('');
  const [args, setArgs] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const stepN = step === '' ? Math.min(view.context.cursor, view.context.plan.steps.length) : Number(step);

  const apply = async () => {
    // At a past moment of the timeline an edit would land on the live run: offer a fork instead.
    if (seekShown(useSimStore.getState())) return useSimStore.getState().offerFork();
    let edit: TakeoverEdit;
    if (kind === 'set_args') {
      try {
        edit = { kind, step: stepN, args: JSON.parse(args || '{}') };
      } catch (e) {
        return setResult({ ok: false, text: t('takeover.badJson', { msg: (e as Error).message }) });
      }
    } else edit = kind === 'mark_done' ? { kind, step: stepN, ...(ref ? { ref } : {}) } : { kind, step: stepN };
    const from = view.newest?.seq ?? 0;
    const error = await st.editStep(edit);
    if (error) return setResult({ ok: false, text: localizeError(error, lang) });
    setResult({
      ok: true,
      text: older
        ? t('takeover.branched', { seq: from })
        : t('takeover.done', { seq: useSimStore.getState().sim.newest?.seq ?? 0 }),
    });
  };

  return (
    <section className="hs-panel hs-takeover" aria-label={t('takeover.title')}>
      <h2>{t('takeover.title')}</h2>
      <p className="hs-note">{t('takeover.intro')}</p>
      {view.newest && (
        <p className="hs-note" data-testid="takeover-from" data-seq={view.newest.seq}>
          {t(older ? 'takeover.from.selected' : 'takeover.from.newest', { seq: view.newest.seq })}
        </p>
      )}
      <form
        className="hs-row"
        onSubmit={(e) => {
          e.preventDefault();
          void apply();
        }}
      >
        <SelectField
          label={t('takeover.kind')}
          testId="select-takeover-kind"
          value={kind}
          options={KINDS}
          name={(k) => t(`takeover.kind.${k}`)}
          onChange={setKind}
        />
        <label className="hs-field">
          <span>{t('takeover.step')}</span>
          <input
            data-testid="input-takeover-step"
            type="number"
            min={1}
            value={step}
            placeholder={String(stepN)}
            onChange={(e) => setStep(e.target.value)}
            style={{ width: '5rem' }}
          />
        </label>
        {kind === 'mark_done' && (
          <label className="hs-field">
            <span>{t('takeover.ref')}</span>
            <input
              data-testid="input-takeover-ref"
              type="text"
              maxLength={200}
              value={ref}
              placeholder={view.context.plan.steps[stepN - 1]?.produces ?? ''}
              onChange={(e) => setRef(e.target.value)}
            />
          </label>
        )}
        {kind === 'set_args' && (
          <label className="hs-field">
            <span>{t('takeover.args')}</span>
            <input
              data-testid="input-takeover-args"
              type="text"
              value={args}
              placeholder={JSON.stringify(view.context.plan.steps[stepN - 1]?.args ?? {})}
              onChange={(e) => setArgs(e.target.value)}
            />
          </label>
        )}
        <button
          type="submit"
          className="hs-btn hs-btn--primary"
          data-testid="btn-takeover"
          disabled={follower || !view.newest}
          title={follower ? t('why.follower') : undefined}
        >
          {t('takeover.apply')}
        </button>
      </form>
      {result && (
        <p
          className={result.ok ? 'hs-info' : 'hs-warn'}
          role="status"
          data-testid="takeover-result"
          data-ok={result.ok ? 'true' : 'false'}
        >
          {result.text}
        </p>
      )}
      <h2>{t('replay.title')}</h2>
      <p className="hs-note">{t('replay.intro')}</p>
      <button
        type="button"
        className="hs-btn"
        data-testid="btn-replay"
        disabled={!view.context.ledger.some((a) => a.outcome === 'error')}
        onClick={() => st.replayLastFailure()}
      >
        {t('replay.run')}
      </button>
      {replay && (
        <div className="hs-replay" data-testid="replay-result" data-same={replay.same ? 'true' : 'false'}>
          <div>
            <strong>{t('replay.original')}</strong>
            <p>
              {t('read.step')} {replay.step} #{replay.attempt}: <code>{replay.original.type}</code>{' '}
              {replay.original.message}
            </p>
          </div>
          <div>
            <strong>{t('replay.replayed')}</strong>
            <p>
              {replay.replayed.ok ? (
                t('ledger.outcome.ok')
              ) : (
                <>
                  <code>{replay.replayed.error.type}</code> {replay.replayed.error.message}
                </>
              )}
            </p>
          </div>
          <p className="hs-note">{t(replay.same ? 'replay.same' : 'replay.differs')}</p>
        </div>
      )}
    </section>
  );
}
