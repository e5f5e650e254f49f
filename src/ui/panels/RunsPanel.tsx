import { useEffect, useState } from 'react';
import { DENSITY_POLICIES, DESIGN_IDS } from '../../engine';
import { formatInt } from '../../i18n';
import { downloadRun, preloadTransfer } from '../../store/files';
import { useSimStore } from '../../store/simStore';
import { openTraceInPlace } from '../traces/handoff';
import { SelectField } from '../SelectField';
import { useT } from '../useT';
import { OutsideText } from '../OutsideText';

/** How often the simulated model heeds a system-reminder: never, half the time (the default), always. */
const HEED_CHOICES = [0, 0.5, 1] as const;

/** A run's id and scenario: an imported run's are anyone's text, shown inert (OutsideText). */
export function RunTitle({ runId, scenario }: { runId: string; scenario: string }) {
  return (
    <>
      <OutsideText text={runId} code /> · <OutsideText text={scenario} code />
    </>
  );
}

/** Runs and branches, export and import, pruning on request, and the settings of a new run. */
export function RunsPanel() {
  const t = useT();
  useEffect(preloadTransfer, []);
  // In a lesson the list holds the lesson's runs (store/lessonRuns.ts); the student's own come back after it.
  const lessonRuns = useSimStore((s) => (s.lessonRuns.length > 0 ? s.lessonRuns : null));
  const free = useSimStore((s) => s.runs);
  const runs = lessonRuns ?? free;
  const current = useSimStore((s) => s.view.context.runId);
  const settings = useSimStore((s) => s.settings);
  const lang = useSimStore((s) => s.lang);
  const st = useSimStore.getState();
  const [confirming, setConfirming] = useState<string | null>(null);

  const download = async () => {
    const text = await st.exportRun();
    if (text !== null) downloadRun(current, text);
  };

  return (
    <section className="hs-panel hs-runs" aria-label={t('runs.title')}>
      <h2>{t('runs.title')}</h2>
      {lessonRuns && (
        <p className="hs-note" data-testid="runs-lesson-note">
          {t('runs.lessonNote')}
        </p>
      )}
      <ul className="hs-scroll" data-testid="runs" tabIndex={0} aria-label={t('runs.title')}>
        {runs.map((r) => (
          <li
            key={r.runId}
            className={`hs-run${r.runId === current ? ' is-current' : ''}`}
            data-testid="run-item"
            data-run={r.runId}
            data-state={r.state}
            data-lesson={lessonRuns ? 'true' : undefined}
            data-branch-from={r.branch?.from}
            data-branch-seq={r.branch?.seq}
          >
            <RunTitle runId={r.runId} scenario={r.scenario} /> · {t(`state.${r.state}`)} · {t('read.step')} {r.step} · #
            {r.newestSeq} · {t('cp.unit.bytes', { n: formatInt(r.bytes) })}
            {r.branch && (
              <span className="hs-note"> · {t('runs.branchOf', { from: r.branch.from, seq: r.branch.seq })}</span>
            )}
            {lessonRuns && (
              <span className="hs-note">
                {' '}
                · {t('runs.lessonRun')} · {t(`design.${r.design ?? 'article'}.name`)}
              </span>
            )}
            {r.runId === current ? (
              <strong> · {t('runs.current')}</strong>
            ) : lessonRuns ? null : (
              <>
                <button
                  type="button"
                  className="hs-btn"
                  data-testid="btn-open-run"
                  onClick={() => void st.openRun(r.runId)}
                >
                  {t('runs.open')}
                </button>
                {confirming === r.runId ? (
                  <button
                    type="button"
                    className="hs-btn hs-btn--danger"
                    data-testid="btn-confirm-delete"
                    onClick={() => void st.deleteRun(r.runId).then(() => setConfirming(null))}
                  >
                    {t('runs.confirmDelete')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="hs-btn"
                    data-testid="btn-delete-run"
                    onClick={() => setConfirming(r.runId)}
                  >
                    {t('runs.delete')}
                  </button>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      <div className="hs-row">
        <button type="button" className="hs-btn" data-testid="btn-export" onClick={() => void download()}>
          {t('runs.export')}
        </button>
        <FileField
          label={t('runs.import')}
          accept="application/json,.json"
          testId="input-import"
          onFile={(file) => void st.importFile(file)}
        />
        <FileField
          label={t('traces.runsLabel')}
          accept=".json,.jsonl,.ndjson,application/json,text/plain"
          testId="input-trace"
          onFile={(file) => {
            // The trace view opens in place; the file stays in memory (traces/handoff.ts). The
            // run out of sight stops playing: Back reloads it from its newest checkpoint.
            useSimStore.getState().pause();
            openTraceInPlace(file, lang);
          }}
        />
      </div>
      <fieldset className="hs-settings">
        <legend>{t('settings.title')}</legend>
        <SelectField
          label={t('settings.density')}
          testId="select-density"
          value={settings.density}
          options={DENSITY_POLICIES}
          name={(d) => t(`cp.density.${d}`)}
          onChange={(density) => st.setSettings({ density })}
        />
        <SelectField
          label={t('settings.design')}
          testId="select-design"
          value={settings.design}
          options={DESIGN_IDS}
          name={(d) => t(`design.${d}.name`)}
          onChange={(design) => st.setSettings({ design })}
        />
        {/* A number's select: its words are keyed by the literal choice, which SelectField's value would widen. */}
        <label className="hs-field">
          <span>{t('settings.heed')}</span>
          <select
            data-testid="select-heed"
            value={String(settings.heedReminder)}
            onChange={(e) => st.setSettings({ heedReminder: Number(e.target.value) })}
          >
            {HEED_CHOICES.map((p) => (
              <option key={p} value={String(p)}>
                {t(`settings.heed.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="hs-field">
          <input
            type="checkbox"
            data-testid="input-overnight"
            checked={settings.overnight}
            onChange={(e) => st.setSettings({ overnight: e.target.checked })}
          />
          <span>{t('settings.overnight')}</span>
        </label>
        <button
          type="button"
          className="hs-btn hs-btn--primary"
          data-testid="btn-new-run"
          onClick={() => void st.newRun()}
        >
          {t('settings.apply')}
        </button>
      </fieldset>
    </section>
  );
}

/** A file input that hands over the file picked and forgets it, so picking it again fires again. */
function FileField(p: { label: string; accept: string; testId: string; onFile: (file: File) => void }) {
  return (
    <label className="hs-field">
      <span>{p.label}</span>
      <input
        type="file"
        accept={p.accept}
        data-testid={p.testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) p.onFile(file);
        }}
      />
    </label>
  );
}
