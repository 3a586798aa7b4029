/*
 * Session tools on the note's Markdown (reference.md, "Session-tool semantics"): each anchor or
 * append tool call becomes one replacement of characters from..to of the Markdown, or a refusal the
 * model can act on. Pure string work: the editor turns the replacement into document steps.
 *
 * - An anchor is an exact, case-sensitive substring; with several occurrences, the one nearest the
 *   cursor wins. An empty anchor is refused.
 * - `rewrite_paragraph` refuses an anchor longer than half the note (a mis-pick that would wipe it).
 * - Inserting before an anchor that starts a line, or after one that ends a line, inserts whole
 *   lines: a blank line keeps the new text its own paragraph, a single line break joins it to the
 *   list, table or quote it lands in.
 * - `append_to_note` adds a paragraph break as needed (none if the note is empty or ends in a
 *   blank line).
 */

/** Characters from..to of the note's Markdown replaced by `insert`. */
export interface MarkdownEdit {
  from: number;
  to: number;
  insert: string;
}

/** A tool call resolved against the note, or why it cannot be. */
export type Resolved = { ok: true; edit: MarkdownEdit } | { ok: false; error: string };

type FoundAnchor = { from: number; to: number } | { error: string };

/**
 * The last anchor looked up. While a call streams, each draft frame and then the finished call
 * look up the same anchor in the same Markdown (the serializer hands back the one string it keeps
 * per document), and every lookup scans the whole note for all occurrences (a 100 KB note: about
 * 0.05 ms each, several per step).
 */
let lastLookup: { markdown: string; anchor: string; cursor: number; found: FoundAnchor } | undefined;

/** Where the anchor (a substring of the Markdown) sits, or why it cannot be used. */
export function findAnchor(markdown: string, anchor: string, cursor: number): FoundAnchor {
  const last = lastLookup;
  if (last && last.markdown === markdown && last.anchor === anchor && last.cursor === cursor)
    return last.found;
  const found = searchAnchor(markdown, anchor, cursor);
  lastLookup = { markdown, anchor, cursor, found };
  return found;
}

function searchAnchor(markdown: string, anchor: string, cursor: number): FoundAnchor {
  if (anchor.length === 0)
    return { error: 'The anchor is empty. Give a short, exact piece of the note’s Markdown.' };
  let best = -1;
  let bestDistance = Infinity;
  for (let at = markdown.indexOf(anchor); at >= 0; at = markdown.indexOf(anchor, at + 1)) {
    const distance =
      cursor < at ? at - cursor : cursor > at + anchor.length ? cursor - at - anchor.length : 0;
    if (distance < bestDistance) [best, bestDistance] = [at, distance];
  }
  if (best < 0) {
    return {
      error: `The anchor ${quote(anchor)} is not in the note. Copy it exactly (case, spaces and Markdown syntax) from the note as it is now; edits still waiting for review are not part of it yet.`
    };
  }
  return { from: best, to: best + anchor.length };
}

/** A short quoted form of a possibly long string, for messages. */
export function quote(text: string, max = 60): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

const LIST_ITEM = /^[ \t>]*(?:[-+*]|\d{1,9}[.)])[ \t]/;
const TABLE_ROW = /^[ \t]*\|/;
const QUOTE_LINE = /^[ \t]*>/;

/** Two lines that belong to one block when adjacent: list items, table rows, quote lines. */
function sameKind(a: string, b: string): boolean {
  return [LIST_ITEM, TABLE_ROW, QUOTE_LINE].some((re) => re.test(a) && re.test(b));
}

function lineAt(markdown: string, offset: number): string {
  const start = markdown.lastIndexOf('\n', offset - 1) + 1;
  const end = markdown.indexOf('\n', offset);
  return markdown.slice(start, end < 0 ? markdown.length : end);
}

function startsLine(markdown: string, at: number): boolean {
  return at === 0 || markdown[at - 1] === '\n';
}

function endsLine(markdown: string, at: number): boolean {
  return at === markdown.length || markdown[at] === '\n' || markdown.startsWith('\r\n', at);
}

function lastLine(text: string): string {
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  return lines[lines.length - 1];
}

/** `rewrite_paragraph(anchor, text)`: the anchor's characters replaced by `text`. */
export function rewriteParagraph(markdown: string, anchor: string, text: string, cursor: number): Resolved {
  if (anchor.length > markdown.length / 2) {
    return {
      ok: false,
      error: `The anchor is ${anchor.length} characters, more than half of the note (${markdown.length}); rewriting that much would almost certainly wipe the note by mistake. Rewrite one paragraph at a time, with a shorter anchor.`
    };
  }
  const found = findAnchor(markdown, anchor, cursor);
  if ('error' in found) return { ok: false, error: found.error };
  return { ok: true, edit: { ...found, insert: text } };
}

/** `insert_before_anchor(anchor, text)`. */
export function insertBeforeAnchor(markdown: string, anchor: string, text: string, cursor: number): Resolved {
  const found = findAnchor(markdown, anchor, cursor);
  if ('error' in found) return { ok: false, error: found.error };
  let insert = text;
  if (startsLine(markdown, found.from) && text && !/\n$/.test(text)) {
    insert += sameKind(lastLine(text), lineAt(markdown, found.from)) ? '\n' : '\n\n';
  }
  return { ok: true, edit: { from: found.from, to: found.from, insert } };
}

/** `insert_after_anchor(anchor, text)`. */
export function insertAfterAnchor(markdown: string, anchor: string, text: string, cursor: number): Resolved {
  const found = findAnchor(markdown, anchor, cursor);
  if ('error' in found) return { ok: false, error: found.error };
  let insert = text;
  if (endsLine(markdown, found.to) && text && !/^\r?\n/.test(text)) {
    const firstLine = text.split(/\r?\n/)[0];
    insert =
      (sameKind(firstLine, lineAt(markdown, found.to - 1)) ? '\n' : '\n\n') + text.replace(/\r?\n$/, '');
  }
  return { ok: true, edit: { from: found.to, to: found.to, insert } };
}

/** `append_to_note(text)`: at the end, after a paragraph break when one is needed. */
export function appendToNote(markdown: string, text: string): Resolved {
  let separator = '';
  if (markdown.trim() !== '' && !/\n[ \t]*\r?\n$/.test(markdown))
    separator = /\n$/.test(markdown) ? '\n' : '\n\n';
  const insert = separator + text + (text && !/\n$/.test(text) ? '\n' : '');
  return { ok: true, edit: { from: markdown.length, to: markdown.length, insert } };
}
