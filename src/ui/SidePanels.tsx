import { Suspense, lazy, memo, useLayoutEffect } from 'react';
import { Fold } from './Fold';
import { ChannelPanel } from './panels/ChannelPanel';
import { PlanPanel } from './panels/PlanPanel';
import { ResumeNotice, StorageNotice } from './panels/ResumeNotice';
import { StorageAlert } from './panels/StorageAlert';
import { useT } from './useT';

const LowerPanels = lazy(() => import('./LowerPanels').then((m) => ({ default: m.LowerPanels })));

/**
 * The panels around the machine. Loaded as a chunk of its own (App.tsx): the storage notices,
 * what the model sees and the plan, the first screen's; `onShown` says when they are in the
 * page. The rest (LowerPanels.tsx) is asked for once `rest` is true (the page is ready) and
 * says so by `onRestShown`; until then its place holds the first screen's height below.
 */
export const SidePanels = memo(function SidePanels({
  onShown,
  rest,
  onRestShown,
}: {
  onShown: (shown: boolean) => void;
  rest: boolean;
  onRestShown: (shown: boolean) => void;
}) {
  const t = useT();
  // In the commit that mounts them: the page is ready in the frame that first shows them.
  useLayoutEffect(() => onShown(true), [onShown]);
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
      {rest && (
        <Suspense fallback={<div className="hs-panels__later" />}>
          <LowerPanels onShown={onRestShown} />
        </Suspense>
      )}
    </>
  );
});
