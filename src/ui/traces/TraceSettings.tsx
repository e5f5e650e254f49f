import type { TraceRefusal } from '../../traces';
import { useSimStore } from '../../store/simStore';
import { localizeError } from '../../i18n';
import { useT } from '../useT';

/** The view's settings as typed: text until accepted, so a refused value stays in its field. */
export interface TraceForm {
  remindAt: string;
  fuseAt: string;
  coarse: boolean;
  everyN: string;
  /** Key actions as typed (`Write, *exec*`), or null for the format's own list. */
  keyActions: string | null;
}

export const ARTICLE_FORM: TraceForm = { remindAt: '2', fuseAt: '3', coarse: false, everyN: '10', keyActions: null };

interface Props {
  form: TraceForm;
  onChange: (change: Partial<TraceForm>) => void;
  /** The format's own key actions, as the field writes them. */
  keyDefault: string;
  refusal: TraceRefusal | null;
}

/** The guard's settings (the article's 2 and 3 by default, or the coarse guard) and the densities' N and key actions. */
export function TraceSettings({ form, onChange, keyDefault, refusal }: Props) {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const article = form.remindAt === '2' && form.fuseAt === '3' && !form.coarse;
  return (
    <section className="hs-trace__block hs-trace__settings" aria-labelledby="trace-settings">
      <h2 id="trace-settings">{t('traces.settings')}</h2>
      <div className="hs-trace__fields">
        <NumberField
          label={t('traces.remindAt')}
          testId="trace-set-remind"
          min={1}
          value={form.remindAt}
          disabled={form.coarse}
          onChange={(remindAt) => onChange({ remindAt })}
        />
        <NumberField
          label={t('traces.fuseAt')}
          testId="trace-set-fuse"
          min={2}
          value={form.fuseAt}
          onChange={(fuseAt) => onChange({ fuseAt })}
        />
        <label className="hs-field">
          <input
            type="checkbox"
            data-testid="trace-set-coarse"
            checked={form.coarse}
            onChange={(e) => onChange({ coarse: e.target.checked })}
          />
          <span>{t('traces.coarse')}</span>
        </label>
        <button
          type="button"
          className="hs-btn"
          data-testid="trace-set-article"
          disabled={article}
          onClick={() => onChange({ remindAt: '2', fuseAt: '3', coarse: false })}
        >
          {t('traces.article')}
        </button>
      </div>
      <div className="hs-trace__fields">
        <NumberField
          label={t('traces.everyN')}
          testId="trace-set-every-n"
          min={1}
          value={form.everyN}
          onChange={(everyN) => onChange({ everyN })}
        />
        <label className="hs-field hs-trace__keys">
          <span>{t('traces.keyActions')}</span>
          <input
            type="text"
            data-testid="trace-set-key-actions"
            value={form.keyActions ?? keyDefault}
            onChange={(e) => onChange({ keyActions: e.target.value })}
          />
        </label>
      </div>
      {refusal && (
        <div role="alert" className="hs-trace__refusal" data-testid="trace-settings-refusal" data-code={refusal.code}>
          <p>{localizeError(refusal.message.en, lang)}</p>
          <p>{t('traces.settingsKept')}</p>
        </div>
      )}
    </section>
  );
}

/** A whole-number field kept as text, so a value the analysis refuses stays as typed. */
function NumberField(p: {
  label: string;
  testId: string;
  min: number;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label className="hs-field">
      <span>{p.label}</span>
      <input
        type="number"
        min={p.min}
        step={1}
        inputMode="numeric"
        data-testid={p.testId}
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onChange(e.target.value)}
      />
    </label>
  );
}
