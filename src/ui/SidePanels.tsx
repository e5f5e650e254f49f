import { Suspense, lazy, memo } from 'react';
import { Fold } from './Fold';
import { ChannelPanel } from './panels/ChannelPanel';
import { PlanPanel } from './panels/PlanPanel';
import { ResumeNotice, StorageNotice } from './panels/ResumeNotice';
import { StorageAlert } from './panels/StorageAlert';
import { useT } from './useT';

const LowerPanels = lazy(() => import('./LowerPanels').then((m) => ({ default: m.LowerPanels })));

/**
 * The panels around the machine, drawn with the deck: the storage notices, what the model sees
 * and the plan, the first screen's. The rest (LowerPanels.tsx) is a chunk of its own, asked for
 * once `below` is true (the frame after the page is ready: the first screen never waits for it);
 * it says it is in by `onLowerShown`, and until then its place holds the first screen's height below.
 */
export const SidePanels = memo(function SidePanels({
  below,
  onLowerShown,
}: {
  below: boolean;
  onLowerShown: () => void;
}) {
  const t = useT();
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
      {below ? (
        <Suspense fallback={<div className="hs-panels__later" />}>
          <LowerPanels onShown={onLowerShown} />
        </Suspense>
      ) : (
        <div className="hs-panels__later" />
      )}
    </>
  );
});
