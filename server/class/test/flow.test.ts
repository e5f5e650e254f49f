import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { startClassServer } from '../server';
import { IDLE_MS } from '../session';
import { Phone, Teacher, call, closeAll, freePort, spawnRelay, startRedis, tempDir, until, waitFor } from './helpers';

describe('a class on one relay', () => {
  it('counts three students in the teacher histogram, then reveals each one their result', async () => {
    const server = await startClassServer({ port: 0, host: '127.0.0.1', dataDir: tempDir() });
    const url = `http://127.0.0.1:${server.port}`;
    const teacher = new Teacher(url, server.teacherToken);
    const phones = [new Phone(url), new Phone(url), new Phone(url)];
    try {
      const code = await teacher.start();
      for (const p of phones) await p.join(code);
      const acks = await Promise.all([
        phones[0]!.answer('running'),
        phones[1]!.answer('failed'),
        phones[2]!.answer('failed'),
      ]);
      assert.ok(
        acks.every((a) => a.ok),
        JSON.stringify(acks),
      );
      const t = await teacher.histogram({ running: 1, failed: 2, waiting_approval: 0 });
      assert.equal(t.answered, 3);
      assert.equal(t.joined, 3);

      // A student may change their answer until the teacher locks.
      assert.ok((await phones[0]!.answer('failed')).ok);
      await teacher.histogram({ running: 0, failed: 3 });

      // Listening before the reveal: its result may reach the phone before the teacher's ack.
      const result = waitFor(phones[0]!.socket, 'student:you', (y: { correct: boolean | null }) => y.correct === true);
      assert.ok((await teacher.send({ type: 'reveal', answer: 'failed' })).ok);
      await result;
      assert.deepEqual(phones[0]!.you?.score, { right: 1, revealed: 1 });
    } finally {
      closeAll(teacher, ...phones);
      await server.close();
    }
  });

  it('expires an idle session after IDLE_MS: its file is deleted and the phones are told', async () => {
    let clock = 1_000_000;
    const dir = tempDir();
    const server = await startClassServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      now: () => clock,
      sweepEveryMs: 0,
    });
    const url = `http://127.0.0.1:${server.port}`;
    const teacher = new Teacher(url, server.teacherToken);
    const phone = new Phone(url);
    try {
      const code = await teacher.start();
      await phone.join(code);
      const file = join(dir, `${code}.json`);
      assert.ok(existsSync(file));
      clock += IDLE_MS - 1;
      assert.deepEqual(await server.relay.sweep(), []);
      assert.ok(existsSync(file), 'not yet idle for IDLE_MS');
      clock += 2;
      const ended = waitFor(phone.socket, 'class:ended');
      assert.deepEqual(await server.relay.sweep(), [code]);
      await ended;
      assert.ok(!existsSync(file));
      assert.deepEqual(
        readdirSync(dir).filter((f) => f.endsWith('.json')),
        [],
      );
      const again = await call(phone.socket, 'student:resume', { code, secret: phone.secret });
      assert.equal(again.ok ? 'ok' : again.error, 'no_class');
    } finally {
      closeAll(teacher, phone);
      await server.close();
    }
  });

  it('`end` deletes the session file', async () => {
    const dir = tempDir();
    const server = await startClassServer({ port: 0, host: '127.0.0.1', dataDir: dir });
    const teacher = new Teacher(`http://127.0.0.1:${server.port}`, server.teacherToken);
    try {
      const code = await teacher.start();
      assert.ok(existsSync(join(dir, `${code}.json`)));
      assert.ok((await teacher.send({ type: 'end' })).ok);
      assert.ok(!existsSync(join(dir, `${code}.json`)));
    } finally {
      closeAll(teacher);
      await server.close();
    }
  });
});

