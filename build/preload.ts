import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/**
 * Names in the built index.html the files of a chunk the page's entry imports at once but
 * dynamically (src/main.tsx imports src/start.tsx a task after its own evaluation, so the two
 * evaluate in separate tasks): `<link rel="modulepreload">` for its scripts and the chunks they
 * import, a stylesheet link for its styles. They are then fetched with the entry, not after it
 * has run, and Vite's import helper finds them already there.
 */
export function preloadDynamicEntry(source: string): Plugin {
  // Where the built files are, as index.html's own tags name them (`base`: './' for this site).
  let base = './';
  return {
    name: 'harness-sim:preload-dynamic-entry',
    apply: 'build',
    configResolved: (config) => {
      base = config.base === '' ? './' : config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        // The chunk whose entry the module is, else the one that holds it (rolldown may fold a
        // dynamic entry into a group's chunk, as the `start` group does).
        const entry =
          chunks.find((c) => c.facadeModuleId?.endsWith(source)) ??
          chunks.find((c) => c.moduleIds.some((id) => id.endsWith(source)));
        if (!entry) throw new Error(`preloadDynamicEntry: no chunk holds ${source}`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (c: OutputChunk) => {
          if (scripts.has(c.fileName)) return;
          scripts.add(c.fileName);
          for (const css of (c as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])
            styles.add(css);
          for (const i of c.imports) {
            const next = byName.get(i);
            if (next) visit(next);
          }
        };
        visit(entry);
        // What index.html names already (the entry's own files) is not named twice.
        const named = (file: string) => html.includes(`/${file}"`);
        const tags: HtmlTagDescriptor[] = [];
        for (const href of [...styles].filter((f) => !named(f)))
          tags.push({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${href}` },
            injectTo: 'head',
          });
        for (const href of [...scripts].filter((f) => !named(f)))
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${href}` },
            injectTo: 'head',
          });
        return tags;
      },
    },
  };
}
