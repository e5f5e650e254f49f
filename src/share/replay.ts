import {
  DEFAULT_CONFIG,
  INJECTABLE_ERRORS,
  isObject,
  quote,
  validateConfig,
  type Config,
  type InjectableError,
  type SimCommand,
  type SimCommandType,
} from '../engine';
import { said, type MessageKey, type Params, type Words } from '../i18n/words';

/**
 * The exact moment, in a link (`&replay=`): the run's config and the commands that moved it since
 * it was created. A Sim of the link's scenario, seed and design sent them stands where the
 * sharer's stood (same state, step, ledger), since a run replays identically from its seed and
 * its commands. Packed as compact tokens in JSON, deflated (the browser's CompressionStream,
 * no library) and base64url, so it is safe in any URL; unpacking is bounded at every stage
 * (the text, the inflated bytes, the commands) and never throws.
 */
export interface Replay {
  config: Config;
  commands: readonly SimCommand[];
}

/** The longest link the page makes (a chat app, a QR code and a projector's address bar take it). */
export const MAX_LINK_CHARS = 2000;
/** The longest `replay` value read (a link is capped at MAX_LINK_CHARS; this leaves slack for hand-made ones). */
const MAX_PACKED_CHARS = 8000;
/** The most bytes the value inflates to: more is refused, not read (a deflate bomb). */
const MAX_INFLATED_BYTES = 256 * 1024;
/**
 * The most commands a replay carries: a 4,000-step run played to its end is about 4,100. What
 * they cost to replay depends on the run (under `no-fuse` each failed attempt on one step costs
 * more than the last), so the page sends them in slices under a budget of work and writes only
 * the newest checkpoint they make (replaySend.ts); `npm run bench -- untrusted` times it.
 */
export const MAX_REPLAY_COMMANDS = 10_000;
const MAX_COMMANDS = MAX_REPLAY_COMMANDS;
const MAX_REASON = 500;
const PACKED = /^[A-Za-z0-9_-]+$/;
/** A replay is `{ v, c: { … }, k: [ … ] }`: nothing in it nests deeper than this. */
const MAX_DEPTH = 4;

/**
 * Whether `text` nests brackets deeper than `max`, read without recursion before JSON.parse (a
 * 364-character link nested 120,000 deep overflowed the stack of whatever read it after).
 */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

type Token = string;

/** One token per command, ticks run-length: `T`, `T12`; text after a colon (`R:reason`, `F:timeout`). */
function tokensOf(commands: readonly SimCommand[]): Token[] {
  const out: Token[] = [];
  let ticks = 0;
  const flush = () => {
    if (ticks > 0) out.push(ticks === 1 ? 'T' : `T${ticks}`);
    ticks = 0;
  };
  for (const c of commands) {
    if (c.type === 'TICK') {
      ticks++;
      continue;
    }
    flush();
    out.push(tokenOf(c));
  }
  flush();
  return out;
}

/**
 * Each command's letter in a link, one per command type (a new command cannot be left out);
 * `T` is run-length, and R, I and F carry their field after a colon.
 */
const LETTER: Record<SimCommandType, string> = {
  START: 'S',
  TICK: 'T',
  APPROVE: 'A',
  REJECT: 'R',
  CANCEL: 'C',
  REPLAN: 'P',
  INJECT_FAULT: 'I',
  FAIL_NOW: 'F',
  CHANGE_APPROACH: 'H',
  REQUEST_APPROVAL: 'Q',
  CHECKPOINT: 'K',
  CRASH: 'X',
  RESTART: 'Z',
};
const BY_LETTER = new Map(Object.entries(LETTER).map(([type, letter]) => [letter, type as SimCommandType]));
/** The commands a letter alone stands for (no field, and not the run-length TICK). */
const PLAIN: ReadonlySet<string> = new Set(Object.values(LETTER).filter((l) => !'TRIF'.includes(l)));

function tokenOf(c: SimCommand): Token {
  const letter = LETTER[c.type];
  switch (c.type) {
    case 'REJECT':
      return `${letter}:${c.reason}`;
    case 'INJECT_FAULT':
    case 'FAIL_NOW':
      return `${letter}:${c.error}`;
    default:
      return letter;
  }
}

