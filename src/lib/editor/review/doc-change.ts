/*
 * A proposed edit as document changes: the smallest replacements that turn the document into the
 * edited one, so that accepting it keeps the marks, the cursor and the positions of every piece of
 * text the edit did not change.
 *
 * Model: `diffDocs(before, after)` finds the top-level blocks that differ (ignoring the `source`
 * attrs the serializer keeps), replaces them in a scratch transform, and lets prosemirror-changeset
 * diff the old and new content token by token (characters with their marks, node starts with their
 * attributes). Its changes, widened to whole words for presentation (`simplifyChanges`), become the
 * replacements. They are checked to rebuild `after` exactly; if they ever do not, the one
 * block-level replacement is used instead. The blocks' new `source` records (what keeps the
 * Markdown byte-exact) and changed doc attrs travel beside them and are set after the content.
 *
 * Replacements are stored in the coordinates of the document they were computed on; `applyChange`
 * maps them through whatever happened since (the user's typing elsewhere, other accepted edits).
 */
import { ChangeSet, simplifyChanges, type TokenEncoder } from 'prosemirror-changeset';
import { Mark, type Fragment, type Slice, type Node as PMNode } from 'prosemirror-model';
import { Transform, type Mappable } from 'prosemirror-transform';

/** One replacement of from..to (in the base document) by `slice`. */
export interface Replacement {
  from: number;
  to: number;
  slice: Slice;
}

/** The new `source` attr of a top-level block, by its index in the edited document. */
export interface SourceUpdate {
  index: number;
  type: string;
  source: unknown;
}

/** A whole edit as replacements on a base document; see the module comment. */
export interface DocChange {
  /** Ascending, non-overlapping, in base coordinates. */
  replacements: Replacement[];
  sources: SourceUpdate[];
  docAttrs: Record<string, unknown>;
  /** The base range the replacements cover. */
  from: number;
  to: number;
  /** The edited document (when applied with nothing else changed). */
  after: PMNode;
}

function attrsKey(node: PMNode): string {
  let key = node.type.name;
  for (const name in node.attrs) if (name !== 'source') key += `;${name}=${JSON.stringify(node.attrs[name])}`;
  return key;
}

function marksKey(marks: readonly Mark[]): string {
  return marks.map((mark) => `${mark.type.name}${JSON.stringify(mark.attrs)}`).join('+');
}

/** Tokens that see marks and attributes (but not `source`), so a bolded word counts as changed. */
const encoder: TokenEncoder<string | number> = {
  encodeCharacter: (char, marks) => (marks.length ? `${char}:${marksKey(marks)}` : char),
  encodeNodeStart: (node) => `<${attrsKey(node)}${node.isLeaf ? marksKey(node.marks) : ''}`,
  encodeNodeEnd: (node) => `>${node.type.name}`,
  compareTokens: (a, b) => a === b
};

/** Equal but for the `source` attr, at any depth (source is only set on top-level blocks). */
function sameBlock(a: PMNode, b: PMNode): boolean {
  return (
    a === b ||
    (a.type === b.type &&
      attrsKey(a) === attrsKey(b) &&
      a.content.eq(b.content) &&
      Mark.sameSet(a.marks, b.marks))
  );
}

/** The first and last top-level indices where the docs differ: [start, endA, endB) or null. */
function blockRange(before: PMNode, after: PMNode): { start: number; endA: number; endB: number } | null {
  const a = before.childCount;
  const b = after.childCount;
  let start = 0;
  while (start < a && start < b && sameBlock(before.child(start), after.child(start))) start++;
  let endA = a;
  let endB = b;
  while (endA > start && endB > start && sameBlock(before.child(endA - 1), after.child(endB - 1))) {
    endA--;
    endB--;
  }
  if (start === a && start === b) return null;
  return { start, endA, endB };
}

function posOfIndex(doc: PMNode, index: number): number {
  let pos = 0;
  for (let i = 0; i < index; i++) pos += doc.child(i).nodeSize;
  return pos;
}

/** Content equal to `expected` ignoring `source` attrs. */
function sameContent(doc: PMNode, expected: PMNode): boolean {
  if (doc.childCount !== expected.childCount) return false;
  for (let i = 0; i < doc.childCount; i++) if (!sameBlock(doc.child(i), expected.child(i))) return false;
  return true;
}

function applyReplacements(doc: PMNode, replacements: readonly Replacement[]): PMNode | null {
  const tr = new Transform(doc);
  try {
    for (let i = replacements.length - 1; i >= 0; i--)
      tr.replace(replacements[i].from, replacements[i].to, replacements[i].slice);
  } catch {
    return null;
  }
  return tr.doc;
}

