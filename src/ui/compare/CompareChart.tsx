import type { Chart } from '../../compare';
import type { Sample } from '../../engine';
import { formatInt } from '../../i18n';
import { useT } from '../useT';

const W = 560;
const H = 150;
const PAD = { l: 64, r: 12, t: 10, b: 26 };
/** One line style per pane (colour and dash), so the two are told apart without colour too. */
const STYLES = [
  { stroke: 'var(--hs-chart-a, #1f6feb)', dash: '' },
  { stroke: 'var(--hs-chart-b, #c2410c)', dash: '6 4' },
] as const;

/** Tokens and steps of work over virtual minutes, both panes on one scale (ui-contract: a plot). */
export function CompareChart({ chart }: { chart: Chart }) {
  const t = useT();
  return (
    <section className="hs-compare__chart hs-panel" data-testid="compare-chart" aria-label={t('compare.chart')}>
      <h2>{t('compare.chart')}</h2>
      {/* The two plots side by side where the width allows (compare.css), each as wide as its column. */}
      <div className="hs-compare__plots">
        <Plot chart={chart} pick={(s) => s.tokens} max={chart.maxTokens} label={t('meter.tokens')} />
        <Plot chart={chart} pick={(s) => s.work} max={chart.maxWork} label={t('compare.work')} />
      </div>
      <p className="hs-compare__legend">
        {chart.series.map((s, i) => (
          <span key={s.design}>
            <svg width="28" height="8" aria-hidden="true">
              <line
                x1="0"
                y1="4"
                x2="28"
                y2="4"
                stroke={STYLES[i]?.stroke}
                strokeWidth="3"
                strokeDasharray={STYLES[i]?.dash}
              />
            </svg>{' '}
            {t(`design.${s.design}.name`)}
          </span>
        ))}
      </p>
    </section>
  );
}

function Plot({ chart, pick, max, label }: { chart: Chart; pick: (s: Sample) => number; max: number; label: string }) {
  const t = useT();
  const x = (m: number) => PAD.l + (chart.maxMinutes > 0 ? (m / chart.maxMinutes) * (W - PAD.l - PAD.r) : 0);
  const y = (v: number) => H - PAD.b - (max > 0 ? (v / max) * (H - PAD.t - PAD.b) : 0);
  const summary = chart.series
    .map(
      (s) =>
        `${t(`design.${s.design}.name`)}: ${formatInt(pick(s.points.at(-1) ?? { minutes: 0, tokens: 0, work: 0 }))}`,
    )
    .join('; ');
  return (
    <svg
      className="hs-compare__plot"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`${label} / ${t('compare.minutes')}: ${summary}`}
    >
      <line x1={PAD.l} y1={H - PAD.b} x2={W - PAD.r} y2={H - PAD.b} className="hs-compare__axis" />
      <line x1={PAD.l} y1={PAD.t} x2={PAD.l} y2={H - PAD.b} className="hs-compare__axis" />
      <text x={PAD.l - 6} y={PAD.t + 10} textAnchor="end" className="hs-compare__tick">
        {formatInt(max)}
      </text>
      <text x={PAD.l - 6} y={H - PAD.b} textAnchor="end" className="hs-compare__tick">
        0
      </text>
      <text x={4} y={H / 2} className="hs-compare__tick">
        {label}
      </text>
      <text x={W - PAD.r} y={H - 6} textAnchor="end" className="hs-compare__tick">
        {formatInt(chart.maxMinutes)} {t('compare.minutes')}
      </text>
      {chart.series.map((s, i) => (
        <polyline
          key={s.design}
          fill="none"
          stroke={STYLES[i]?.stroke}
          strokeWidth="2.5"
          strokeDasharray={STYLES[i]?.dash}
          points={s.points.map((p) => `${x(p.minutes).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(' ')}
        />
      ))}
    </svg>
  );
}
