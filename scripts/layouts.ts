/**
 * `npm run layouts`: writes the diagram's layouts as data (src/ui/diagram/generated/: layouts.json
 * for the first screen, in the entry; layouts.later.json, loaded when asked for), so the page
 * draws without loading dagre. Run it after changing a machine, a label or the
 * layout's sizes; src/ui/diagram/layouts.test.ts fails until it is run.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateLayouts } from '../src/ui/diagram/precompute';

const { first, later } = generateLayouts();
for (const [name, layouts] of [
  ['layouts.json', first],
  ['layouts.later.json', later],
] as const) {
  const file = fileURLToPath(new URL(`../src/ui/diagram/generated/${name}`, import.meta.url));
  // One layout a line: small diffs, and the file reads as data (prettier leaves it alone).
  const lines = Object.entries(layouts).map(([key, l]) => `  ${JSON.stringify(key)}: ${JSON.stringify(l)}`);
  writeFileSync(file, `{\n${lines.join(',\n')}\n}\n`);
  console.log(`${Object.keys(layouts).length} layouts written to ${file}`);
}
