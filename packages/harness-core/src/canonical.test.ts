import { describe, expect, it } from 'vitest';
import { canonicalArgs, canonicalJson } from './canonical.js';

describe('canonical JSON', () => {
  it('sorts keys at every level, so nested arguments in any order give one text', () => {
    const a = { b: 1, a: { d: [{ y: 1, x: 'two' }], c: null } };
    const b = { a: { c: null, d: [{ x: 'two', y: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"c":null,"d":[{"x":"two","y":1}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it("gives a run's flat args the text a one-level sort gives, kept per args object", () => {
    const args = { path: 'src/a.ts', dry: true, n: 3 };
    const oneLevel = `{${Object.keys(args)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${JSON.stringify(args[k as keyof typeof args])}`)
      .join(',')}}`;
    expect(canonicalArgs(args)).toBe(oneLevel);
    expect(canonicalArgs(args)).toBe(canonicalJson(args));
    expect(canonicalArgs({ n: 3, dry: true, path: 'src/a.ts' })).toBe(oneLevel);
  });
});
