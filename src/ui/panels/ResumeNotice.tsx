import type { StateName } from '../../engine';
import { formatDuration, formatInt, localizeError } from '../../i18n';
import { useSimStore } from '../../store/simStore';
import { useT } from '../useT';

/** "Resumed from checkpoint #n (trigger, age)" and the working set rebuilt in place of history. */
export function ResumeNotice() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const resumed = useSimStore((s) => s.resumed);
  if (!resumed) return null;
  const ws = resumed.workingSet;
  const list = (xs: readonly string[]) => (xs.length ? xs.join(', ') : t('resume.none'));
  const age = formatDuration(lang, Math.max(0, resumed.age));
  return (
    <section className="hs-resume" role="status" data-testid="resume-notice" data-seq={resumed.seq}>
      <p className="hs-resume__title">
        {t('resume.title', {
          seq: resumed.seq,
          trigger: resumed.trigger,
          age,
          step: resumed.step,
          state: t(`state.${resumed.state as StateName}`),
        })}
      </p>
      <p className="hs-note">{t('resume.workingSet')}</p>
      <dl className="hs-resume__set" data-testid="working-set">
        <dt>{t('resume.files')}</dt>
        <dd>{list(ws.recentFiles)}</dd>
        <dt>{t('resume.records')}</dt>
        <dd>{list(ws.records)}</dd>
        <dt>{t('resume.tools')}</dt>
        <dd>
          <code>{list(ws.tools)}</code>
        </dd>
        <dt>∑</dt>
        <dd>{t('resume.summary', { done: formatInt(ws.done), total: formatInt(ws.total), step: ws.step })}</dd>
      </dl>
      <button type="button" className="hs-btn" onClick={() => useSimStore.getState().dismissResumed()}>
        {t('resume.dismiss')}
      </button>
    </section>
  );
}

/** Stored records that were skipped (corrupt, foreign, wrong version, oversize), and why. */
export function StorageNotice() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const skipped = useSimStore((s) => s.skipped);
  const notice = useSimStore((s) => s.notice);
  return (
    <>
      {skipped.length > 0 && (
        <section className="hs-warn" role="status" data-testid="storage-notice">
          <p>{t('skipped.title', { n: skipped.length })}</p>
          <ul>
            {skipped.slice(0, 8).map((s) => (
              <li key={s.where}>
                <code>{s.where}</code>: {localizeError(s.message, lang)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {notice && (
        <section className={notice.kind === 'error' ? 'hs-warn' : 'hs-info'} role="alert" data-testid="notice">
          <p>{notice.kind === 'info' ? t('runs.imported', { id: notice.text }) : localizeError(notice.text, lang)}</p>
          <button type="button" className="hs-btn" onClick={() => useSimStore.getState().setNotice(null)}>
            {t('resume.dismiss')}
          </button>
        </section>
      )}
    </>
  );
}