const isInjectable = (v: string): v is InjectableError => (INJECTABLE_ERRORS as readonly string[]).includes(v);

/** The commands of the tokens, or the first token that is not one (its index). */
function commandsOf(tokens: readonly unknown[]): { ok: true; commands: SimCommand[] } | { ok: false; at: number } {
  const commands: SimCommand[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (typeof t !== 'string') return { ok: false, at: i };
    const ticks = /^T(\d{0,6})$/.exec(t);
    if (ticks) {
      const n = ticks[1] === '' ? 1 : Number(ticks[1]);
      if (n < 1 || commands.length + n > MAX_COMMANDS) return { ok: false, at: i };
      for (let k = 0; k < n; k++) commands.push({ type: 'TICK' });
      continue;
    }
    const colon = t.indexOf(':');
    const head = colon < 0 ? t : t.slice(0, colon);
    const rest = colon < 0 ? null : t.slice(colon + 1);
    if (rest === null) {
      const type = PLAIN.has(head) ? BY_LETTER.get(head) : undefined;
      if (!type) return { ok: false, at: i };
      commands.push({ type } as SimCommand);
    } else if (head === 'R' && rest.length <= MAX_REASON) commands.push({ type: 'REJECT', reason: rest });
    else if ((head === 'I' || head === 'F') && isInjectable(rest))
      commands.push({ type: BY_LETTER.get(head) as 'INJECT_FAULT' | 'FAIL_NOW', error: rest });
    else return { ok: false, at: i };
    if (commands.length > MAX_COMMANDS) return { ok: false, at: i };
  }
  return { ok: true, commands };
}

/** The config's fields that differ from the defaults (a replay fills the rest from them, not the scenario). */
function configDiff(config: Config): Partial<Config> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(DEFAULT_CONFIG) as (keyof Config)[]) {
    if (config[k] !== DEFAULT_CONFIG[k]) out[k] = config[k];
  }
  return out as Partial<Config>;
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

async function deflate(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflates at most `limit` bytes; null when the data is not deflate or inflates past the limit. */
async function inflate(bytes: Uint8Array, limit: number): Promise<string | null> {
  try {
    const reader = new Blob([bytes as BlobPart])
      .stream()
      .pipeThrough(new DecompressionStream('deflate-raw'))
      .getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return null;
      }
      parts.push(value);
    }
    return new TextDecoder('utf-8', { fatal: true }).decode(await new Blob(parts as BlobPart[]).arrayBuffer());
  } catch {
    return null;
  }
}

/** The `replay` value of a run's config and commands. */
export async function packReplay(replay: Replay): Promise<string> {
  const json = JSON.stringify({ v: 1, c: configDiff(replay.config), k: tokensOf(replay.commands) });
  return toBase64Url(await deflate(json));
}

export type Unpacked = { ok: true; replay: Replay } | { ok: false; reason: Words };

const refused = (why: MessageKey, params: Params = {}): Unpacked => ({ ok: false, reason: said(why, params) });

/** Reads a `replay` value; a value that is not one of ours is refused with the reason. */
export async function unpackReplay(packed: string): Promise<Unpacked> {
  if (packed.length > MAX_PACKED_CHARS || !PACKED.test(packed)) {
    return refused('replay.why.notOurs');
  }
  const bytes = fromBase64Url(packed);
  const text = bytes && (await inflate(bytes, MAX_INFLATED_BYTES));
  if (!text) return refused('replay.why.unpack');
  if (nestsDeeperThan(text, MAX_DEPTH)) return refused('replay.why.deep');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refused('replay.why.json');
  }
  if (!isObject(data) || data.v !== 1 || !Array.isArray(data.k)) {
    return refused('replay.why.version');
  }
  if (!isObject(data.c)) return refused('replay.why.noConfig');
  const config = validateConfig({ ...DEFAULT_CONFIG, ...data.c });
  if (!config.ok) return refused('replay.why.config', { error: config.error });
  const commands = commandsOf(data.k);
  if (!commands.ok) {
    const shown = quote(data.k[commands.at], 40);
    return refused('replay.why.command', { n: commands.at + 1, shown });
  }
  return { ok: true, replay: { config: config.config, commands: commands.commands } };
}
