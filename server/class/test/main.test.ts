import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CSP } from '../../../build/csp';
import { Teacher, closeAll, freePort, tempDir } from './helpers';

/** `npm run class --port N` with this environment (sessions in a fresh folder). */
function startMain(port: number, env: Record<string, string | undefined>) {
  return spawn(
    process.execPath,
    ['--import', 'tsx', new URL('../main.ts', import.meta.url).pathname, '--port', String(port)],
    {
      env: { ...process.env, CLASS_DATA_DIR: tempDir(), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
}

/** The two lines it prints on stdout. */
function printed(child: ReturnType<typeof startMain>): Promise<string[]> {
  return new Promise<string[]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const got = out.split('\n').filter(Boolean);
      if (got.length >= 2) resolve(got);
    });
    child.once('exit', (c) => reject(new Error(`exited ${c}: ${out}`)));
  });
}

describe('npm run class', () => {
  it('prints one teacher line with the token in the fragment and one students line, and serves the site with its CSP', async () => {
    const site = tempDir();
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>site</title>');
    mkdirSync(join(site, 'assets'));
    writeFileSync(join(site, 'assets', 'a.js'), 'export {};');
    writeFileSync(join(site, '.secret'), 'not for phones');
    const port = await freePort();
    const child = startMain(port, { CLASS_HOST: '127.0.0.1', CLASS_SITE_DIR: site });
    try {
      const lines = await printed(child);
      assert.equal(lines.length, 2);
      const teacher = /^teacher: (http:\/\/127\.0\.0\.1:(\d+)\/\?present=1)#teacher=([A-Za-z0-9_-]{32,})$/.exec(
        lines[0]!,
      );
      assert.ok(teacher, lines[0]);
      assert.equal(Number(teacher[2]), port);
      assert.match(lines[1]!, new RegExp(`^students: http://127\\.0\\.0\\.1:${port}/\\?class$`));

      const page = await fetch(`http://127.0.0.1:${port}/?class`);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('content-security-policy'), CSP);
      assert.match(page.headers.get('content-type') ?? '', /text\/html/);
      assert.equal(
        (await fetch(`http://127.0.0.1:${port}/assets/a.js`)).headers.get('content-type'),
        'text/javascript; charset=utf-8',
      );
      // Out of the site by an encoded slash (fetch leaves %2F alone), and a hidden file in it.
      for (const out of ['/..%2F..%2F..%2Fetc%2Fpasswd', '/assets/..%2F..%2F..%2F..%2Fetc%2Fpasswd', '/.secret'])
        assert.equal((await fetch(`http://127.0.0.1:${port}${out}`)).status, 404, out);

      // The printed token drives the relay on the same port.
      const t = new Teacher(`http://127.0.0.1:${port}`, teacher[3]!);
      try {
        assert.match(await t.start(), /^[A-Z2-9]{8}$/);
      } finally {
        closeAll(t);
      }
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('on every interface (the default host) opens the teacher on the first students’ host: the QR reaches phones', async () => {
    const site = tempDir();
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>site</title>');
    const port = await freePort();
    const env = { CLASS_SITE_DIR: site, CLASS_HOST: undefined };
    const child = startMain(port, env);
    try {
      const [teacherLine, studentsLine] = await printed(child);
      const teacherHost = new URL(/^teacher: (\S+)$/.exec(teacherLine!)![1]!).hostname;
      const studentHosts = /^students: (.+)$/
        .exec(studentsLine!)![1]!
        .split(' ')
        .map((u) => new URL(u).hostname);
      // The page draws the QR from its own address: the teacher's host is the first students' host.
      assert.equal(teacherHost, studentHosts[0]);
      assert.equal(studentHosts.at(-1), 'localhost');
      // That host is this machine's first LAN address; with none (no network), localhost for both.
      const lan = Object.values(networkInterfaces())
        .flat()
        .filter((a) => a && a.family === 'IPv4' && !a.internal)
        .map((a) => a!.address);
      assert.equal(teacherHost, lan[0] ?? 'localhost');
      assert.deepEqual(studentHosts, [...lan, 'localhost']);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
