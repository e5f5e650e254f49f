import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { CHALLENGES, type Challenge } from '../challenges';
import { analyse, analysisJson, callsCsv, headOf, type JsonValue, type Trace } from '../traces';
import { canonicalJson } from 'harness-core';
import { ChallengeBar } from './challenges/ChallengeBar';
import { RunTitle } from './panels/RunsPanel';
import { TodoRow } from './panels/PlanPanel';
import type { Step } from '../engine';
import { CallRowView } from './traces/TraceCalls';
import { TraceNoProgress } from './traces/TraceDensities';
import { visibleText } from '../share/visibleText';

/**
 * Every path that shows a string from outside the page is fed the same hostile names (issue
 * 40): a right-to-left override that shows "safe\u202Egnp.exe" as "safeexe.png", zero-width and
 * isolate characters, a C0 control. Each must reach the page escaped and isolated, never raw.
 */
vi.stubGlobal('window', { location: { href: 'http://localhost/' }, history: { replaceState: () => undefined } });

const HOSTILE = ['safe\u202Egnp.exe', 'a\u200Bb\u2066c\u2069', 'bell\u0007\u061C'];
// eslint-disable-next-line no-control-regex -- a raw control on the page is what this looks for
const RAW = /[\u202E\u200B\u2066\u2069\u0007\u061C]/;

const escaped = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** Each hostile name, escaped, as the text of an isolating <bdi> (in code or not). */
function expectIsolated(html: string) {
  expect(html).not.toMatch(RAW);
  for (const name of HOSTILE) {
    const shown = visibleText(name);
    expect(shown).not.toBe(name);
    expect(html, name).toMatch(new RegExp(`<bdi class="hs-outside" data-outside="">(<code>)?${escaped(shown)}<`));
  }
}

const trace: Trace = {
  format: 'claude-code',
  calls: HOSTILE.flatMap((name) =>
    [0, 1].map(() => ({ tool: name, args: { path: name } as JsonValue, ok: false, errorType: name as string | null })),
  )
    .concat(
      HOSTILE.flatMap((name) => [0, 1].map(() => ({ tool: name, args: name as JsonValue, ok: true, errorType: null }))),
    )
    .map((c, index) => ({
      ...c,
      index,
      argsKey: canonicalJson(c.args),
      tokens: 1,
      start: null,
      result: c.ok ? 'same' : null,
    })),
  skipped: {},
  tokensNotAttributed: { afterLastCall: 0, unplaced: 0 },
  cache: { read: 0, written: 0 },
};

describe('outside text on the page', () => {
  it('the trace view: tool names, args, errors, no-progress rows', () => {
    const a = analyse(trace);
    const t = (k: string) => k;
    const rows = a.rows.map((r) => (
      <CallRowView
        key={r.position}
        r={r}
        remind={false}
        fuse={false}
        noProgress={false}
        lost={0}
        t={t as never}
        measure={undefined}
      />
    ));
    expectIsolated(
      renderToStaticMarkup(
        <table>
          <tbody>{rows}</tbody>
        </table>,
      ),
    );
    expect(a.noProgress.length).toBeGreaterThan(0);
    expectIsolated(renderToStaticMarkup(<TraceNoProgress a={headOf(a)} />));
  });

  it("the trace's exports: CSV writes the escape as text, JSON as a JSON escape (same values)", () => {
    const a = analyse(trace);
    expect(callsCsv(a)).not.toMatch(RAW);
    expect(callsCsv(a)).toContain('safe\\u202Egnp.exe');
    const json = analysisJson(a);
    expect(json).not.toMatch(/[\u202E\u200B\u2066\u2069\u061C]/);
    expect((JSON.parse(json) as { rows: { tool: string }[] }).rows[0]?.tool).toBe(HOSTILE[0]);
  });

  it("a challenge file's title and brief", () => {
    const ch: Challenge = {
      ...(CHALLENGES[0] as Challenge),
      title: { en: HOSTILE.join(' '), zh: HOSTILE.join(' ') },
      brief: { en: HOSTILE.join(' '), zh: HOSTILE.join(' ') },
    };
    const html = renderToStaticMarkup(<ChallengeBar request={{ challenge: ch }} />);
    expect(html).not.toMatch(RAW);
    expect(html).toContain(visibleText(HOSTILE[0]!));
    expect(html).toMatch(/<strong data-testid="challenge-title"><bdi class="hs-outside"/);
  });

  it("an imported run's id and scenario in the runs list", () => {
    const html = renderToStaticMarkup(<RunTitle runId={HOSTILE[0]!} scenario={HOSTILE[1]!} />);
    expect(html).not.toMatch(RAW);
    expect(html).toContain(`<bdi class="hs-outside" data-outside=""><code>${visibleText(HOSTILE[0]!)}</code></bdi>`);
    expect(html).toContain(visibleText(HOSTILE[1]!));
  });

  it("an imported run's step titles and refs in the plan", () => {
    const step = { n: 1, title: { en: HOSTILE.join(' '), zh: HOSTILE.join(' ') } } as Step;
    const row = (
      <TodoRow
        step={step}
        status="pending"
        current={false}
        risky={false}
        refText={HOSTILE[0]}
        lang="en"
        index={undefined}
        total={1}
        measure={undefined}
      />
    );
    const html = renderToStaticMarkup(row);
    expect(html).not.toMatch(RAW);
    expect(html).toContain(`<bdi class="hs-outside" data-outside="">${HOSTILE.map(visibleText).join(' ')}</bdi>`);
    expect(html).toContain(`<code>${visibleText(HOSTILE[0]!)}</code></bdi>`);
  });
});
