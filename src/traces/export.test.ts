import { describe, expect, it } from 'vitest';
import { canonicalJson } from 'harness-core';
import {
  ANALYSIS_FORMAT,
  analyse,
  analysisJson,
  callsCsv,
  csvField,
  densitiesCsv,
  type JsonValue,
  type Trace,
} from './index';

const trace: Trace = {
  format: 'claude-code',
  calls: (
    [
      { tool: 'Bash', args: { command: 'echo "a, b"\nls' }, ok: false, errorType: 'error' },
      { tool: 'Write', args: { content: '=HYPERLINK("x")' }, ok: true, errorType: null },
    ] as { tool: string; args: JsonValue; ok: boolean; errorType: string | null }[]
  ).map((c, index) => ({
    ...c,
    index,
    argsKey: canonicalJson(c.args),
    tokens: 5,
    start: null,
    result: null,
  })),
  skipped: {},
  tokensNotAttributed: { afterLastCall: 0, unplaced: 0 },
  cache: { read: 0, written: 0 },
};

describe('export', () => {
  it('CSV quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-3)).toBe('-3');
  });

  it('CSV keeps a spreadsheet from running a text as a formula', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe('"\'\t\'=1"');
  });

  it("quotes a field holding any locale's separator, and neutralises a formula after each (issue 40)", () => {
    expect(csvField('a;=1+1')).toBe(`"a;'=1+1"`);
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('a\tb')).toBe('"a\tb"');
    expect(csvField('x, -2+3')).toBe(`"x, '-2+3"`);
    expect(csvField('a\t@SUM(A1)')).toBe(`"a\t'@SUM(A1)"`);
    expect(csvField('e=mc2')).toBe('e=mc2');
  });

  it('writes the calls with a header row and CRLF line ends', () => {
    const text = callsCsv(analyse(trace));
    const rows = text.split('\r\n');
    expect(rows[0]).toBe('position,tool,args,outcome,error_type,tokens,count,stage,after_fuse,key_action,no_progress');
    expect(rows[1]).toBe('1,Bash,"{""command"":""echo \\""a, b\\""\\nls""}",error,error,5,1,counting,false,true,false');
    expect(rows[2]?.startsWith('2,Write,"{""content"":""=HYPERLINK')).toBe(true);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toBe('');
  });

  it('writes the densities with a header row', () => {
    expect(densitiesCsv(analyse(trace)).split('\r\n').slice(0, 3)).toEqual([
      'policy,n,checkpoints,lost_worst,lost_mean',
      'every-call,,2,0,0',
      'every-n,10,0,1,0.5',
    ]);
  });

  it('writes the whole analysis as JSON that reads back the same', () => {
    const a = analyse(trace);
    const back = JSON.parse(analysisJson(a)) as Record<string, unknown>;
    expect(back.schema).toBe(ANALYSIS_FORMAT);
    expect({ ...back, schema: undefined }).toEqual({ ...a, schema: undefined });
  });
});
