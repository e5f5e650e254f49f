import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { FAST_FORWARD_LIMIT, beatOf, createPlayer, isPlaying, type Playable } from './player';

/** A playable of `n` moves that counts its moves and its redraws. */
function counter(n = Infinity) {
  const c = { moves: 0, beats: 0 };
  const playable: Playable = {
    move: () => ++c.moves < n,
    afterBeat: () => void c.beats++,
  };
  return { c, playable };
}

/** Moves `clock` on by `ms`, a millisecond at a time (SimulatedClock fires only what is due when it moves). */
function advance(clock: SimulatedClock, ms: number) {
  for (let i = 0; i < ms; i++) clock.increment(1);
}

describe('the player', () => {
  it('is paused until played, then moves at its speed on the clock it is given', () => {
    const clock = new SimulatedClock();
    const { c, playable } = counter();
    const p = createPlayer(playable, 4, clock);
    advance(clock, 1000);
    expect(c.moves).toBe(0);
    p.send({ type: 'player.play' });
    expect(isPlaying(p.getSnapshot())).toBe(true);
    advance(clock, 1000);
    expect(c.moves).toBe(4);
    expect(c.beats).toBe(4);
  });

  it('makes several moves a beat past 40 moves a second, so a beat is never under 25 ms', () => {
    expect(beatOf(4)).toEqual({ ms: 250, moves: 1 });
    expect(beatOf(200)).toEqual({ ms: 25, moves: 5 });
    const clock = new SimulatedClock();
    const { c, playable } = counter();
    const p = createPlayer(playable, 200, clock);
    p.send({ type: 'player.play' });
    advance(clock, 1000);
    expect(c.moves).toBe(200);
    expect(c.beats).toBe(40);
  });

  it('stops when paused, and when its playable has nothing left', () => {
    const clock = new SimulatedClock();
    const { c, playable } = counter(3);
    const p = createPlayer(playable, 10, clock);
    p.send({ type: 'player.play' });
    advance(clock, 150);
    p.send({ type: 'player.pause' });
    const at = c.moves;
    advance(clock, 1000);
    expect(c.moves).toBe(at);
    p.send({ type: 'player.play' });
    advance(clock, 1000);
    expect(c.moves).toBe(3);
    expect(p.getSnapshot().value).toBe('paused');
  });

  it('takes a new speed at once while playing, and keeps it while paused', () => {
    const clock = new SimulatedClock();
    const { c, playable } = counter();
    const p = createPlayer(playable, 1, clock);
    p.send({ type: 'player.play' });
    advance(clock, 500);
    p.send({ type: 'player.speed', speed: 10 });
    advance(clock, 1000);
    expect(c.moves).toBe(10);
    p.send({ type: 'player.pause' });
    p.send({ type: 'player.speed', speed: 2 });
    expect(p.getSnapshot().context.speed).toBe(2);
    expect(p.getSnapshot().value).toBe('paused');
  });

  it('fast-forwards in beats until its goal holds, and a pause stops it between beats', () => {
    const clock = new SimulatedClock();
    const { c, playable } = counter();
    const p = createPlayer(playable, 4, clock);
    p.send({ type: 'player.fastForward', until: () => c.moves >= 600 });
    expect(p.getSnapshot().value).toBe('fastForwarding');
    clock.increment(0);
    expect(c.moves).toBe(250);
    clock.increment(0);
    clock.increment(0);
    expect(c.moves).toBe(600);
    expect(p.getSnapshot().value).toBe('paused');

    p.send({ type: 'player.fastForward', until: () => false });
    clock.increment(0);
    p.send({ type: 'player.pause' });
    clock.increment(0);
    expect(c.moves).toBe(850);
  });

  it('gives a fast-forward up after its limit even if the goal never holds', () => {
    const clock = new SimulatedClock();
    const { c, playable } = counter();
    const p = createPlayer(playable, 4, clock);
    p.send({ type: 'player.fastForward', until: () => false });
    for (let i = 0; i < FAST_FORWARD_LIMIT / 250 + 2; i++) clock.increment(0);
    expect(c.moves).toBe(FAST_FORWARD_LIMIT);
    expect(p.getSnapshot().value).toBe('paused');
  });

  it('holds still while a prediction waits: play does nothing until released', () => {
    const clock = new SimulatedClock();
    const { c, playable } = counter();
    const p = createPlayer(playable, 4, clock);
    p.send({ type: 'player.play' });
    p.send({ type: 'player.hold' });
    p.send({ type: 'player.play' });
    advance(clock, 1000);
    expect(c.moves).toBe(0);
    p.send({ type: 'player.release' });
    expect(p.getSnapshot().value).toBe('paused');
    p.send({ type: 'player.play' });
    advance(clock, 250);
    expect(c.moves).toBe(1);
  });

  it('waits while its playable is not ready (storage behind), then plays and fast-forwards on', () => {
    const clock = new SimulatedClock();
    let ready = false;
    const c = { moves: 0 };
    const p = createPlayer({ move: () => ++c.moves < 2000, ready: () => ready }, 40, clock);
    p.send({ type: 'player.play' });
    advance(clock, 500);
    expect(c.moves).toBe(0);
    expect(isPlaying(p.getSnapshot())).toBe(true);
    ready = true;
    advance(clock, 500);
    expect(c.moves).toBeGreaterThan(0);
    p.send({ type: 'player.fastForward', until: () => false });
    ready = false;
    const at = c.moves;
    advance(clock, 200);
    expect(c.moves).toBe(at);
    ready = true;
    advance(clock, 200);
    expect(c.moves).toBe(2000);
    expect(isPlaying(p.getSnapshot())).toBe(false);
  });
});
