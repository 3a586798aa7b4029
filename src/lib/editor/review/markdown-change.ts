/*
 * An edit of the note's Markdown (replace characters from..to by `insert`) as a DocChange.
 *
 * applyMarkdownEdit (../markdown-edit.ts) re-parses the touched blocks and checks the result
 * against a parse of the whole new note, which on a 100 KB note costs far more than a frame. Here
 * it runs on a window instead: the touched blocks with two untouched neighbours on each side, cut
 * out as a small document of their own. Markdown's block structure is local, so when the new text
 * leaves the outer neighbours parsing exactly as before (no fence left open to swallow what
 * follows, no line joining the list above), the window's result is the whole note's. When it does
 * not, or when the note has link reference definitions (a label can be used anywhere), the edit
 * is applied to the whole document, as applyMarkdownEdit does.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import { applyMarkdownEdit } from '../markdown-edit';
import { serializeWithMap, type BlockSpan } from '../serialize';
import { diffDocs, type DocChange } from './doc-change';

/** Characters from..to of the Markdown replaced by `insert`. */
export interface MarkdownEdit {
  from: number;
  to: number;
  insert: string;
}

/** Blocks kept on each side of the touched ones. */
const MARGIN = 2;

function wholeDoc(doc: PMNode, edit: MarkdownEdit): PMNode {
  const tr = new Transform(doc);
  applyMarkdownEdit(tr, edit.from, edit.to, edit.insert);
  return tr.doc;
}

function touched(spans: readonly BlockSpan[], from: number, to: number): [number, number] {
  let first = spans.findIndex((span) => span.to > from);
  if (first < 0) first = spans.length - 1;
  let last = first;
  while (last + 1 < spans.length && spans[last + 1].from < to) last++;
  return [first, last];
}

function sameStructure(a: PMNode, b: PMNode): boolean {
  return a.type === b.type && a.content.eq(b.content) && JSON.stringify({ ...a.attrs, source: null }) === JSON.stringify({ ...b.attrs, source: null });
}

/** The edited document computed on a window, or null when only the whole document can tell. */
function windowed(doc: PMNode, markdown: string, spans: readonly BlockSpan[], edit: MarkdownEdit): PMNode | null {
  const count = doc.childCount;
  if ((doc.attrs.defCarriers as string[]).length || count <= 2 * MARGIN + 1) return null;
  const [first, last] = touched(spans, edit.from, edit.to);
  const w0 = Math.max(0, first - MARGIN);
  const wN = Math.min(count - 1, last + MARGIN);
  const atEnd = wN === count - 1;
  const children: PMNode[] = [];
  for (let i = w0; i <= wN; i++) children.push(doc.child(i));
  const window = doc.type.create({ ...doc.attrs, trailing: atEnd ? doc.attrs.trailing : '', defCarriers: [] }, children);
  const mapped = serializeWithMap(window);
  const base = w0 === 0 ? 0 : spans[w0].textFrom;
  const windowBase = w0 === 0 ? 0 : mapped.spans[0].textFrom;
  const end = atEnd ? markdown.length : spans[wN].to;
  if (mapped.markdown.slice(windowBase) !== markdown.slice(base, end) || edit.from < base || edit.to > end) return null;
  const tr = new Transform(window);
  applyMarkdownEdit(tr, edit.from - base + windowBase, edit.to - base + windowBase, edit.insert);
  const result = tr.doc;
  if (JSON.stringify(result.attrs.references) !== JSON.stringify(doc.attrs.references) || (result.attrs.defCarriers as string[]).length) return null;
  if (w0 > 0 && !sameStructure(result.firstChild!, window.firstChild!)) return null;
  if (!atEnd && !sameStructure(result.lastChild!, window.lastChild!)) return null;
  const all: PMNode[] = [];
  for (let i = 0; i < w0; i++) all.push(doc.child(i));
  result.forEach((node) => all.push(node));
  for (let i = wN + 1; i < count; i++) all.push(doc.child(i));
  return doc.type.create({ ...doc.attrs, trailing: atEnd ? result.attrs.trailing : doc.attrs.trailing }, all);
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
    throw new RangeError(`Markdown edit ${edit.from}..${edit.to} is outside the note (${markdown.length} characters)`);
  }
  if (markdown.slice(edit.from, edit.to) === edit.insert) return null;
  const after = windowed(doc, markdown, spans, edit) ?? wholeDoc(doc, edit);
  const [first, last] = touched(spans, edit.from, edit.to);
  return diffDocs(doc, keepEmptyParagraphs(doc, after, first, last) ?? after);
}