/** Word-level replacements inside the differing blocks, or null when they don't rebuild `after`. */
function fineReplacements(
  before: PMNode,
  after: PMNode,
  from: number,
  toA: number,
  toB: number
): Replacement[] | null {
  const scratch = new Transform(before);
  scratch.replace(from, toA, after.slice(from, toB));
  const set = ChangeSet.create(before, undefined, encoder).addSteps(scratch.doc, scratch.mapping.maps, null);
  const changes = simplifyChanges(set.changes, scratch.doc);
  const replacements = changes.map((c) => ({
    from: c.fromA,
    to: c.toA,
    slice: scratch.doc.slice(c.fromB, c.toB)
  }));
  const rebuilt = replacements.length ? applyReplacements(before, replacements) : null;
  return rebuilt && sameContent(rebuilt, after) ? replacements : null;
}

function changedDocAttrs(before: PMNode, after: PMNode): Record<string, unknown> {
  const attrs: Record<string, unknown> = {};
  for (const name of Object.keys(after.attrs)) {
    if (
      before.attrs[name] !== after.attrs[name] &&
      JSON.stringify(before.attrs[name]) !== JSON.stringify(after.attrs[name])
    )
      attrs[name] = after.attrs[name];
  }
  return attrs;
}

/** The changes turning `before` into `after` (see the module comment), or null when equal. */
export function diffDocs(before: PMNode, after: PMNode): DocChange | null {
  const range = blockRange(before, after);
  const docAttrs = changedDocAttrs(before, after);
  const sources: SourceUpdate[] = [];
  const record = (i: number) =>
    sources.push({ index: i, type: after.child(i).type.name, source: after.child(i).attrs.source });
  if (range) {
    // Every block of the edited range, and the one after it (its separator was re-pointed).
    for (let i = range.start; i <= Math.min(after.childCount - 1, range.endB); i++) record(i);
  } else {
    for (let i = 0; i < after.childCount; i++)
      if (before.child(i).attrs.source !== after.child(i).attrs.source) record(i);
  }
  if (!range) {
    if (!sources.length && !Object.keys(docAttrs).length) return null;
    return { replacements: [], sources, docAttrs, from: before.content.size, to: before.content.size, after };
  }
  const from = posOfIndex(before, range.start);
  const toA = posOfIndex(before, range.endA);
  const toB = posOfIndex(after, range.endB);
  // Whole blocks written between two blocks (as a streamed new paragraph is, on every frame): that
  // insertion is already the smallest change, with nothing removed to diff against.
  const insertion = range.endA === range.start;
  const replacements = (!insertion && fineReplacements(before, after, from, toA, toB)) || [
    { from, to: toA, slice: after.slice(from, toB) }
  ];
  return {
    replacements,
    sources,
    docAttrs,
    from: replacements[0].from,
    to: replacements[replacements.length - 1].to,
    after
  };
}

/**
 * Adds `change` to `tr`. `mapping` takes base positions to `tr.doc` as it was when this is called
 * (the user's edits since the proposal). Returns false, leaving `tr` as it was, when it does not fit.
 */
export function applyChange(tr: Transform, change: DocChange, mapping: Mappable): boolean {
  const scratch = new Transform(tr.doc);
  const map = (pos: number, assoc: number) => scratch.mapping.map(mapping.map(pos, assoc), assoc);
  try {
    for (let i = change.replacements.length - 1; i >= 0; i--) {
      const r = change.replacements[i];
      const from = map(r.from, 1);
      scratch.replace(from, Math.max(from, map(r.to, -1)), r.slice);
    }
    setSources(scratch, change, map(change.from, -1));
    for (const [name, value] of Object.entries(change.docAttrs)) scratch.setDocAttribute(name, value);
  } catch {
    return false;
  }
  for (const step of scratch.steps) tr.step(step);
  return true;
}

/** Sets the new source records; blocks are found by their index, offset by the user's edits before. */
function setSources(tr: Transform, change: DocChange, fromNow: number): void {
  if (!change.sources.length) return;
  const delta =
    tr.doc.resolve(Math.min(fromNow, tr.doc.content.size)).index(0) -
    change.after.resolve(Math.min(change.from, change.after.content.size)).index(0);
  const $start = tr.doc.resolve(0);
  for (const update of change.sources) {
    const index = update.index + delta;
    if (index < 0 || index >= tr.doc.childCount || tr.doc.child(index).type.name !== update.type) continue;
    tr.setNodeAttribute($start.posAtIndex(index, 0), 'source', update.source);
  }
}

/** The slice content as a fragment, for drawing an insertion. */
export function insertedContent(replacement: Replacement): Fragment {
  return replacement.slice.content;
}
