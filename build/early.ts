import type { Plugin } from 'vite';

/** The early entry (src/early.ts): built beside the page, run before it. */
export const EARLY_ENTRY = 'src/early.ts';

/** The early entry and what it imports: a chunk of their own, which the page's chunk imports too. */
export const EARLY_MODULES = /src[\\/](early|persistence[\\/]request)\.ts$/;

/**
 *Speed device: docs/design/speed.md.
 *
 * Puts the early entry's script in the built index.html before the page's own: module
 * scripts run in document order, and the early one, a few hundred bytes, is in long before the
 * page's chunk is compiled. Build only: the dev server serves index.html's one entry (the page
 * opens its database itself there, as it does wherever the early entry is missing).
 */
export function earlyEntry(): Plugin {
  return {
    name: 'harness-sim:early-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'early',
        );
        if (chunk?.type !== 'chunk') throw new Error(`the early entry (${EARLY_ENTRY}) is missing from the build`);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `./${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
