import type { TraceRefusal } from '../../traces';
import { useSimStore } from '../../store/simStore';
import { useT } from '../useT';
import { refusalText } from './words';
import { SAMPLE_IDS } from './samples';

interface Props {
  onFile: (file: File) => void;
  onSample: (id: string) => void;
  busy: boolean;
  refusal: TraceRefusal | null;
  /** A sample asked for by the address that is not shipped. */
  missing: string | null;
  /** Whether an analysis is shown (a refusal then says it stays). */
  kept: boolean;
}

/** Where a trace is opened: the file input, the privacy sentence beside it, the samples, a refusal. */
export function TraceOpen({ onFile, onSample, busy, refusal, missing, kept }: Props) {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  return (
    <section className="hs-trace__block hs-trace__open" aria-labelledby="trace-open">
      <h2 id="trace-open">{t('traces.open')}</h2>
      {/* The browser's own file button speaks the browser's language, not the page's: it is
          hidden (still focused and pressed through its label), and the label is the button. */}
      <label className="hs-btn hs-btn--primary hs-trace__pick">
        <span>{t('traces.file')}</span>
        <input
          className="hs-trace__input"
          type="file"
          accept=".json,.jsonl,.ndjson,application/json,text/plain"
          data-testid="input-trace"
          aria-describedby="trace-privacy"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      <p id="trace-privacy" className="hs-trace__privacy" data-testid="trace-privacy">
        {t('traces.privacy')}
      </p>
      <p className="hs-trace__samples">
        <span>{t('traces.samples')}</span>{' '}
        {SAMPLE_IDS.map((id) => (
          <button
            key={id}
            type="button"
            className="hs-btn"
            data-testid="trace-sample"
            data-sample={id}
            onClick={() => onSample(id)}
          >
            {id === 'claude-session'
              ? t('traces.sample.claude-session', { name: 'Claude Code' })
              : t(`traces.sample.${id}` as 'traces.sample.otlp-fuse')}
          </button>
        ))}
      </p>
      {busy && (
        <p role="status" className="hs-trace__busy">
          {t('traces.reading')}
        </p>
      )}
      {(refusal || missing) && (
        <div role="alert" className="hs-trace__refusal" data-testid="trace-refusal" data-code={refusal?.code}>
          <p>{refusal ? refusalText(t, lang, refusal) : t('traces.noSample', { id: missing ?? '' })}</p>
          {kept && <p>{t('traces.kept')}</p>}
        </div>
      )}
    </section>
  );
}
