/*
 * Checking that two neighbouring blocks stay two blocks when written one after the other.
 *
 * Blocks are written one at a time, and the blank line between them keeps almost any pair
 * apart. Lists are the exception: a list absorbs a following list with the same marker and any
 * following text indented to its items' content. Two such blocks can only meet after an edit
 * (the block that stood between them deleted), so the check runs only where a list is followed
 * by a block that did not follow it in the source, and its answer is remembered per node pair.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { parseStructure } from './parse';
import { sameContent } from './same-content';
import type { Definitions } from './reference-links';

const LISTS = new Set(['bullet_list', 'ordered_list']);

/** True when `prev` is a block that can swallow what follows it. */
export function canAbsorb(prev: PMNode | null): boolean {
  return !!prev && LISTS.has(prev.type.name);
}

const answers = new WeakMap<PMNode, { prev: PMNode; joined: string; apart: boolean }>();

/** True when `prevText + separator + text` reads as two blocks, of the types of `prev` and `node`. */
export function staysApart(prev: PMNode, node: PMNode, joined: string, references: Definitions): boolean {
  const known = answers.get(node);
  if (known && known.prev === prev && known.joined === joined) return known.apart;
  const doc = parseStructure(joined, references);
  const apart = doc.childCount === 2 && doc.child(0).type === prev.type && doc.child(1).type === node.type;
  answers.set(node, { prev, joined, apart });
  return apart;
}

const pairs = new WeakMap<PMNode, { prev: PMNode; joined: string; pair: boolean }>();

/**
 * True when `joined` (the previous block's text, the lines between, this block's text) reads as
 * exactly the two blocks `prev` and `node`: the lines that stood between them may stay.
 */
export function readsAsPair(prev: PMNode, node: PMNode, joined: string, references: Definitions): boolean {
  const known = pairs.get(node);
  if (known && known.prev === prev && known.joined === joined) return known.pair;
  const doc = parseStructure(joined, references);
  const pair = doc.childCount === 2 && sameContent(doc.child(0), prev) && sameContent(doc.child(1), node);
  pairs.set(node, { prev, joined, pair });
  return pair;
}
