import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { isSimpleMachine, machineEdges, type StateName } from '../../engine';
import { eventText, stateLabel } from '../diagram/machineGraph';
import { shownView, useSimStore } from '../../store/simStore';
import { useT } from '../useT';

/** The id of the edge a log line took, as the diagram marks it (`data-last`); none for a restore. */
const edgeOf = (r: { event: string; from: string; to: string } | undefined) =>
  !r || r.event === 'RESTORE' ? null : r.event === 'CANCEL' ? 'active-cancelled' : `${r.from}-${r.to}`;

/**
 * The diagram as text for a screen reader, and for anyone on the keyboard (it is in the tab
 * order, and shows itself while focused): the states with the current one, every transition
 * with its events and condition, and which was just taken. Read from the machine itself, as
 * the diagram is.
 */
export function DiagramText() {
  const t = useT();
  const machine = useSimStore((s) => shownView(s).machine);
  const state = useSimStore((s) => shownView(s).state);
  // The last line's move, not the line itself: a tick that repeats the same move redraws nothing here.
  const last = useSimStore(
    useShallow((s) => {
      const r = shownView(s).log.at(-1);
      return r ? { event: r.event, from: r.from, to: r.to } : undefined;
    }),
  );
  const states = useMemo(() => Object.keys(machine.root.states) as StateName[], [machine]);
  // The simple mode's four states by the article's names, as the diagram draws them.
  const simple = isSimpleMachine(machine);
  const name = useMemo(() => (s: string) => stateLabel({ simple }, s, t), [simple, t]);
  const edges = useMemo(
    () =>
      machineEdges(machine).map((e) => {
        const cond = `edge.cond.${e.id}`;
        const events = e.events.map((ev) => eventText(t, ev)).join(' / ') + (t.has(cond) ? ` · ${t(cond)}` : '');
        const from = e.from === 'active' ? t('sr.diagram.anyActive') : name(e.from);
        return { id: e.id, text: t('sr.diagram.edge', { from, to: name(e.to), events }) };
      }),
    [machine, t, name],
  );
  const lastId = edgeOf(last);
  return (
    <section className="hs-srtext" tabIndex={0} aria-labelledby="hs-srtext-title" data-testid="diagram-text">
      <h2 id="hs-srtext-title">{t('sr.diagram')}</h2>
      <p data-testid="diagram-text-current">{t('sr.diagram.current', { state: name(state) })}</p>
      <p>
        {last && lastId ? t('sr.diagram.last', { from: name(last.from), to: name(last.to) }) : t('sr.diagram.none')}
      </p>
      <h3>{t('sr.diagram.states')}</h3>
      <ul>
        {states.map((s) => (
          <li key={s} data-state={s} aria-current={s === state ? 'true' : undefined}>
            {name(s)} {s === state && t('sr.diagram.isCurrent')}
          </li>
        ))}
      </ul>
      <h3>{t('sr.diagram.transitions')}</h3>
      <ul>
        {edges.map((e) => (
          <li key={e.id} data-edge={e.id} data-last={e.id === lastId ? 'true' : undefined}>
            {e.text} {e.id === lastId && t('sr.diagram.justTaken')}
          </li>
        ))}
      </ul>
    </section>
  );
}
