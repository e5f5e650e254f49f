import { describe, expect, it, vi } from 'vitest';
import { exportFileName, importFile } from './files';

describe('importing a file', () => {
  it('refuses one over 20 MiB from its size, without reading it', async () => {
    const text = vi.fn();
    const big = { size: 21 * 1024 * 1024, text } as unknown as Blob;
    const importRun = vi.fn(async () => undefined);
    let refused = '';
    await importFile(big, importRun, (t) => (refused = t));
    expect(refused).toMatch(/^E601: /);
    expect(text).not.toHaveBeenCalled();
    expect(importRun).not.toHaveBeenCalled();
  });

  it('hands a file within the limit to the import unread: its Worker reads it, not the page', async () => {
    const file = new Blob(['{"format":"x"}']);
    const text = vi.spyOn(file, 'text');
    const arrayBuffer = vi.spyOn(file, 'arrayBuffer');
    const importRun = vi.fn(async () => undefined);
    await importFile(file, importRun, () => undefined);
    expect(importRun).toHaveBeenCalledWith(file);
    expect(text).not.toHaveBeenCalled();
    expect(arrayBuffer).not.toHaveBeenCalled();
  });
});

describe('a download name', () => {
  it.each([
    ['run-abc', 'run-abc.harness-sim.json'],
    ['../../etc/passwd', 'etc_passwd.harness-sim.json'],
    ['a\u202Etxt.exe', 'a_txt.exe.harness-sim.json'],
    ['迁移 run', '迁移_run.harness-sim.json'],
    ['', 'run.harness-sim.json'],
  ])('%j becomes %j', (id, name) => expect(exportFileName(id)).toBe(name));
});
