import { useEffect, useState } from 'react';
import { useSimStore } from '../store/simStore';
import { Controls } from './controls/Controls';
import { commandForKey } from './controls/commands';
import { StateDiagram } from './diagram/StateDiagram';
import { Header } from './Header';
import { HelpOverlay } from './HelpOverlay';
import { ChannelPanel } from './panels/ChannelPanel';
import { CheckpointPanel } from './panels/CheckpointPanel';
import { EventLog } from './panels/EventLog';
import { LedgerPanel } from './panels/LedgerPanel';
import { Meters } from './panels/Meters';
import { PlanPanel } from './panels/PlanPanel';
import { HistoryPanel } from './panels/HistoryPanel';
import { Readouts } from './panels/Readouts';
import { ResumeNotice, StorageNotice } from './panels/ResumeNotice';
import { RunsPanel } from './panels/RunsPanel';
import { TakeoverPanel } from './panels/TakeoverPanel';

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

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
      const cmd = commandForKey(e.key, s);
      if (!cmd || cmd.blocked(s)) return;
      e.preventDefault();
      cmd.run(s);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The page a class watches: the machine, the controls, and the panels around them. */
export function App() {
  // Ready (ui-contract) once the run stands and every panel with a test hook is there.
  const ready = useSimStore((s) => s.ready);
  const lang = useSimStore((s) => s.lang);
  // The diagram and controls draw first; the side panels join once that frame is painted.
  const [sides, setSides] = useState(false);
  useEffect(() => {
    const id = requestAnimationFrame(() => setSides(true));
    return () => cancelAnimationFrame(id);
  }, []);
  useShortcuts();
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);
  return (
    <div className="hs-app" data-testid="app" data-ready={ready && sides ? 'true' : 'false'}>
      <Header />
      <main className="hs-main">
        <div className="hs-col hs-col--stage">
          <Readouts />
          <StateDiagram />
          <Controls />
          <Meters />
        </div>
        <div className="hs-col hs-col--side">{sides && <SidePanels />}</div>
      </main>
      <HelpOverlay />
    </div>
  );
}

/** The panels around the machine: what the model sees, the plan, the ledger, the checkpoints. */
function SidePanels() {
  return (
    <>
      <StorageNotice />
      <ResumeNotice />
      <ChannelPanel />
      <PlanPanel />
      <LedgerPanel />
      <CheckpointPanel />
      <HistoryPanel />
      <EventLog />
      <TakeoverPanel />
      <RunsPanel />
    </>
  );
}
