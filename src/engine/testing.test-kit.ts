import { expect } from 'vitest';
import { isTerminal, type Checkpoint, type StateName } from 'harness-core';
import { Sim, type SimCommand, type SimOptions } from './sim';
import { nextMove } from './can';

/**
 * A tiny driver so tests read like the spec (tldraw's GeoShapeTool.test.ts style):
 * `const t = drive('migration-40'); t.start().untilState('waiting_approval'); t.expectToBeIn(...)`.
 */
export function drive(scenario: SimOptions['scenario'] = 'migration-40', opts: Partial<SimOptions> = {}) {
  const checkpoints: Checkpoint[] = [];
  /** For each approval request sent: the newest checkpoint kept at that moment. */
  const requests: { id: string; newest: Checkpoint | undefined }[] = [];
  const sim = new Sim({
    scenario,
    ...opts,
    onCheckpoint: (cp) => checkpoints.push(cp),
    onApprovalRequest: (r) => requests.push({ id: r.id, newest: checkpoints.at(-1) }),
  });
  const t = {
    sim,
    checkpoints,
    requests,
    get state(): StateName {
      return sim.state;
    },
    get ctx() {
      return sim.context;
    },
    send(...cmds: SimCommand[]) {
      for (const c of cmds) sim.send(c);
      return t;
    },
    start() {
      return t.send({ type: 'START' }, { type: 'TICK' });
    },
    tick(n = 1) {
      for (let i = 0; i < n; i++) sim.send({ type: 'TICK' });
      return t;
    },
    /** Ticks until the state is reached (or a terminal one), at most `limit` ticks. */
    untilState(state: StateName, limit = 10_000) {
      for (let i = 0; i < limit && sim.state !== state && !isTerminal(sim.state); i++) sim.send({ type: 'TICK' });
      return t;
    },
    /** Ticks until the cursor stands at step `n` in running. */
    untilStep(n: number, limit = 10_000) {
      for (
        let i = 0;
        i < limit && !(sim.context.cursor === n && sim.state === 'running') && !isTerminal(sim.state);
        i++
      ) {
        sim.send(nextMove(sim, true));
      }
      return t;
    },
    /** Runs to a terminal state, approving every request. */
    finish(limit = 100_000) {
      for (let i = 0; i < limit && !isTerminal(sim.state); i++) sim.send(nextMove(sim, true));
      return t;
    },
    expectToBeIn(state: StateName) {
      expect(sim.state).toBe(state);
      return t;
    },
  };
  return t;
}

export { isTerminal } from 'harness-core';