describe('an answer is acknowledged only once it is on disk', () => {
  it('refuses `unavailable`, never ok, when the write fails; the same answer is stored once the disk takes it', async () => {
    const dir = tempDir();
    const server = await startClassServer({ port: 0, host: '127.0.0.1', dataDir: dir });
    const url = `http://127.0.0.1:${server.port}`;
    const teacher = new Teacher(url, server.teacherToken);
    const phone = new Phone(url);
    try {
      const code = await teacher.start();
      await phone.join(code);
      // A directory where the session file goes: the rename over it fails (even as root).
      const file = join(dir, `${code}.json`);
      rmSync(file);
      mkdirSync(join(file, 'blocker'), { recursive: true });
      const refused = await phone.answer('running');
      assert.equal(refused.ok ? 'ok' : refused.error, 'unavailable');
      rmSync(file, { recursive: true });
      assert.ok((await phone.answer('running')).ok);
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { answers: Record<string, Record<string, unknown>> };
      assert.deepEqual(Object.values(kept.answers['fuse#3'] ?? {}), [{ choice: 'running' }]);
    } finally {
      closeAll(teacher, phone);
      await server.close();
    }
  });
});

describe('kill -9 and restart', () => {
  const children: ChildProcess[] = [];
  after(() => children.forEach((c) => c.kill('SIGKILL')));

  it('brings back the session and every acknowledged answer; phones reconnect by themselves', async () => {
    const port = await freePort();
    const dir = tempDir();
    const first = await spawnRelay(port, dir);
    children.push(first.child);
    const teacher = new Teacher(first.url, first.token);
    const phones = [new Phone(first.url), new Phone(first.url), new Phone(first.url)];
    try {
      const code = await teacher.start();
      for (const p of phones) await p.join(code);
      const acks = await Promise.all(phones.map((p, i) => p.answer(i === 0 ? 'running' : 'failed')));
      assert.ok(acks.every((a) => a.ok));

      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      const second = await spawnRelay(port, dir);
      children.push(second.child);
      assert.equal(second.token, first.token, 'the teacher link printed before still works');

      // Each phone reconnects on its own and resumes with its secret: its answer is there.
      await Promise.all(phones.map((p) => until(() => p.resumed > 0)));
      assert.deepEqual(
        phones.map((p) => p.you?.answer),
        [{ choice: 'running' }, { choice: 'failed' }, { choice: 'failed' }],
      );
      const t = await teacher.histogram({ running: 1, failed: 2 });
      assert.equal(t.code, code);
      assert.equal(t.joined, 3);
    } finally {
      closeAll(teacher, ...phones);
    }
  });
});

describe('kill -9 of a relay sharing Redis', () => {
  it('keeps every acknowledged answer: the students come back to the restarted relay, the teacher on the other saw no loss', async () => {
    const redis = await startRedis();
    const env = { CLASS_REDIS_URL: redis.url };
    const portA = await freePort();
    let a = await spawnRelay(portA, tempDir(), env);
    const b = await spawnRelay(await freePort(), tempDir(), env);
    const teacher = new Teacher(b.url, b.token);
    const phones = [1, 2, 3].map(() => new Phone(a.url));
    try {
      const code = await teacher.start();
      for (const p of phones) await p.join(code);
      const acks = await Promise.all(phones.map((p, i) => p.answer(i === 0 ? 'running' : 'failed')));
      assert.ok(acks.every((x) => x.ok));
      a.child.kill('SIGKILL');
      await new Promise((r) => a.child.once('exit', r));
      a = await spawnRelay(portA, tempDir(), env);
      await Promise.all(phones.map((p) => until(() => p.resumed > 0)));
      assert.deepEqual(
        phones.map((p) => p.you?.answer),
        [{ choice: 'running' }, { choice: 'failed' }, { choice: 'failed' }],
      );
      assert.ok((await phones[0]!.answer('failed')).ok, 'and answers again through the restarted relay');
      await teacher.histogram({ running: 0, failed: 3 });
    } finally {
      closeAll(teacher, ...phones);
      a.child.kill('SIGKILL');
      b.child.kill('SIGKILL');
      redis.stop();
    }
  });
});

