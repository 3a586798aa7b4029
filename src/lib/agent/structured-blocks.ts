/**
 * Finds the fenced blocks of a note that `replace_structured_block` can rewrite: any fenced code block
 * with an info string (```mermaid, ```abc, ```fountain, ```jsoncanvas, ```js, …). markdown-it's block
 * parser is used rather than a line scan so fences inside lists and block quotes, tilde fences, longer
 * closing fences and fence-like lines inside indented code all count exactly as CommonMark says.
 */
import MarkdownIt from 'markdown-it';

// Only block structure matters here: inline parsing is the bulk of the work and is skipped.
const parser = new MarkdownIt('commonmark');
parser.core.ruler.disable(['inline', 'text_join']);

/** The distinct tags (first word of the info string) of the fenced blocks in `markdown`, in order. */
export function fencedBlockTags(markdown: string): string[] {
  const tags = new Set<string>();
  for (const token of parser.parse(markdown, {})) {
    if (token.type !== 'fence') continue;
    const tag = token.info.trim().split(/\s+/)[0];
    if (tag) tags.add(tag);
  }
  return [...tags];
}
