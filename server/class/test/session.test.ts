import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StopAt } from '../../../src/class/protocol';
import { applyTeacher, classState, newMeta, you } from '../session';
import type { ClassMeta, Session } from '../stored';
import { PREDICT } from './helpers';

const move = (meta: ClassMeta, cmd: Parameters<typeof applyTeacher>[1]): ClassMeta => {
  const next = applyTeacher(meta, cmd, 5);
  if ('ok' in next) throw new Error(next.message);
  return next;
};
const OTHER: StopAt = { ...PREDICT, stop: 5, askFuse: true };

describe('the class rules, as pure functions', () => {
  it('keeps the phase when the projector re-sends its own stop; opens another stop afresh', () => {
    const locked = move(newMeta('ABCDEFGH', 't', PREDICT, 1), { type: 'lock' });
    assert.equal(move(locked, { type: 'stop', at: PREDICT }).phase, 'locked');
    assert.equal(move(locked, { type: 'stop', at: OTHER }).phase, 'open');
  });

  it('shows a stop already revealed as revealed when the teacher goes back to it', () => {
    const revealed = move(newMeta('ABCDEFGH', 't', PREDICT, 1), { type: 'reveal', answer: 'failed' });
    const away = move(revealed, { type: 'stop', at: OTHER });
    assert.equal(move(away, { type: 'stop', at: PREDICT }).phase, 'revealed');
    assert.equal('ok' in applyTeacher(revealed, { type: 'open' }, 6), true, 'a revealed question is not reopened');
    assert.equal('ok' in applyTeacher(revealed, { type: 'reveal', answer: 'nonsense' }, 6), true);
  });

  it('scores the state, and the fuse only when the student answered it', () => {
    let meta = newMeta('ABCDEFGH', 't', OTHER, 1);
    const s: Session = {
      meta,
      students: {
        a: { id: 'a', nickname: '', secretHash: 'x', joinedAt: 1 },
        b: { id: 'b', nickname: '', secretHash: 'y', joinedAt: 2 },
        c: { id: 'c', nickname: '', secretHash: 'z', joinedAt: 3 },
      },
      answers: {
        'fuse#5': {
          a: { choice: 'failed', fuse: true },
          b: { choice: 'failed', fuse: false },
          c: { choice: 'failed' },
        },
      },
      version: 1,
    };
    meta = move(meta, { type: 'reveal', answer: 'failed', fuse: true });
    s.meta = meta;
    assert.deepEqual(
      ['a', 'b', 'c'].map((id) => you(s, id).correct),
      [true, false, true],
    );
    assert.deepEqual(you(s, 'a').score, { right: 1, revealed: 1 });
    assert.deepEqual(classState(s).revealed, {
      answer: 'failed',
      fuse: true,
      histogram: { running: 0, failed: 3, waiting_approval: 0 },
      // The fuse question's split: c left it unsure.
      fuses: { yes: 1, no: 1 },
    });
    s.students.c!.removed = true;
    assert.equal(classState(s).revealed?.histogram.failed, 2, "a removed student's answer stops counting");
    assert.equal(classState(s).joined, 2);
  });
});
