/*
 * Writing a block the user edited so that only what they changed changes.
 *
 * A block is written afresh (serialize-block.ts) in a normalised form: one escape style, one
 * hard-break style, list continuation indented to the marker, table columns padded alike. The
 * user's text of the block (its source) differs from that form in ways the user chose, and the
 * edit differs from it in what the user typed. So three texts are merged (three-way.ts):
 *
 *   base   = the original node (the source parsed alone) written afresh
 *   ours   = the source text itself
 *   theirs = the edited node written afresh
 *
 * and the result keeps the source wherever the fresh texts agree: soft line breaks, markers,
 * indentation, padding of the rows not edited, escapes and `  ` hard breaks stay as written.
 * The merge is accepted only when it reads back as the edited node (same-content.ts: layout
 * attributes aside); otherwise the fresh text is used.
 */
import type { Node as PMNode } from 'prosemirror-model';
import type { BlockSource } from './schema';
import type { Definitions } from './reference-links';
import { parseStructure } from './parse';
import { blockSource } from './source-map';
import { ESCAPE_MODES, freshBlock, writeBlockIn, type FreshContext } from './serialize-block';
import { sameContent } from './same-content';
import { mergeThreeWay, type InsertOrder } from './three-way';

const INSERT_ORDERS: InsertOrder[] = ['theirs-first', 'ours-first'];

/** The original node of a source in each escape mode, per writing context (null: not one block). */
const originals = new WeakMap<BlockSource, { key: string; texts: string[] | null }>();
/** The text chosen for an edited node, per node and writing context. */
const written = new WeakMap<PMNode, { key: string; text: string }>();

function contextKey(prev: PMNode | null, ctx: FreshContext): string {
  const marker = prev ? `${prev.type.name}:${prev.attrs.bullet ?? prev.attrs.delimiter ?? ''}` : '';
  return `${ctx.inlineLinks}:${marker}`;
}

/** The source text as the fresh serializer would end it: `\n` line ends, no final line end. */
function normalised(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
}

function originalTexts(
  source: BlockSource,
  prev: PMNode | null,
  ctx: FreshContext,
  key: string
): string[] | null {
  const known = originals.get(source);
  if (known && known.key === key) return known.texts;
  const doc = parseStructure(source.text, ctx.references);
  const texts =
    doc.childCount === 1 ? ESCAPE_MODES.map((mode) => writeBlockIn(doc.firstChild!, prev, ctx, mode)) : null;
  originals.set(source, { key, texts });
  return texts;
}

/** True when `markdown` reads as one block saying what `node` says (layout may differ). */
function readsAs(markdown: string, node: PMNode, references: Definitions): boolean {
  const doc = parseStructure(markdown, references);
  return doc.childCount === 1 && sameContent(doc.firstChild!, node);
}

/**
 * The source merged with the edit: the original and the edited node are written in the same
 * escape mode (each mode in turn), so the escaping a mode adds is no change of the edit's.
 */
function merged(
  node: PMNode,
  source: BlockSource,
  bases: string[],
  prev: PMNode | null,
  ctx: FreshContext
): string | null {
  // Writing links inline means a definition went: the source's `[text][label]` may not stay.
  const references = ctx.inlineLinks ? {} : ctx.references;
  const ours = normalised(source.text);
  for (let m = 0; m < ESCAPE_MODES.length; m++) {
    const theirs = writeBlockIn(node, prev, ctx, ESCAPE_MODES[m]);
    for (const order of INSERT_ORDERS) {
      const text = mergeThreeWay(bases[m], ours, theirs, order);
      if (readsAs(text, node, references)) return text;
    }
  }
  return null;
}

/**
 * The Markdown of an edited top-level block (no final line end): its source text with the edit
 * merged in, or the block written afresh when no merge reads back as the node.
 */
export function editedBlock(node: PMNode, prev: PMNode | null, ctx: FreshContext): string {
  const source = blockSource(node);
  if (!source) return freshBlock(node, prev, ctx);
  const key = contextKey(prev, ctx);
  const known = written.get(node);
  if (known && known.key === key) return known.text;
  const bases = originalTexts(source, prev, ctx, key);
  const text = (bases && merged(node, source, bases, prev, ctx)) ?? freshBlock(node, prev, ctx);
  written.set(node, { key, text });
  return text;
}
