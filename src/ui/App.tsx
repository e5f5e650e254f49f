import { Suspense, lazy, startTransition, useCallback, useEffect, useState } from 'react';
import { seekShown, shownView, useSimStore } from '../store/simStore';
import { Controls } from './controls/Controls';
import { commandForKey, commandStateOf, press } from './controls/commands';
import { StateDiagram } from './diagram/StateDiagram';
import { DesignPanel } from './DesignPanel';
import { ScreenReaderView } from './a11y/ScreenReaderView';
import { Header } from './Header';
import { SidePanels } from './SidePanels';
import './embed.css';
import { ArticleHost } from './article/ArticleHost';
import { HelpHost } from './HelpHost';
import { Meters } from './panels/Meters';
import { Readouts } from './panels/Readouts';
import { ChallengeMount } from './challenges/ChallengeMount';
import { PredictToggle } from './predict/PredictToggle';
import { CodeToggle } from './code/CodeToggle';
import { useCodeShown } from './code/useCodeShown';
import { leavePresentHref, pageMode } from './present/mode';
// The timeline's box is in index.html's first paint: its styles come with the page's own.
import './timeline/timeline.css';
import { useDocumentLang, useT } from './useT';
import { withViewWords } from './viewWords';

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/** `?lesson=<id>&at=<n>` opens a lesson over the page; its code loads only then. */
const LESSON = new URLSearchParams(window.location.search).get('lesson');
/**
 * `?embed=1`: an iframe in a course page shows the diagram and the controls only (ui-contract
 * "Room and course page"); `?present=1`: a projector's presenter mode (present/present.css).
 * The rest is still mounted, so every hook and `data-ready` hold, but not drawn.
 */
const MODE = pageMode(window.location.search);
/** Presenter mode's styles load only in that mode; the page is ready once they apply. */
const presentStyles = MODE === 'present' ? import('./present/present.css') : null;
const LESSON_AT = Number.parseInt(new URLSearchParams(window.location.search).get('at') ?? '1', 10) || 1;
/** The run's timeline (issue 41) loads once the run stands: nothing of it is on the first screen's path. */
const Timeline = lazy(() => import('./timeline/Timeline').then((m) => ({ default: m.Timeline })));
/** A lesson's chunk comes with the views' words, its captions and asks among them (viewWords.ts). */
const LessonBar = lazy(withViewWords(() => import('./lessons/LessonBar').then((m) => ({ default: m.LessonBar }))));
/** The article's code (SPEC §12) loads once it is shown; until then an empty box holds its place. */
const CodeView = lazy(() => import('./code/CodeView').then((m) => ({ default: m.CodeView })));
/** Presenter mode's read-outs of what a lesson stop's caption cites, beside the diagram (present/Evidence.tsx). */
const Evidence = lazy(withViewWords(() => import('./present/Evidence')));
/** The live class's panel (issue 43): presenter mode only; its relay client loads only when a class starts. */
const ClassPanel = lazy(withViewWords(() => import('./class/ClassPanel')));

/** The article's code beside the diagram: where it goes is the page's (the machine's column, or the deck in presenter mode). */
function Code() {
  return (
    <Suspense fallback={<section className="hs-code" />}>
      <CodeView />
    </Suspense>
  );
}

/** Keyboard shortcuts: each control's key, `?` for the list, Escape to close it. */
function useShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (TYPING.has(target.tagName) || target.isContentEditable)) return;
      const s = useSimStore.getState();
      if (e.key === '?') return void s.setHelpOpen(!s.helpOpen);
      if (e.key === 'Escape') return void s.setHelpOpen(false);
      if (s.helpOpen) return;
      // Space on a focused button presses that button; only elsewhere is it play/pause.
      if (e.key === ' ' && target?.tagName === 'BUTTON') return;
      const state = commandStateOf(s);
      const cmd = commandForKey(e.key, state);
      if (!cmd || cmd.blocked(state)) return;
      e.preventDefault();
      press(cmd, s);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * The page a class watches: the machine (first, also on a phone), the controls, and the panels
 * around them; layout.css reflows it from a phone to a projector.
 */
