import { useSimStore } from '../../store/simStore';
import { useT } from '../useT';

/** After an export that left checkpoints out: how many, and why (the file says so too). */
export function ExportNote() {
  const t = useT();
  const exported = useSimStore((s) => s.exported);
  if (!exported || (exported.omitted === 0 && exported.unreadable === 0)) return null;
  return (
    <section
      className="hs-info"
      role="status"
      data-testid="export-note"
      data-omitted={exported.omitted}
      data-unreadable={exported.unreadable}
    >
      <p>
        {exported.omitted > 0 && t('export.omitted', { n: exported.omitted })}{' '}
        {exported.unreadable > 0 && t('export.unreadable', { n: exported.unreadable })}
      </p>
    </section>
  );
}
