/*
 * Writing one block afresh, as Markdown in the user's recorded style: the first escape mode
 * whose output parses back to the same node wins (see escape.ts). A block the user edited is
 * written this way and then merged with its original text (block-style.ts).
 */
import type { Node as PMNode } from 'prosemirror-model';
import { freshSerializer, type FreshOptions } from './serialize-nodes';
import { parseStructure } from './parse';
import { sameContent } from './same-content';
import { withWritingMarkOrder } from './mark-order';
import { canAbsorb } from './junction';
import type { EscapeMode } from './escape';
import type { Definitions } from './reference-links';

/** The node without its `source` attr. */
export function withoutSource(node: PMNode): PMNode {
  return node.attrs.source
    ? node.type.create({ ...node.attrs, source: null }, node.content, node.marks)
    : node;
}

/** True when `markdown` reads as exactly `node` (one block). */
export function parsesBackTo(markdown: string, node: PMNode, references: Definitions): boolean {
  const doc = parseStructure(markdown, references);
  return doc.childCount === 1 && sameContent(doc.firstChild!, node);
}

const MARKER_ATTR: Record<string, [string, string[]]> = {
  bullet_list: ['bullet', ['-', '*', '+']],
  ordered_list: ['delimiter', ['.', ')']]
};

/**
 * A list right after a list of the same kind and marker would merge with it when read back, so
 * it is written with another marker (the one way Markdown can keep them apart).
 */
function apartFrom(node: PMNode, prev: PMNode | null, merging: boolean): PMNode {
  if (merging && node.type.name === 'code_block' && node.attrs.fence === null && canAbsorb(prev)) {
    // Indented code right after a list would be read as part of its last item.
    return node.type.create({ ...node.attrs, fence: '```' }, node.content, node.marks);
  }
  const spec = MARKER_ATTR[node.type.name];
  if (!spec || !prev || prev.type !== node.type) return node;
  const [attr, markers] = spec;
  if (prev.attrs[attr] !== node.attrs[attr]) return node;
  const other = markers.find((m) => m !== node.attrs[attr])!;
  return node.type.create({ ...node.attrs, [attr]: other }, node.content, node.marks);
}

/** How a block is serialised afresh: the note's link definitions, and whether to ignore them. */
export interface BlockContext {
  references?: Definitions;
  inlineLinks?: boolean;
  /** The block was read as part of the list before it: write indented code fenced. */
  merging?: boolean;
}

/** Writes one block in one escape mode (no trailing newline), without checking how it reads. */
export function writeBlockIn(
  node: PMNode,
  prev: PMNode | null,
  context: BlockContext,
  escapeMode: EscapeMode
): string {
  const bare = apartFrom(withoutSource(node), prev, context.merging ?? false);
  const wrapper = node.type.schema.topNodeType.create(null, withWritingMarkOrder(bare));
  const options: FreshOptions = {
    escapeMode,
    references: context.references ?? {},
    inlineLinks: context.inlineLinks ?? false
  };
  return freshSerializer.serialize(wrapper, options as never);
}

/** The escape modes, weakest first. */
export const ESCAPE_MODES: readonly EscapeMode[] = ['minimal', 'full'];

/**
 * Serialises one block afresh (no trailing newline): the first escape mode whose output parses
 * back to the same node wins; `full` is kept when none does. `prev` is the block before it.
 */
export function serializeBlock(node: PMNode, prev: PMNode | null = null, context: BlockContext = {}): string {
  const references = context.references ?? {};
  const bare = apartFrom(withoutSource(node), prev, context.merging ?? false);
  let text = '';
  for (const escapeMode of ESCAPE_MODES) {
    text = writeBlockIn(node, prev, context, escapeMode);
    if (parsesBackTo(text, bare, references)) return text;
  }
  return text;
}

/** Fresh serialisations of nodes (immutable) per definitions object, with the neighbour they depend on. */
const freshCache = new WeakMap<Definitions, WeakMap<PMNode, { context: string; text: string }>>();

/** What {@link freshBlock} needs of the document being written. */
export interface FreshContext {
  inlineLinks: boolean;
  references: Definitions;
}

/** serializeBlock, remembered per node: a note typed in the editor has no source to reuse. */
export function freshBlock(node: PMNode, prev: PMNode | null, ctx: FreshContext): string {
  const context = `${ctx.inlineLinks}:${prev ? `${prev.type.name}:${prev.attrs.bullet ?? prev.attrs.delimiter ?? ''}` : ''}`;
  let cache = freshCache.get(ctx.references);
  if (!cache) freshCache.set(ctx.references, (cache = new WeakMap()));
  const hit = cache.get(node);
  if (hit && hit.context === context) return hit.text;
  const text = serializeBlock(node, prev, ctx);
  cache.set(node, { context, text });
  return text;
}
