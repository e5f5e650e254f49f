import type { Plugin } from 'vite';

/**
 * The side panels' chunk is asked for in index.html, so it downloads and compiles beside the
 * entry instead of after the entry has run: `data-ready` waits for it (ui-contract).
 * Speed device: docs/design/speed.md.
 */
export function preloadSidePanels(): Plugin {
  return {
    name: 'hs-preload-side-panels',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        const bundle = ctx.bundle ?? {};
        const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === 'SidePanels');
        if (chunk?.type !== 'chunk') return [];
        // Its imports and styles too, however deep (the import waits for them), less what
        // index.html loads already: every entry (the page's and the early one, build/early.ts)
        // and what it imports, however deep (the page's entry is a facade over its chunk).
        const reach = (files: string[]) => {
          const found = new Map<string, typeof chunk>();
          const walk = (file: string) => {
            const c = bundle[file];
            if (found.has(file) || c?.type !== 'chunk') return;
            found.set(file, c);
            c.imports.forEach(walk);
          };
          files.forEach(walk);
          return found;
        };
        const entries = Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.isEntry ? [c.fileName] : []));
        const linked = reach(entries);
        const parts = [...reach([chunk.fileName]).values()].filter((c) => !linked.has(c.fileName));
        const css = parts.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
        return [
          ...parts.map((c) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${c.fileName}` },
          })),
          ...css.map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${f}` },
          })),
        ].map((t) => ({ ...t, injectTo: 'head' as const }));
      },
    },
  };
}
