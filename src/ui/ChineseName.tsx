/**
 * 中文, the language switch's label on the English page, drawn as the two glyphs' outlines (from
 * Noto Sans CJK SC Regular, SIL Open Font License 1.1) rather than as text: an English page
 * then needs no CJK font to draw its first frame. Where one is installed, loading it (a file of
 * tens of megabytes) took ~25 ms of the first layout on this machine; where none is, the label
 * would be two empty boxes. The button's aria-label says 中文 to a screen reader.
 */
export function ChineseName() {
  return (
    <svg
      className="hs-langname"
      viewBox="0 0 2000 1000"
      width="2em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M458 40V219H96V694H171V632H458V959H537V632H825V689H902V219H537V40ZM171 558V292H458V558ZM825 558H537V292H825ZM1423 57C1453 106 1485 173 1497 214L1580 187C1566 146 1531 81 1501 33ZM1050 216V290H1206C1265 442 1344 573 1447 680C1337 772 1202 840 1036 887C1051 905 1075 940 1083 958C1250 904 1389 832 1502 734C1615 834 1751 908 1915 953C1928 932 1950 900 1967 884C1807 844 1671 773 1560 679C1661 576 1738 448 1796 290H1954V216ZM1504 627C1410 532 1336 418 1284 290H1711C1661 425 1592 536 1504 627Z" />
    </svg>
  );
}
