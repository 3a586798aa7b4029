/*
 * An edit of the note's Markdown (replace characters from..to by `insert`) as a DocChange.
 *
 * applyMarkdownEdit (../markdown-edit.ts) re-parses the touched blocks and checks the result
 * against a parse of the whole new note, which on a 100 KB note costs far more than a frame. Here
 * only a window is parsed: the changed blocks with one unchanged neighbour on each side, as
 * Markdown with the edit applied (and the note's link definitions). Markdown's block structure is
 * local, so when the outer neighbours parse exactly as before (no fence left open to swallow what
 * follows, no line joining the list above), the window's blocks are the whole note's. A block the
 * edit only writes after (an insertion after its last character, as insert_after_anchor makes) is
 * itself the left neighbour: it must still read as before, unless it is a paragraph or heading
 * the edit writes after a blank line: then it cannot change and is not parsed again (see
 * writesAfterClosed); and when the block after the new ones is written as its source, a blank line
 * away, it is not parsed again either (see parsedBeforeKept). The window is parsed again on every
 * frame of a streamed suggestion, so it is kept this small. The new blocks carry their exact source text; the first neighbour keeps its
 * own, so the separators around the window stay as they were. When the neighbours change, or a
 * link definition comes or goes (a label can be used anywhere), the edit is applied to the whole
 * document with applyMarkdownEdit.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import { applyMarkdownEdit } from '../markdown-edit';
import { parseMarkdown } from '../parse';
import type { Definitions } from '../reference-links';
import { isUnchanged, serializeWithMap, type BlockSpan } from '../serialize';
import { blockSource, fingerprint } from '../source-map';
import { diffDocs, type DocChange } from './doc-change';

/** Characters from..to of the Markdown replaced by `insert`. */
export interface MarkdownEdit {
  from: number;
  to: number;
  insert: string;
}

/** Unchanged blocks parsed on each side of the changed ones (see the module comment). */
const MARGIN = 1;

function wholeDoc(doc: PMNode, edit: MarkdownEdit): PMNode {
  const tr = new Transform(doc);
  applyMarkdownEdit(tr, edit.from, edit.to, edit.insert);
  return tr.doc;
}

/** The first and last blocks whose span (their text and line ending) the range from..to reaches. */
function touched(spans: readonly BlockSpan[], from: number, to: number): [number, number] {
  // The first span ending after `from` (spans are in order): a binary search, as a note has thousands.
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].to > from) hi = mid;
    else lo = mid + 1;
  }
  const first = Math.min(lo, spans.length - 1);
  let last = first;
  while (last + 1 < spans.length && spans[last + 1].from < to) last++;
  return [first, last];
}

function sameStructure(a: PMNode, b: PMNode): boolean {
  return (
    a.type === b.type &&
    a.content.eq(b.content) &&
    JSON.stringify({ ...a.attrs, source: null }) === JSON.stringify({ ...b.attrs, source: null })
  );
}

/** Where a block's own text ends: before the line ending its span includes. */
function textEnd(markdown: string, span: BlockSpan): number {
  let end = span.to;
  if (end > span.textFrom && markdown.charCodeAt(end - 1) === 10) end--;
  if (end > span.textFrom && markdown.charCodeAt(end - 1) === 13) end--;
  return end;
}

/** A line that may define a link reference, possibly inside a quote or list item. */
const DEFINITION = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?[ \t>]*\[[^\]\n]+\]:/m;

/** A definition list's definition line (markdown-it-deflist): it makes the paragraph before a term. */
const DEFINITION_ITEM = /^\n*[ ]{0,3}[:~]/;

/** The window's blocks as parsed, and the text after its last. */
interface Parsed {
  blocks: PMNode[];
  trailing: string;
}

/**
 * Whether the edit inserts, after a blank line, right after the text of the paragraph or heading
 * `neighbour` (as insert_after_anchor writes a new paragraph): nothing written after a blank line
 * changes such a block (a blank line ends a paragraph; only a definition list's `:` reaches back
 * over one), so it need not be parsed again. Line endings must be LF: the first `\n` is its own.
 */
function writesAfterClosed(markdown: string, neighbour: PMNode, end: number, edit: MarkdownEdit): boolean {
  return (
    edit.from === edit.to &&
    edit.from === end &&
    (neighbour.type.name === 'paragraph' || neighbour.type.name === 'heading') &&
    markdown.charCodeAt(edit.from) === 10 &&
    markdown.charCodeAt(edit.from - 1) !== 13 &&
    edit.insert.startsWith('\n\n') &&
    !edit.insert.includes('\r') &&
    !DEFINITION_ITEM.test(edit.insert)
  );
}

