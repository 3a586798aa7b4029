/*
 * Replacing the document after an outside change (the note was saved in another tab) without
 * losing the user's place: only the range that differs is replaced, so the selection and the
 * undo history map through it like through any other edit.
 */
import type { Node as PMNode } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import type { Transform } from 'prosemirror-transform';

/** Adds to `tr` the steps that turn `tr.doc` into `next`, replacing only what differs. */
export function replaceDocIn(tr: Transform, next: PMNode): void {
  const doc = tr.doc;
  for (const name of Object.keys(next.attrs)) {
    if (JSON.stringify(doc.attrs[name]) !== JSON.stringify(next.attrs[name]))
      tr.setDocAttribute(name, next.attrs[name]);
  }
  const start = doc.content.findDiffStart(next.content);
  if (start === null) return;
  const end = doc.content.findDiffEnd(next.content)!;
  let endA = end.a;
  let endB = end.b;
  // When a change repeats the text around it, the two scans overlap; widen both ends alike.
  const overlap = start - Math.min(endA, endB);
  if (overlap > 0) {
    endA += overlap;
    endB += overlap;
  }
  tr.replace(start, endA, next.slice(start, endB));
}

/** A transaction turning `state.doc` into `next`, or null when they are equal. */
export function replaceDocument(state: EditorState, next: PMNode): Transaction | null {
  const tr = state.tr;
  replaceDocIn(tr, next);
  return tr.docChanged ? tr : null;
}
