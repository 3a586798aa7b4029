/*
 * Source tracking for byte-identical round trips.
 *
 * Model: a note's Markdown is a sequence of lines. markdown-it tells, for each top-level block
 * token, which lines it came from (`token.map`). We cut the text into
 *
 *   before₀ text₀ before₁ text₁ … beforeₙ textₙ trailing
 *
 * where `textᵢ` are the block's own lines (with trailing blank lines moved into the next gap, so
 * a re-serialised block is always followed by its original separator) and `beforeᵢ` the lines
 * between blocks: blank lines and link reference definitions, which markdown-it consumes without
 * emitting tokens. Each top-level node gets a `source` attr ({@link BlockSource}) holding its
 * `text`, its `before`, a fingerprint of the node as parsed (`hash`) and the fingerprint of the
 * block that preceded it (`prevHash`). The serializer emits `text` verbatim while the node's
 * fingerprint still equals `hash`: then the node is exactly what that text parses to.
 */
import type Token from 'markdown-it/lib/token.mjs';
import type { Node as PMNode } from 'prosemirror-model';
import type { BlockSource } from './schema';
import type { Definitions } from './reference-links';

/** Splits text into lines that keep their terminators (`\n`, `\r\n` or `\r`), as markdown-it counts them. */
export function splitLines(text: string): string[] {
  const lines = text.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g);
  return lines ?? [];
}

const BLANK_LINE = /^[ \t]*(?:\r\n|\r|\n)?$/;

/** Source slices attached to top-level tokens before the tree is built. */
export interface TokenSource {
  readonly text: string;
  readonly before: string;
}

/**
 * Records on each top-level block token (in `meta.source`) the lines it came from and the lines
 * before it; returns the text after the last block.
 */
export function annotateTopLevel(tokens: Token[], lines: string[]): string {
  let prevEnd = 0;
  for (const tok of tokens) {
    if (tok.level !== 0 || !tok.map || tok.nesting === -1 || !tok.block) continue;
    const start = Math.max(tok.map[0], prevEnd);
    let end = Math.max(tok.map[1], start);
    while (end > start + 1 && BLANK_LINE.test(lines[end - 1] ?? '')) end--;
    const source: TokenSource = {
      text: lines.slice(start, end).join(''),
      before: lines.slice(prevEnd, start).join('')
    };
    tok.meta = { ...tok.meta, source };
    prevEnd = end;
  }
  return lines.slice(prevEnd).join('');
}

/**
 * An incremental 53-bit hash (cyrb53's mixing), fed string by string so a block's fingerprint
 * needs no intermediate string.
 */
class Hasher {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  add(str: string): void {
    let { h1, h2 } = this;
    for (let i = 0; i < str.length; i++) {
      const ch = str.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    // A separator, so ["ab", "c"] and ["a", "bc"] differ.
    this.h1 = Math.imul(h1 ^ 0xffff, 2654435761);
    this.h2 = Math.imul(h2 ^ 0xffff, 1597334677);
  }

  digest(): string {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
  }
}

function addAttrs(hash: Hasher, attrs: Record<string, unknown>): void {
  for (const name in attrs) {
    if (name === 'source') continue;
    const value = attrs[name];
    hash.add(name);
    hash.add(value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

function addNode(hash: Hasher, node: PMNode): void {
  hash.add(node.type.name);
  addAttrs(hash, node.attrs);
  for (const mark of node.marks) {
    hash.add('+' + mark.type.name);
    addAttrs(hash, mark.attrs);
  }
  if (node.isText) hash.add(node.text ?? '');
  node.forEach((child) => addNode(hash, child));
  hash.add('>');
}

/** A fingerprint of a node's content, type, marks and attributes, ignoring its `source` attr. */
export function fingerprint(node: PMNode): string {
  const hash = new Hasher();
  addNode(hash, node);
  return hash.digest();
}

/** Reads the source record of a top-level node, or null when it has none. */
export function blockSource(node: PMNode): BlockSource | null {
  return (node.attrs.source as BlockSource | null | undefined) ?? null;
}

/** A line that may hold a link reference definition, possibly inside a quote or list item. */
const DEFINITION_LINE = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?[ \t>]*\[[^\]\n]+\]:/m;

/**
 * Completes the `source` attrs the parser left on top-level nodes ({text, before}) with the
 * fingerprints, giving a new doc with the given trailing text and link definitions. When the
 * note defines link references, the doc lists in `defCarriers` the blocks whose text or preceding
 * lines may hold definitions.
 */
export function sealSources(doc: PMNode, trailing: string, references: Definitions): PMNode {
  const hasReferences = Object.keys(references).length > 0;
  const children: PMNode[] = [];
  const defCarriers: string[] = [];
  let prevHash = '';
  let prevType = '';
  doc.forEach((child) => {
    const partial = child.attrs.source as TokenSource | null;
    const hash = fingerprint(child);
    if (!partial) {
      children.push(child);
    } else {
      const source: BlockSource = { text: partial.text, before: partial.before, hash, prevHash, prevType };
      if (hasReferences && (/\S/.test(partial.before) || DEFINITION_LINE.test(partial.text)))
        defCarriers.push(hash);
      children.push(child.type.create({ ...child.attrs, source }, child.content, child.marks));
    }
    prevHash = hash;
    prevType = child.type.name;
  });
  return doc.type.create({ ...doc.attrs, trailing, defCarriers, references }, children);
}
