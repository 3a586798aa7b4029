/*
 * Comparing nodes for what they say, not how their Markdown is laid out. The layout attributes
 * the parser records (table padding and pipes, list indentation, setext underline lengths) describe the text of a block as
 * a whole: typing one character in a padded table makes its rows unequal in length, so the same
 * table read back is "not padded" any more. Such a block still says the same thing, and its
 * written text is right, so checks of written text against a node use this equality.
 */
import type { Mark, Node as PMNode } from 'prosemirror-model';

/** Attributes that record only how a block's text is laid out, per node type. */
const LAYOUT_ATTRS: Record<string, readonly string[]> = {
  table: ['outerPipes', 'padded', 'compact', 'spaced', 'widths'],
  bullet_list: ['indent', 'gap'],
  ordered_list: ['indent', 'gap'],
  heading: ['underline']
};

function sameAttrs(a: PMNode, b: PMNode): boolean {
  const skip = LAYOUT_ATTRS[a.type.name] ?? [];
  for (const name of Object.keys(a.attrs)) {
    if (name === 'source' || skip.includes(name)) continue;
    if (JSON.stringify(a.attrs[name]) !== JSON.stringify(b.attrs[name])) return false;
  }
  return true;
}

function sameMarks(a: readonly Mark[], b: readonly Mark[]): boolean {
  return a.length === b.length && a.every((mark, i) => mark.eq(b[i]));
}

/** True when two nodes are equal but for layout attributes and `source`. */
export function sameContent(a: PMNode, b: PMNode): boolean {
  if (a === b) return true;
  if (a.type !== b.type || a.text !== b.text || a.childCount !== b.childCount) return false;
  if (!sameAttrs(a, b) || !sameMarks(a.marks, b.marks)) return false;
  for (let i = 0; i < a.childCount; i++) if (!sameContent(a.child(i), b.child(i))) return false;
  return true;
}
