/*
 * The markdown-it instance behind the editor: CommonMark with GFM tables and strikethrough, raw
 * HTML, `$…$`/`$$…$$` math (@mdit/plugin-tex), GFM task list items, and footnotes, definition
 * lists, highlights and wiki links (markdown-it-extras.ts).
 *
 * Task lists are a small core rule of our own: markdown-it-task-lists is unmaintained and, like
 * @mdit/plugin-tasklist, it renders checkboxes as inline HTML tokens, while the editor wants a
 * `checked` attribute on the list item. The rule runs before inline parsing and strips the
 * `[ ]`/`[x]` marker from the item's first paragraph, recording the state on the
 * `list_item_open` token's `meta`.
 */
import MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { tex } from '@mdit/plugin-tex';
import { recordReferenceForms } from './reference-links';
import { useNoteExtras } from './markdown-it-extras';

const TASK_MARKER = /^\[([ xX])\](?:[ \t]+|$)/;

/** Marks list items whose first paragraph starts with a GFM task marker. */
function taskListRule(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i].type !== 'list_item_open') continue;
    if (tokens[i + 1].type !== 'paragraph_open' || tokens[i + 2].type !== 'inline') continue;
    const inline = tokens[i + 2];
    const match = TASK_MARKER.exec(inline.content);
    if (!match) continue;
    inline.content = inline.content.slice(match[0].length);
    tokens[i].meta = { ...tokens[i].meta, checked: match[1] !== ' ' };
  }
}

const ITEM_LINE = /^((?:[ ]*>[ ]?)*)([ ]*)([-+*]|\d{1,9}[.)])([ ]*)/;

/**
 * Records on each list's opening token (`meta.indent`, `meta.gap`) how its first item is laid
 * out: spaces before the marker (relative to the enclosing item's content) and after it, so an
 * edited list keeps the user's indentation. Lines with tabs keep the defaults.
 */
function listLayoutRule(state: StateCore): void {
  const lines = state.src.split('\n');
  const contentColumns: number[] = [];
  let list: Token | null = null;
  for (const tok of state.tokens) {
    if (tok.type === 'bullet_list_open' || tok.type === 'ordered_list_open') list = tok;
    else if (tok.type === 'list_item_close') contentColumns.pop();
    else if (tok.type === 'list_item_open') {
      const parent = contentColumns[contentColumns.length - 1] ?? 0;
      const line = tok.map ? lines[tok.map[0]] : undefined;
      const match = line !== undefined && !line.includes('\t') ? ITEM_LINE.exec(line) : null;
      if (!match) {
        contentColumns.push(parent + 2);
        continue;
      }
      const markerColumn = match[1].length + match[2].length;
      const empty = line!.length === markerColumn + match[3].length + match[4].length;
      const gap = match[4].length < 1 || match[4].length > 4 || empty ? 1 : match[4].length;
      contentColumns.push(markerColumn + match[3].length + gap);
      if (list) {
        const indent = Math.min(3, Math.max(0, markerColumn - Math.max(parent, match[1].length)));
        list.meta = { ...list.meta, indent, gap };
        list = null;
      }
    }
  }
}

const plain = new MarkdownIt('commonmark');
const utils = plain.utils;

/** The plain text a link label renders to (what an image's alt holds). */
export function labelText(label: string): string {
  const inline = plain.parseInline(label, {})[0];
  return plain.renderer.renderInlineAsText(inline?.children ?? [], plain.options, {});
}

/** markdown-it's normalisation of link labels (case folding, whitespace collapsing). */
export function normalizeReference(label: string): string {
  return utils.normalizeReference(label);
}

/**
 * Records on each table's opening token how it is laid out (`meta.outerPipes`, `meta.padded`:
 * columns padded so every row has the same length, `meta.compact`: a delimiter row without
 * spaces, `meta.spaced`: cells written `| a |` rather than `|a|`, `meta.widths`: column widths), so an edited table is written in the same layout.
 */
function tableLayoutRule(state: StateCore): void {
  let lines: string[] | null = null;
  for (const tok of state.tokens) {
    if (tok.type !== 'table_open' || !tok.map) continue;
    lines ??= state.src.split('\n');
    const rows = lines.slice(tok.map[0], tok.map[1]).map((line) => line.replace(/^[ \t>]*/, '').trimEnd());
    const sameLength = rows.every((row) => Array.from(row).length === Array.from(rows[0]).length);
    const padded = rows.length > 2 && sameLength && rows.some((row) => /\S {2,}\||\| {2,}\S/.test(row));
    const compact = !/[ \t]/.test(rows[1] ?? ' ');
    const spaced = !/\|[^\s|]/.test(rows[0]) || !rows[0].includes('|');
    // Column widths as the delimiter row gives them (a compact row counts the cell padding too).
    const widths = (rows[1] ?? '')
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => Math.max(1, cell.trim().length - (compact && padded && spaced ? 2 : 0)));
    // Null when every column has the width a new table gets, so tables built in code compare equal.
    const custom = padded || widths.some((w) => w !== 3);
    const outerPipes = rows[0].startsWith('|');
    tok.meta = { ...tok.meta, outerPipes, padded, compact, spaced, widths: custom ? widths : null };
  }
}

/** Records on setext headings' open tokens the length of their underline (`meta.underline`). */
function setextRule(state: StateCore): void {
  let lines: string[] | null = null;
  for (const tok of state.tokens) {
    if (tok.type !== 'heading_open' || !tok.map || (tok.markup !== '=' && tok.markup !== '-')) continue;
    lines ??= state.src.split('\n');
    const underline = (lines[tok.map[1] - 1] ?? '').replace(/^[ \t>]*/, '').trimEnd();
    tok.meta = { ...tok.meta, underline: underline.length };
  }
}

/**
 * Creates the markdown-it instance Folio parses notes with. The math plugin's renderer is never
 * used by the editor (it keeps TeX verbatim); it renders escaped source so HTML output stays safe.
 */
export function createMarkdownIt(): MarkdownIt {
  const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  md.use(tex, { render: (content: string) => md.utils.escapeHtml(content) });
  recordReferenceForms(md);
  useNoteExtras(md);
  md.core.ruler.after('block', 'folio_task_list', taskListRule);
  md.core.ruler.after('folio_task_list', 'folio_list_layout', listLayoutRule);
  md.core.ruler.after('folio_list_layout', 'folio_table_layout', tableLayoutRule);
  md.core.ruler.after('folio_table_layout', 'folio_setext', setextRule);
  return md;
}