/**
 * The blocks after `neighbour`, parsed from `text` (which starts after the neighbour's own line),
 * with the first one's source record saying what precedes it, as a parse with the neighbour would.
 */
function parsedAfter(neighbour: PMNode, text: string, references: Definitions): Parsed {
  // Only blank lines: no block (a parse would fill the empty document with an empty paragraph).
  if (!/\S/.test(text)) return { blocks: [neighbour], trailing: text };
  const parsed = parseMarkdown(text, references);
  const blocks: PMNode[] = [neighbour];
  parsed.forEach((node) => blocks.push(node));
  const first = blocks[1];
  const source = first && blockSource(first);
  if (source)
    blocks[1] = first.type.create(
      {
        ...first.attrs,
        source: { ...source, prevHash: fingerprint(neighbour), prevType: neighbour.type.name }
      },
      first.content,
      first.marks
    );
  return { blocks, trailing: parsed.attrs.trailing as string };
}

/** Blocks that a blank line closes: nothing written after one reaches back into it, or past it. */
const CLOSED_BY_BLANK_LINE = new Set(['paragraph', 'heading']);

/** Where a block's line ends, then a blank line (the lines between two blocks, from the first's end). */
const BLANK_LINE_AFTER = /^\n[ \t]*\n/;

/**
 * parsedAfter, without parsing again `next`, the block the new ones are written before, when
 * nothing written can change how it reads: the new text parses to paragraphs and headings only
 * (none left open to run on, as a fence or a list would), a blank line parts them from `next`,
 * and `next` is written as its source (so it parses as it did) and is no definition list's `:`
 * line (which would make the paragraph before it a term). `next` keeps its nodes, with the source
 * record a parse would give it: the lines before it and the block before it are the new ones.
 * `text` is the new blocks' text with the lines up to `next` (`separator`, from the end of the
 * block the edit writes after). Null when only a parse can tell.
 */
function parsedBeforeKept(
  neighbour: PMNode,
  text: string,
  separator: string,
  next: PMNode,
  nextText: string,
  references: Definitions
): Parsed | null {
  const source = blockSource(next);
  if (!source || source.text !== nextText || !isUnchanged(next)) return null;
  if (!BLANK_LINE_AFTER.test(separator) || DEFINITION_ITEM.test(nextText)) return null;
  const parsed = parsedAfter(neighbour, text, references);
  const { blocks } = parsed;
  if (blocks.length < 2 || !blocks.every((b, i) => i === 0 || CLOSED_BY_BLANK_LINE.has(b.type.name)))
    return null;
  const last = blocks[blocks.length - 1];
  const lastSource = blockSource(last);
  if (!lastSource) return null;
  const repointed = {
    text: source.text,
    before: parsed.trailing,
    hash: source.hash,
    prevHash: lastSource.hash,
    prevType: last.type.name
  };
  blocks.push(next.type.create({ ...next.attrs, source: repointed }, next.content, next.marks));
  // `next` is not the note's last block (the caller's window ends with it), so nothing trails.
  return { blocks, trailing: '' };
}

/** The window parsed whole, its first neighbour with it, or null when that neighbour changed. */
function parsedWithNeighbour(
  doc: PMNode,
  markdown: string,
  spans: readonly BlockSpan[],
  w0: number,
  text: string,
  references: Definitions
): Parsed | null {
  const parsed = parseMarkdown(text, references);
  const blocks: PMNode[] = [];
  parsed.forEach((node) => blocks.push(node));
  if (w0 > 0) {
    // The first neighbour must read as before: then nothing the edit wrote reaches before the window.
    if (blocks.length < 2 || !sameStructure(blocks[0], doc.child(w0))) return null;
    // It is kept as it is, so its text too must be as before (an insertion right after its last
    // character may have joined its line: `***` written after as `*** `).
    if (blockSource(blocks[0])?.text !== markdown.slice(spans[w0].textFrom, spans[w0].to)) return null;
    // It keeps its own source (its separator from the block before the window).
    blocks[0] = doc.child(w0);
  }
  return { blocks, trailing: parsed.attrs.trailing as string };
}

