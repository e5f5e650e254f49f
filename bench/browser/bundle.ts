/** Bundle sizes of a build: gzip (level 9) of every .js and .css file. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface OutputFile {
  file: string;
  raw: number;
  gzip: number;
}

const kB = 1000;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The service worker and its Workbox runtime: fetched by the browser after the page is idle, never by the page. */
const SERVICE_WORKER = /^(sw|workbox-[\w-]+)\.js$/;

/** Every .js and .css file the page loads from a build with its gzip size (level 9), biggest first. */
export function bundleFiles(dir: string): OutputFile[] {
  return filesUnder(dir)
    .filter((f) => (f.endsWith('.js') || f.endsWith('.css')) && !SERVICE_WORKER.test(relative(dir, f)))
    .map((f) => {
      const bytes = readFileSync(f);
      return { file: relative(dir, f), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

export const sum = (files: OutputFile[], key: 'raw' | 'gzip') => files.reduce((n, f) => n + f[key], 0);
export const kb = (bytes: number) => `${(bytes / kB).toFixed(1)} kB`;
export const listFiles = (files: OutputFile[], n = 4) =>
  files
    .slice(0, n)
    .map((f) => `${f.file} ${kb(f.gzip)} gz (${kb(f.raw)} raw)`)
    .join(', ');
