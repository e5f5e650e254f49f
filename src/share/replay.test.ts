import { inEvery } from '../i18n/all';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Sim, type Config, type SimCommand } from '../engine';
import { commandArb } from '../engine/arbitraries.test-kit';
import { packReplay, unpackReplay } from '.';

/**
 * What a student sees of a run: state, step, the ledger and the rest of the context, the log,
 * the meters, the newest checkpoint. (Both Sims get one run id: ids are not part of a replay.)
 */
function seen(sim: Sim) {
  return {
    state: sim.state,
    alive: sim.alive,
    context: sim.context,
    log: sim.log,
    tokens: sim.tokens,
    wasted: sim.wasted,
    clock: sim.clock,
    newest: sim.newest,
  };
}

const deflatedBase64Url = async (text: string) => {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

describe('the exact moment in a link', () => {
  it('a new Sim sent the unpacked commands stands where the shared one stood (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('migration-40', 'not-found', 'dynamic-plan', 'enumerate'),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom<Partial<Config>>({}, { density: 'every_step' }, { heedReminder: 0, fuseAt: 4 }),
        fc.array(commandArb, { minLength: 1, maxLength: 80 }),
        async (scenario, seed, config, sent) => {
          const a = new Sim({ scenario, seed, config, runId: 'run-x' });
          for (const cmd of sent) a.send(cmd);
          const commands = a.commands;
          expect(commands).not.toBeNull();
          const back = await unpackReplay(await packReplay({ config: a.context.config, commands: commands! }));
          expect(back.ok).toBe(true);
          if (!back.ok) return;
          const b = new Sim({ scenario, seed, config: back.replay.config, runId: 'run-x' });
          for (const cmd of back.replay.commands) expect(b.send(cmd)).toBe(true);
          expect(seen(b)).toEqual(seen(a));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('forty ticks pack into a few dozen characters (ticks are run-length)', async () => {
    const sim = new Sim({ scenario: 'migration-40', seed: 7 });
    sim.send({ type: 'START' });
    for (let i = 0; i < 40; i++) sim.send({ type: 'TICK' });
    const packed = await packReplay({ config: sim.context.config, commands: sim.commands! });
    expect(packed.length).toBeLessThan(80);
  });

  it('a run resumed from a checkpoint, or restarted from one storage held instead, has no commands to share', () => {
    const sim = new Sim({ scenario: 'migration-40', seed: 3 });
    sim.send({ type: 'START' });
    for (let i = 0; i < 5; i++) sim.send({ type: 'TICK' });
    const older = sim.newest;
    sim.send({ type: 'CHECKPOINT' });
    sim.send({ type: 'CRASH' });
    expect(sim.commands).not.toBeNull();
    // Storage held an older checkpoint than the Sim's own newest: a replay would read another.
    sim.send({ type: 'RESTART', from: older });
    expect(sim.commands).toBeNull();
    const resumed = new Sim({ scenario: 'migration-40', from: sim.newest! });
    expect(resumed.commands).toBeNull();
  });

  it('a restart from the checkpoint the Sim kept itself stays replayable', () => {
    const sim = new Sim({ scenario: 'migration-40', seed: 3 });
    sim.send({ type: 'START' });
    sim.send({ type: 'TICK' });
    sim.send({ type: 'CRASH' });
    const own = sim.newest && { ...sim.newest };
    sim.send({ type: 'RESTART', from: own });
    expect(sim.commands?.map((c) => c.type)).toEqual(['START', 'TICK', 'CRASH', 'RESTART']);
    expect(sim.commands?.at(-1)).toEqual({ type: 'RESTART' });
  });

  it('refuses what is not ours, each with a reason, and never throws', async () => {
    const cases: [string, RegExp][] = [
      ['', /not one this page makes/],
      ['a+b', /not one this page makes/],
      ['x'.repeat(9000), /not one this page makes/],
      ['AAAA', /cannot be unpacked/],
      [await deflatedBase64Url('not json'), /not JSON/],
      [await deflatedBase64Url('{"v":2,"c":{},"k":[]}'), /another version/],
      [await deflatedBase64Url('{"v":1,"k":["S"]}'), /no config/],
      [await deflatedBase64Url('{"v":1,"c":{"__proto__":{"x":1}},"k":[]}'), /config/],
      [await deflatedBase64Url('{"v":1,"c":{"toString":1},"k":[]}'), /config/],
      [await deflatedBase64Url('{"v":1,"c":{"fuseAt":1},"k":[]}'), /config/],
      [await deflatedBase64Url('{"v":1,"c":{},"k":["S","Y"]}'), /command 2 \("Y"\)/],
      [await deflatedBase64Url('{"v":1,"c":{},"k":["F:nope"]}'), /command 1/],
      [await deflatedBase64Url('{"v":1,"c":{},"k":["T999999"]}'), /command 1/],
      [await deflatedBase64Url(`{"v":1,"c":{},"k":["R:${'r'.repeat(600)}"]}`), /command 1/],
      [await deflatedBase64Url('{"v":1,"c":{},"k":["S\u202eX"]}'), /\\u202e/],
      // 364 characters nested 120,000 deep: refused before anything reads it (a RangeError before).
      [await deflatedBase64Url(`{"v":1,"c":{},"k":[${'['.repeat(120_000)}${']'.repeat(120_000)}]}`), /nests deeper/],
      [await deflatedBase64Url('{"v":1,"c":{},"k":[[[["S"]]]]}'), /nests deeper/],
      // A deflate bomb: a few hundred bytes that inflate to a megabyte are not inflated past the cap.
      [await deflatedBase64Url(`{"v":1,"c":{},"k":["${'T'.repeat(1 << 20)}"]}`), /cannot be unpacked/],
    ];
    for (const [packed, reason] of cases) {
      const out = await unpackReplay(packed);
      expect(out.ok, packed.slice(0, 40)).toBe(false);
      if (!out.ok) {
        expect(inEvery(out.reason).en).toMatch(reason);
        expect(inEvery(out.reason).zh.length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps the commands it reads: a reason in Chinese, every error type', async () => {
    const commands: SimCommand[] = [
      { type: 'START' },
      { type: 'TICK' },
      { type: 'REQUEST_APPROVAL' },
      { type: 'TICK' },
      { type: 'REJECT', reason: '不在营业时间: later' },
      { type: 'FAIL_NOW', error: 'permission_denied' },
      { type: 'INJECT_FAULT', error: 'no_progress' },
    ];
    const sim = new Sim({ scenario: 'migration-40' });
    const back = await unpackReplay(await packReplay({ config: sim.context.config, commands }));
    expect(back).toEqual({ ok: true, replay: { config: sim.context.config, commands } });
  });
});
