/**
 * Light Markdown stripping before embedding: the markup characters (#, *, |, link targets, HTML tags)
 * carry no meaning for a text embedder and would only dilute the vector, so they go; the words stay.
 * This is deliberately not a parser: it works line by line, and a missed mark costs a little
 * precision, never text.
 */

/** One paragraph of plain text; `heading` when it opens with a Markdown heading (a section start). */
export interface TextBlock {
  text: string;
  heading: boolean;
}

const FENCE_RE = /^\s{0,3}(```+|~~~+)/;
const HEADING_RE = /^\s{0,3}#{1,6}\s+/;
const RULE_RE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_SEPARATOR_RE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const LIST_MARK_RE = /^(\s*)(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/;
const QUOTE_RE = /^\s*(?:>\s?)+/;

/** Strips inline marks: images and links keep their text, HTML tags and emphasis marks go. */
export function stripInline(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/(^|[\s(])[*_]+(?=\S)|(?<=\S)[*_]+(?=[\s).,;:!?]|$)/g, '$1')
    .replace(/\s*\|\s*/g, ' | ')
    .replace(/^\s*\|\s*|\s*\|\s*$/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** Turns one Markdown line into plain text, or null when the line is only markup. */
function stripLine(line: string): { text: string; heading: boolean } | null {
  if (FENCE_RE.test(line) || RULE_RE.test(line) || TABLE_SEPARATOR_RE.test(line)) return null;
  const heading = HEADING_RE.test(line);
  const body = line
    .replace(HEADING_RE, '')
    .replace(/\s#+\s*$/, '')
    .replace(QUOTE_RE, '')
    .replace(LIST_MARK_RE, '$1');
  const text = stripInline(body);
  return text ? { text, heading } : null;
}

/** Splits Markdown into plain-text blocks at blank lines and before each heading. */
export function markdownToBlocks(markdown: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let current: TextBlock | null = null;
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (raw.trim() === '') {
      current = null;
      continue;
    }
    const line = stripLine(raw);
    if (!line) continue;
    if (line.heading || !current) {
      current = { text: line.text, heading: line.heading };
      blocks.push(current);
    } else {
      current.text += '\n' + line.text;
    }
  }
  return mergeHeadings(blocks);
}

/** A heading joins the block after it, so a section's title travels with its first paragraph. */
function mergeHeadings(blocks: TextBlock[]): TextBlock[] {
  const merged: TextBlock[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = { ...blocks[i] };
    while (block.heading && !block.text.includes('\n') && i + 1 < blocks.length && !blocks[i + 1].heading) {
      block.text += '\n' + blocks[++i].text;
    }
    merged.push(block);
  }
  return merged;
}
