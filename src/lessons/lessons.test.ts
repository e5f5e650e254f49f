import { inEvery } from '../i18n/all';
import { describe, expect, it } from 'vitest';
import { fullStateBytes, checkpointBytes } from '../engine';
import {
  ARTICLE_SECTIONS,
  LESSONS,
  LESSON_ORDER,
  LESSON_TITLES,
  PACE,
  autoplay,
  checkYourTurn,
  findLesson,
  lessonLengthMs,
  playTo,
  validateLesson,
  type Lesson,
} from '.';
import { predictionAt } from './predict';
import { showsDiffer } from './shows';

const lesson = (id: string): Lesson => findLesson(id)!;
/** A run's state in full, for "the same run": the process's context, the world's meters, the disk. */
const fingerprint = (p: ReturnType<typeof playTo>) =>
  JSON.stringify([p.sim.state, p.sim.alive, p.sim.context, p.sim.meters, p.sim.newest, p.replay]);

describe('the lessons', () => {
  it('are those of LESSON_ORDER, with distinct ids, and each is valid', () => {
    expect(LESSONS).toHaveLength(LESSON_ORDER.length);
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSON_ORDER.length);
    for (const l of LESSONS) expect(validateLesson(l)).toEqual({ ok: true, lesson: l });
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))('%s has a your-turn and a prediction', (_, l) => {
    expect(l.stops.some((s) => s.yourTurn)).toBe(true);
    const asks = l.stops.map((_, i) => i).filter((i) => !l.stops[i]!.yourTurn && predictionAt(l, i) !== null);
    expect(asks.length).toBeGreaterThan(0);
  });

  it('the five sections the first eight left untaught each have a lesson that cites its section', () => {
    const cites = (id: string) => new Set(lesson(id).stops.map((s) => s.source));
    expect(cites('recovery-hints')).toContain('其余技术定义 · 上下文感知的错误恢复提示');
    expect(cites('remind-recover')).toContain('其余技术定义 · 死循环识别与行为干预');
    expect(cites('cancel-resume')).toContain('其余技术定义 · 中断恢复、失败复现与人工接管');
    expect(cites('plans')).toContain('八状态与转移');
    expect(cites('every-n')).toContain('边界与取舍 · Checkpoint 的密度是个折中');
  });

  it('are listed on the first screen in class order with their own titles (the list loads no lesson data)', () => {
    expect(LESSON_TITLES).toEqual(LESSONS.map((l) => ({ id: l.id, title: l.title })));
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s plays from its first stop to done by its own script, every stop reached',
    (_, l) => {
      const end = autoplay(l);
      expect(end.done).toBe(true);
      expect(end.trace).toHaveLength(l.stops.length);
      expect(end.trace.filter((t) => !t.reached).map((t) => t.at)).toEqual([]);
      expect(end.checks.every((c) => c.ok)).toBe(true);
      expect(end.checks).toHaveLength(l.stops.filter((s) => s.yourTurn).length);
    },
  );

  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: every stop shows what its caption says', (_, l) => {
    const end = autoplay(l);
    const wrong = l.stops.flatMap((s, i) =>
      showsDiffer(s.shows, end.trace[i]!.shown).map((d) => `stop ${i + 1}: ${d}`),
    );
    expect(wrong).toEqual([]);
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))('%s takes three minutes or less at the UI’s pace', (_, l) => {
    expect(lessonLengthMs(l)).toBeLessThanOrEqual(180_000);
    // At least its captions: the pace is not zero.
    expect(lessonLengthMs(l)).toBeGreaterThanOrEqual(l.stops.length * PACE.captionMs);
  });

  it('no caption is longer than the one presenter mode is tested to fit (density’s first)', () => {
    const longest = lesson('density').stops[0]!.caption;
    for (const l of LESSONS)
      for (const s of l.stops) {
        expect(inEvery(s.caption).en.length, `${l.id}: ${inEvery(s.caption).en}`).toBeLessThanOrEqual(
          inEvery(longest).en.length,
        );
        expect(inEvery(s.caption).zh.length, `${l.id}: ${inEvery(s.caption).zh}`).toBeLessThanOrEqual(
          inEvery(longest).zh.length,
        );
      }
  });

  it('every caption (and every ask) has zh and en, and a source that is a section of the article', () => {
    for (const l of LESSONS) {
      for (const s of l.stops) {
        expect(inEvery(s.caption).zh.trim()).not.toBe('');
        expect(inEvery(s.caption).en.trim()).not.toBe('');
        expect(inEvery(s.caption).zh).toMatch(/[\u4e00-\u9fff]/);
        expect(ARTICLE_SECTIONS).toContain(s.source);
        if (s.yourTurn) expect(inEvery(s.yourTurn.ask).zh && inEvery(s.yourTurn.ask).en).toBeTruthy();
      }
    }
  });
});

