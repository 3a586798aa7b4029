/*
 * ProseMirror → Markdown, keeping what the user did not edit byte for byte.
 *
 * A top-level block whose fingerprint still matches its `source.hash` is emitted as its original
 * text; the lines before it (blank lines, link definitions) are emitted as they were while its
 * predecessor is the block that preceded it in the source. Any other block is serialised afresh
 * (serialize-nodes.ts) in the user's recorded style, first with minimal escaping and, when the
 * result would not parse back to the same node, with full escaping (see escape.ts).
 *
 * Documents whose source holds link reference definitions get one more check: an unchanged block
 * may say `[text][label]`, which only means a link while its definition is still in the text. If
 * the output does not parse back to the document, blocks with links are re-serialised with inline
 * links.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { freshSerializer, type FreshOptions } from './serialize-nodes';
import { blockSource, fingerprint } from './source-map';
import { parseStructure, stripSources } from './parse';
import { withWritingMarkOrder } from './mark-order';
import { canAbsorb, staysApart } from './junction';
import type { EscapeMode } from './escape';
import type { Definitions } from './reference-links';

/** Nodes already checked to equal what their source parses to; nodes are immutable, so this holds. */
const verified = new WeakSet<PMNode>();

/** True when a top-level node is exactly what its recorded source text parses to. */
function isUnchanged(node: PMNode): boolean {
  const source = blockSource(node);
  if (!source) return false;
  if (verified.has(node)) return true;
  if (fingerprint(node) !== source.hash) return false;
  verified.add(node);
  return true;
}

function withoutSource(node: PMNode): PMNode {
  return node.attrs.source ? node.type.create({ ...node.attrs, source: null }, node.content, node.marks) : node;
}

function parsesBackTo(markdown: string, node: PMNode, references: Definitions): boolean {
  const doc = parseStructure(markdown, references);
  return doc.childCount === 1 && doc.firstChild!.eq(node);
}

const ESCAPE_MODES: EscapeMode[] = ['minimal', 'full'];

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

/**
 * Serialises one block afresh (no trailing newline): the first escape mode whose output parses
 * back to the same node wins; `full` is kept when none does. `prev` is the block before it.
 */
export function serializeBlock(node: PMNode, prev: PMNode | null = null, context: BlockContext = {}): string {
  const references = context.references ?? {};
  const bare = apartFrom(withoutSource(node), prev, context.merging ?? false);
  const wrapper = node.type.schema.topNodeType.create(null, withWritingMarkOrder(bare));
  let text = '';
  for (const escapeMode of ESCAPE_MODES) {
    const options: FreshOptions = { escapeMode, references, inlineLinks: context.inlineLinks ?? false };
    text = freshSerializer.serialize(wrapper, options as never);
    if (parsesBackTo(text, bare, references)) return text;
  }
  return text;
}

/** Fresh serialisations of nodes (immutable) per definitions object, with the neighbour they depend on. */
const freshCache = new WeakMap<Definitions, WeakMap<PMNode, { context: string; text: string }>>();

/** serializeBlock, remembered per node: a note typed in the editor has no source to reuse. */
function freshBlock(node: PMNode, prev: PMNode | null, ctx: Context): string {
  const context = `${ctx.inlineLinks}:${prev ? `${prev.type.name}:${prev.attrs.bullet ?? prev.attrs.delimiter ?? ''}` : ''}`;
  let cache = freshCache.get(ctx.references);
  if (!cache) freshCache.set(ctx.references, (cache = new WeakMap()));
  const hit = cache.get(node);
  if (hit && hit.context === context) return hit.text;
  const text = serializeBlock(node, prev, ctx);
  cache.set(node, { context, text });
  return text;
}

function isBlankStart(text: string): boolean {
  return /^[ \t]*(?:\r\n|\r|\n)/.test(text);
}

function hasContent(text: string): boolean {
  return /\S/.test(text);
}

/** Everything the serializer decides per document, computed once. */
interface Context {
  eol: string;
  inlineLinks: boolean;
  references: Definitions;
}

function detectEol(doc: PMNode): string {
  let eol = '\n';
  doc.forEach((node) => {
    const match = /\r\n|\r|\n/.exec(blockSource(node)?.text ?? '');
    if (match && eol === '\n') eol = match[0];
  });
  return eol;
}

function hasLink(node: PMNode): boolean {
  let found = false;
  node.descendants((child) => {
    if (found) return false;
    if (child.type.name === 'image' || child.marks.some((m) => m.type.name === 'link')) found = true;
    return !found;
  });
  return found;
}

/** True when `prev` is the block that preceded `node` in the source (possibly edited since). */
function followsOriginal(node: PMNode, prev: PMNode | null): boolean {
  const source = blockSource(node);
  if (!source) return false;
  if (!prev) return source.prevType === '';
  return source.prevType === prev.type.name && source.prevHash === (blockSource(prev)?.hash ?? fingerprint(prev));
}

