import { Suspense, lazy } from 'react';
import { useSimStore } from '../store/simStore';

const HelpOverlay = lazy(() => import('./HelpOverlay').then((m) => ({ default: m.HelpOverlay })));

/** Where the `?` overlay opens: its code loads the first time it is asked for. */
export function HelpHost() {
  const open = useSimStore((s) => s.helpOpen);
  if (!open) return null;
  return (
    <Suspense>
      <HelpOverlay />
    </Suspense>
  );
}
