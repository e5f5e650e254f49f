import type { ReactNode } from 'react';
import { useMedia } from './useMedia';

/** Below this width the page is one column (layout.css) and the panels fold. */
const NARROW = '(max-width: 999px)';

/**
 * On a narrow screen a panel folds under its title (closed at first, so the diagram and the
 * controls come first); on a wide one it is shown as it is.
 */
export function Fold({ title, children }: { title: string; children: ReactNode }) {
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
