import { describe, expect, it } from 'vitest';
import type { Step } from '../../engine';
import { rowsOf } from './PlanPanel';

const step = (n: number, phase: string): Step =>
  ({ n, phase, title: `s${n}`, tool: 'shell', args: {} }) as unknown as Step;

describe("the plan panel's rows", () => {
  it('put a heading before each run of one phase, and know the row of every step', () => {
    const steps = [step(1, 'a'), step(2, 'a'), step(3, 'b'), step(4, 'a')];
    const { rows, rowOf } = rowsOf(steps);
    // Headings are -(the step after them) - 1: a, 1, 2, b, 3, a, 4.
    expect([...rows]).toEqual([-1, 0, 1, -3, 2, -4, 3]);
    expect([...rowOf]).toEqual([1, 2, 4, 6]);
  });

  it('of an empty plan: none', () => {
    expect(rowsOf([])).toEqual({ rows: new Int32Array(0), rowOf: new Int32Array(0) });
  });
});