describe('the player', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: back to stop k gives the same run as playing forward to k',
    (_, l) => {
      // Every stop of the short lessons; the first, a middle and the second-last of the long one.
      const n = l.stops.length;
      const ks = n <= 8 ? [...Array(n - 1).keys()] : [0, Math.floor(n / 2), n - 2];
      for (const k of ks) {
        const forward = fingerprint(playTo(l, k, { script: true }));
        playTo(l, n - 1, { script: true }); // on to the end, then back
        expect(fingerprint(playTo(l, k, { script: true })), `${l.id} stop ${k}`).toBe(forward);
        // And not the same as the next stop: the fingerprint does tell stops apart.
        expect(fingerprint(playTo(l, k + 1, { script: true }))).not.toBe(forward);
      }
    },
    30_000,
  );

  it('a your-turn stop waits for the student: its move is not made, and the student’s press is checked', () => {
    const l = lesson('fuse');
    const at = l.stops.findIndex((s) => s.yourTurn?.control === 'btn-fail');
    const p = playTo(l, at);
    expect(p.awaiting).toBe(true);
    expect(p.sim.state).toBe('running');
    const stop = l.stops[at]!;
    expect(checkYourTurn(l, stop, p.sim).ok).toBe(false);
    p.sim.send({ type: 'FAIL_NOW', error: 'timeout' });
    const check = checkYourTurn(l, stop, p.sim);
    expect(check.ok).toBe(true);
    expect(inEvery(check.reason).en).toContain('tool_failed');
  });

  it('a crashed process standing in the expected state does not pass: the restart must be pressed', () => {
    for (const id of ['three-endings', 'density']) {
      const l = lesson(id);
      const at = l.stops.findIndex((s) => s.yourTurn?.control === 'btn-restart');
      const p = playTo(l, at);
      expect(p.sim.alive).toBe(false);
      expect(p.sim.state).toBe(l.stops[at]!.yourTurn!.expect);
      const down = checkYourTurn(l, l.stops[at]!, p.sim);
      expect(down.ok).toBe(false);
      expect(inEvery(down.reason).en).toContain('down');
      p.sim.send({ type: 'RESTART' });
      expect(checkYourTurn(l, l.stops[at]!, p.sim).ok).toBe(true);
    }
  });

  it('the wrong press does not pass, nor a stop of another lesson', () => {
    const l = lesson('fuse');
    const at = l.stops.findIndex((s) => s.yourTurn?.expect === 'failed');
    const p = playTo(l, at);
    p.sim.send({ type: 'CANCEL' });
    const check = checkYourTurn(l, l.stops[at]!, p.sim);
    expect(check.ok).toBe(false);
    expect(inEvery(check.reason).en).toMatch(/cancelled/);
    expect(checkYourTurn(lesson('approval'), l.stops[at]!, p.sim).ok).toBe(false);
  });

  it('traces the lesson’s checkpoint after each stop, the Sim’s newest', () => {
    const l = lesson('approval');
    const cps = autoplay(l).trace.map((t) => t.newest);
    expect(cps).toHaveLength(l.stops.length);
    expect(cps[0]).toMatchObject({ state: 'waiting_approval', trigger: 'before_suspend', step: 27 });
    expect(cps[2]).toMatchObject({ state: 'tool_failed', trigger: 'failure' });
  });

  it('clamps the stop index, and the last stop is done', () => {
    const l = lesson('no-progress');
    expect(playTo(l, -3).at).toBe(0);
    const last = playTo(l, 99);
    expect(last.at).toBe(l.stops.length - 1);
    expect(last.awaiting).toBe(true);
  });
});

