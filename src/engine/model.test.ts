import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { attemptsAt, createTaskContext, DEFAULT_CONFIG, STATE_NAMES, type TaskEvent } from 'harness-core/sim';
import { machineEdges } from './graph';
import { CHECKPOINT_WRITE_MS } from './world';
import { findScenario } from './scenarios';
import { machineFor, stateOf, type TaskSnapshot } from './sim';

/**
 * Model-based: paths generated from the machine itself (XState's graph utilities) must take
 * every transition of SPEC §2, and replaying each path on a real actor must reach the state
 * the model says. A small dynamic plan keeps the state space small enough to explore fully.
 */
const scenario = findScenario('dynamic-plan')!;
const machine = machineFor(scenario);
const input = createTaskContext({
  scenario,
  seed: 3,
  runId: 'model',
  config: { ...DEFAULT_CONFIG, maxAttemptsPerStep: 4 },
});

const EVENTS: TaskEvent[] = [
  { type: 'START' },
  { type: 'TICK' },
  { type: 'APPROVE' },
  { type: 'REJECT', reason: 'not now' },
  { type: 'CANCEL' },
  { type: 'REPLAN' },
  { type: 'REQUEST_APPROVAL' },
  { type: 'INJECT_FAULT', error: 'not_found' },
  { type: 'CHANGE_APPROACH' },
];

/** What matters for the transitions: where the run is, not the clock or the tokens. */
function serialize(s: TaskSnapshot): string {
  const c = s.context.task;
  return [
    stateOf(s),
    c.cursor,
    c.plan.version,
    attemptsAt(c.ledger, c.cursor),
    c.world.faults.length,
    c.world.risky.join('.'),
    c.approval.approved.join('.'),
    c.world.approach[c.cursor] ?? 0,
    // The wait starts before the before_suspend checkpoint is written; a poll is time beyond that write.
    c.waitingSince !== null && c.clock > c.waitingSince + CHECKPOINT_WRITE_MS ? 'polled' : '',
  ].join('|');
}

describe('model-based paths from the machine', () => {
  const paths = getShortestPaths(machine, {
    input,
    events: EVENTS,
    // A terminal state is told apart by where it came from, so each way in gets its own path.
    serializeState: (s, _e, prev) => {
      const name = stateOf(s as TaskSnapshot);
      const from =
        prev && ['completed', 'failed', 'cancelled'].includes(name) ? `<${stateOf(prev as TaskSnapshot)}` : '';
      return serialize(s as TaskSnapshot) + from;
    },
    // Bound the exploration: two plan versions, a couple of queued faults, the first steps.
    filterEvents: (s, e) => {
      const c = (s as TaskSnapshot).context.task;
      if (e.type === 'INJECT_FAULT' && c.world.faults.length >= 1) return false;
      if (e.type === 'REPLAN' && c.plan.version >= 2) return false;
      if (e.type === 'CHANGE_APPROACH' && (c.world.approach[c.cursor] ?? 0) >= 1) return false;
      return c.cursor <= 3 || e.type === 'TICK' || e.type === 'APPROVE';
    },
  });

  it('reaches each of the eight states on some path', () => {
    const reached = new Set(paths.map((p) => stateOf(p.state as TaskSnapshot)));
    expect([...reached].sort()).toEqual([...STATE_NAMES].sort());
  });

  it('takes every transition of SPEC §2 on some path', () => {
    const taken = new Set<string>();
    for (const p of paths) {
      let prev = stateOf(machine.resolveState({ value: 'created', context: { task: input } }));
      for (const step of p.steps) {
        const to = stateOf(step.state as TaskSnapshot);
        if ((step.event.type as string) !== 'xstate.init') taken.add(`${prev}-${to}:${step.event.type}`);
        prev = to;
      }
    }
    for (const edge of machineEdges(machine)) {
      for (const ev of edge.events) {
        const froms =
          edge.from === 'active' ? ['created', 'planning', 'running', 'tool_failed', 'waiting_approval'] : [edge.from];
        for (const from of froms) expect(taken, `${from} -${ev}-> ${edge.to}`).toContain(`${from}-${edge.to}:${ev}`);
      }
    }
  });

  it('reaches failed both by the fuse and by exhausted attempts', () => {
    const reasons = new Set(paths.map((p) => p.state.context.task.ended).filter(Boolean));
    expect([...reasons].sort()).toEqual(['cancelled', 'completed', 'loop_fuse', 'retries_exhausted']);
  });

  it('replaying each path on a real actor reaches the state the model says', () => {
    for (const p of paths.filter((_, i) => i % 7 === 0)) {
      const actor = createActor(machine, { input }).start();
      for (const step of p.steps)
        if ((step.event.type as string) !== 'xstate.init') actor.send(step.event as TaskEvent);
      expect(serialize(actor.getSnapshot())).toBe(serialize(p.state as TaskSnapshot));
      actor.stop();
    }
  }, 30_000);
});
