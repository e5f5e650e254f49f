/**
 * The height of the rows a windowed list does not draw (useListWindow.ts), as an element of the
 * list: padding on the scrolling box would not do, since a border-box with a fixed height grows
 * when its padding passes that height. Hidden from assistive technology; nothing when 0.
 */
export function ItemSpacer({ px }: { px: number }) {
  return px > 0 ? <li className="hs-spacer" aria-hidden="true" style={{ height: px }} /> : null;
}

/** The same for a table: one empty row across `columns`. */
export function RowSpacer({ px, columns }: { px: number; columns: number }) {
  if (px <= 0) return null;
  return (
    <tr className="hs-spacer" aria-hidden="true">
      <td colSpan={columns} style={{ height: px }} />
    </tr>
  );
}
