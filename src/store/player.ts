import { assign, createActor, setup, type ActorRefFrom, type SimulatedClock, type SnapshotFrom } from 'xstate';

/** The timers an actor schedules its beats on (XState's `clock` option). */
type Clock = Pick<SimulatedClock, 'setTimeout' | 'clearTimeout'>;

/**
 * The one player (STYLE 20): the machine that moves a run on a clock, for the page's Play and
 * fast-forward, the story panel's stories and the compare view's two panes. It knows nothing
 * of what it plays: a `Playable` makes one move at a time and says when there is nothing left.
 * It never shows anything itself: the page's moves go through the publish gate (publish.ts),
 * which alone decides what is shown.
 *
 *   paused ──play──▶ playing ──(beat: moves, then again)──┐
 *     ▲  ◀──pause / end──┘   ◀──────────────────────────┘
 *     ├──fastForward──▶ fastForwarding (beats of many moves until `until` holds)
 *     └──hold──▶ held (a prediction waits: nothing moves) ──release──▶ paused
 *
 * Time comes from the actor's clock (`createActor(..., { clock })`): the browser's timers on the
 * page, XState's `SimulatedClock` in tests.
 */
export interface Playable {
  /** Makes one move; false when there is nothing left to play (ended, down, or no longer the page's run). */
  move(): boolean;
  /** After each beat's moves (the compare view draws both panes once a beat). */
  afterBeat?(): void;
  /**
   * Whether it can take moves now. False while storage is behind: the beat makes none, and play
   * (or the fast-forward) goes on at the next beat, so a run never outruns its checkpoints' writes.
   */
  ready?(): boolean;
}

/** The fewest milliseconds between two beats; faster speeds make several moves a beat. */
const MIN_BEAT_MS = 25;
/** Moves a fast-forward beat makes before it lets the page draw and take a pause. */
const FAST_FORWARD_MOVES_PER_BEAT = 250;
/** A fast-forward gives up after this many moves even if `until` never holds (a 4,000-step plan). */
export const FAST_FORWARD_LIMIT = 100_000;

/** How often a beat comes and how many moves it makes, for `speed` moves a second. */
export function beatOf(speed: number): { ms: number; moves: number } {
  const ms = Math.max(MIN_BEAT_MS, 1000 / speed);
  return { ms, moves: Math.max(1, Math.round((speed * ms) / 1000)) };
}

type PlayerEvent =
  | { type: 'player.play' }
  | { type: 'player.pause' }
  | { type: 'player.speed'; speed: number }
  /** Plays as fast as the page allows until `until()` holds (before each move) or nothing is left. */
  | { type: 'player.fastForward'; until: () => boolean }
  /** A prediction waits for the student: nothing moves until `player.release`. */
  | { type: 'player.hold' }
  | { type: 'player.release' }
  /** Sent by the player itself when its playable has nothing left. */
  | { type: 'player.end' };

interface PlayerContext {
  playable: Playable;
  /** Moves a second while playing. */
  speed: number;
  /** The fast-forward's goal, asked before each of its moves (it also holds once the limit is spent). */
  until: () => boolean;
}

interface PlayerInput {
  playable: Playable;
  speed: number;
}

const never = () => false;

/** `until`, which also holds after FAST_FORWARD_LIMIT questions: a fast-forward always ends. */
function withLimit(until: () => boolean): () => boolean {
  let asked = 0;
  return () => ++asked > FAST_FORWARD_LIMIT || until();
}

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
  },
  delays: {
    beat: ({ context }) => beatOf(context.speed).ms,
  },
  actions: {
    /** One beat of play: the speed's moves, then the playable's redraw; `player.end` when it ran out. */
    beat: ({ context, self }) => {
      const { playable } = context;
      const { moves } = beatOf(context.speed);
      let more = true;
      for (let i = 0; i < moves && more && playable.ready?.() !== false; i++) more = playable.move();
      playable.afterBeat?.();
      if (!more) self.send({ type: 'player.end' });
    },
    /** One beat of a fast-forward: moves until `until` holds, the beat is spent or nothing is left. */
    fastBeat: ({ context, self }) => {
      const { playable } = context;
      let stop = false;
      for (let i = 0; i < FAST_FORWARD_MOVES_PER_BEAT && !stop && playable.ready?.() !== false; i++)
        stop = context.until() || !playable.move();
      playable.afterBeat?.();
      if (stop) self.send({ type: 'player.end' });
    },
    setSpeed: assign({ speed: ({ context, event }) => (event.type === 'player.speed' ? event.speed : context.speed) }),
    aim: assign({ until: ({ event }) => (event.type === 'player.fastForward' ? withLimit(event.until) : never) }),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({ playable: input.playable, speed: input.speed, until: never }),
  initial: 'paused',
  on: {
    'player.speed': { actions: 'setSpeed' },
    'player.hold': '.held',
  },
  states: {
    paused: {
      on: {
        'player.play': 'playing',
        'player.fastForward': { target: 'fastForwarding', actions: 'aim' },
      },
    },
    playing: {
      after: { beat: { target: 'playing', reenter: true, actions: 'beat' } },
      on: {
        'player.pause': 'paused',
        'player.end': 'paused',
        // A new speed takes effect at once: the beat is timed afresh.
        'player.speed': { target: 'playing', reenter: true, actions: 'setSpeed' },
        'player.fastForward': { target: 'fastForwarding', actions: 'aim' },
      },
    },
    fastForwarding: {
      // A beat as soon as the page has had its turn, so a long plan never freezes the page.
      after: { 0: { target: 'fastForwarding', reenter: true, actions: 'fastBeat' } },
      on: {
        'player.pause': 'paused',
        'player.end': 'paused',
      },
    },
    held: {
      on: { 'player.release': 'paused' },
    },
  },
});

type Player = ActorRefFrom<typeof playerMachine>;
type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;

/** A started player of `playable` (the browser's timers unless a `clock` is given). */
export function createPlayer(playable: Playable, speed: number, clock?: Clock): Player {
  return createActor(playerMachine, { input: { playable, speed }, ...(clock ? { clock } : {}) }).start();
}

/** Selectors for `useSelector(player, …)`. */
export const isPlaying = (s: PlayerSnapshot): boolean => s.matches('playing') || s.matches('fastForwarding');
export const speedOf = (s: PlayerSnapshot): number => s.context.speed;
