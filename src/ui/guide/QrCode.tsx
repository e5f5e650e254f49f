import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The quiet zone a reader needs around the code, in modules (the standard's four). */
const QUIET = 4;

/** One run of dark modules on a row of the code: one rect instead of one a module. */
interface QrRun {
  row: number;
  col: number;
  length: number;
}

/**
 * The QR code of `text` (error correction M, the smallest version that holds it) as runs of
 * dark modules, read from qrcode-generator's module matrix.
 */
function qrRuns(text: string): { size: number; runs: QrRun[] } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  const runs: QrRun[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.isDark(row, col)) continue;
      let length = 1;
      while (col + length < size && qr.isDark(row, col + length)) length++;
      runs.push({ row, col, length });
      col += length - 1;
    }
  }
  return { size, runs };
}

/**
 * A QR code drawn as React SVG rects (`guide-qr`, or `testId`; `data-text` = what it encodes): no
 * markup string is parsed, as the page's Trusted Types policy requires. Loaded only with the guide.
 */
export function QrCode({
  text,
  label,
  testId = 'guide-qr',
  className = 'hs-guide__qr',
}: {
  text: string;
  label: string;
  testId?: string;
  className?: string;
}) {
  const { size, runs } = useMemo(() => qrRuns(text), [text]);
  const full = size + 2 * QUIET;
  return (
    <svg
      className={className}
      data-testid={testId}
      data-text={text}
      data-modules={size}
      viewBox={`${-QUIET} ${-QUIET} ${full} ${full}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET} y={-QUIET} width={full} height={full} fill="#fff" />
      <g fill="#000" data-dark="">
        {runs.map((r) => (
          <rect key={`${r.row}-${r.col}`} x={r.col} y={r.row} width={r.length} height={1} />
        ))}
      </g>
    </svg>
  );
}
