/*
 * Finding the link under a document position, for Mod-click.
 */
import type { Node as PMNode } from 'prosemirror-model';

/** The href of the link mark (or image source) at `pos`, or null when there is none. */
export function linkAt(doc: PMNode, pos: number): string | null {
  const $pos = doc.resolve(pos);
  for (const node of [$pos.nodeAfter, $pos.nodeBefore]) {
    if (!node) continue;
    const link = node.marks.find((mark) => mark.type.name === 'link');
    if (link) return link.attrs.href as string;
    if (node.type.name === 'image') return node.attrs.src as string;
  }
  return null;
}
