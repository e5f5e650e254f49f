import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { createStore } from 'zustand';
import { CompareRun, chartOf, parseCompareQuery, verdictOf, type CompareConfig, type ComparePane } from '../../compare';
import { STORIES, type Lang } from '../../engine';
import { formatClock, formatInt } from '../../i18n';
import { useSimStore } from '../../store/simStore';
import { isPlaying, playerMachine } from '../../store/player';
import { viewOf } from '../../store/view';
import { StateDiagram } from '../diagram/StateDiagram';
import type { DiagramVariant } from '../diagram/machineGraph';
import { pageMode } from '../present/mode';
import { ViewSourceContext, type ViewSource } from '../diagram/viewSource';
import { useT } from '../useT';
import { CompareChart } from './CompareChart';
import { refusalText } from './refusal';
import './compare.css';

/** Story moves a second (both panes together): a whole story plays in a few seconds. */
const MOVES_PER_SECOND = 200;

/**
 * The three endings side by side (`?compare=a,b&script=id`, ui-contract "Compare view"): one
 * story, one seed, one virtual clock, two designs, two live diagrams, the meters and a chart.
 * Each pane's diagram draws its own Sim through a view source of its own. Reset starts afresh
 * (a new run and a new player: the view below is keyed by it).
 */
export function CompareView({ search }: { search: string }) {
  const t = useT();
  const parsed = useMemo(() => parseCompareQuery(search), [search]);
  const [generation, setGeneration] = useState(0);

  if (!parsed?.ok) {
    const why = parsed && !parsed.ok ? parsed.error : null;
    return (
      <main className="hs-compare" data-testid="compare-view">
        <p className="hs-notice hs-notice--error" data-testid="notice" role="alert">
          {why ? refusalText(t, why) : t('compare.none')}
        </p>
      </main>
    );
  }
  return (
    <CompareRunView key={generation} config={parsed.config} search={search} reset={() => setGeneration((g) => g + 1)} />
  );
}

/** One comparison, played by the player (store/player.ts) a beat at a time; drawn after each beat. */
function CompareRunView({ config, search, reset }: { config: CompareConfig; search: string; reset: () => void }) {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const [run] = useState(() => new CompareRun(config));
  const [sources] = useState(() =>
    run.panes.map((p): ViewSource => createStore(() => ({ view: viewOf(p.sim), preview: null }))),
  );
  const [, redraw] = useState(0);
  const player = useActorRef(playerMachine, {
    input: {
      speed: MOVES_PER_SECOND,
      playable: {
        move: () => run.step(),
        afterBeat: () => {
          run.panes.forEach((p, i) => sources[i]?.setState({ view: viewOf(p.sim) }));
          redraw((n) => n + 1);
        },
      },
    },
  });
  const playing = useSelector(player, isPlaying);

  const story = STORIES[config.script];
  // Two diagrams share the width: each draws the compact drawing (names at 12 px or more at
  // 1366x768), at a projector too, where the verdict, the figures and the chart come first.
  const present = pageMode(search) === 'present';
  const variant: DiagramVariant = 'compact';
  const [a, b] = run.panes.map((p) => p.meters);
  const verdict = a && b ? verdictOf(a, b) : null;
  return (
    <main
      className={present ? 'hs-compare hs-compare--present' : 'hs-compare'}
      data-testid="compare-view"
      data-app-mode="compare"
    >
      <header className="hs-compare__head">
        <h1>{t('compare.title')}</h1>
        <p>{t(story.title)}</p>
        <button
          type="button"
          className="hs-btn hs-btn--primary"
          data-testid="btn-compare-run"
          disabled={playing || run.done}
          onClick={() => player.send({ type: 'player.play' })}
        >
          {t('compare.run')}
        </button>
        <button type="button" className="hs-btn" data-testid="btn-compare-reset" onClick={reset}>
          {t('compare.reset')}
        </button>
      </header>
      {verdict && (
        <p className="hs-compare__verdict" data-testid="compare-verdict" role="status">
          {t(verdict)}
        </p>
      )}
      <div className="hs-compare__panes">
        {run.panes.map((p, i) => (
          <PaneView key={p.design} pane={p} source={sources[i] as ViewSource} lang={lang} variant={variant} />
        ))}
      </div>
      <CompareChart chart={chartOf(run)} />
    </main>
  );
}

function PaneView({
  pane,
  source,
  lang,
  variant,
}: {
  pane: ComparePane;
  source: ViewSource;
  lang: Lang;
  variant: DiagramVariant;
}) {
  const t = useT();
  const m = pane.meters;
  const ctx = pane.sim.context;
  return (
    <section
      className="hs-compare__pane hs-panel"
      data-testid="compare-pane"
      data-design={pane.design}
      aria-label={t(`design.${pane.design}.name`)}
    >
      <h2>{t(`design.${pane.design}.name`)}</h2>
      <p className="hs-compare__change">{t(`design.${pane.design}.change`)}</p>
      <ViewSourceContext.Provider value={source}>
        <StateDiagram variant={variant} />
      </ViewSourceContext.Provider>
      <dl className="hs-compare__meters">
        <div>
          <dt>{t('read.state')}</dt>
          <dd>
            <code data-testid="current-state">{m.finalState}</code>
            {m.killed && <span> · {t('compare.killed')}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('read.step')}</dt>
          <dd>
            <span data-testid="current-step">{Math.min(ctx.cursor, ctx.plan.steps.length)}</span> /{' '}
            {ctx.plan.steps.length}
          </dd>
        </div>
        <Meter label={t('meter.wasted')} id="steps-wasted" value={formatInt(m.stepsWasted)} />
        <Meter label={t('meter.tokens')} id="token-meter" value={formatInt(m.tokens)} />
        <Meter label={t('meter.modelCalls')} id="model-calls" value={formatInt(m.modelCalls)} />
        <Meter label={t('meter.clock')} id="virtual-clock" value={formatClock(lang, pane.sim.clock)} />
        <Meter label={t('meter.checkpoints')} id="checkpoint-count" value={formatInt(m.checkpoints)} />
        <Meter label={t('meter.bytes')} id="bytes-written" value={formatInt(m.bytesWritten)} />
      </dl>
      {m.done && (
        <p
          className="hs-compare__result"
          data-testid="compare-result"
          data-final-state={m.finalState}
          data-killed={m.killed ? 'true' : 'false'}
          data-steps-wasted={m.stepsWasted}
          data-tokens={m.tokens}
          data-minutes={m.minutes}
          data-checkpoints={m.checkpoints}
        >
          {t(m.killed ? 'compare.endKilled' : 'compare.end', {
            state: m.finalState,
            wasted: m.stepsWasted,
            tokens: formatInt(m.tokens),
          })}
        </p>
      )}
    </section>
  );
}

function Meter({ label, id, value }: { label: string; id: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={id}>{value}</dd>
    </div>
  );
}
