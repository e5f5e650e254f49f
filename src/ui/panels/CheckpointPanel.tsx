import { memo, useMemo, type ReactNode } from 'react';
import { formatInt, localizeError, type MessageKey } from '../../i18n';
import { shownView, useSimStore } from '../../store/simStore';
import { useT } from '../useT';
import { boxClass } from './boxClass';
import { readableJsonPieces } from './readableJson';

/** Characters of JSON that surely overflow the box (about 25 lines of 40). */
const JSON_FULL_AT = 1000;

/**
 * The article's five things a checkpoint holds (Checkpoint 存什么): 1 state and step, 2 done steps,
 * 3 artifact refs, 4 the todo snapshot, 5 the plan snapshot. Marked ①–⑤ in the JSON by CSS alone,
 * so checkpoint-latest's text stays the checkpoint's JSON.
 */
const FIVE: Readonly<Record<string, number>> = { state: 1, step: 1, done: 2, refs: 3, todos: 4, plan: 5 };
const MARKS = ['', '①', '②', '③', '④', '⑤'];

/** The mark of a piece: the first piece of one of the five top-level fields. */
function fiveOf(key: string): number {
  const m = /^"(\w+)":0$/.exec(key);
  return m ? (FIVE[m[1]!] ?? 0) : 0;
}

/** Some lines of the JSON, a block of its own: unchanged, React and the browser leave it alone. */
const Piece = memo(function Piece({ text, five }: { text: string; five: number }) {
  return five ? (
    <span className="hs-json__piece hs-json__piece--five" data-five={five} data-mark={MARKS[five]}>
      {text}
    </span>
  ) : (
    <span className="hs-json__piece">{text}</span>
  );
});

/** Context tokens for a size in bytes, as the engine counts them (world.ts tokensOf: length / 4, up). */
const tokensOfBytes = (bytes: number) => Math.ceil(bytes / 4);

/** The newest checkpoint as readable JSON, and position vs luggage as two bars. */
export function CheckpointPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const newest = useSimStore((s) => shownView(s).newest);
  const bytes = useSimStore((s) => s.newestBytes);
  const full = useSimStore((s) => s.newestFullBytes);
  const ratio = bytes > 0 ? Math.round(full / bytes) : 0;
  /** A number inside its unit's words ("{n} 字节"), the number kept as its own element (test hook). */
  const unit = (key: MessageKey, n: ReactNode) => {
    const [before, after] = t(key, { n: '\u0000' }).split('\u0000');
    return (
      <>
        {before}
        {n}
        {after}
      </>
    );
  };
  // Pretty-printing a long run's checkpoint is not free: only when a new one arrives. Its text
  // (checkpoint-latest's textContent) is the pieces joined.
  const pieces = useMemo(() => (newest ? readableJsonPieces(newest) : null), [newest]);
  const chars = useMemo(() => pieces?.reduce((n, p) => n + p.text.length, 0) ?? 0, [pieces]);
  const write = useSimStore((s) => s.lastWrite);
  const pending = useSimStore((s) => s.writesPending);
  return (
    <section className="hs-panel hs-checkpoint" aria-label={t('panel.checkpoint')}>
      <h2>
        {t('panel.checkpoint')}{' '}
        {newest && (
          <small>
            #{newest.seq} · {t('cp.trigger')} <code data-testid="checkpoint-trigger">{newest.trigger}</code>
          </small>
        )}
      </h2>
      <p
        className={write && !write.ok ? 'hs-warn' : 'hs-note'}
        data-testid="checkpoint-write"
        data-ok={write ? String(write.ok) : undefined}
        role="status"
      >
        {pending > 0
          ? t('write.pending')
          : write
            ? write.ok
              ? `#${write.seq} ${write.trigger}: ${t('write.ok', { ms: write.ms.toFixed(1), bytes: formatInt(write.bytes) })}`
              : t('write.failed', { seq: write.seq, error: localizeError(write.error ?? '', lang) })
            : ''}
      </p>
      <div
        className="hs-bars"
        role="img"
        aria-label={`${t('cp.position')}: ${t('cp.unit.bytes', { n: formatInt(bytes) })}; ${t('cp.full')}: ${t('cp.unit.bytes', { n: formatInt(full) })}, ${t('cp.unit.tokens', { n: formatInt(tokensOfBytes(full)) })}`}
      >
        <div className="hs-bar">
          <span className="hs-bar__label">{t('cp.position')}</span>
          <span className="hs-bar__track">
            <span
              className="hs-bar__fill hs-bar__fill--ours"
              style={{ width: `${full ? Math.max(1, (100 * bytes) / full) : 0}%` }}
            />
          </span>
          <span className="hs-bar__value">
            {unit('cp.unit.bytes', <span data-testid="checkpoint-bytes">{formatInt(bytes)}</span>)}
          </span>
        </div>
        <div className="hs-bar">
          <span className="hs-bar__label">{t('cp.full')}</span>
          <span className="hs-bar__track">
            <span className="hs-bar__fill hs-bar__fill--full" style={{ width: full ? '100%' : '0%' }} />
          </span>
          <span className="hs-bar__value">
            {unit('cp.unit.bytes', <span data-testid="fullstate-bytes">{formatInt(full)}</span>)}
            <br />
            <span data-testid="fullstate-tokens">{t('cp.unit.tokens', { n: formatInt(tokensOfBytes(full)) })}</span>
          </span>
        </div>
        {ratio > 0 && <p className="hs-note">{t('cp.ratio', { x: ratio })}</p>}
        <p className="hs-note" data-testid="fullstate-note">
          {t('cp.estimate')}
        </p>
      </div>
      {pieces && (
        <p className="hs-note hs-json__legend" data-testid="checkpoint-five">
          {t('cp.five')}
        </p>
      )}
      <pre className={boxClass('hs-scroll hs-json', chars, JSON_FULL_AT)} data-testid="checkpoint-latest" tabIndex={0}>
        {pieces ? pieces.map((p) => <Piece key={p.key} text={p.text} five={fiveOf(p.key)} />) : t('cp.none')}
      </pre>
    </section>
  );
}
