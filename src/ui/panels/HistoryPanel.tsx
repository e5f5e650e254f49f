import { formatClock, formatInt } from '../../i18n';
import { useSimStore } from '../../store/simStore';
import { useT } from '../useT';
import { boxClass } from './boxClass';

/** Items drawn at most (a 4,000-step run writes well over a thousand checkpoints). */
const SHOWN = 60;

/** Every checkpoint of the run, newest first: preview one, or fork a branch from it. */
export function HistoryPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const history = useSimStore((s) => s.history);
  const preview = useSimStore((s) => s.preview);
  const follower = useSimStore((s) => s.role === 'follower');
  const { selectCheckpoint, forkFrom } = useSimStore.getState();
  return (
    <section className="hs-panel hs-history" aria-label={t('history.title')}>
      <h2>{t('history.title')}</h2>
      {preview && (
        <div className="hs-info" role="status" data-testid="preview-banner">
          <p>{t('history.previewing', { seq: preview.seq })}</p>
          <button type="button" className="hs-btn" data-testid="btn-preview-close" onClick={() => void selectCheckpoint(null)}>
            {t('history.back')}
          </button>
        </div>
      )}
      <ol className={boxClass('hs-scroll', Math.min(history.length, SHOWN))} data-testid="checkpoint-history" tabIndex={0} aria-label={t('history.title')}>
        {history.slice(0, SHOWN).map((h) => (
          <li
            key={h.seq}
            className={`hs-cp${preview?.seq === h.seq ? ' is-selected' : ''}`}
            data-testid="checkpoint-item"
            data-seq={h.seq}
            data-step={h.step}
            data-state={h.state}
            data-trigger={h.trigger}
          >
            <span className="hs-cp__seq">#{h.seq}</span>
            <span>
              {t('read.step')} {h.step} · <code>{h.state}</code> · <code>{h.trigger}</code>
            </span>
            <span className="hs-cp__meta">
              {formatInt(h.storedBytes)} B · {formatClock(lang, h.virtual)}
            </span>
            <button type="button" className="hs-btn" data-testid="btn-preview" onClick={() => void selectCheckpoint(h.seq)}>
              {t('history.preview')}
            </button>
            <button type="button" className="hs-btn hs-btn--primary" data-testid="btn-fork" onClick={() => void forkFrom(h.seq)} title={follower ? t('why.follower') : undefined}>
              {t('history.fork')}
            </button>
          </li>
        ))}
      </ol>
      {history.length === 0 && <p className="hs-empty">{t('history.empty')}</p>}
      {history.length > SHOWN && <p className="hs-note">{t('ledger.more', { shown: SHOWN, total: history.length })}</p>}
    </section>
  );
}
