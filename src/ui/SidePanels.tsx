import { useEffect, type ReactNode } from 'react';
import { useMedia } from './useMedia';
import { ChannelPanel } from './panels/ChannelPanel';
import { CheckpointPanel } from './panels/CheckpointPanel';
import { EventLog } from './panels/EventLog';
import { ExportNote } from './panels/ExportNote';
import { HistoryPanel } from './panels/HistoryPanel';
import { LedgerPanel } from './panels/LedgerPanel';
import { PlanPanel } from './panels/PlanPanel';
import { ResumeNotice, StorageNotice } from './panels/ResumeNotice';
import { StoryPanel } from './StoryPanel';
import { LessonList } from './lessons/LessonList';
import { ChallengeList } from './challenges/ChallengeList';
import { SelfTest } from './lessons/SelfTest';
import './lessons/lessons.css';
import { RunsPanel } from './panels/RunsPanel';
import { StorageAlert } from './panels/StorageAlert';
import { TakeoverPanel } from './panels/TakeoverPanel';
import { useT } from './useT';

/** Below this width the page is one column (layout.css) and the panels fold. */
export const NARROW = '(max-width: 999px)';

/**
 * On a narrow screen a panel folds under its title (closed at first, so the diagram and the
 * controls come first); on a wide one it is shown as it is.
 */
function Fold({ title, children }: { title: string; children: ReactNode }) {
  const narrow = useMedia(NARROW);
  if (!narrow) return children;
  return (
    <details className="hs-fold">
      <summary>
        <h2>{title}</h2>
      </summary>
      {children}
    </details>
  );
}

/**
 * The panels around the machine: what the model sees, the plan, the ledger, the checkpoints.
 * Loaded as a chunk of its own (App.tsx); `onShown` says when they are in the page.
 */
export function SidePanels({ onShown }: { onShown: (shown: boolean) => void }) {
  const t = useT();
  useEffect(() => onShown(true), [onShown]);
  return (
    <>
      <StorageAlert />
      <StorageNotice />
      <ResumeNotice />
      <Fold title={t('panel.channel')}>
        <ChannelPanel />
      </Fold>
      <Fold title={t('panel.plan')}>
        <PlanPanel />
      </Fold>
      <Fold title={t('panel.ledger')}>
        <LedgerPanel />
      </Fold>
      <Fold title={t('panel.checkpoint')}>
        <CheckpointPanel />
      </Fold>
      <Fold title={t('history.title')}>
        <HistoryPanel />
      </Fold>
      <Fold title={t('panel.log')}>
        <EventLog />
      </Fold>
      <Fold title={t('takeover.title')}>
        <TakeoverPanel />
      </Fold>
      <Fold title={t('lesson.list')}>
        <LessonList />
      </Fold>
      <Fold title={t('challenge.list')}>
        <ChallengeList />
      </Fold>
      <Fold title={t('selftest.title')}>
        <SelfTest />
      </Fold>
      <Fold title={t('story.title')}>
        <StoryPanel />
      </Fold>
      <Fold title={t('runs.title')}>
        <RunsPanel />
      </Fold>
      <ExportNote />
    </>
  );
}