/** What each lesson's captions claim, checked against the run (a caption must not lie). */
describe('the captions tell the run as it is', () => {
  const at = (id: string, k: number) => autoplay(lesson(id)).trace[k]!;
  const played = (l: Lesson, k: number) => playTo(l, k, { script: true });

  it('three endings, in the article’s order: approved in ten minutes; still waiting, or killed and restarted at 1; burnt against fused', () => {
    const l = lesson('three-endings');
    expect(played(l, 1).sim.newest).toMatchObject({ trigger: 'before_suspend', step: 27 });
    // 1: back in ten minutes, approved: on from 27, nothing wasted.
    expect(played(l, 2).sim.resumedFrom).toMatchObject({ trigger: 'before_suspend', step: 27 });
    // 2a: still waiting idly the next day: a night of polls spends no token and sends nothing again.
    const idle = played(l, 4).sim;
    expect(idle.clock).toBeGreaterThanOrEqual(played(l, 1).sim.clock + 8 * 3_600_000);
    expect([idle.tokens, idle.requestsSent.length, idle.alive]).toEqual([played(l, 1).sim.tokens, 1, true]);
    // 2b: killed with nothing saved: a restart plans again from step 1, and 26 steps are redone.
    expect(played(l, 6).sim.newest).toBeNull();
    expect(played(l, 8).sim).toMatchObject({ state: 'completed', wasted: 26 });
    // With the checkpoint, the restart stands at 27, the one request never sent again.
    expect(played(l, 11).sim.requestsSent).toHaveLength(1);
    // 3: burnt all night without a fuse, against the article's fuse.
    const burnt = played(l, 13).sim;
    expect(burnt.down).toBe('timeout');
    const fused = played(l, 15).sim;
    expect(fused.context.ended).toBe('loop_fuse');
    expect(burnt.tokens).toBeGreaterThanOrEqual(10 * fused.tokens);
  });

  it('approval: polls send nothing again; the rejection’s reason is addressed by a backup step first', () => {
    const l = lesson('approval');
    const polled = played(l, 1).sim;
    expect(polled.requestsSent).toHaveLength(1);
    expect([polled.tokens, polled.meters.modelCalls]).toEqual([
      played(l, 0).sim.tokens,
      played(l, 0).sim.meters.modelCalls,
    ]);
    expect(polled.clock).toBeGreaterThan(played(l, 0).sim.clock);
    const again = played(l, 3).sim;
    expect(again.requestsSent).toHaveLength(2);
    expect(again.context.ledger.at(-2)).toMatchObject({ step: 28, outcome: 'rejected' });
    expect(played(l, 4).sim.resumedFrom?.trigger).toBe('before_suspend');
    // The reason is addressed by a backup step before the change, which runs, then the change.
    expect(again.context.plan.steps[26]!.title.en).toBe('Back up the orders table');
    const done = autoplay(l).sim.context.ledger.filter((a) => a.outcome === 'ok' && (a.step === 27 || a.step === 28));
    expect(done.map((a) => [a.step, a.args])).toEqual([
      [27, '{"sql":"CREATE TABLE orders_backup AS SELECT * FROM orders"}'],
      [28, '{"file":"exports/orders_v2.csv","sql":"ALTER TABLE orders ADD COLUMN region_id"}'],
    ]);
  });

  it('remind-recover: the call after the reminder is another call, not the same one with a marker', () => {
    const l = lesson('remind-recover');
    const rows = played(l, 4).sim.context.ledger.filter((a) => a.step === 4);
    expect(rows.map((a) => a.outcome)).toEqual(['error', 'error', 'ok']);
    expect(rows[1]!.args).toBe(rows[0]!.args);
    expect(rows[2]!.args).toBe('{"sql":"SELECT relname, n_live_tup FROM pg_stat_user_tables"}');
  });

  it('density: under a tenth of the full state; 28 checkpoints every step against 8; 7 steps wasted after the crash', () => {
    const l = lesson('density');
    const sim = played(l, 0).sim;
    const position = checkpointBytes(sim.newest!);
    expect(position * 10).toBeLessThan(fullStateBytes(sim.context, position));
    expect(at('density', 2).newest!.seq).toBe(28);
    expect(at('density', 0).newest!.seq).toBe(8);
    expect(at('density', 4).newest).toMatchObject({ step: 7, trigger: 'phase_switch' });
    expect(at('density', 6)).toMatchObject({ step: 7, state: 'running' });
    expect(played(l, 7).sim.wasted).toBe(7);
  });

  it('fuse: the reminder comes at 2, the fuse at 3; enumerate completes at the 7th profile; cut at 3 it fails', () => {
    const l = lesson('fuse');
    expect(played(l, 2).sim.context.channel.at(-1)?.kind).toBe('reminder');
    expect(played(l, 3).sim.context.ended).toBe('loop_fuse');
    const detour = played(l, 5).sim.context.ledger.filter((a) => a.step === 2);
    expect(detour.map((a) => a.outcome)).toEqual([...Array(6).fill('error'), 'ok']);
    // The coarse guard: three profiles of one tool fuse (not an attempt cap), with no reminder first.
    const cut = played(l, 7).sim.context;
    expect([cut.ended, cut.ledger.filter((a) => a.step === 2).length]).toEqual(['loop_fuse', 3]);
    expect(cut.config.maxAttemptsPerStep).toBeGreaterThan(cut.config.remindAt);
    expect(cut.channel.filter((m) => m.kind === 'reminder')).toEqual([]);
  });

  it('smells: no-refs re-reads 19 files; blocking-wait holds the process all night and the queued task waits', () => {
    const l = lesson('smells');
    expect(played(l, 2).sim.meters.rereads).toBe(19);
    const night = played(l, 6).sim.meters;
    expect(night.side.ranMs).toBe(0);
    expect(night.heldMs).toBeGreaterThanOrEqual(8 * 3_600_000);
    expect(played(l, 7).sim.meters.side.doneAt).not.toBeNull();
  });

  it('simple mode: five minutes and no checkpoint; a failure ends it', () => {
    const l = lesson('simple-mode');
    const done = played(l, 1).sim;
    expect([done.state, done.clock, done.newest]).toEqual(['completed', 5 * 60_000, null]);
    expect(autoplay(l).trace[4]).toMatchObject({ state: 'failed' });
  });

  it('replay and takeover: the replay gives the same error; the takeover is a human row; it completes', () => {
    const l = lesson('replay-takeover');
    const replayed = played(l, 2).replay!;
    expect(replayed).toMatchObject({ step: 4, same: true, original: { type: 'permission_denied' } });
    const taken = played(l, 4).sim;
    expect(taken.context.ledger.at(-1)).toMatchObject({ step: 4, actor: 'human', outcome: 'ok' });
    expect(autoplay(l).sim.state).toBe('completed');
  });

  it('no progress: counted without a tool error, reminded at 2, fused at 3', () => {
    const l = lesson('no-progress');
    expect(played(l, 1).sim.context.ledger.at(-1)!.error).toMatchObject({ type: 'no_progress', message: /^NOCHANGE/ });
    const reminder = played(l, 2).sim.context.channel.at(-1)!;
    expect(reminder.kind).toBe('reminder');
    expect(reminder.text.en).toContain('No progress: the same call has returned the same result 2 times');
    expect(reminder.text.en).not.toContain('failed');
    expect(autoplay(l).sim.context.ended).toBe('loop_fuse');
  });
});

