/**
 * What the Markdown importer needs to know of a file's block structure, from markdown-it's block
 * parser (inline parsing is switched off: it is not needed and costs most of the time):
 * - the first heading, ATX (`# Title`) or setext (`Title` over `===`), at the top level, so a `#`
 *   line inside a fenced code block or HTML block is not taken for the title;
 * - which lines belong to a block (paragraph, code, quote…), so link rewriting leaves code alone
 *   and finds reference definitions (`[b]: b.md`), which are the top-level lines no block covers.
 */
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: true }).disable(['inline', 'text_join']);

/** The block structure of one Markdown text. */
export interface MarkdownOutline {
  /** The first top-level heading's text (source, lines joined by a space), if any. */
  heading: string | undefined;
  /** Whether the character at `offset` is inside a code block (fenced or indented) or an HTML block. */
  inCode(offset: number): boolean;
  /** Whether the line holding `offset` is outside every block: where a reference definition sits. */
  outsideBlocks(offset: number): boolean;
}

const CODE_TYPES = new Set(['fence', 'code_block', 'html_block']);

/** Parses `text`'s blocks. */
export function outlineMarkdown(text: string): MarkdownOutline {
  const tokens = md.parse(text, {});
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const code = new Uint8Array(lineStarts.length);
  const covered = new Uint8Array(lineStarts.length);
  let heading: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token.map || token.level !== 0) continue;
    const [from, to] = token.map;
    covered.fill(1, from, to);
    if (CODE_TYPES.has(token.type)) code.fill(1, from, to);
    if (heading === undefined && token.type === 'heading_open')
      heading = tokens[i + 1].content.replace(/\s*\n\s*/g, ' ').trim();
  }
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return {
    heading: heading || undefined,
    inCode: (offset) => code[lineOf(offset)] === 1,
    outsideBlocks: (offset) => covered[lineOf(offset)] === 0
  };
}