/** The text that goes between the previous block and this one. */
function separator(node: PMNode, prev: PMNode | null, reused: boolean, prevReused: boolean, ctx: Context): string {
  const source = blockSource(node);
  if (!source) return prev ? ctx.eol : '';
  const afterOriginal = followsOriginal(node, prev);
  if (afterOriginal && (reused && prevReused)) return source.before;
  if (!prev) return source.before;
  if (afterOriginal && isBlankStart(source.before)) return source.before;
  if (!hasContent(source.before) && !afterOriginal) return ctx.eol;
  return isBlankStart(source.before) ? source.before : ctx.eol + source.before;
}

/** True when the text ends with a line break. */
function endsWithLineBreak(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last === 10 || last === 13;
}

function isLonelyEmptyParagraph(doc: PMNode): boolean {
  const only = doc.childCount === 1 ? doc.firstChild! : null;
  return !!only && only.type.name === 'paragraph' && only.content.size === 0 && !blockSource(only);
}

/** Where a top-level block landed in the Markdown; see {@link serializeWithMap}. */
export interface BlockSpan {
  /** Index of the block in the doc. */
  index: number;
  /** Document position just before the block. */
  pos: number;
  /** Offset where the lines between the previous block and this one start. */
  from: number;
  /** Offset where the block's own text starts. */
  textFrom: number;
  /** Offset just after the block's text (after its line ending). */
  to: number;
}

/**
 * Composes the output; records in `reusedHashes` the fingerprints of the blocks written verbatim
 * and, when given `spans`, where each block landed.
 */
function compose(doc: PMNode, ctx: Context, reusedHashes: Set<string>, spans?: BlockSpan[]): string {
  if (isLonelyEmptyParagraph(doc)) {
    spans?.push({ index: 0, pos: 0, from: 0, textFrom: 0, to: 0 });
    return doc.attrs.trailing as string;
  }
  // Parts are joined once at the end: reading the end of a growing concatenated string would
  // flatten it on every block.
  const parts: string[] = [];
  let lastPart = '';
  let length = 0;
  const push = (text: string): void => {
    if (!text) return;
    parts.push(text);
    lastPart = text;
    length += text.length;
  };
  let prev: PMNode | null = null;
  let prevReused = false;
  let prevText = '';
  doc.forEach((node, offset, index) => {
    const source = blockSource(node);
    let reused = isUnchanged(node) && !(ctx.inlineLinks && hasLink(node));
    if (lastPart && !endsWithLineBreak(lastPart)) push(ctx.eol);
    const from = length;
    const sep = separator(node, prev, reused, prevReused, ctx);
    push(sep);
    const textFrom = length;
    const fresh = (merging = false): string => {
      const last = index === doc.childCount - 1;
      const keepsNoEol = last && source && !(doc.attrs.trailing as string) && !endsWithLineBreak(source.text);
      const text = merging ? serializeBlock(node, prev, { ...ctx, merging }) : freshBlock(node, prev, ctx);
      return (ctx.eol === '\n' ? text : text.replace(/\n/g, ctx.eol)) + (keepsNoEol ? '' : ctx.eol);
    };
    let text = reused ? source!.text : fresh();
    const moved = !(reused && prevReused && followsOriginal(node, prev));
    if (moved && prev && canAbsorb(prev) && !staysApart(prev, node, prevText + sep + text, ctx.references)) {
      reused = false;
      text = fresh(true);
    }
    if (reused) reusedHashes.add(source!.hash);
    push(text);
    spans?.push({ index, pos: offset, from, textFrom, to: length });
    prevText = text;
    prev = node;
    prevReused = reused;
  });
  push(doc.attrs.trailing as string);
  return parts.join('');
}

/**
 * Serialises a document and tells where each top-level block landed: what an edit expressed on
 * the Markdown (a review proposal's anchor) needs to find the blocks it touches.
 */
export function serializeWithMap(doc: PMNode): { markdown: string; spans: BlockSpan[] } {
  const references = doc.attrs.references as Definitions;
  const ctx: Context = { eol: detectEol(doc), inlineLinks: false, references };
  const reused = new Set<string>();
  let spans: BlockSpan[] = [];
  let markdown = compose(doc, ctx, reused, spans);
  const carriers = doc.attrs.defCarriers as string[];
  if (!carriers.every((hash) => reused.has(hash)) && !parseStructure(markdown).eq(stripSources(doc))) {
    ctx.inlineLinks = true;
    spans = [];
    markdown = compose(doc, ctx, new Set(), spans);
  }
  return { markdown, spans };
}

/**
 * Serialises a document of markdownSchema to Markdown, unchanged blocks verbatim. When a block
 * that held link definitions was edited or deleted, the output is checked to parse back to the
 * document, and blocks with links are written with inline links if it does not.
 */
export function serializeMarkdown(doc: PMNode): string {
  return serializeWithMap(doc).markdown;
}
