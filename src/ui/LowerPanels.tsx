import { startTransition, useEffect, useState, type ComponentType } from 'react';
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
import type { MessageKey } from '../i18n';

/** The panels below the first screen, in the page's order: each a fold's title and its body. */
const PANELS: readonly { title: MessageKey; Body: ComponentType }[] = [
  { title: 'panel.ledger', Body: LedgerPanel },
  { title: 'panel.checkpoint', Body: CheckpointPanel },
  { title: 'history.title', Body: HistoryPanel },
  { title: 'panel.log', Body: EventLog },
  { title: 'takeover.title', Body: TakeoverPanel },
  { title: 'lesson.list', Body: LessonList },
  { title: 'challenge.list', Body: ChallengeList },
  { title: 'selftest.title', Body: SelfTest },
  { title: 'story.title', Body: StoryPanel },
  { title: 'runs.title', Body: RunsPanel },
];

/**
 * The panels below the first screen (under the plan at a laptop's size, folded on a phone): the
 * ledger, the checkpoints and their history, the log, takeover, the class's lists, the runs.
 * A chunk of their own (SidePanels.tsx), so the first screen does not wait for their code;
 * `onShown` says when they are all in the page. They arrive one a frame: all ten in one commit
 * made one frame lay out about 500 new boxes, the longest task of a cold load at 4× CPU
 * (docs/design/speed.md, Kept).
 */
export function LowerPanels({ onShown }: { onShown: () => void }) {
  const t = useT();
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (count >= PANELS.length) {
      onShown();
      return;
    }
    // One more panel in the next frame: each frame lays out one panel, not all ten at once.
    const id = requestAnimationFrame(() => startTransition(() => setCount((n) => n + 1)));
    return () => cancelAnimationFrame(id);
  }, [count, onShown]);
  return (
    <>
      {PANELS.slice(0, count).map(({ title, Body }) => (
        <Fold key={title} title={t(title)}>
          <Body />
        </Fold>
      ))}
      {/* The space they arrive in stays until the last is in: the page never grows shorter
          meanwhile, so a reload's scroll restoration is not clamped by a half-built column. */}
      {count >= PANELS.length ? <ExportNote /> : <div className="hs-panels__later" />}
    </>
  );
}
