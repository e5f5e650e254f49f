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

  it('says so when reading the file fails (moved or deleted since it was picked), and imports nothing', async () => {
    const gone = {
      size: 10,
      text: () => Promise.reject(new DOMException('A requested file could not be found.', 'NotFoundError')),
    } as unknown as Blob;
    const importRun = vi.fn(async () => undefined);
    let refused = '';
    await importFile(gone, importRun, (t) => (refused = t));
    expect(refused).toMatch(/^E611: The file could not be read \(NotFoundError: /);
    expect(importRun).not.toHaveBeenCalled();
  });

  it('reads and imports one within the limit', async () => {
    const importRun = vi.fn(async () => undefined);
    await importFile(new Blob(['{"format":"x"}']), importRun, () => undefined);
    expect(importRun).toHaveBeenCalledWith('{"format":"x"}');
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
