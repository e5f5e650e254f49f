import { useEffect } from 'react';
import { Fold } from './Fold';
import { CheckpointPanel } from './panels/CheckpointPanel';
import { EventLog } from './panels/EventLog';
import { ExportNote } from './panels/ExportNote';
import { HistoryPanel } from './panels/HistoryPanel';
import { LedgerPanel } from './panels/LedgerPanel';
import { RunsPanel } from './panels/RunsPanel';
import { TakeoverPanel } from './panels/TakeoverPanel';
import { StoryPanel } from './StoryPanel';
import { LessonList } from './lessons/LessonList';
import { ChallengeList } from './challenges/ChallengeList';
import { SelfTest } from './lessons/SelfTest';
import './lessons/lessons.css';
import { useT } from './useT';

/**
 * The panels below the first screen (under the plan at a laptop's size, folded on a phone): the
 * ledger, the checkpoints and their history, the log, takeover, the class's lists, the runs.
 * A chunk of their own (SidePanels.tsx), so the first screen does not wait for their code;
 * `onShown` says when they are in the page.
 */
export function LowerPanels({ onShown }: { onShown: () => void }) {
  const t = useT();
  useEffect(() => onShown(), [onShown]);
  return (
    <>
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
