import { useMemo } from 'react';
import { findLesson, playTo } from '../../lessons';
import { shownView, useSimStore } from '../../store/simStore';
import { viewOf } from '../../store/view';
import { useT } from '../useT';
import { useCitedStop } from './cited';
import { readoutOf } from './readouts';
import './evidence.css';

/**
 * Presenter mode's read-outs beside the diagram (ui-contract `present-evidence`): the figures
 * the stop's caption cites (its `focus`), and nothing else, in type a room can read. A figure
 * that differs from what the stop before showed is marked (`data-changed`), so the class sees
 * which one the move just changed.
 */
export default function Evidence() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const cited = useCitedStop((s) => s.stop);
  const view = useSimStore(shownView);
  const count = useSimStore((s) => s.history.length);
  const bytesWritten = useSimStore((s) => s.bytesWritten);
  const newestBytes = useSimStore((s) => s.newestBytes);
  const newestFullBytes = useSimStore((s) => s.newestFullBytes);
  const lesson = cited ? findLesson(cited.lesson) : undefined;
  const stop = cited && lesson ? lesson.stops[cited.at] : undefined;
  // The run as the stop before left it (by the lesson's script): what "changed" is measured from.
  const before = useMemo(
    () =>
      lesson && cited && cited.at > 0 && stop?.focus
        ? viewOf(playTo(lesson, cited.at - 1, { script: true }).sim)
        : null,
    [lesson, cited, stop],
  );
  if (!stop?.focus) return null;
  const stored = { count, bytesWritten, newestBytes, newestFullBytes };
  const items = stop.focus.flatMap((f) => {
    const now = readoutOf(f, view, stored, t, lang);
    if (!now) return [];
    // What is on disk is the store's, not the view's: it is not compared (never marked).
    const then = before ? readoutOf(f, before, stored, t, lang) : null;
    return [{ ...now, changed: then !== null && then.value !== now.value }];
  });
  if (items.length === 0) return null;
  return (
    <section className="hs-evidence" data-testid="present-evidence" aria-label={t('evidence.title')}>
      <ul className="hs-evidence__list">
        {items.map((r) => (
          <li
            key={r.focus}
            className={`hs-evidence__item hs-evidence__item--${r.focus}`}
            data-testid="present-readout"
            data-readout={r.focus}
            data-changed={r.changed ? 'true' : 'false'}
          >
            <span className="hs-evidence__label">
              {r.label}
              {r.changed && <span className="hs-evidence__changed">{t('evidence.changed')}</span>}
            </span>{' '}
            <span className="hs-evidence__value">{r.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
