import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_LENGTH, LIMITS, messageBytes, readMessage, type ClassError } from './protocol';

const CODE = 'ABCD2345';
const refused = (r: { ok: boolean; error?: ClassError }) => (r.ok ? 'accepted' : r.error);

describe('class protocol', () => {
  it('has an alphabet without look-alikes and codes long enough to outlast guessing', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(31);
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(CODE_ALPHABET.length ** CODE_LENGTH).toBeGreaterThan(8e11);
  });

  it('reads a join with a typed code in any case, trims the nickname, and caps it', () => {
    const r = readMessage('student:join', { code: ' abcd2345 ', nickname: '  Ann  ' });
    expect(r).toEqual({ ok: true, value: { code: CODE, nickname: 'Ann' } });
    expect(readMessage('student:join', { code: CODE })).toEqual({ ok: true, value: { code: CODE, nickname: '' } });
    expect(refused(readMessage('student:join', { code: CODE, nickname: 'x'.repeat(LIMITS.nickname + 1) }))).toBe(
      'invalid',
    );
    expect(refused(readMessage('student:join', { code: 'ABCD0345' }))).toBe('invalid');
  });

  it('refuses an answer that names a student, or a text over the cap', () => {
    expect(refused(readMessage('student:answer', { kind: 'choice', stop: 2, choice: 'running' }))).toBe('accepted');
    expect(
      refused(readMessage('student:answer', { kind: 'choice', stop: 2, choice: 'running', student: 'abcdefghijkl' })),
    ).toBe('invalid');
    const long = { kind: 'text', stop: 9, question: 'q1', text: 'x'.repeat(LIMITS.answerText + 1) };
    expect(refused(readMessage('student:answer', long))).toBe('invalid');
    expect(refused(readMessage('student:answer', { ...long, text: '<b>hi</b>' }))).toBe('accepted');
  });

  it('refuses malformed payloads of every kind with a message, never a throw', () => {
    for (const bad of [null, undefined, 42, 'x', [], { kind: 'choice' }, { type: 'start' }])
      for (const event of ['student:join', 'student:resume', 'student:answer', 'teacher'] as const) {
        const r = readMessage(event, bad);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.message).toContain(event);
      }
  });

  it('asks a predict stop for two distinct choices at least', () => {
    const at = { lessonId: 'fuse', stop: 3, kind: 'predict', choices: ['running', 'failed'] };
    expect(refused(readMessage('teacher', { type: 'stop', at }))).toBe('accepted');
    expect(refused(readMessage('teacher', { type: 'stop', at: { ...at, choices: ['running'] } }))).toBe('invalid');
    expect(refused(readMessage('teacher', { type: 'stop', at: { ...at, choices: ['a', 'a'] } }))).toBe('invalid');
  });

  it('measures a message in UTF-8 bytes', () => {
    expect(messageBytes({ t: '汉' })).toBe('{"t":"汉"}'.length + 2);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(messageBytes(cyclic)).toBe(Infinity);
  });
});
