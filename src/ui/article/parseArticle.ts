import { ARTICLE_SECTIONS, headingOf, type ArticleSection } from '../../lessons';

/**
 * The article's plain text (src/lessons/__fixtures__/article.txt, as the source gives it) as
 * blocks to draw: its title, its section headings, paragraphs, the pseudo-code as one block, the
 * glossary table. The text has no markup, so the headings are known by the sections the lessons
 * cite (ARTICLE_SECTIONS): a short line that starts with one is a heading.
 */
export type Block =
  | { kind: 'h1' | 'h2' | 'h3' | 'p' | 'figure'; text: string }
  | { kind: 'pre'; text: string }
  | { kind: 'table'; rows: string[][] };

/** Section headings the lessons do not cite, but the article has. */
const MORE_HEADINGS = ['参考与延伸'];
const HEADINGS = [...new Set([...ARTICLE_SECTIONS.map((s) => headingOf(s)), ...MORE_HEADINGS])];
const SUBS = ARTICLE_SECTIONS.flatMap((s) => (s.includes(' · ') ? [s.split(' · ')[1]!] : []));
/** Longer than this, a line is a paragraph even when it starts like a heading. */
const HEADING_MAX = 24;

const isCode = (line: string) => line.startsWith('def ') || /^\s+\S/.test(line);

export function parseArticle(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: Block[] = [];
  let first = true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (!t) continue;
    if (first) {
      out.push({ kind: 'h1', text: t });
      first = false;
    } else if (line.startsWith('def ')) {
      // The code runs on while its lines are indented or open another def (a blank line may sit between).
      const code = [line];
      while (i + 1 < lines.length) {
        const next = lines[i + 1]!;
        const after = lines.slice(i + 1).find((l) => l.trim());
        if (next.trim() ? isCode(next) : after !== undefined && isCode(after)) code.push(lines[++i]!);
        else break;
      }
      out.push({ kind: 'pre', text: code.join('\n').trimEnd() });
    } else if (line.includes('\t')) {
      const rows = [line.split('\t')];
      while (i + 1 < lines.length && lines[i + 1]!.includes('\t')) rows.push(lines[++i]!.split('\t'));
      out.push({ kind: 'table', rows });
    } else if (t.length <= HEADING_MAX && HEADINGS.some((h) => t.startsWith(h))) out.push({ kind: 'h2', text: t });
    else if (SUBS.includes(t)) out.push({ kind: 'h3', text: t });
    else if (t.startsWith('图：')) out.push({ kind: 'figure', text: t });
    else out.push({ kind: 'p', text: t });
  }
  return out;
}

/**
 * Where a cited section is: the index of its heading, and of its own part when it names one
 * ("heading · part": a sub-heading, or the paragraph that opens with the part's name).
 */
export function findSection(blocks: readonly Block[], section: ArticleSection): { heading: number; part: number } {
  const head = headingOf(section);
  const heading = blocks.findIndex((b) => b.kind === 'h2' && b.text.startsWith(head));
  const sub = section.includes(' · ') ? section.split(' · ')[1]! : null;
  const part = sub
    ? blocks.findIndex((b, k) => k > heading && (b.kind === 'h3' || b.kind === 'p') && b.text.startsWith(sub))
    : -1;
  return { heading, part };
}
