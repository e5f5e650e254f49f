import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { StopAt } from '../../../src/class/protocol';
import type { Ack, ClassState, Joined, Tally, You } from '../../../src/class/replies';

/** A free loopback port (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'class-test-'));

export const PREDICT: StopAt = {
  lessonId: 'fuse',
  stop: 3,
  kind: 'predict',
  choices: ['running', 'failed', 'waiting_approval'],
  askFuse: false,
};

export function connect(url: string, auth?: Record<string, string>): Socket {
  return io(url, {
    // Each its own connection, as real phones are (never multiplexed over a cached one).
    forceNew: true,
    transports: ['websocket'],
    reconnectionDelay: 50,
    reconnectionDelayMax: 250,
    ...(auth ? { auth } : {}),
  });
}

export async function call(socket: Socket, event: string, payload?: unknown): Promise<Ack> {
  return (await socket.timeout(5000).emitWithAck(event, payload)) as Ack;
}

/** Resolves with the first `event` payload that passes `pred`, or rejects after `ms`. */
export function waitFor<T>(socket: Socket, event: string, pred: (x: T) => boolean = () => true, ms = 8000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no ${event} matching within ${ms} ms`));
    }, ms);
    const on = (x: T) => {
      if (!pred(x)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(x);
    };
    socket.on(event, on);
  });
}

/** Resolves once `ok()` holds (checked every 20 ms), or rejects after `ms`. */
export function until(ok: () => boolean, ms = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = setInterval(() => {
      if (ok()) {
        clearInterval(check);
        resolve();
      } else if (Date.now() - started > ms) {
        clearInterval(check);
        reject(new Error(`not so within ${ms} ms`));
      }
    }, 20);
  });
}

export const connected = (s: Socket): Promise<void> =>
  s.connected ? Promise.resolve() : new Promise((resolve) => s.once('connect', () => resolve()));

/** The projector: connects with the token and starts (or rejoins) its class on every connect. */
export class Teacher {
  socket: Socket;
  code = '';
  tally: Tally | null = null;
  state: ClassState | null = null;
  constructor(url: string, token: string, at: StopAt = PREDICT) {
    this.socket = connect(url, { teacher: token });
    this.socket.on('class:tally', (t: Tally) => {
      if (!this.tally || t.version >= this.tally.version) this.tally = t;
    });
    this.socket.on('class:state', (s: ClassState) => {
      if (!this.state || s.version >= this.state.version) this.state = s;
    });
    this.socket.on('connect', () => {
      if (this.code) call(this.socket, 'teacher', { type: 'start', at }).catch(() => undefined);
    });
  }
  async start(at: StopAt = PREDICT): Promise<string> {
    await connected(this.socket);
    const a = await call(this.socket, 'teacher', { type: 'start', at });
    if (!a.ok || !('code' in a)) throw new Error(`start refused: ${JSON.stringify(a)}`);
    this.code = a.code;
    return a.code;
  }
  send(cmd: Record<string, unknown>): Promise<Ack> {
    return call(this.socket, 'teacher', cmd);
  }
  /** Waits until the live histogram shows `counts`. */
  histogram(counts: Record<string, number>, ms?: number): Promise<Tally> {
    const same = (t: Tally) => Object.entries(counts).every(([c, n]) => t.histogram[c] === n);
    if (this.tally && same(this.tally)) return Promise.resolve(this.tally);
    return waitFor<Tally>(this.socket, 'class:tally', same, ms);
  }
}

/** A phone: joins once, then resumes with its secret on every reconnect, as the page does. */
export class Phone {
  socket: Socket;
  secret = '';
  code = '';
  you: You | null = null;
  resumed = 0;
  constructor(url: string) {
    this.socket = connect(url);
    this.socket.on('connect', () => {
      if (!this.secret) return;
      call(this.socket, 'student:resume', { code: this.code, secret: this.secret })
        .then((a) => {
          if (a.ok && 'you' in a) {
            this.you = a.you;
            this.resumed++;
          }
        })
        .catch(() => undefined); // closed before the relay answered: the next connect resumes
    });
    this.socket.on('student:you', (y: You) => (this.you = y));
  }
  async join(code: string, nickname = ''): Promise<Joined> {
    await connected(this.socket);
    const a = await call(this.socket, 'student:join', { code, nickname });
    if (!a.ok || !('secret' in a)) throw new Error(`join refused: ${JSON.stringify(a)}`);
    this.secret = a.secret;
    this.code = code;
    this.you = a.you;
    return a;
  }
  answer(choice: string, stop = PREDICT.stop): Promise<Ack> {
    return call(this.socket, 'student:answer', { kind: 'choice', stop, choice });
  }
}

/** Closes every socket given (tests end with their clients gone, so the process can exit). */
export function closeAll(...sockets: (Socket | { socket: Socket })[]): void {
  for (const s of sockets) ('socket' in s ? s.socket : s).close();
}

/** Redis on a free loopback port, nothing saved: the test's own, killed at the end. */
export async function startRedis(): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 5000);
    child.stdout?.on('data', (d: Buffer) => {
      if (/Ready to accept connections/.test(d.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (c) => reject(new Error(`redis-server exited ${c}`)));
  });
  child.stdout?.resume();
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid as number, stop: () => child.kill('SIGKILL') };
}

/** What the relay process reports over IPC (server/class/child.ts). */
export interface RelayStats {
  rss: number;
  heapUsed: number;
  cpuMs: number;
}

/** The relay as its own process (server/class/child.ts), so a test can SIGKILL it and a bench can weigh it. */
export async function spawnRelay(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; token: string; url: string; stats(): Promise<RelayStats> }> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', new URL('../child.ts', import.meta.url).pathname],
    {
      env: { ...process.env, PORT: String(port), CLASS_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.once('exit', (c) => reject(new Error(`relay exited ${c}`)));
  });
  child.stdout?.resume();
  const { token } = JSON.parse(line) as { token: string };
  const stats = () =>
    new Promise<RelayStats>((resolve) => {
      child.once('message', (m) => resolve(m as RelayStats));
      child.send('stats');
    });
  return { child, token, url: `http://127.0.0.1:${port}`, stats };
}