/** The edited document computed on a window, or null when only the whole document can tell. */
function windowed(
  doc: PMNode,
  markdown: string,
  spans: readonly BlockSpan[],
  edit: MarkdownEdit
): PMNode | null {
  const count = doc.childCount;
  if (count <= 2 * MARGIN + 1) return null;
  const [first, last] = touched(spans, edit.from, edit.to);
  // Writing only after the first block's text leaves that block as it was: it is the neighbour.
  const firstEnd = textEnd(markdown, spans[first]);
  const changedFirst = edit.from >= firstEnd ? first + 1 : first;
  const w0 = Math.max(0, changedFirst - MARGIN);
  const wN = Math.min(count - 1, last + MARGIN);
  const atEnd = wN === count - 1;
  const base = w0 === 0 ? 0 : spans[w0].textFrom;
  const end = atEnd ? markdown.length : spans[wN].to;
  if (edit.from < base || edit.to > end) return null;
  const references = doc.attrs.references as Definitions;
  const after = edit.insert + markdown.slice(edit.to, end);
  const text = markdown.slice(base, edit.from) + after;
  // A definition written, changed or removed here can change links anywhere in the note.
  if (DEFINITION.test(text) || DEFINITION.test(markdown.slice(base, end))) return null;
  let parsed: Parsed | null;
  if (changedFirst === first + 1 && writesAfterClosed(markdown, doc.child(first), firstEnd, edit)) {
    const separator = markdown.slice(edit.to, spans[wN].textFrom);
    const nextText = markdown.slice(spans[wN].textFrom, spans[wN].to);
    const newText = edit.insert.slice(1) + separator;
    parsed =
      (!atEnd &&
        parsedBeforeKept(doc.child(first), newText, separator, doc.child(wN), nextText, references)) ||
      parsedAfter(doc.child(first), after.slice(1), references);
  } else {
    parsed = parsedWithNeighbour(doc, markdown, spans, w0, text, references);
  }
  if (!parsed) return null;
  const { blocks } = parsed;
  // The last neighbour must read as before: then nothing the edit wrote reaches past the window.
  if (!atEnd && (blocks.length < 2 || !sameStructure(blocks[blocks.length - 1], doc.child(wN)))) return null;
  const all: PMNode[] = [];
  for (let i = 0; i < w0; i++) all.push(doc.child(i));
  all.push(...blocks);
  for (let i = wN + 1; i < count; i++) all.push(doc.child(i));
  return doc.type.create({ ...doc.attrs, trailing: atEnd ? parsed.trailing : doc.attrs.trailing }, all);
}

function isEmptyParagraph(node: PMNode): boolean {
  return node.type.name === 'paragraph' && node.content.size === 0;
}

/**
 * `after` with the empty paragraphs of `doc` outside the touched blocks put back. Markdown has no
 * empty paragraph (Enter twice makes one in the editor), so any re-parse drops them; an edit
 * elsewhere must not. Null when the untouched blocks do not line up (the edit changed them).
 */
function keepEmptyParagraphs(doc: PMNode, after: PMNode, first: number, last: number): PMNode | null {
  const same = (a: PMNode, b: PMNode) => a === b || (a.type === b.type && a.content.eq(b.content));
  let j = 0;
  for (let i = 0; i < first; i++) {
    if (j < after.childCount && same(doc.child(i), after.child(j))) j++;
    else if (!isEmptyParagraph(doc.child(i))) return null;
  }
  let k = after.childCount;
  for (let i = doc.childCount - 1; i > last; i--) {
    if (k > j && same(doc.child(i), after.child(k - 1))) k--;
    else if (!isEmptyParagraph(doc.child(i))) return null;
  }
  const blocks: PMNode[] = [];
  for (let i = 0; i < first; i++) blocks.push(doc.child(i));
  for (let i = j; i < k; i++) blocks.push(after.child(i));
  for (let i = last + 1; i < doc.childCount; i++) blocks.push(doc.child(i));
  return blocks.length === after.childCount ? after : doc.type.create(after.attrs, blocks);
}

/** The edit as document changes on `doc`, or null when it changes nothing. */
export function markdownChange(doc: PMNode, edit: MarkdownEdit): DocChange | null {
  const { markdown, spans } = serializeWithMap(doc);
  if (edit.from < 0 || edit.to < edit.from || edit.to > markdown.length) {
    throw new RangeError(
      `Markdown edit ${edit.from}..${edit.to} is outside the note (${markdown.length} characters)`
    );
  }
  if (markdown.slice(edit.from, edit.to) === edit.insert) return null;
  const after = windowed(doc, markdown, spans, edit) ?? wholeDoc(doc, edit);
  const [first, last] = touched(spans, edit.from, edit.to);
  return diffDocs(doc, keepEmptyParagraphs(doc, after, first, last) ?? after);
}
