import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  settingsRefusal,
  traceRefusal,
  type DensityOptions,
  type GuardSettings,
  type TraceRefusal,
} from '../../traces';
import { useSimStore } from '../../store/simStore';
import { LangButton } from '../LangButton';
import { useDocumentLang, useT } from '../useT';
import { traceFile } from './files';
import { dropPickedTrace, pickedTrace } from './handoff';
import { defaultKeyActionsText, keyActionsRule } from './keyActions';
import { openTrace, type OpenAnalysis, type OpenResult, type OpenTrace } from './openTrace';
import { isSample, loadSample } from './samples';
import { TraceCalls } from './TraceCalls';
import { TraceDensities, TraceExport, TraceNoProgress } from './TraceDensities';
import { TraceOpen } from './TraceOpen';
import { ARTICLE_FORM, TraceSettings, type TraceForm } from './TraceSettings';
import { TraceSummary } from './TraceSummary';
import { formatList } from './words';
import './traces.css';
import { SLOT, WithOutside } from '../OutsideText';

/** The sample `?trace=sample-<id>` asks for, '' for none (`?trace=1`). */
const sampleAsked = (search: string): string => {
  const v = new URLSearchParams(search).get('trace') ?? '';
  return v.startsWith('sample-') ? v.slice('sample-'.length) : '';
};

/** Puts `trace` in the address: a sample's id, or `1` for a file (whose name, like its text, never goes there). */
function addressFor(trace: string, lang: string): void {
  const url = new URL(window.location.href);
  url.search = `?trace=${encodeURIComponent(trace)}&lang=${lang}`;
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The trace view (`?trace=`, SPEC §11; ui-contract "Traces"): a real agent's trace through the
 * article's harness. A trace is read and analysed in a Worker (openTrace.ts); the view keeps the
 * last good analysis when a file or a setting is refused, and the refusal says so.
 */
export function TraceView({ search }: { search: string }) {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const [opened, setOpened] = useState<{ trace: OpenTrace; source: string } | null>(null);
  const [analysis, setAnalysis] = useState<OpenAnalysis | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<TraceRefusal | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [form, setForm] = useState<TraceForm>(ARTICLE_FORM);
  // The newest open wins: a slow file read must not replace one opened after it.
  const latest = useRef(0);

  useDocumentLang(t('traces.title'));

  /** Opens a trace from `text`; on success the address says `trace=<address>` (never the file's name or text). */
  const open = useCallback(
    async (source: string, address: string, text: () => Promise<{ ok: true; text: string | Blob } | TraceRefusal>) => {
      const seq = ++latest.current;
      setBusy(true);
      setMissing(null);
      let r: OpenResult;
      try {
        const got = await text();
        r = got.ok ? await openTrace(got.text) : got;
      } catch (e) {
        // Not a refusal but a fault of the page: the view stays usable, and the fault is not hidden.
        if (seq === latest.current) setBusy(false);
        throw e;
      }
      if (seq !== latest.current) {
        if (r.ok) r.trace.close();
        return;
      }
      setBusy(false);
      if (!r.ok) return setRefusal(r);
      setRefusal(null);
      setAnalysis(null);
      setForm((f) => ({ ...f, keyActions: null }));
      addressFor(address, useSimStore.getState().lang);
      setOpened({ trace: r.trace, source });
    },
    [],
  );

  const openFile = useCallback(
    (file: File) => {
      void open(file.name, '1', () => Promise.resolve(traceFile(file)));
    },
    [open],
  );
  const openSample = useCallback(
    (id: string) => {
      if (!isSample(id)) return setMissing(id);
      void open(id, `sample-${id}`, () =>
        loadSample(id).then(
          (text) => ({ ok: true as const, text }),
          // The sample's chunk could not be fetched (offline before it was cached).
          (e: unknown) => traceRefusal('E652', e instanceof Error ? e.message : String(e)),
        ),
      );
    },
    [open],
  );

  // What the runs panel handed over or the address asked for, read once the view is drawn (a
  // microtask later: the open sets state, and an effect only starts it).
  useEffect(() => {
    const file = pickedTrace();
    dropPickedTrace();
    const sample = sampleAsked(search);
    void Promise.resolve().then(() => {
      if (file) openFile(file);
      else if (sample) openSample(sample);
    });
  }, [search, openFile, openSample]);

  // A trace let go stops its worker.
  useEffect(() => () => opened?.trace.close(), [opened]);

  const settings: GuardSettings = { remindAt: Number(form.remindAt), fuseAt: Number(form.fuseAt), coarse: form.coarse };
  const options: DensityOptions = {
    everyN: Number(form.everyN),
    ...(form.keyActions === null ? {} : { keyActions: keyActionsRule(form.keyActions) }),
  };
  const asked = JSON.stringify({ settings, options });
  const settingsError = useMemo(() => {
    const { settings: s, options: o } = JSON.parse(asked) as { settings: GuardSettings; options: DensityOptions };
    return settingsRefusal(s, o);
  }, [asked]);

  useEffect(() => {
    if (!opened || settingsError) return;
    let live = true;
    const { settings: s, options: o } = JSON.parse(asked) as { settings: GuardSettings; options: DensityOptions };
    opened.trace.analyse(s, o).then(
      (a) => {
        if (live && !('code' in a)) setAnalysis(a);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [opened, asked, settingsError]);

  return (
    <main className="hs-trace" data-testid="trace-view">
      <header className="hs-trace__head">
        <h1>{t('traces.title')}</h1>
        <nav className="hs-trace__controls" aria-label={t('traces.controls')}>
          <LangButton />
          <a className="hs-btn hs-btn--link" href={`?lang=${lang}`} data-testid="trace-back">
            {t('traces.back')}
          </a>
        </nav>
      </header>
      <p className="hs-trace__intro">{t('traces.intro', { formats: formatList(t) })}</p>
      <TraceOpen
        onFile={openFile}
        onSample={openSample}
        busy={busy}
        refusal={refusal}
        missing={missing}
        kept={analysis !== null}
      />
      {opened && (
        <p className="hs-trace__source" data-testid="trace-source">
          <WithOutside text={t('traces.source', { name: SLOT })} values={[opened.source]} />
        </p>
      )}
      {!opened && !busy && <p className="hs-trace__empty">{t('traces.empty')}</p>}
      {opened && (
        <TraceSettings
          form={form}
          onChange={(c) => setForm((f) => ({ ...f, ...c }))}
          keyDefault={defaultKeyActionsText(opened.trace.format)}
          refusal={settingsError}
        />
      )}
      {analysis && (
        <>
          <TraceSummary a={analysis.head} />
          <TraceCalls a={analysis} />
          <TraceNoProgress a={analysis.head} />
          <TraceDensities a={analysis.head} />
          <TraceExport a={analysis} source={opened?.source ?? 'trace'} />
        </>
      )}
    </main>
  );
}
