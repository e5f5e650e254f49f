import type { Plugin } from 'vite';

/**
 * The Content-Security-Policy of the built page, one directive a line. The page loads only its
 * own files and talks to no one; `style-src` keeps 'unsafe-inline' because React Flow positions
 * nodes and edges with `style` attributes (and injects its base styles), which a hash cannot cover.
 * `img-src data:` is the empty favicon index.html names (`data:,`). Trusted Types are required for
 * script sinks, with one policy, `default` (src/trustedTypes.ts).
 */
export const CSP_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  // No string reaches a script sink unchecked; the page's one policy (src/trustedTypes.ts) passes
  // its own script URLs (the import Worker, the service worker) and nothing else.
  "require-trusted-types-for 'script'",
  'trusted-types default',
];

/** The policy as one header or meta value. */
export const CSP = CSP_DIRECTIVES.join('; ');

/**
 * Puts the policy in the built index.html as `<meta http-equiv>`, first in <head> so it governs
 * every tag after it: a static host needs no header setup. Build only: the dev server's React
 * refresh runs an inline script that this policy forbids.
 */
export function contentSecurityPolicy(): Plugin {
  return {
    name: 'harness-sim:csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' },
      ],
    },
  };
}
