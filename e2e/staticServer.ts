import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

/** What a plain static host sends for the build's files (a module script needs a JS type). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  /** Every path the server was asked for, in order. */
  paths: string[];
  /** Stops listening and drops open connections: from then on the host is gone. */
  close(): Promise<void>;
}

/** How long a host may keep the build's hashed files: a new build gives them new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A school's web server in miniature: `dir` served under the folder `prefix` (e.g. `/sim/`), a
 * directory's index.html for its own path, 404 for everything else. No SPA fallback and no
 * headers of its own, so a page that runs here needs nothing from its host; with
 * `cacheAssets`, the hashed files under `assets/` are sent as cacheable for a year, as a host
 * is told to serve a Vite build (the page then reloads from the browser's cache, compiled code
 * included).
 */
export async function serveStatic(
  dir: string,
  prefix: string | string[],
  port: number,
  /** Changes a file as it is sent (a test's new deploy of one file), by its path. */
  rewrite: (path: string, body: Buffer) => Buffer = (_, body) => body,
  { cacheAssets = false } = {},
): Promise<StaticServer> {
  // Several folders serve the same files: two courses on one host, one origin.
  const prefixes = typeof prefix === 'string' ? [prefix] : prefix;
  const root = resolve(dir);
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    paths.push(path);
    const at = prefixes.find((p) => path.startsWith(p));
    if (at === undefined) return void res.writeHead(404).end('not here');
    const rel = normalize(path.slice(at.length) || 'index.html').replace(/^(\.\.[/\\])+/, '');
    const file = join(root, rel.endsWith('/') ? `${rel}index.html` : rel);
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            ...(cacheAssets && rel.startsWith('assets/') ? { 'cache-control': IMMUTABLE } : {}),
          })
          .end(rewrite(path, body)),
      () => res.writeHead(404).end('not found'),
    );
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}${prefixes[0]}`,
    paths,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}
