import type { BytesResult } from '../storage-app/api';
import { within } from '../chromium';
import { atMost, figure, type Figure } from '../lib';
import { PAGE_LIMIT, benchPage, ms, onDisk } from './page';

/** Stored bytes of whole runs of migration-40, -400 and -4000, and how they grow with the steps. */

const BYTES_SCENARIOS = ['migration-40', 'migration-400', 'migration-4000'] as const;
const kB = 1000;
const MB = 1_000_000;

/** Each run in a fresh profile on disk, every checkpoint put in order. */
export async function bytesFigures(tmp: string, benchUrl: string, say: (text: string) => void): Promise<Figure[]> {
  const figures: Figure[] = [];
  const runsBytes: BytesResult[] = [];
  for (const scenario of BYTES_SCENARIOS) {
    say(`stored bytes: ${scenario} to the end, every checkpoint put in order`);
    const result = await onDisk(tmp, 'bytes', async (context) =>
      within(
        (await benchPage(context, benchUrl)).evaluate(
          (s) => (window.__storageBench as NonNullable<Window['__storageBench']>).bytes(s),
          scenario,
        ),
        PAGE_LIMIT,
        `bytes of ${scenario}`,
      ),
    );
    if (result.finalState !== 'completed') throw new Error(`${scenario} ended ${result.finalState}, not completed`);
    runsBytes.push(result);
    const usage = result.usageAfter - result.usageBefore;
    figures.push(
      figure(
        `stored bytes of a whole ${scenario} run (listRuns)`,
        result.runBytes / kB,
        'kB',
        undefined,
        `${(result.runBytes / result.planSteps).toFixed(0)} B/step; ${result.checkpoints} checkpoints; each stored whole they would take ${(result.wholeBytes / kB).toLocaleString('en', { maximumFractionDigits: 1 })} kB; ` +
          `navigator.storage.estimate().usage grew by ${(usage / kB).toLocaleString('en', { maximumFractionDigits: 1 })} kB (${(usage / result.planSteps).toFixed(0)} B/step); kB = 1000 B`,
      ),
    );
  }
  const [b40, b400, b4000] = runsBytes as [BytesResult, BytesResult, BytesResult];
  const usage = (r: BytesResult) => r.usageAfter - r.usageBefore;
  figures.push(
    figure(
      'stored bytes growth, 4,000 / 40 steps (100× the steps)',
      b4000.runBytes / b40.runBytes,
      '×',
      atMost(110),
      `per step: ${(b40.runBytes / 40).toFixed(0)} / ${(b400.runBytes / 400).toFixed(0)} / ${(b4000.runBytes / 4000).toFixed(0)} B at 40 / 400 / 4,000 steps; 4,000 / 400 = ${(b4000.runBytes / b400.runBytes).toFixed(2)}× for 10× the steps`,
    ),
    figure(
      'storage usage growth (estimate()), 4,000 / 40 steps',
      usage(b4000) / usage(b40),
      '×',
      undefined,
      `usage grew by ${(usage(b40) / kB).toFixed(1)} kB / ${(usage(b400) / kB).toFixed(1)} kB / ${(usage(b4000) / MB).toFixed(2)} MB`,
    ),
    figure(
      `time to write the 4,000-step run (${b4000.checkpoints.toLocaleString('en')} puts, one after another)`,
      b4000.writeMs / 1000,
      's',
      undefined,
      `each put: p50 ${ms(b4000.putP50)}, p95 ${ms(b4000.putP95)}, max ${ms(b4000.putMax)}; the Sim's run that made them took ${ms(b4000.simMs)} (not included)`,
    ),
  );
  return figures;
}