describe('two relays sharing Redis', () => {
  it('counts a student on relay A in the histogram of the teacher on relay B', async () => {
    const redis = await startRedis();
    const a = await startClassServer({ port: 0, host: '127.0.0.1', dataDir: tempDir(), redisUrl: redis.url });
    const b = await startClassServer({ port: 0, host: '127.0.0.1', dataDir: tempDir(), redisUrl: redis.url });
    assert.equal(a.teacherToken, b.teacherToken, 'one teacher token for the whole school');
    const teacher = new Teacher(`http://127.0.0.1:${b.port}`, b.teacherToken);
    const phones = [1, 2, 3].map(() => new Phone(`http://127.0.0.1:${a.port}`));
    try {
      const code = await teacher.start();
      for (const p of phones) await p.join(code);
      const acks = await Promise.all(phones.map((p, i) => p.answer(i === 0 ? 'running' : 'failed')));
      assert.ok(
        acks.every((x) => x.ok),
        JSON.stringify(acks),
      );
      const t = await teacher.histogram({ running: 1, failed: 2 });
      assert.equal(t.joined, 3);

      // Removed on B: the answer stops counting, the secret stops working on A.
      assert.ok((await teacher.send({ type: 'remove', student: phones[2]!.you!.id })).ok);
      await teacher.histogram({ running: 1, failed: 1 });
      const back = await call(phones[2]!.socket, 'student:resume', { code, secret: phones[2]!.secret });
      assert.equal(back.ok ? 'ok' : back.error, 'unknown_student');
      const again = await call(phones[1]!.socket, 'student:resume', { code, secret: phones[1]!.secret });
      assert.deepEqual(again.ok && 'you' in again ? again.you.answer : again, { choice: 'failed' });

      // The teacher's lock on B holds on A (the rule runs in Redis, atomically).
      assert.ok((await teacher.send({ type: 'lock' })).ok);
      const late = await phones[0]!.answer('failed');
      assert.equal(late.ok ? 'ok' : late.error, 'locked');
      // Listening before the reveal: through Redis its result may reach the phone on A before
      // the teacher on B has its ack.
      const result = waitFor(phones[1]!.socket, 'student:you', (y: { correct: boolean | null }) => y.correct === true);
      await teacher.send({ type: 'reveal', answer: 'failed' });
      await result;
    } finally {
      closeAll(teacher, ...phones);
      await a.close();
      await b.close();
      redis.stop();
    }
  });
});

describe('a class in Redis that this relay cannot read', () => {
  it('a teacher’s start ends it and starts a fresh class; its phones are told it ended', async () => {
    const redis = await startRedis();
    const server = await startClassServer({ port: 0, host: '127.0.0.1', dataDir: tempDir(), redisUrl: redis.url });
    const url = `http://127.0.0.1:${server.port}`;
    const teacher = new Teacher(url, server.teacherToken);
    const phone = new Phone(url);
    const raw = new Redis(redis.url);
    try {
      const code = await teacher.start();
      await phone.join(code);
      // Another version's meta: a field of no shape this relay knows.
      const meta = (await raw.hget(`class:${code}`, 'meta'))!;
      await raw.hset(`class:${code}`, 'meta', meta.replace('"paused":false', '"paused":"no"'));
      const ended = waitFor(phone.socket, 'class:ended', (e: { code: string }) => e.code === code);
      const again = new Teacher(url, server.teacherToken);
      try {
        const fresh = await again.start();
        assert.notEqual(fresh, code);
        await ended;
        assert.equal(await raw.exists(`class:${code}`), 0, 'the unreadable class is gone');
        // The fresh class works: a phone joins it and answers, and the teacher counts it.
        await phone.join(fresh);
        assert.ok((await phone.answer('running')).ok);
        await again.histogram({ running: 1 });
      } finally {
        closeAll(again);
      }
    } finally {
      closeAll(teacher, phone);
      await raw.quit();
      await server.close();
      redis.stop();
    }
  });
});
