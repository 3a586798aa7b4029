/**
 * Markdown as the plain text a reader sees: what the note list's excerpts and the search results'
 * snippets show. Line-local rules only (headings, list and task markers, quotes, emphasis, code
 * fences, links and images, HTML tags, table pipes and rules), so any run of whole lines can be
 * converted on its own: a snippet converts just the lines around its match, whatever the note's size.
 */

/** Marks an escaped character while markup is stripped (a private-use code point). */
const ESCAPED = '\uE000';
const ESCAPED_RE = /\\([!-/:-@[-`{-~])/g;
const FENCE_RE = /^\s{0,3}(```|~~~)[^\n]*$/gm;
const IMAGE_RE = /!\[([^\]]*)\]\([^)]*\)/g;
const LINK_RE = /\[([^\]]*)\]\([^)]*\)/g;
const TAG_RE = /<[^>\n]+>/g;
/** A line that is only a rule, a setext underline or a table's delimiter row. */
const RULE_LINE_RE = /^\s{0,3}[-*_=|: ]{3,}$/gm;
const BLOCK_MARKER_RE = /^\s{0,3}(#{1,6}|>|[-*+]\s+\[[ xX]\]|[-*+]|\d+[.)])(\s+|$)/gm;
const INLINE_MARK_RE = new RegExp(`(?<!${ESCAPED})[*_~\`]+`, 'g');

/** The plain text of Markdown, whitespace (newlines too) collapsed to single spaces. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(ESCAPED_RE, `${ESCAPED}$1`)
    .replace(FENCE_RE, ' ')
    .replace(IMAGE_RE, '$1')
    .replace(LINK_RE, '$1')
    .replace(TAG_RE, ' ')
    .replace(RULE_LINE_RE, ' ')
    .replace(BLOCK_MARKER_RE, '')
    .replace(/(?<!\uE000)\|/g, ' ')
    .replace(INLINE_MARK_RE, '')
    .replaceAll(ESCAPED, '')
    .replace(/\s+/g, ' ')
    .trim();
}
