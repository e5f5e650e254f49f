// The `postinstall` script: applies patches/ with patch-package, and when one no longer applies
// (its package was bumped or changed) fails the install saying what to do, not only what broke.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const bin = createRequire(import.meta.url).resolve('patch-package/index.js');
const r = spawnSync(process.execPath, [bin, '--error-on-fail', '--error-on-warn'], { stdio: 'inherit' });
if (r.status !== 0) {
  console.error(
    '\nA patch in patches/ does not apply to the installed version (an XState bump?): ' +
      'regenerate the patch or drop it: see patches/README.md.\n',
  );
  process.exit(r.status ?? 1);
}
