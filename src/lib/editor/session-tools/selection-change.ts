/*
 * `edit_selection(text)` on the document: the range the turn's selection covers now, replaced by
 * `text` read as Markdown. Inline text replacing part of one paragraph stays inline (the paragraph
 * keeps its marks and the rest of its text); text of several blocks is fitted in as a paste would
 * be, its first and last paragraphs joining the text around the selection.
 */
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import { parseMarkdown } from '../parse';
import type { Definitions } from '../reference-links';

function sliceFor(doc: PMNode, from: number, to: number, text: string): Slice {
  const parsed = parseMarkdown(text, doc.attrs.references as Definitions);
  const $from = doc.resolve(from);
  const sameTextblock = $from.parent.isTextblock && $from.sameParent(doc.resolve(to));
  const only = parsed.childCount === 1 ? parsed.firstChild! : null;
  if (sameTextblock && only?.type.name === 'paragraph') return new Slice(only.content, 0, 0);
  if ($from.parent.type.spec.code)
    return new Slice(text ? Fragment.from(doc.type.schema.text(text)) : Fragment.empty, 0, 0);
  // Strip the parse's source records: these blocks are new, and serialise afresh.
  const blocks: PMNode[] = [];
  parsed.forEach((node) =>
    blocks.push(node.type.create({ ...node.attrs, source: null }, node.content, node.marks))
  );
  return Slice.maxOpen(Fragment.from(blocks));
}

/** The document with from..to replaced by `text` (Markdown). */
export function replaceSelection(doc: PMNode, from: number, to: number, text: string): PMNode {
  const tr = new Transform(doc);
  tr.replace(from, to, sliceFor(doc, from, to, text));
  return tr.doc;
}
