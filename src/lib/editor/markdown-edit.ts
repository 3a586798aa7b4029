/*
 * Applying an edit expressed on the Markdown text (replace characters from..to of the note's
 * Markdown by `insert`) as a ProseMirror transaction. This is what accepting an AI edit proposal
 * does: the proposal names exact Markdown, the document changes in one undoable step, and the
 * Markdown afterwards is exactly the old text with that range replaced.
 *
 * Model: the top-level blocks the range touches are cut out together with the Markdown they
 * cover; that chunk, with the replacement applied, is parsed on its own and put in their place.
 * The new blocks carry their own source, so they serialise back to the very text inserted; the
 * source links to the neighbouring blocks are re-pointed so the separators around the chunk stay
 * as they were.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import type { BlockSource } from './schema';
import { parseMarkdown, parseStructure, stripSources } from './parse';
import { replaceDocIn } from './replace-document';
import type { Definitions } from './reference-links';
import { serializeWithMap, type BlockSpan } from './serialize';
import { blockSource, fingerprint } from './source-map';

/** Characters from..to of the Markdown replaced by `insert`. */
interface MarkdownEdit {
  from: number;
  to: number;
  insert: string;
}

function touched(spans: readonly BlockSpan[], from: number, to: number): [number, number] {
  let first = spans.findIndex((span) => span.to > from);
  if (first < 0) first = spans.length - 1;
  let last = first;
  for (let i = first; i < spans.length; i++) if (spans[i].from < to) last = i;
  return [first, last];
}

function hashOf(node: PMNode | null): string {
  return node ? (blockSource(node)?.hash ?? fingerprint(node)) : '';
}

function relinked(node: PMNode, patch: Partial<BlockSource>): PMNode {
  const source = blockSource(node);
  return source
    ? node.type.create({ ...node.attrs, source: { ...source, ...patch } }, node.content, node.marks)
    : node;
}

/** The parsed chunk's blocks, the first re-linked to the block before it. */
function newBlocks(parsed: PMNode, prev: PMNode | null, gapBefore: string): PMNode[] {
  const blocks: PMNode[] = [];
  parsed.forEach((node) => {
    if (blockSource(node)) blocks.push(node);
  });
  if (blocks.length) {
    blocks[0] = relinked(blocks[0], {
      prevHash: hashOf(prev),
      prevType: prev ? prev.type.name : '',
      before: gapBefore + blockSource(blocks[0])!.before
    });
  }
  return blocks;
}

/** The Markdown range an edit rewrites: whole blocks, with their gap when the edit reaches into it. */
interface Chunk {
  first: number;
  last: number;
  /** The chunk's new Markdown, the edit applied. */
  text: string;
  /** The gap before the first block, kept as it was (empty when the chunk includes it). */
  gapBefore: string;
  /** The chunk runs to the end of the note, trailing text included. */
  toEnd: boolean;
}

function chunkOf(doc: PMNode, markdown: string, spans: readonly BlockSpan[], edit: MarkdownEdit): Chunk {
  const { from, to, insert } = edit;
  const [first, touchedLast] = touched(spans, from, to);
  const keepGap = from >= spans[first].textFrom;
  const head = markdown.slice(keepGap ? spans[first].textFrom : spans[first].from, from) + insert;
  const build = (last: number): Chunk => {
    const toEnd = last === spans.length - 1 && to > spans[last].to;
    const text = head + markdown.slice(to, toEnd ? markdown.length : Math.max(to, spans[last].to));
    const gapBefore = keepGap ? (blockSource(doc.child(first))?.before ?? '') : '';
    return { first, last, text, gapBefore, toEnd };
  };
  let chunk = build(touchedLast);
  // New text that no longer ends its line would run into the next block: take that block in too.
  while (chunk.text && !/[\r\n]$/.test(chunk.text) && chunk.last + 1 < spans.length)
    chunk = build(chunk.last + 1);
  return chunk;
}

/** Puts text that parsed to no block (blank lines, definitions) where the serializer writes it. */
function placeLeftover(tr: Transform, leftover: string, chunk: Chunk, nextPos: number | null): void {
  const trailing = tr.doc.attrs.trailing as string;
  if (chunk.toEnd) tr.setDocAttribute('trailing', leftover);
  else if (nextPos === null) tr.setDocAttribute('trailing', leftover + trailing);
  else if (leftover) {
    const source = blockSource(tr.doc.nodeAt(nextPos)!);
    if (source) tr.setNodeAttribute(nextPos, 'source', { ...source, before: leftover + source.before });
  }
}

/** Rewrites only the touched blocks (see the module comment); `tr` starts at the note's doc. */
function editChunk(tr: Transform, markdown: string, spans: readonly BlockSpan[], edit: MarkdownEdit): void {
  const doc = tr.doc;
  const chunk = chunkOf(doc, markdown, spans, edit);
  const references = doc.attrs.references as Definitions;
  const parsed = parseMarkdown(chunk.text, references);
  const prev = chunk.first > 0 ? doc.child(chunk.first - 1) : null;
  let blocks = newBlocks(parsed, prev, chunk.gapBefore);
  const leftover = (blocks.length ? '' : chunk.gapBefore) + (parsed.attrs.trailing as string);
  const next = chunk.last + 1 < doc.childCount ? doc.child(chunk.last + 1) : null;
  if (!blocks.length && !prev && !next) blocks = [doc.type.schema.nodes.paragraph.create()];
  const end = spans[chunk.last].pos + doc.child(chunk.last).nodeSize;
  tr.replaceWith(spans[chunk.first].pos, end, blocks);
  const nextPos = next ? tr.mapping.map(end) : null;
  if (next && nextPos !== null && blockSource(next)) {
    const before = blocks.length ? blocks[blocks.length - 1] : prev;
    tr.setNodeAttribute(nextPos, 'source', {
      ...blockSource(next)!,
      prevHash: hashOf(before),
      prevType: before ? before.type.name : ''
    });
  }
  placeLeftover(tr, leftover, chunk, nextPos);
  const known = parsed.attrs.references as Definitions;
  if (Object.keys(known).length !== Object.keys(references).length) tr.setDocAttribute('references', known);
  const carriers = parsed.attrs.defCarriers as string[];
  if (carriers.length)
    tr.setDocAttribute('defCarriers', [...(doc.attrs.defCarriers as string[]), ...carriers]);
}

/**
 * Replaces characters `from`..`to` of the document's Markdown (as serializeMarkdown writes it) by
 * `insert`, adding the steps to `tr`. Several edits can go into one transaction (one undo step):
 * apply them from the last offset to the first, each against `tr.doc` as it then is.
 *
 * The touched blocks are re-parsed on their own. Where the new text would read differently in
 * the whole note (an unclosed fence or `$$` that runs on, a line that joins the next list), the
 * whole new Markdown is parsed instead and only the part of the document that differs replaced.
 */
export function applyMarkdownEdit(tr: Transform, from: number, to: number, insert: string): void {
  const { markdown, spans } = serializeWithMap(tr.doc);
  if (from < 0 || to < from || to > markdown.length) {
    throw new RangeError(`Markdown edit ${from}..${to} is outside the note (${markdown.length} characters)`);
  }
  const expected = markdown.slice(0, from) + insert + markdown.slice(to);
  const trial = new Transform(tr.doc);
  editChunk(trial, markdown, spans, { from, to, insert });
  if (parseStructure(expected).eq(stripSources(trial.doc))) {
    for (const step of trial.steps) tr.step(step);
  } else {
    replaceDocIn(tr, parseMarkdown(expected));
  }
}
