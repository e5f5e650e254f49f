import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io } from 'socket.io-client';
import type { Ack } from '../../../src/class/replies';
import { startClassServer, type ClassServer } from '../server';
import { PREDICT, Phone, Teacher, call, closeAll, connect, connected, tempDir, waitFor } from './helpers';

const error = (a: Ack) => (a.ok ? 'ok' : a.error);

describe('the relay refuses, and nothing changes', () => {
  let server: ClassServer;
  let url: string;
  let teacher: Teacher;
  let code: string;
  const open: { close(): void }[] = [];
  const phone = () => {
    const p = new Phone(url);
    open.push(p.socket);
    return p;
  };

  before(async () => {
    server = await startClassServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: tempDir(),
      limits: { guessesPerMinutePerAddress: 5 },
    });
    url = `http://127.0.0.1:${server.port}`;
    teacher = new Teacher(url, server.teacherToken);
    code = await teacher.start();
  });
  after(async () => {
    open.forEach((s) => s.close());
    closeAll(teacher);
    await server.close();
  });

  it("a student cannot act as another: no message names an id, and another's secret is unguessable", async () => {
    const ann = phone();
    const bob = phone();
    await ann.join(code, 'Ann');
    await bob.join(code, 'Bob');
    assert.ok((await ann.answer('running')).ok);
    const annId = ann.you!.id;
    // An answer naming Ann's id is malformed: the socket's own student is the only one it writes.
    const forged = await call(bob.socket, 'student:answer', {
      kind: 'choice',
      stop: 3,
      choice: 'failed',
      student: annId,
    });
    assert.equal(error(forged), 'invalid');
    // Ann's public id is not her secret (the teacher sees ids; only Ann's phone has the secret).
    assert.equal(
      error(await call(bob.socket, 'student:resume', { code, secret: `${annId}AAAAAAAAAA` })),
      'unknown_student',
    );
    const t = await teacher.histogram({ running: 1, failed: 0 });
    assert.equal(t.answered, 1);
  });

  it('refuses a teacher command from a student, and the class stays where it was', async () => {
    const p = phone();
    await p.join(code);
    for (const cmd of [
      { type: 'lock' },
      { type: 'end' },
      { type: 'start', at: PREDICT },
      { type: 'pause', paused: true },
    ])
      assert.equal(error(await call(p.socket, 'teacher', cmd)), 'forbidden');
    assert.ok((await p.answer('running')).ok, 'still open, not paused, not ended');
  });

  it('refuses a connection with a wrong teacher token', async () => {
    const s = connect(url, { teacher: 'not-the-token' });
    open.push(s);
    const err = await new Promise<Error>((resolve) => s.once('connect_error', resolve));
    assert.match(err.message, /forbidden/);
  });

  it("refuses a browser connection from another site's page", async () => {
    const s = io(url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { origin: 'http://evil.example' },
    });
    open.push(s);
    const err = await new Promise<Error>((resolve) => s.once('connect_error', resolve));
    assert.ok(err);
    const same = io(url, {
      forceNew: true,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { origin: url },
    });
    open.push(same);
    await connected(same);
  });

  it('refuses a message over 4 KB with an ack; drops a connection that sends a megabyte', async () => {
    const p = phone();
    await connected(p.socket);
    assert.equal(error(await call(p.socket, 'student:join', { code, nickname: 'x'.repeat(5000) })), 'too_large');
    const huge = phone();
    await connected(huge.socket);
    const gone = new Promise((resolve) => huge.socket.once('disconnect', resolve));
    huge.socket.emit('student:join', { code, nickname: 'x'.repeat(1_000_000) }, () => undefined);
    await gone;
    huge.socket.io.opts.reconnection = false;
    // The relay is still there for everyone else.
    const q = phone();
    assert.ok((await q.join(code)).ok);
  });

  it('refuses malformed messages: wrong shapes, unknown events, no payload', async () => {
    const p = phone();
    await connected(p.socket);
    const half = { code, nickname: 'Ann\ud800' }; // half of a character: no text, and cjson cannot decode it
    for (const bad of [42, 'x', null, [], {}, { code: 'ABCDEFGH', nickname: 7 }, { code, extra: 1 }, half])
      assert.equal(error(await call(p.socket, 'student:join', bad)), 'invalid', JSON.stringify(bad));
    assert.equal(error(await call(p.socket, 'student:leave', {})), 'unknown_event');
    assert.equal(error((await p.socket.timeout(5000).emitWithAck('student:join')) as Ack), 'invalid');
    assert.equal(
      error(await call(p.socket, 'student:answer', { kind: 'choice', stop: 3, choice: 'running' })),
      'forbidden',
    );
    assert.ok((await p.join(code)).ok, 'the connection still works');
  });

  it('rate-limits a flood and disconnects it; the relay serves everyone else', async () => {
    const p = phone();
    await p.join(code);
    p.socket.io.opts.reconnection = false;
    const gone = new Promise((resolve) => p.socket.once('disconnect', resolve));
    const results = await Promise.all(Array.from({ length: 200 }, () => p.answer('running').catch(() => null)));
    const limited = results.filter((a) => a && error(a) === 'rate_limited').length;
    assert.ok(limited > 0, 'some answers are refused rate_limited');
    await gone;
    const q = phone();
    assert.ok((await q.join(code)).ok);
  });

  it('refuses an answer after the lock, accepts it again when reopened', async () => {
    const p = phone();
    await p.join(code);
    assert.ok((await teacher.send({ type: 'lock' })).ok);
    assert.equal(error(await p.answer('failed')), 'locked');
    assert.ok((await teacher.send({ type: 'open' })).ok);
    assert.ok((await p.answer('failed')).ok);
    assert.equal(error(await p.answer('nonsense')), 'bad_answer');
    assert.equal(error(await p.answer('failed', 4)), 'wrong_stop');
  });

  it('keeps nicknames and self-test answers as text, byte for byte (zh and en)', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const zh = '<b>学生</b>&amp;';
    const p = phone();
    const q = phone();
    await p.join(code, markup);
    await q.join(code, zh);
    const roster = await waitFor(teacher.socket, 'class:roster', (t: { students: { nickname: string }[] }) =>
      t.students.some((s) => s.nickname === zh),
    );
    assert.ok(roster.students.some((s) => s.nickname === markup));
    await teacher.send({ type: 'stop', at: { lessonId: 'fuse', stop: 9, kind: 'selftest' } });
    assert.ok((await call(p.socket, 'student:answer', { kind: 'text', stop: 9, question: 'q1', text: markup })).ok);
    const texts = await waitFor(
      teacher.socket,
      'class:tally',
      (t: { texts: { text: string }[] }) => t.texts.length > 0,
    );
    assert.deepEqual(texts.texts, [{ question: 'q1', text: markup }]);
    await teacher.send({ type: 'stop', at: PREDICT });
  });

  it('limits wrong join codes per address, so guessing a code outlasts a class', async () => {
    const p = phone();
    await connected(p.socket);
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) answers.push(error(await call(p.socket, 'student:join', { code: 'ZZZZZZZZ' })));
    // Five wrong guesses a minute from this address (the test's limit; an earlier wrong secret
    // from the same loopback address counts too), then refused without looking.
    assert.equal(answers[0], 'no_class');
    assert.ok(answers.filter((a) => a === 'no_class').length <= 5);
    assert.deepEqual(answers.slice(-2), ['rate_limited', 'rate_limited']);
    assert.equal(
      error(await call(p.socket, 'student:join', { code })),
      'rate_limited',
      'even the right code, for a minute',
    );
  });
});
