import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { LIMITS } from '../../src/class/protocol';
import { createFileStore } from './fileStore';
import { createRedisStore } from './redisStore';
import { attachRelay, type Relay, type RelayLimits } from './relay';
import { staticHandler } from './static';
import type { ClassStore } from './store';

/** Where the relay and the site are served from, and where the sessions are kept. */
interface ClassServerOptions {
  port: number;
  host: string;
  /** Session files (one relay). Ignored for sessions when `redisUrl` is set (Redis is the store). */
  dataDir: string;
  /** Several relays share classes through this Redis (`CLASS_REDIS_URL`). */
  redisUrl?: string;
  /** The built site to serve beside the relay; none: the relay alone (tests, bench). */
  distDir?: string;
  now?: () => number;
  limits?: Partial<RelayLimits>;
  sweepEveryMs?: number;
}

export interface ClassServer {
  port: number;
  teacherToken: string;
  relay: Relay;
  http: HttpServer;
  close(): Promise<void>;
}

/** Starts the site and the relay on one port; resolves once it listens. */
export async function startClassServer(opts: ClassServerOptions): Promise<ClassServer> {
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 }) : undefined;
  const sub = redis?.duplicate();
  if (redis && sub) await Promise.all([redis.connect(), sub.connect()]);
  const store: ClassStore = redis ? createRedisStore(redis) : createFileStore(opts.dataDir);
  await store.open();
  const teacherToken = await store.teacherToken(randomBytes(24).toString('base64url'));

  const serveSite = opts.distDir ? staticHandler(opts.distDir) : undefined;
  const http = createServer((req, res) => {
    if (!serveSite) {
      res.writeHead(404).end();
      return;
    }
    serveSite(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const io = new Server(http, {
    // Above this engine.io drops the connection itself; below it, messages over
    // LIMITS.messageBytes are refused one by one (relay.ts) and the connection stays.
    maxHttpBufferSize: LIMITS.messageBytes * 16,
    serveClient: false,
    // Same origin only: the page is served from here. A browser sends Origin; another site's
    // page (using its visitors' browsers to guess codes from many addresses) is turned away.
    // Node clients (tests, bench) send none.
    allowRequest: (req, callback) => callback(null, sameOrigin(req.headers.origin, req.headers.host)),
    ...(redis && sub ? { adapter: createAdapter(redis, sub) } : {}),
  });
  const relay = attachRelay(io, {
    store,
    teacherToken,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.limits ? { limits: opts.limits } : {}),
    ...(opts.sweepEveryMs !== undefined ? { sweepEveryMs: opts.sweepEveryMs } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (http.address() as AddressInfo).port,
    teacherToken,
    relay,
    http,
    async close() {
      relay.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // QUIT after the adapter's own unsubscribe and any command in flight, not a cut connection.
      await store.close();
      await sub?.quit().catch(() => undefined);
    },
  };
}

/** No Origin (not a browser), or one whose host is the one the request was sent to. */
function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
