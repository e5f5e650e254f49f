/**
 * The page runs under `require-trusted-types-for 'script'` (build/csp.ts): no string reaches a
 * script sink (innerHTML, a script's src, a Worker's or service worker's URL) unchecked. The page
 * writes no HTML from strings at all; its only script URLs are its own files: the import Worker
 * and the service worker. This default policy lets exactly those through (same origin, a path of
 * this site) and refuses everything else, HTML included. Browsers without Trusted Types (Firefox
 * ESR, Safari) ignore the directive, and this file does nothing there.
 */
interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScriptURL?: (url: string) => string }): unknown;
}

const tt = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes;
if (tt) {
  tt.createPolicy('default', {
    createScriptURL: (url) => {
      const u = new URL(url, document.baseURI);
      if (u.origin !== window.location.origin) throw new TypeError(`Harness Sim loads no script from ${u.origin}`);
      return u.href;
    },
  });
}
