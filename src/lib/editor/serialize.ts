/*
 * ProseMirror → Markdown, keeping what the user did not edit byte for byte.
 *
 * A top-level block whose fingerprint still matches its `source.hash` is emitted as its original
 * text; the lines before it (blank lines, link definitions) are emitted as they were while its
 * predecessor is the block that preceded it in the source. A block the user edited is written
 * as its source with the edit merged in (block-style.ts), so the lines and characters the edit
 * did not reach stay as they were; a new block is written afresh (serialize-block.ts). The lines
 * between an edited block and its original neighbour stay too, unless the two would then read
 * as something else (a paragraph running on into the next block): then a blank line parts them.
 *
 * Documents whose source holds link reference definitions get one more check: an unchanged block
 * may say `[text][label]`, which only means a link while its definition is still in the text. If
 * the output does not parse back to the document, blocks with links are re-serialised with inline
 * links.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { blockSource, fingerprint } from './source-map';
import { parseStructure, stripSources } from './parse';
import { canAbsorb, readsAsPair, staysApart } from './junction';
import { editedBlock } from './block-style';
import { serializeBlock } from './serialize-block';
import { sameContent } from './same-content';
import type { Definitions } from './reference-links';

export { serializeBlock, type BlockContext } from './serialize-block';

/** Nodes already checked to equal what their source parses to; nodes are immutable, so this holds. */
const verified = new WeakSet<PMNode>();

/** True when a top-level node is exactly what its recorded source text parses to. */
export function isUnchanged(node: PMNode): boolean {
  const source = blockSource(node);
  if (!source) return false;
  if (verified.has(node)) return true;
  if (fingerprint(node) !== source.hash) return false;
  verified.add(node);
  return true;
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
  return (
    source.prevType === prev.type.name && source.prevHash === (blockSource(prev)?.hash ?? fingerprint(prev))
  );
}

/**
 * The text that goes between the previous block and this one: the lines that were there while
 * the two are still neighbours as in the source (compose checks the junction when either was
 * edited), else a blank line, keeping any link definitions that stood there.
 */
function separator(node: PMNode, prev: PMNode | null, ctx: Context): string {
  const source = blockSource(node);
  if (!source) return prev ? ctx.eol : '';
  if (!prev || followsOriginal(node, prev)) return source.before;
  if (!hasContent(source.before)) return ctx.eol;
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
  const bom = doc.attrs.bom ? '\uFEFF' : '';
  if (isLonelyEmptyParagraph(doc)) {
    spans?.push({ index: 0, pos: 0, from: bom.length, textFrom: bom.length, to: bom.length });
    return bom + (doc.attrs.trailing as string);
  }
  // Parts are joined once at the end: reading the end of a growing concatenated string would
  // flatten it on every block.
  const parts: string[] = [bom];
  let lastPart = '';
  let length = bom.length;
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
    let sep = separator(node, prev, ctx);
    const fresh = (merging = false): string => {
      const last = index === doc.childCount - 1;
      const keepsNoEol = last && source && !(doc.attrs.trailing as string) && !endsWithLineBreak(source.text);
      const text = merging ? serializeBlock(node, prev, { ...ctx, merging }) : editedBlock(node, prev, ctx);
      return (ctx.eol === '\n' ? text : text.replace(/\n/g, ctx.eol)) + (keepsNoEol ? '' : ctx.eol);
    };
    let text = reused ? source!.text : fresh();
    const neighbours = prev !== null && followsOriginal(node, prev);
    if (
      neighbours &&
      !(reused && prevReused) &&
      !isBlankStart(sep) &&
      !readsAsPair(prev!, node, prevText + sep + text, ctx.references)
    ) {
      sep = ctx.eol + sep;
    }
    const moved = !(reused && prevReused && neighbours);
    if (moved && prev && canAbsorb(prev) && !staysApart(prev, node, prevText + sep + text, ctx.references)) {
      reused = false;
      text = fresh(true);
    }
    push(sep);
    const textFrom = length;
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

/** A document's Markdown and where each top-level block landed in it. */
export interface SerializedDoc {
  readonly markdown: string;
  readonly spans: readonly BlockSpan[];
}

/**
 * Whether serialisations are remembered per document. Always on in the app; the agent-overhead
 * benchmark builds a copy with it off to measure the uncached path beside the cached one.
 */
const CACHE_SERIALIZATIONS = true;

// ProseMirror documents are immutable, so a document's Markdown never changes: a session-tool call
// needs it three times (cursor, anchor, change) and a streamed suggestion once per frame, on the
// same document, and saving needs it once more. Weak keys: a document no state holds is let go.
const serialized = new WeakMap<PMNode, SerializedDoc>();

/**
 * Serialises a document and tells where each top-level block landed: what an edit expressed on
 * the Markdown (a review proposal's anchor) needs to find the blocks it touches. Computed once per
 * document; the result is shared, so callers must not change it.
 */
export function serializeWithMap(doc: PMNode): SerializedDoc {
  let result = CACHE_SERIALIZATIONS ? serialized.get(doc) : undefined;
  if (!result) {
    const { markdown, spans } = composeWithMap(doc);
    result = Object.freeze({ markdown, spans: Object.freeze(spans) });
    if (CACHE_SERIALIZATIONS) serialized.set(doc, result);
  }
  return result;
}

function composeWithMap(doc: PMNode): { markdown: string; spans: BlockSpan[] } {
  const references = doc.attrs.references as Definitions;
  const ctx: Context = { eol: detectEol(doc), inlineLinks: false, references };
  const reused = new Set<string>();
  let spans: BlockSpan[] = [];
  let markdown = compose(doc, ctx, reused, spans);
  const carriers = doc.attrs.defCarriers as string[];
  if (
    !carriers.every((hash) => reused.has(hash)) &&
    !sameContent(parseStructure(markdown), stripSources(doc))
  ) {
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
