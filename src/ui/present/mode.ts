/**
 * The page's mode (ui-contract "Room and course page"): `?present=1` a projector's presenter
 * mode, `?embed=1` an iframe in a course page (diagram and controls only), the whole page
 * otherwise. Presenter mode wins when both are asked for: it is the one a person is looking at.
 */
type PageMode = 'page' | 'embed' | 'present';

export function pageMode(search: string): PageMode {
  const q = new URLSearchParams(search);
  if (q.get('present') === '1') return 'present';
  return q.get('embed') === '1' ? 'embed' : 'page';
}

/** The page without presenter mode (its lesson and stop kept). */
export function leavePresentHref(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('present');
  return url.pathname + url.search;
}