describe('the lessons of the whole article (SPEC §10)', () => {
  const played = (id: string, k: number) => playTo(lesson(id), k, { script: true });
  const hint = (id: string, k: number) => played(id, k).sim.context.channel.at(-1)!.text.en;

  it('recovery hints: the same not_found gets a path check at step 3 and the rename of step 18 at step 27', () => {
    expect(hint('recovery-hints', 1)).toContain('check the path');
    expect(hint('recovery-hints', 1)).not.toContain('step 18');
    expect(hint('recovery-hints', 4)).toContain('step 18');
    expect(hint('recovery-hints', 4)).toContain('exports/orders_v2.csv');
  });

  it('remind then recover: the model answers the reminder with new args, a new key, and the run goes on', () => {
    const rows = played('remind-recover', 4).sim.context.ledger.filter((a) => a.step === 4);
    expect(rows.map((a) => a.outcome)).toEqual(['error', 'error', 'ok']);
    expect(rows[2]!.args).not.toBe(rows[0]!.args);
    expect(rows[2]!.actor).toBe('model');
    // Unheeded, the same key fuses at 3; the coarse guard never reminds, so the model never changes.
    expect(played('remind-recover', 6).sim.context.ledger.filter((a) => a.step === 4)).toHaveLength(3);
    const coarse = played('remind-recover', 8).sim.context;
    expect(coarse.channel.filter((m) => m.kind === 'reminder')).toEqual([]);
    expect(new Set(coarse.ledger.filter((a) => a.step === 4).map((a) => a.args)).size).toBe(1);
  });

  it('cancel then resume: a branch of the cancelled run, from the checkpoint before it suspended', () => {
    const fork = played('cancel-resume', 2).sim;
    expect(fork.resumedFrom).toMatchObject({
      trigger: 'before_suspend',
      step: 27,
      branch: { seq: expect.any(Number) },
    });
    expect(fork.context.runId).not.toBe(played('cancel-resume', 1).sim.context.runId);
    expect(fork.context.todos.slice(0, 26).every((t) => t === 'done')).toBe(true);
  });

  it('plans: the one-shot snapshot is a pointer; the dynamic one keeps v2 and its remaining steps', () => {
    expect(played('plans', 0).sim.newest!.plan.remaining).toBeUndefined();
    const v2 = played('plans', 4).sim.newest!;
    expect(v2.plan).toMatchObject({ mode: 'dynamic', version: 2, total: 9 });
    expect(v2.plan.remaining).toHaveLength(5);
    expect(played('plans', 6).sim.resumedFrom?.plan.version).toBe(2);
  });

  it('every N: the crash falls back to step 11 (9 lost) every ten steps, to 15 (5 lost) under key actions', () => {
    const p = predictionAt(lesson('every-n'), 3)!;
    expect(p.steps).toMatchObject({ answer: 11 });
    expect(p.steps!.choices).toContain(11);
    expect(p.steps!.choices).toContain(20);
    expect(played('every-n', 8).sim.context.cursor).toBe(15);
  });
});
