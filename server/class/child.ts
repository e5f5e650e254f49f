/**
 * The relay alone (no site) in its own process, for the test that kills it with SIGKILL and for
 * the bench: prints `{"port":…,"token":…}` once it listens on loopback. With an IPC channel it
 * answers `'stats'` with its memory (after a full GC when run with --expose-gc) and CPU time.
 * With CLASS_SITE_DIR it serves that built site too (the browser test that kills it).
 */
import { startClassServer } from './server';

const server = await startClassServer({
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  dataDir: process.env.CLASS_DATA_DIR as string,
  ...(process.env.CLASS_REDIS_URL ? { redisUrl: process.env.CLASS_REDIS_URL } : {}),
  ...(process.env.CLASS_SITE_DIR ? { distDir: process.env.CLASS_SITE_DIR } : {}),
});
process.stdout.write(`${JSON.stringify({ port: server.port, token: server.teacherToken })}\n`);

process.on('message', (m) => {
  if (m !== 'stats') return;
  globalThis.gc?.();
  globalThis.gc?.();
  const mem = process.memoryUsage();
  const cpu = process.cpuUsage();
  process.send?.({ rss: mem.rss, heapUsed: mem.heapUsed, cpuMs: (cpu.user + cpu.system) / 1000 });
});
