import { Suspense, lazy } from 'react';
import { useChallengeGate } from '../../store/challengeGate';

/** The challenge's code (catalog, checks, bar) loads only when one is asked for. */
const ChallengeBar = lazy(() => import('./ChallengeBar').then((m) => ({ default: m.ChallengeBar })));

/** Where a challenge shows: `?challenge=<id>`, or a file opened from the challenge list. */
export function ChallengeMount() {
  const request = useChallengeGate((s) => s.request);
  if (!request) return null;
  return (
    <Suspense>
      <ChallengeBar request={request} />
    </Suspense>
  );
}
