import { useEffect } from 'react';
import { ChannelPanel } from './panels/ChannelPanel';
import { CheckpointPanel } from './panels/CheckpointPanel';
import { EventLog } from './panels/EventLog';
import { ExportNote } from './panels/ExportNote';
import { HistoryPanel } from './panels/HistoryPanel';
import { LedgerPanel } from './panels/LedgerPanel';
import { PlanPanel } from './panels/PlanPanel';
import { ResumeNotice, StorageNotice } from './panels/ResumeNotice';
import { StoryPanel } from './StoryPanel';
import { RunsPanel } from './panels/RunsPanel';
import { StorageAlert } from './panels/StorageAlert';
import { TakeoverPanel } from './panels/TakeoverPanel';

/**
 * The panels around the machine: what the model sees, the plan, the ledger, the checkpoints.
 * Loaded as a chunk of its own (App.tsx); `onShown` says when they are in the page.
 */
export function SidePanels({ onShown }: { onShown: (shown: boolean) => void }) {
  useEffect(() => onShown(true), [onShown]);
  return (
    <>
      <StorageAlert />
      <StorageNotice />
      <ResumeNotice />
      <ChannelPanel />
      <PlanPanel />
      <LedgerPanel />
      <CheckpointPanel />
      <HistoryPanel />
      <EventLog />
      <TakeoverPanel />
      <StoryPanel />
      <RunsPanel />
      <ExportNote />
    </>
  );
}
