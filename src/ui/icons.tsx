import type { ReactNode } from 'react';

/**
 * Inline SVG icons, drawn in the text's colour (currentColor): no emoji font is needed, and
 * forced-colors mode recolours them with the text. Each is decorative (aria-hidden): the words
 * beside it carry the meaning.
 */
const PATHS: Record<string, ReactNode> = {
  created: <path d="M12 3 21 12 12 21 3 12Z" />,
  planning: <path d="M5 6h14M5 12h14M5 18h9" />,
  running: <path d="M19 12a7 7 0 1 1-2.05-4.95M19 4v4h-4" />,
  tool_failed: <path d="M6 6l12 12M18 6 6 18" />,
  waiting_approval: <path d="M9 5v14M15 5v14" />,
  completed: <path d="M4 12.5 9.5 18 20 6.5" />,
  failed: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" />
    </>
  ),
  cancelled: <rect x="6" y="6" width="12" height="12" rx="1.5" />,
  disk: <path d="M5 4h11l3 3v13H5ZM8 4v5h7V4M8 20v-6h8v6" />,
  warn: <path d="M12 4 21 20H3ZM12 10v4.5M12 17.2v.3" />,
  error: <path d="M6 6l12 12M18 6 6 18" />,
  dot: <circle cx="12" cy="12" r="2.5" />,
  count: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M11 9l2-1.5V16" />
    </>
  ),
  fuse: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M7.5 12h9" />
    </>
  ),
  hand: (
    <path d="M8 13V6.5a1.5 1.5 0 0 1 3 0V12M11 11V5a1.5 1.5 0 0 1 3 0v6M14 11V6.5a1.5 1.5 0 0 1 3 0V14a7 7 0 0 1-7 7 6 6 0 0 1-5-3l-2-4a1.5 1.5 0 0 1 2.6-1.5L8 15" />
  ),
  now: <path d="M8 5v14l11-7Z" />,
  hint: <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9V16h7v-2.1A6 6 0 0 0 12 3Z" />,
};

type IconName = keyof typeof PATHS;

/** One icon, 1em square, aligned with the text around it. */
export function Icon({ name, className }: { name: IconName | string; className?: string }) {
  return (
    <svg
      className={className ? `hs-icon ${className}` : 'hs-icon'}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name] ?? PATHS.dot}
    </svg>
  );
}
