/*
 * A version of the note stored by someone else (another tab, an MCP client, a merge of the user's
 * save with one of those) brought into the open document without taking the user's place: the
 * Markdown of the document as it was at a snapshot is compared line by line with the stored
 * version, each changed place becomes the smallest document change (review's markdownChange, the
 * same pipeline the AI's suggestions use), and those are applied through the mapping of whatever the
 * user typed since the snapshot. So the cursor, the selection and the undo history stay; the
 * transaction is kept out of the undo history (the user cannot "undo" someone else's change), and
 * history rebases the user's own steps over it as it does for collaborative edits.
 */
import type { Node as PMNode } from 'prosemirror-model';
import type { Transaction } from 'prosemirror-state';
import { Mapping, Transform } from 'prosemirror-transform';
import { lineEdits } from '$lib/core';
import { applyChange, diffDocs, type DocChange } from './review/doc-change';
import { markdownChange } from './review/markdown-change';
import { replaceDocIn } from './replace-document';
import { parseMarkdown } from './parse';
import { serializeMarkdown } from './serialize';

/** The document at one moment, and the mapping from it to the document now (extended by the editor). */
export interface DocSnapshot {
  readonly doc: PMNode;
  readonly mapping: Mapping;
}

/** Whether `change`, applied to `doc` alone, gives exactly `markdown`. */
function gives(doc: PMNode, change: DocChange, markdown: string): boolean {
  const tr = new Transform(doc);
  return applyChange(tr, change, new Mapping()) && serializeMarkdown(tr.doc) === markdown;
}

/**
 * The smallest change of `doc` for a Markdown edit, checked to give exactly the edited Markdown.
 * markdownChange's answer almost always does; where it does not (blocks typed in the editor carry
 * no source records, and a separator next to them can come out one newline short), a diff against a
 * parse of the whole edited note is used, and failing that, every block replaced and re-recorded.
 * Null when the edit changes nothing.
 */
export function exactMarkdownChange(
  doc: PMNode,
  edit: { from: number; to: number; insert: string }
): DocChange | null {
  const markdown = serializeMarkdown(doc);
  const expected = markdown.slice(0, edit.from) + edit.insert + markdown.slice(edit.to);
  if (expected === markdown) return null;
  // Blocks added after the last one (an append, the commonest stored change): the blocks already
  // there stay as they are. Re-parsing the last block instead would drop what its Markdown cannot
  // hold, such as a space the user has just typed at the end of its line.
  if (edit.from === edit.to && markdown.slice(edit.from).trim() === '' && /^\n/.test(edit.insert)) {
    const added = parseMarkdown(edit.insert.replace(/^\n+/, ''));
    const append = diffDocs(doc, doc.copy(doc.content.append(added.content)));
    if (append && gives(doc, append, expected)) return append;
  }
  const fine = markdownChange(doc, edit);
  if (fine && gives(doc, fine, expected)) return fine;
  const parsed = parseMarkdown(expected);
  const coarse = diffDocs(doc, parsed);
  if (coarse && gives(doc, coarse, expected)) return coarse;
  const sources = [];
  for (let i = 0; i < parsed.childCount; i++)
    sources.push({ index: i, type: parsed.child(i).type.name, source: parsed.child(i).attrs.source });
  return {
    replacements: [{ from: 0, to: doc.content.size, slice: parsed.slice(0, parsed.content.size) }],
    sources,
    docAttrs: { ...parsed.attrs },
    from: 0,
    to: doc.content.size,
    after: parsed
  };
}

/** The changes (one per changed place, each on `doc`) that take `doc` to `markdown`. */
export function storedChanges(doc: PMNode, markdown: string): DocChange[] {
  const changes: DocChange[] = [];
  for (const edit of lineEdits(serializeMarkdown(doc), markdown)) {
    const change = exactMarkdownChange(doc, edit);
    if (change) changes.push(change);
  }
  return changes;
}

/**
 * Adds to `tr` (on the document now) the steps that take the snapshot's document to `markdown`,
 * mapped through the edits since. Returns false, leaving `tr` unchanged, when one does not fit.
 * Without edits since, the result is checked to be exactly `markdown`, and replaced by the one
 * differing range of a full parse when it is not (a change the per-place path cannot express).
 */
export function applyStoredVersion(tr: Transaction, snapshot: DocSnapshot, markdown: string): boolean {
  const changes = storedChanges(snapshot.doc, markdown);
  const scratch = new Transform(tr.doc);
  // Last first: a change never moves the ones before it.
  for (const change of [...changes].sort((a, b) => b.from - a.from)) {
    const mapping = new Mapping([...snapshot.mapping.maps, ...scratch.mapping.maps]);
    if (!applyChange(scratch, change, mapping)) return false;
  }
  if (snapshot.mapping.maps.length === 0 && serializeMarkdown(scratch.doc) !== markdown) {
    const whole = new Transform(tr.doc);
    replaceDocIn(whole, parseMarkdown(markdown));
    for (const step of whole.steps) tr.step(step);
    return true;
  }
  for (const step of scratch.steps) tr.step(step);
  return true;
}