export function App() {
  // App renders again as the page comes up (the deck, the layout, ready, the panels below); its
  // parts are memoised (memo), so those renders do not redraw them.
  // Ready (ui-contract) once the run stands and the first screen's panels are there;
  // `data-panels="all"` once the panels below it are too.
  const ready = useSimStore((s) => s.ready);
  const t = useT();
  // ui-contract: "simple" for the four-state machine of script-5min, "full" for the eight states.
  const machine = useSimStore((s) => (shownView(s).simple ? 'simple' : 'full'));
  // ui-contract: "true" while the timeline shows a past moment of the run.
  const seeking = useSimStore((s) => seekShown(s) !== null);
  // The article's code (ui-contract toggle-code): on by default inside a lesson.
  const code = useCodeShown(LESSON !== null);
  // The diagram draws first; the deck (the controls, the side panels) joins in the next frame,
  // the panels below are asked for in the frame after the page is ready, and they are all there
  // once their chunk is in (speed devices: docs/design/speed.md).
  const [stage, setStage] = useState<'diagram' | 'deck' | 'below' | 'all'>('diagram');
  const sides = stage !== 'diagram';
  const onLowerShown = useCallback(() => setStage('all'), []);
  useEffect(() => {
    // A transition: React renders the deck in slices, not as one long task.
    const id = requestAnimationFrame(() => startTransition(() => setStage('deck')));
    return () => cancelAnimationFrame(id);
  }, []);
  const [styled, setStyled] = useState(presentStyles === null);
  useEffect(() => void presentStyles?.then(() => setStyled(true)), []);
  const [laidOut, setLaidOut] = useState(false);
  useShortcuts();
  const pageReady = ready && sides && styled && laidOut;
  useEffect(() => {
    if (!pageReady || stage !== 'deck') return;
    const id = requestAnimationFrame(() => startTransition(() => setStage('below')));
    return () => cancelAnimationFrame(id);
  }, [pageReady, stage]);
  useDocumentLang();
  return (
    <div
      className="hs-app"
      data-testid="app"
      data-ready={pageReady ? 'true' : 'false'}
      data-panels={stage === 'all' ? 'all' : 'first'}
      data-machine={machine}
      data-mode={MODE}
      data-seeking={seeking ? 'true' : undefined}
    >
      <Header />
      {/* The frame's boxes (classes and sizes) are painted by index.html before any script runs. */}
      <main className="hs-main">
        <section
          className={code && MODE === 'page' ? 'hs-machine hs-machine--code' : 'hs-machine'}
          aria-label={t('panel.stage')}
        >
          <StateDiagram
            // Beside the code the diagram has a phone's width: it draws the phone's compact drawing.
            variant={MODE === 'present' ? 'present' : MODE === 'embed' || code ? 'compact' : undefined}
            onLaidOut={setLaidOut}
          />
          {MODE === 'present' && LESSON !== null && ready && (
            <Suspense>
              <Evidence />
            </Suspense>
          )}
          {MODE === 'present' && ready && (
            <Suspense>
              <ClassPanel />
            </Suspense>
          )}
          {/* Presenter mode draws the diagram alone on the left: there the code joins the deck. */}
          {code && MODE === 'page' && <Code />}
          {/* The diagram as text and the live region (visually hidden) join with the controls. */}
          {sides && <ScreenReaderView />}
        </section>
        {/* Below the diagram (index.html draws its box): the run's timeline, once the run stands. */}
        {sides && ready ? (
          <Suspense fallback={<section className="hs-timeline" />}>
            <Timeline />
          </Suspense>
        ) : (
          <section className="hs-timeline" />
        )}
        <div className="hs-deck">
          {/* The diagram draws first; the deck's controls join in the next frame (index.html's boxes hold their place). */}
          {sides ? (
            <>
              {LESSON !== null && ready && (
                <Suspense>
                  <LessonBar id={LESSON} at={LESSON_AT} />
                </Suspense>
              )}
              {ready && <ChallengeMount />}
              <Readouts />
              <PredictToggle />
              <CodeToggle inLesson={LESSON !== null} present={MODE === 'present'} />
              {code && MODE === 'present' && <Code />}
              <Controls />
              <Meters />
              <DesignPanel />
              {MODE === 'present' && (
                <a className="hs-present__exit" href={leavePresentHref(window.location.href)}>
                  {t('present.exit')}
                </a>
              )}
              <div className="hs-panels">
                <SidePanels below={stage === 'below' || stage === 'all'} onLowerShown={onLowerShown} />
              </div>
            </>
          ) : (
            // index.html's boxes, and no panel box yet: one the deck's arrival moved would count as a layout shift.
            <>
              <div className="hs-readouts hs-skel hs-skel--readouts" />
              <div className="hs-controls hs-skel hs-skel--controls" />
              <div className="hs-meters hs-skel hs-skel--meters" />
            </>
          )}
        </div>
      </main>
      <HelpHost />
      <ArticleHost />
    </div>
  );
}
