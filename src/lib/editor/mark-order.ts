/*
 * prosemirror-markdown opens the marks of a text node in schema order. When two marks start on
 * the same node and the one ranked first ends first (`**_a_ b**`: em ranks before strong), it
 * closes both and reopens strong, which moves the space out of the strong text and changes the
 * document. Before a block is written we therefore give each text node its mixable marks in the
 * order of how far they reach: the longest-running mark opens first, as a person would write it.
 * The reordered copy is only used for writing; it is never put into a document.
 */
import { Fragment, type Mark, type Node as PMNode } from 'prosemirror-model';

const MIXABLE = new Set(['em', 'strong', 'strike', 'link']);

function reach(parent: PMNode, index: number, mark: Mark): number {
  let n = 0;
  for (let i = index; i < parent.childCount && mark.isInSet(parent.child(i).marks); i++) n++;
  return n;
}

function reorderedChild(parent: PMNode, index: number): PMNode {
  const child = parent.child(index);
  if (child.marks.length < 2) return child;
  const mixable = child.marks.filter((m) => MIXABLE.has(m.type.name));
  const rest = child.marks.filter((m) => !MIXABLE.has(m.type.name));
  const sorted = mixable
    .map((mark, rank) => ({ mark, rank, reach: reach(parent, index, mark) }))
    .sort((a, b) => b.reach - a.reach || a.rank - b.rank)
    .map((entry) => entry.mark);
  const marks = [...sorted, ...rest];
  if (marks.every((m, i) => m === child.marks[i])) return child;
  const copy = child.type.schema.text(child.text ?? '', child.marks);
  // Mark sets are sorted by rank on creation; this copy deliberately holds another order.
  (copy as unknown as { marks: readonly Mark[] }).marks = marks;
  return copy;
}

/** Returns a copy of `node` whose text nodes list their marks longest-running first. */
export function withWritingMarkOrder(node: PMNode): PMNode {
  if (node.isText || node.isLeaf) return node;
  const children: PMNode[] = [];
  let changed = false;
  node.forEach((_child, _offset, index) => {
    const next = node.inlineContent ? reorderedChild(node, index) : withWritingMarkOrder(node.child(index));
    if (next !== node.child(index)) changed = true;
    children.push(next);
  });
  // Fragment.from would join text nodes it thinks equal; build the fragment as it is.
  return changed ? node.copy(new (Fragment as unknown as FragmentCtor)(children, node.content.size)) : node;
}

type FragmentCtor = new (content: readonly PMNode[], size: number) => Fragment;
