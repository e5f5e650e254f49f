import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine';
import { FOCUSES, findLesson, playTo } from '../../lessons';
import { viewOf } from '../../store/view';
import { translatorFor } from '../translator';
import { readoutOf } from './readouts';

const stored = { count: 8, bytesWritten: 24_000, newestBytes: 3_065, newestFullBytes: 55_614 };

describe('a cited read-out as presenter mode draws it', () => {
  it('has a label and a figure for every focus but the diagram, in zh and en', () => {
    const view = viewOf(new Sim({ scenario: 'migration-40', seed: 1 }));
    for (const lang of ['zh', 'en'] as const)
      for (const f of FOCUSES) {
        const r = readoutOf(f, view, stored, translatorFor(lang), lang);
        if (f === 'diagram') expect(r).toBeNull();
        else expect(r?.label && r.value, `${f} (${lang})`).toBeTruthy();
      }
  });

  it('reads the run: fuse stop 3 shows the reminder, stage and count, without the channel’s own tags', () => {
    const fuse = findLesson('fuse')!;
    const view = viewOf(playTo(fuse, 2, { script: true }).sim);
    const t = translatorFor('en');
    expect(readoutOf('loop', view, stored, t, 'en')?.value).toBe('reminded · 2/3');
    const channel = readoutOf('channel', view, stored, t, 'en')!.value;
    expect(channel).toMatch(/^system-reminder: The same call has failed 2 times/);
    expect(channel).not.toContain('<system-reminder>');
    expect(readoutOf('step', view, stored, t, 'en')?.value).toBe('3 / 40');
  });
});
