import { memo, useRef } from 'react';
import type { Lang } from '../../engine';
import { formatClock, formatInt } from '../../i18n';
import { useSimStore, type Store } from '../../store/simStore';
import { useT, type T } from '../useT';
import { boxClass } from './boxClass';
import './lists.css';
import { ItemSpacer } from './Spacer';
import { useListWindow } from './useListWindow';

type CheckpointSummary = Store['history'][number];

/** Estimated heights (px): an item (its buttons wrap below in a narrow column), the box (14rem). */
const ITEM_PX = 41;
const BOX_PX = 224;

interface ItemProps {
  h: CheckpointSummary;
  /** The row's place in the list, given only while the list is windowed (see useListWindow). */
  index: number | undefined;
  count: number;
  selected: boolean;
  follower: boolean;
  t: T;
  lang: Lang;
  measure: ((el: Element | null) => void) | undefined;
}

/** One checkpoint; memoised on its (immutable) summary. */
const HistoryItem = memo(function HistoryItem({ h, index, count, selected, follower, t, lang, measure }: ItemProps) {
  const { selectCheckpoint, forkFrom } = useSimStore.getState();
  return (
    <li
      className={`hs-cp${selected ? ' is-selected' : ''}`}
      data-testid="checkpoint-item"
      data-seq={h.seq}
      data-step={h.step}
      data-state={h.state}
      data-trigger={h.trigger}
      data-index={index}
      aria-posinset={index === undefined ? undefined : index + 1}
      aria-setsize={index === undefined ? undefined : count}
      ref={measure}
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
      <button
        type="button"
        className="hs-btn hs-btn--primary"
        data-testid="btn-fork"
        onClick={() => void forkFrom(h.seq)}
        title={follower ? t('why.follower') : undefined}
      >
        {t('history.fork')}
      </button>
    </li>
  );
});

/** Every checkpoint of the run, newest first: preview one, or fork a branch from it. */
export function HistoryPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const history = useSimStore((s) => s.history);
  const preview = useSimStore((s) => s.preview);
  const follower = useSimStore((s) => s.role === 'follower');
  const { selectCheckpoint } = useSimStore.getState();
  const box = useRef<HTMLOListElement>(null);
  const w = useListWindow(box, history.length, ITEM_PX, BOX_PX);
  return (
    <section className="hs-panel hs-history" aria-label={t('history.title')}>
      <h2>{t('history.title')}</h2>
      {preview && (
        <div className="hs-info" role="status" data-testid="preview-banner">
          <p>{t('history.previewing', { seq: preview.seq })}</p>
          <button
            type="button"
            className="hs-btn"
            data-testid="btn-preview-close"
            onClick={() => void selectCheckpoint(null)}
          >
            {t('history.back')}
          </button>
        </div>
      )}
      <ol
        className={boxClass('hs-scroll', history.length)}
        data-testid="checkpoint-history"
        tabIndex={0}
        aria-label={t('history.title')}
        ref={box}
        onKeyDown={w.onKeyDown}
      >
        <ItemSpacer px={w.before} />
        {w.indexes.map((i) => {
          const h = history[i] as CheckpointSummary;
          return (
            <HistoryItem
              key={h.seq}
              h={h}
              index={w.windowed ? i : undefined}
              count={w.windowed ? history.length : 0}
              selected={preview?.seq === h.seq}
              follower={follower}
              t={t}
              lang={lang}
              measure={w.measure}
            />
          );
        })}
        <ItemSpacer px={w.after} />
      </ol>
      {history.length === 0 && <p className="hs-empty">{t('history.empty')}</p>}
    </section>
  );
}
