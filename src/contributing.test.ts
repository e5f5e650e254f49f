import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHALLENGES } from './challenges/catalog';
import { DESIGN_IDS, LESSON_SCENARIOS, SCENARIOS, findScenario, type Scenario } from './engine';
import { LESSONS } from './lessons';

/**
 * docs/CONTRIBUTING.md held to the tree: the files its checklists name exist, and the listings
 * a skipped step would leave short (a scenario file nobody lists, a challenge file outside the
 * catalog, a lesson file no lesson uses) fail here, where no type error would.
 */
const root = new URL('..', import.meta.url).pathname;
const doc = readFileSync(`${root}docs/CONTRIBUTING.md`, 'utf8');
const readme = readFileSync(`${root}README.md`, 'utf8');

/** The ids in backticks on the README's URL-table row of `param=<id>`. */
function tableIds(param: string): string[] {
  const row = readme.split('\n').find((l) => l.startsWith(`| \`${param}=<id>\``)) ?? '';
  const [, , said = ''] = row.split('|');
  return [...said.matchAll(/`([\w-]+)`/g)].map((m) => m[1] ?? '');
}

describe('docs/CONTRIBUTING.md', () => {
  it('names only files that exist (a placeholder such as <name> is a pattern, not a file)', () => {
    const named = [...doc.matchAll(/`([\w./-]+\/[\w.-]+\.\w+)`/g)].map((m) => m[1] ?? '');
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((p) => !existsSync(`${root}${p}`))).toEqual([]);
  });

  it('every scenario file is listed: findScenario finds what it exports', async () => {
    const files = import.meta.glob<Record<string, unknown>>('./engine/scenarios/*.ts', { eager: true });
    const isScenario = (x: unknown): x is Scenario =>
      typeof x === 'object' && x !== null && 'id' in x && 'steps' in x && 'mode' in x;
    const found = Object.entries(files).flatMap(([file, mod]) =>
      Object.values(mod)
        .filter(isScenario)
        .map((s) => ({ file, id: s.id })),
    );
    expect(found.length).toBeGreaterThanOrEqual(6);
    expect(found.filter(({ id }) => findScenario(id) === undefined)).toEqual([]);
  });

  it("every picker scenario and every design is in the README's URL table", () => {
    expect(SCENARIOS.map((x) => x.id).filter((id) => !tableIds('scenario').includes(id))).toEqual([]);
    expect(DESIGN_IDS.filter((id) => !tableIds('design').includes(id))).toEqual([]);
  });

  it('every scenario is named by a test of the engine (sim.test.ts, article.test.ts, …)', () => {
    const dir = `${root}src/engine`;
    const tests = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
      .join('\n');
    const ids = [...SCENARIOS, ...LESSON_SCENARIOS].map((x) => x.id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(ids.filter((id) => !tests.includes(`'${id}'`))).toEqual([]);
  });

  it('every lesson file is named in docs/design/article-map.md', () => {
    const map = readFileSync(`${root}docs/design/article-map.md`, 'utf8');
    const files = readdirSync(`${root}src/lessons/data`).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBe(LESSONS.length);
    // The lessons the map names: its table's last column.
    const named = new Set(
      map
        .split('\n')
        .filter((l) => l.startsWith('|'))
        .flatMap((l) => [...(l.split('|').at(-2) ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1])),
    );
    expect(files.map((f) => f.replace(/\.ts$/, '')).filter((name) => !named.has(name))).toEqual([]);
  });

  it('every speed device’s A/B diff applies to the tree (docs/design/speed.md: a diff the code moved past is written again)', () => {
    const dir = `${root}bench/speed`;
    const diffs = ['', 'engine/'].flatMap((sub) =>
      readdirSync(`${dir}/${sub}`)
        .filter((f) => f.endsWith('.diff'))
        .map((f) => `${sub}${f}`),
    );
    expect(diffs.length).toBeGreaterThanOrEqual(7);
    const stale = diffs.filter((f) => {
      try {
        execFileSync('git', ['apply', '--check', `${dir}/${f}`], { cwd: root, stdio: 'pipe' });
        return false;
      } catch {
        return true;
      }
    });
    expect(stale).toEqual([]);
  });

  it('every challenge file is in the catalog', () => {
    const files = readdirSync(`${root}src/challenges/files`).filter((f) => f.endsWith('.json'));
    const ids = files.map(
      (f) => (JSON.parse(readFileSync(`${root}src/challenges/files/${f}`, 'utf8')) as { id: string }).id,
    );
    expect(ids.sort()).toEqual(CHALLENGES.map((c) => c.id).sort());
  });

  it('every lesson file is a lesson of the catalog', () => {
    const files = import.meta.glob<Record<string, unknown>>('./lessons/data/*.ts', { eager: true });
    const shipped = new Set<unknown>(LESSONS);
    const orphans = Object.entries(files)
      .filter(([, mod]) => !Object.values(mod).some((x) => shipped.has(x)))
      .map(([file]) => file);
    expect(Object.keys(files).length).toBe(LESSONS.length);
    expect(orphans).toEqual([]);
  });
});
